//===- TorchTensorApi.cpp - the members of torch's tensors read -----------===//
#include "checks/cuda/TorchTensorApi.h"

#include "llvm/ADT/StringRef.h"

using namespace clang;

namespace gpumem::cuda {
namespace {

/// One function of the API: its name, whether it is a member of the
/// tensor class or a function of namespace `at`/`torch`, and its kind.
struct TensorApiRow {
  llvm::StringLiteral Name;
  bool Member;
  TensorApi Kind;
};

constexpr TensorApiRow TensorApiTable[] = {
    {"stride", true, TensorApi::Stride},
    {"contiguous", true, TensorApi::Contiguous},
    {"empty", false, TensorApi::Factory},
    {"zeros", false, TensorApi::Factory},
    {"ones", false, TensorApi::Factory},
    {"full", false, TensorApi::Factory},
    {"rand", false, TensorApi::Factory},
    {"randn", false, TensorApi::Factory},
    {"t_", true, TensorApi::RestrideInPlace},
    {"transpose_", true, TensorApi::RestrideInPlace},
    {"as_strided_", true, TensorApi::RestrideInPlace},
    {"set_", true, TensorApi::RestrideInPlace},
    {"swapdims_", true, TensorApi::RestrideInPlace},
    {"swapaxes_", true, TensorApi::RestrideInPlace},
    {"resize_", true, TensorApi::RestrideInPlace},
    {"resize_as_", true, TensorApi::RestrideInPlace},
    {"squeeze_", true, TensorApi::RestrideInPlace},
    {"unsqueeze_", true, TensorApi::RestrideInPlace},
    {"unsafeGetTensorImpl", true, TensorApi::RestrideInPlace},
};

TensorApi rowOf(llvm::StringRef Name, bool Member) {
  for (const TensorApiRow &Row : TensorApiTable)
    if (Row.Member == Member && Row.Name == Name)
      return Row.Kind;
  return TensorApi::None;
}

} // namespace

bool isTensorClass(QualType T) {
  const auto *RD = T.isNull() ? nullptr : T->getAsCXXRecordDecl();
  return RD && RD->getIdentifier() &&
         (RD->getName() == "Tensor" || RD->getName() == "TensorBase");
}

TensorApi tensorMemberApi(const CXXMethodDecl *Method) {
  if (!Method || !Method->getIdentifier())
    return TensorApi::None;
  return rowOf(Method->getName(), /*Member=*/true);
}

TensorApi tensorFunctionApi(const FunctionDecl *F) {
  if (!F || !F->getIdentifier() ||
      rowOf(F->getName(), false) == TensorApi::None)
    return TensorApi::None;
  const auto *NS = dyn_cast<NamespaceDecl>(F->getEnclosingNamespaceContext());
  if (!NS || !NS->getIdentifier() ||
      (NS->getName() != "at" && NS->getName() != "torch"))
    return TensorApi::None;
  return TensorApi::Factory;
}

bool restridesInPlace(const CXXMethodDecl *Method) {
  return Method && Method->getIdentifier() &&
         isTensorClass(Method->getThisType()->getPointeeType()) &&
         tensorMemberApi(Method) == TensorApi::RestrideInPlace;
}

} // namespace gpumem::cuda
