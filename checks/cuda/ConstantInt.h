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

/// Whether `A Op B` holds, for \p Op one of < <= > >= == !=;
/// std::nullopt for any other operator. The one comparison switch of the
/// analysis: loops' conditions, guards, folds.
inline std::optional<bool> comparisonHolds(clang::BinaryOperatorKind Op,
                                           std::int64_t A, std::int64_t B) {
  switch (Op) {
  case clang::BO_LT:
    return A < B;
  case clang::BO_LE:
    return A <= B;
  case clang::BO_GT:
    return A > B;
  case clang::BO_GE:
    return A >= B;
  case clang::BO_EQ:
    return A == B;
  case clang::BO_NE:
    return A != B;
  default:
    return std::nullopt;
  }
}

} // namespace gpumem::cuda

#endif // GPUMEM_CHECKS_CUDA_CONSTANTINT_H
