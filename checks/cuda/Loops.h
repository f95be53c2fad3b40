//===- Loops.h - loops and the comparisons that end them --------*- C++ -*-===//
//
// The one home of what every layer asks of a loop: whether a statement is
// one, and how many passes a `for` over constants makes. The comparison
// that decides whether a pass runs is ConstantInt.h's comparisonHolds.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_CUDA_LOOPS_H
#define GPUMEM_CHECKS_CUDA_LOOPS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Stmt.h"

#include <cstdint>
#include <optional>

namespace gpumem::cuda {

/// True for a `for`, range-`for`, `while` or `do` statement.
bool isLoop(const clang::Stmt *S);

/// The passes of `for (int i = a; i OP b; i += c)` (or `++i`, `--i`,
/// `i -= c`) with a, b and c constants and OP one of < <= > >= !=; the
/// count, or std::nullopt for any other loop or one of more than 2^20
/// passes.
std::optional<std::int64_t> constantTripCount(const clang::ForStmt *FS,
                                              const clang::ASTContext &Ctx);

} // namespace gpumem::cuda

#endif // GPUMEM_CHECKS_CUDA_LOOPS_H
