//===- KernelLaunch.cpp ---------------------------------------------------===//
#include "checks/cuda/KernelLaunch.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"

namespace gpumem::cuda {

using namespace clang;

namespace {

/// The runtime's launch functions: those that take the kernel, the grid
/// and the block as their first three arguments, and those that take a
/// configuration and the kernel (cudaLaunchKernelEx).
enum class RuntimeLaunch { None, KernelGridBlock, ConfigKernel };

struct RuntimeLaunchName {
  llvm::StringLiteral Name;
  RuntimeLaunch Kind;
};
constexpr RuntimeLaunchName RuntimeLaunches[] = {
    {"cudaLaunchKernel", RuntimeLaunch::KernelGridBlock},
    {"cudaLaunchKernel_ptsz", RuntimeLaunch::KernelGridBlock},
    {"cudaLaunchCooperativeKernel", RuntimeLaunch::KernelGridBlock},
    {"cudaLaunchCooperativeKernel_ptsz", RuntimeLaunch::KernelGridBlock},
    {"cudaLaunchKernelEx", RuntimeLaunch::ConfigKernel},
    {"cudaLaunchKernelExC", RuntimeLaunch::ConfigKernel},
};

RuntimeLaunch runtimeLaunch(const FunctionDecl *FD) {
  const IdentifierInfo *Name = FD ? FD->getIdentifier() : nullptr;
  if (!Name)
    return RuntimeLaunch::None;
  for (const RuntimeLaunchName &Launch : RuntimeLaunches)
    if (Name->getName() == Launch.Name)
      return Launch.Kind;
  return RuntimeLaunch::None;
}

/// The local whose address \p E takes (`&config`).
const VarDecl *addressedLocal(const Expr *E) {
  const auto *AddrOf = dyn_cast<UnaryOperator>(E->IgnoreParenImpCasts());
  if (!AddrOf || AddrOf->getOpcode() != UO_AddrOf)
    return nullptr;
  const auto *Ref =
      dyn_cast<DeclRefExpr>(AddrOf->getSubExpr()->IgnoreParenImpCasts());
  const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return VD && VD->hasLocalStorage() ? VD : nullptr;
}

/// The kernel \p E names: `k`, `&k`, `(void *)k`, `(const void *)&k<4>`.
const FunctionDecl *namedKernel(const Expr *E) {
  E = E->IgnoreParenCasts();
  if (const auto *AddrOf = dyn_cast<UnaryOperator>(E);
      AddrOf && AddrOf->getOpcode() == UO_AddrOf)
    E = AddrOf->getSubExpr()->IgnoreParenCasts();
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  const auto *FD = Ref ? dyn_cast<FunctionDecl>(Ref->getDecl()) : nullptr;
  return FD && FD->hasAttr<CUDAGlobalAttr>() ? FD : nullptr;
}

} // namespace

llvm::ArrayRef<llvm::StringRef> runtimeLaunchNames() {
  static const llvm::SmallVector<llvm::StringRef, 8> Names = [] {
    llvm::SmallVector<llvm::StringRef, 8> All;
    for (const RuntimeLaunchName &Launch : RuntimeLaunches)
      All.push_back(Launch.Name);
    return All;
  }();
  return Names;
}

bool mayLaunchKernel(const Stmt *S) {
  if (isa<CUDAKernelCallExpr>(S))
    return true;
  const auto *Call = dyn_cast<CallExpr>(S);
  return Call && runtimeLaunch(Call->getDirectCallee()) != RuntimeLaunch::None;
}

std::optional<KernelLaunch> KernelLaunch::read(const CallExpr *Call) {
  if (!Call)
    return std::nullopt;
  KernelLaunch L;
  L.Call = Call;
  if (const auto *Chevrons = dyn_cast<CUDAKernelCallExpr>(Call)) {
    L.Kernel = Chevrons->getDirectCallee();
    if (const CallExpr *Config = Chevrons->getConfig();
        Config && Config->getNumArgs() >= 2)
      L.Block = Config->getArg(1);
    L.Arguments = llvm::ArrayRef(Call->getArgs(), Call->getNumArgs());
  } else {
    const FunctionDecl *Callee = Call->getDirectCallee();
    switch (runtimeLaunch(Callee)) {
    case RuntimeLaunch::KernelGridBlock:
      if (Call->getNumArgs() >= 3) {
        L.Kernel = namedKernel(Call->getArg(0));
        L.Block = Call->getArg(2);
      }
      break;
    case RuntimeLaunch::ConfigKernel:
      if (Call->getNumArgs() >= 2 &&
          (L.Config = addressedLocal(Call->getArg(0)))) {
        L.Kernel = namedKernel(Call->getArg(1));
        // The C++ template passes the kernel's arguments after it; the C
        // form an array of their addresses.
        if (Callee->getTemplateSpecializationArgs())
          L.Arguments =
              llvm::ArrayRef(Call->getArgs(), Call->getNumArgs()).drop_front(2);
      }
      break;
    case RuntimeLaunch::None:
      break;
    }
  }
  if (!L.Kernel)
    return std::nullopt;
  L.Kernel = L.Kernel->getCanonicalDecl();
  return L;
}

} // namespace gpumem::cuda
