//===- HostTensors.h - strides of tensors the host code makes ---*- C++ -*-===//
//
// A torch extension hands its kernel a stride it read from a tensor:
//
//   auto out = torch::empty({rows, 64}, x.options());
//   k<<<g, b>>>(out.data_ptr<float>(), out.stride(0), out.stride(1));
//
// A tensor the launching function made itself with one of torch's factory
// functions (`empty`, `zeros`, `ones`, `full`, `rand`, `randn`) is
// contiguous: its last dimension's stride is 1, and each other stride is
// the product of the sizes after it. The same holds of the last dimension
// of `x.contiguous()`. The launch passes those numbers; a tensor the
// function was given (a parameter), assigned again, handed to a function
// that may change it, or restrided in place (`t_()`, `transpose_()`,
// `as_strided_()`, ...) says nothing.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_LAUNCH_HOSTTENSORS_H
#define GPUMEM_CHECKS_LAUNCH_HOSTTENSORS_H

#include "checks/cuda/FunctionFacts.h"
#include "checks/launch/FoldInt.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>
#include <optional>

namespace gpumem::launch {

using cuda::FunctionFacts;

/// A call `t.stride(k)` on a tensor: the tensor's variable and k.
struct StrideRead {
  const clang::VarDecl *Tensor = nullptr;
  const clang::Expr *Dim = nullptr;
};

/// \p E as `t.stride(k)` (casts between integer types allowed), with `t`
/// a local variable of a class named `Tensor`; std::nullopt otherwise.
std::optional<StrideRead> strideRead(const clang::Expr *E);

/// The value of stride \p Read where the function that declares the
/// tensor made it contiguous and never changes it (its facts, from
/// \p FactsOf, show no write); std::nullopt when it cannot be known.
std::optional<std::int64_t> contiguousStride(
    const StrideRead &Read,
    llvm::function_ref<const FunctionFacts &(const clang::FunctionDecl *)>
        FactsOf,
    const clang::ASTContext &Ctx);

/// The value of \p VD, a local set once (setOnceOwner): its initializer
/// folded (setOnceValue), or the stride of a tensor the function made
/// contiguous (`const int ld = out.stride(0);`).
std::optional<std::int64_t> setOnceOrStride(const clang::VarDecl *VD,
                                            const clang::ASTContext &Ctx,
                                            FactsOf Facts);

} // namespace gpumem::launch

#endif // GPUMEM_CHECKS_LAUNCH_HOSTTENSORS_H
