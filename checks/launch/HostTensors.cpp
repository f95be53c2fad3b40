//===- HostTensors.cpp - strides of tensors the host code makes -----------===//
#include "checks/launch/HostTensors.h"

#include "checks/cuda/ConstantInt.h"
#include "checks/cuda/TorchTensorApi.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace gpumem::launch {

using namespace gpumem::cuda;
namespace {

/// \p E without the nodes that only carry a temporary or a copy of it.
const Expr *carried(const Expr *E) {
  for (unsigned Depth = 0; E && Depth < 16; ++Depth) {
    E = E->IgnoreImplicit()->IgnoreParens();
    if (const auto *Construct = dyn_cast<CXXConstructExpr>(E);
        Construct && Construct->getNumArgs() >= 1 &&
        (Construct->getNumArgs() == 1 ||
         isa<CXXDefaultArgExpr>(Construct->getArg(1))))
      E = Construct->getArg(0);
    else if (const auto *Cast = dyn_cast<CXXFunctionalCastExpr>(E))
      E = Cast->getSubExpr();
    else if (const auto *List = dyn_cast<CXXStdInitializerListExpr>(E))
      E = List->getSubExpr();
    else
      return E;
  }
  return E;
}

/// How a tensor was made: contiguous, with its sizes when a braced list
/// gave them (`{rows, 64}`).
struct MadeContiguous {
  const InitListExpr *Sizes = nullptr;
};

std::optional<MadeContiguous> madeContiguous(const Expr *Init) {
  const Expr *E = carried(Init);
  if (const auto *Member = dyn_cast_or_null<CXXMemberCallExpr>(E)) {
    const CXXMethodDecl *M = Member->getMethodDecl();
    if (tensorMemberApi(M) == TensorApi::Contiguous &&
        isTensorClass(Member->getType()))
      return MadeContiguous{};
    return std::nullopt;
  }
  const auto *Call = dyn_cast_or_null<CallExpr>(E);
  const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
  if (!F || Call->getNumArgs() == 0 || !isTensorClass(Call->getType()) ||
      tensorFunctionApi(F) != TensorApi::Factory)
    return std::nullopt;
  return MadeContiguous{
      dyn_cast_or_null<InitListExpr>(carried(Call->getArg(0)))};
}

} // namespace

std::optional<StrideRead> strideRead(const Expr *E) {
  for (unsigned Depth = 0; E && Depth < 8; ++Depth) {
    E = E->IgnoreParenImpCasts();
    const auto *Cast = dyn_cast<ExplicitCastExpr>(E);
    if (!Cast || !Cast->getSubExpr()->getType()->isIntegerType())
      break;
    E = Cast->getSubExpr();
  }
  const auto *Call = dyn_cast_or_null<CXXMemberCallExpr>(E);
  const CXXMethodDecl *M = Call ? Call->getMethodDecl() : nullptr;
  if (tensorMemberApi(M) != TensorApi::Stride || Call->getNumArgs() != 1 ||
      !isTensorClass(M->getThisType()->getPointeeType()))
    return std::nullopt;
  const auto *Ref = dyn_cast<DeclRefExpr>(
      Call->getImplicitObjectArgument()->IgnoreParenImpCasts());
  const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!VD || !VD->hasLocalStorage() || isa<ParmVarDecl>(VD) ||
      VD->getType()->isReferenceType())
    return std::nullopt;
  return StrideRead{VD, Call->getArg(0)};
}

std::optional<std::int64_t> contiguousStride(
    const StrideRead &Read,
    llvm::function_ref<const FunctionFacts &(const FunctionDecl *)> FactsOf,
    const ASTContext &Ctx) {
  const VarDecl *VD = Read.Tensor;
  const auto *Owner =
      dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
  std::optional<std::int64_t> Dim = constantInt(Read.Dim, Ctx);
  std::optional<MadeContiguous> Made =
      VD->getInit() ? madeContiguous(VD->getInit()) : std::nullopt;
  // Written again, handed on by reference or restrided in place
  // (FunctionFacts counts restridesInPlace as a write): unknown.
  if (!Owner || !Dim || !Made || !FactsOf(Owner).writesOf(VD).empty())
    return std::nullopt;
  if (*Dim == -1)
    return 1;
  if (!Made->Sizes)
    return std::nullopt;
  const std::int64_t Dims = Made->Sizes->getNumInits();
  const std::int64_t K = *Dim < 0 ? *Dim + Dims : *Dim;
  if (K < 0 || K >= Dims)
    return std::nullopt;
  // The product of the sizes after K, each a constant.
  std::int64_t Stride = 1;
  for (std::int64_t I = K + 1; I < Dims; ++I) {
    std::optional<std::int64_t> Size =
        constantInt(Made->Sizes->getInit(I), Ctx);
    if (!Size || *Size < 0 || llvm::MulOverflow(Stride, *Size, Stride))
      return std::nullopt;
  }
  return Stride;
}

std::optional<std::int64_t>
setOnceOrStride(const VarDecl *VD, const ASTContext &Ctx, FactsOf Facts) {
  if (std::optional<std::int64_t> K = setOnceValue(VD, Ctx, Facts))
    return K;
  std::optional<StrideRead> Read;
  if (setOnceOwner(VD, Facts) && VD->getInit())
    Read = strideRead(VD->getInit());
  return Read ? contiguousStride(*Read, Facts, Ctx) : std::nullopt;
}

} // namespace gpumem::launch
