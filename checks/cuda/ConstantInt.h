//===- ConstantInt.h - an integer expression's value, when constant -*- C++ -*-===//
#ifndef GPUMEM_CHECKS_CUDA_CONSTANTINT_H
#define GPUMEM_CHECKS_CUDA_CONSTANTINT_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <cstdint>
#include <optional>

namespace gpumem::cuda {

/// The value of \p E when Clang folds it to an integer constant (literals,
/// constexpr variables and calls, sizeof, template arguments).
inline std::optional<std::int64_t> constantInt(const clang::Expr *E,
                                               const clang::ASTContext &Ctx) {
  if (!E || E->isValueDependent())
    return std::nullopt;
  clang::Expr::EvalResult R;
  if (!E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  return R.Val.getInt().getExtValue();
}

} // namespace gpumem::cuda

#endif // GPUMEM_CHECKS_CUDA_CONSTANTINT_H
