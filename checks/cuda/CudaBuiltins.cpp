//===- CudaBuiltins.cpp ---------------------------------------------------===//
#include "checks/cuda/CudaBuiltins.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ExprObjC.h"

namespace gpumem::cuda {

using namespace clang;

namespace {

std::optional<BuiltinVar> builtinVarOf(const Expr *Base) {
  if (!Base)
    return std::nullopt;
  Base = Base->IgnoreParenImpCasts();
  // The property's base is wrapped in an OpaqueValueExpr.
  if (const auto *OVE = dyn_cast<OpaqueValueExpr>(Base))
    Base = OVE->getSourceExpr() ? OVE->getSourceExpr()->IgnoreParenImpCasts()
                                : Base;
  const auto *Ref = dyn_cast<DeclRefExpr>(Base);
  if (!Ref)
    return std::nullopt;
  const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
  if (!VD || !VD->hasGlobalStorage())
    return std::nullopt;
  // The type's name guards against a user variable called threadIdx (read
  // from the record: printing the type costs more than the rest).
  const auto *Record = VD->getType()->getAsRecordDecl();
  if (!Record || !Record->getName().starts_with("__cuda_builtin_"))
    return std::nullopt;
  StringRef Name = VD->getName();
  if (Name == "threadIdx")
    return BuiltinVar::ThreadIdx;
  if (Name == "blockIdx")
    return BuiltinVar::BlockIdx;
  if (Name == "blockDim")
    return BuiltinVar::BlockDim;
  if (Name == "gridDim")
    return BuiltinVar::GridDim;
  return std::nullopt;
}

std::optional<unsigned> axisOf(StringRef Name) {
  if (Name.consume_front("__fetch_builtin_"))
    ;
  if (Name == "x")
    return 0;
  if (Name == "y")
    return 1;
  if (Name == "z")
    return 2;
  return std::nullopt;
}

} // namespace

bool isBuiltinVariable(const Expr *E) { return builtinVarOf(E).has_value(); }

std::optional<BuiltinVar> matchBuiltinVariable(const Expr *E) {
  if (!E)
    return std::nullopt;
  E = E->IgnoreParenImpCasts();
  // `dim3 t = threadIdx;` converts through the builtin's operator uint3().
  if (const auto *Call = dyn_cast<CXXMemberCallExpr>(E))
    if (isa_and_nonnull<CXXConversionDecl>(Call->getMethodDecl()))
      return builtinVarOf(Call->getImplicitObjectArgument());
  return builtinVarOf(E);
}

std::optional<BuiltinIndex> matchBuiltinIndex(const Expr *E) {
  if (!E)
    return std::nullopt;
  E = E->IgnoreParenImpCasts();
  if (const auto *POE = dyn_cast<PseudoObjectExpr>(E))
    E = POE->getSyntacticForm()->IgnoreParenImpCasts();
  if (const auto *Prop = dyn_cast<MSPropertyRefExpr>(E)) {
    auto Var = builtinVarOf(Prop->getBaseExpr());
    auto Axis = axisOf(Prop->getPropertyDecl()->getName());
    if (Var && Axis)
      return BuiltinIndex{*Var, *Axis};
    return std::nullopt;
  }
  if (const auto *Call = dyn_cast<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *MD = Call->getMethodDecl();
    if (!MD || !MD->getIdentifier())
      return std::nullopt;
    auto Var = builtinVarOf(Call->getImplicitObjectArgument());
    auto Axis = axisOf(MD->getName());
    if (Var && Axis)
      return BuiltinIndex{*Var, *Axis};
  }
  return std::nullopt;
}

const char *builtinSpelling(BuiltinIndex Index) {
  static const char *const Names[4][3] = {
      {"threadIdx.x", "threadIdx.y", "threadIdx.z"},
      {"blockIdx.x", "blockIdx.y", "blockIdx.z"},
      {"blockDim.x", "blockDim.y", "blockDim.z"},
      {"gridDim.x", "gridDim.y", "gridDim.z"}};
  return Names[static_cast<unsigned>(Index.Var)][Index.Axis];
}

bool isKernel(const FunctionDecl *FD) {
  return FD && FD->hasAttr<CUDAGlobalAttr>();
}

bool isDeviceFunction(const FunctionDecl *FD) {
  return FD && FD->hasAttr<CUDADeviceAttr>() && !isKernel(FD);
}

bool isDeviceOnly(const FunctionDecl *FD) {
  return isKernel(FD) ||
         (FD && FD->hasAttr<CUDADeviceAttr>() && !FD->hasAttr<CUDAHostAttr>());
}

bool isSharedVariable(const VarDecl *VD) {
  return VD && VD->hasAttr<CUDASharedAttr>();
}

bool isDeviceGlobalVariable(const VarDecl *VD) {
  return VD && VD->hasGlobalStorage() && !VD->isStaticLocal() &&
         (VD->hasAttr<CUDADeviceAttr>() || VD->hasAttr<HIPManagedAttr>()) &&
         !VD->hasAttr<CUDASharedAttr>() && !VD->hasAttr<CUDAConstantAttr>();
}

bool isConstantVariable(const VarDecl *VD) {
  return VD && VD->hasAttr<CUDAConstantAttr>();
}

const FunctionDecl *calleeOf(const CallExpr *Call) {
  if (const FunctionDecl *Direct = Call->getDirectCallee())
    return Direct;
  const auto *Ref = dyn_cast<DeclRefExpr>(Call->getCallee()->IgnoreParenImpCasts());
  const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  // A constant pointer: its initialiser names the function for good.
  if (!VD || !VD->getInit() || !VD->getType()->isFunctionPointerType() ||
      !(VD->isConstexpr() || VD->getType().isConstQualified()))
    return nullptr;
  const Expr *Init = VD->getInit()->IgnoreParenImpCasts();
  if (const auto *Addr = dyn_cast<UnaryOperator>(Init);
      Addr && Addr->getOpcode() == UO_AddrOf)
    Init = Addr->getSubExpr()->IgnoreParenImpCasts();
  const auto *Named = dyn_cast<DeclRefExpr>(Init);
  return Named ? dyn_cast<FunctionDecl>(Named->getDecl()) : nullptr;
}

} // namespace gpumem::cuda
