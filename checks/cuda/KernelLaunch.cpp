//===- KernelLaunch.cpp ---------------------------------------------------===//
#include "checks/cuda/KernelLaunch.h"

#include "checks/cuda/CudaBuiltins.h"
#include "checks/cuda/FunctionFacts.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

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

const FunctionDecl *namedKernel(const Expr *E, unsigned Depth = 0);

/// The kernel a local function pointer holds: `auto kernel = K<T, 4>;`
/// (or `void (*kernel)(...) = &K<T, 4>;`) that nothing writes after its
/// declaration, as libraries pick an instantiation before launching it.
const FunctionDecl *heldKernel(const DeclRefExpr *Ref, unsigned Depth) {
  const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
  if (!VD || !VD->getInit() || Depth > 2)
    return nullptr;
  std::optional<FunctionFacts> Facts;
  const auto Of = [&](const FunctionDecl *FD) -> const FunctionFacts & {
    return Facts.emplace(FD);
  };
  return setOnceOwner(VD, Of) ? namedKernel(VD->getInit(), Depth + 1) : nullptr;
}

/// The kernel \p E names: `k`, `&k`, `(void *)k`, `(const void *)&k<4>`,
/// or a local set once to one of those (heldKernel).
const FunctionDecl *namedKernel(const Expr *E, unsigned Depth) {
  E = E->IgnoreParenCasts();
  if (const auto *AddrOf = dyn_cast<UnaryOperator>(E);
      AddrOf && AddrOf->getOpcode() == UO_AddrOf)
    E = AddrOf->getSubExpr()->IgnoreParenCasts();
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  if (!Ref)
    return nullptr;
  const auto *FD = dyn_cast<FunctionDecl>(Ref->getDecl());
  if (!FD)
    return heldKernel(Ref, Depth);
  return FD->hasAttr<CUDAGlobalAttr>() ? FD : nullptr;
}

/// Where the array of the arguments' addresses is among the arguments of
/// a call of \p Callee, a runtime launch function: after the kernel, the
/// grid and the block, or after the configuration and the kernel in the
/// C form of cudaLaunchKernelEx (its template passes the arguments).
std::optional<unsigned> argumentArrayIndex(const FunctionDecl *Callee) {
  switch (runtimeLaunch(Callee)) {
  case RuntimeLaunch::KernelGridBlock:
    return 3;
  case RuntimeLaunch::ConfigKernel:
    if (!Callee->getTemplateSpecializationArgs())
      return 2;
    return std::nullopt;
  case RuntimeLaunch::None:
    return std::nullopt;
  }
  return std::nullopt;
}

} // namespace

const VarDecl *argumentArray(const CallExpr *Call) {
  std::optional<unsigned> Index =
      Call ? argumentArrayIndex(Call->getDirectCallee()) : std::nullopt;
  if (!Index || *Index >= Call->getNumArgs())
    return nullptr;
  const auto *Ref =
      dyn_cast<DeclRefExpr>(Call->getArg(*Index)->IgnoreParenCasts());
  const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return VD && VD->hasLocalStorage() && VD->getType()->isArrayType() ? VD
                                                                     : nullptr;
}

namespace {

class RuntimeLaunchFinder : public RecursiveASTVisitor<RuntimeLaunchFinder> {
public:
  RuntimeLaunchFinder(const SourceManager &SM,
                      llvm::function_ref<void(const KernelLaunch &)> Found)
      : SM(SM), Found(Found) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool TraverseDecl(Decl *D) {
    // The toolkit's own launches (cuda_runtime.h's typed wrappers) name
    // no kernel; its headers are not walked. Nor is device code, which
    // launches with the chevrons if at all.
    if (D && !isa<TranslationUnitDecl>(D) &&
        (SM.isInSystemHeader(D->getLocation()) || deviceOnly(D)))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool VisitCallExpr(CallExpr *Call) {
    if (!isa<CUDAKernelCallExpr>(Call) && mayLaunchKernel(Call))
      if (std::optional<KernelLaunch> Launch = KernelLaunch::read(Call))
        Found(*Launch);
    return true;
  }

private:
  const SourceManager &SM;
  llvm::function_ref<void(const KernelLaunch &)> Found;

  static bool deviceOnly(const Decl *D) {
    if (const auto *Template = dyn_cast<FunctionTemplateDecl>(D))
      D = Template->getTemplatedDecl();
    return isDeviceOnly(dyn_cast<FunctionDecl>(D));
  }
};

} // namespace

void forEachRuntimeLaunch(
    ASTContext &Ctx, llvm::function_ref<void(const KernelLaunch &)> Found) {
  RuntimeLaunchFinder Finder(Ctx.getSourceManager(), Found);
  for (Decl *D : Ctx.getTraversalScope())
    Finder.TraverseDecl(D);
}

bool mayLaunchKernel(const Stmt *S) {
  if (isa<CUDAKernelCallExpr>(S))
    return true;
  const auto *Call = dyn_cast<CallExpr>(S);
  return Call && runtimeLaunch(Call->getDirectCallee()) != RuntimeLaunch::None;
}

std::optional<KernelLaunch> KernelLaunch::read(const CallExpr *Call) {
  // A launch in a template's own body (a dispatch template's, a generic
  // lambda's) whose kernel, shape or arguments depend on its parameters
  // runs as each instantiation's launch, read there; read here too, its
  // dependent arguments said nothing and took every instantiation's
  // values away. (Clang marks an argument it could not compile, a
  // missing header's stream, dependent too: such a launch is still read.)
  if (!Call || (Call->isInstantiationDependent() && !Call->containsErrors()))
    return std::nullopt;
  KernelLaunch L;
  L.Call = Call;
  if (const auto *Chevrons = dyn_cast<CUDAKernelCallExpr>(Call)) {
    L.Kernel = Chevrons->getDirectCallee();
    if (!L.Kernel)
      L.Kernel = namedKernel(Chevrons->getCallee());
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
  if (L.Arguments.empty())
    L.ArgumentArray = argumentArray(Call);
  L.Kernel = L.Kernel->getCanonicalDecl();
  return L;
}

} // namespace gpumem::cuda
