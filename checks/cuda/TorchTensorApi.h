//===- TorchTensorApi.h - the members of torch's tensors read -*- C++ -*-===//
//
// What the analysis knows of torch's tensor API, one row per function, in
// one table: the general layers ask it by kind and never name torch. A
// tensor is a class named Tensor or TensorBase (`at::Tensor` and the base
// its `stride` is declared in); the rows are the functions whose effect on
// a tensor's strides the analysis reads:
//
//   t.stride(k)                     Stride: a stride the host hands on
//   x.contiguous()                  Contiguous: a tensor whose last stride is 1
//   at::empty({rows, 64}, opts)     Factory: a new contiguous tensor
//   t.t_(), t.as_strided_(...)      RestrideInPlace: the strides change,
//                                   though torch declares them const
//
// One more API the analysis reads is one more row.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_CUDA_TORCHTENSORAPI_H
#define GPUMEM_CHECKS_CUDA_TORCHTENSORAPI_H

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Type.h"

namespace gpumem::cuda {

/// What a function of torch's tensor API does to the strides the analysis
/// reads.
enum class TensorApi {
  None,            ///< not a row of the table
  Stride,          ///< `t.stride(k)`
  Contiguous,      ///< `t.contiguous()`
  Factory,         ///< `at::empty`, `torch::zeros`, ...: contiguous
  RestrideInPlace, ///< `t_()`, `transpose_()`, `as_strided_()`, ...
};

/// True when \p T is a class named Tensor or TensorBase.
bool isTensorClass(clang::QualType T);

/// The row of a member function named \p Name (Stride, Contiguous,
/// RestrideInPlace, or None); the caller checks the class.
TensorApi tensorMemberApi(const clang::CXXMethodDecl *Method);

/// Factory for one of torch's factory functions in namespace `at` or
/// `torch`; None otherwise.
TensorApi tensorFunctionApi(const clang::FunctionDecl *F);

/// True for a member function of torch's tensors that changes the strides
/// or dimensions of the tensor it is called on. Torch declares them const
/// (a tensor is a handle), so FunctionFacts counts them as writes by this
/// test.
bool restridesInPlace(const clang::CXXMethodDecl *Method);

} // namespace gpumem::cuda

#endif // GPUMEM_CHECKS_CUDA_TORCHTENSORAPI_H
