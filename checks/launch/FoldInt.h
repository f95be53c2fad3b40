//===- FoldInt.h - integers folded over known variables --------*- C++ -*-===//
//
// Host code often computes a launch's numbers from locals that are not
// `const` (`int bx = 16; int by = 256 / bx; dim3 block(bx, by);`): Clang
// folds none of it. foldInt folds such an expression where Clang would
// fold it if each variable it reads were the constant a caller knows it to
// be.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_LAUNCH_FOLDINT_H
#define GPUMEM_CHECKS_LAUNCH_FOLDINT_H

#include "checks/cuda/FunctionFacts.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace gpumem::launch {

using cuda::FactsOf;
using cuda::FunctionFacts;
using cuda::InductionLoop;
using cuda::setOnceOwner;

/// What a variable read holds, where the expression reads it; std::nullopt
/// when it is not known.
using KnownVariable =
    llvm::function_ref<std::optional<std::int64_t>(const clang::VarDecl *)>;

/// The value of the integer expression \p E: a constant Clang folds, a
/// variable \p Known answers for, an element of an array of constants
/// (constantElements) at an index that folds, and `+ - * / % << >> & |
/// ^`, unary `-` and `~`, `?:` over those. std::nullopt where a part is
/// unknown, the operation is undefined (a division by zero, a shift past the
/// width) or the value does not fit \p E's type (C++ would wrap or overflow
/// there; the safe answer is none).
std::optional<std::int64_t> foldInt(const clang::Expr *E,
                                    const clang::ASTContext &Ctx,
                                    KnownVariable Known, unsigned Depth = 0);

/// The elements of \p Array, in order, where it holds constants the
/// program never changes: a one-dimensional array of integers initialised
/// by a list of constants, one per element (`int steps[] = {1, 2, 4};`),
/// whose element type is const, or, for a local, whose function only ever
/// reads its elements (`steps[i]` read, `for (int s : steps)`, `sizeof`):
/// nothing assigns one, takes its address or hands the array on.
/// std::nullopt otherwise.
std::optional<std::vector<std::int64_t>>
constantElements(const clang::VarDecl *Array, const clang::ASTContext &Ctx);

/// \p E folded at each of \p Values of \p VD, the other variables it
/// reads as \p Known answers (`s * 2` at each value `s` may hold): the
/// distinct results, in the order first met; std::nullopt when a fold
/// fails at one of them.
std::optional<std::vector<std::int64_t>>
foldAtEach(const clang::Expr *E, const clang::VarDecl *VD,
           llvm::ArrayRef<std::int64_t> Values, const clang::ASTContext &Ctx,
           KnownVariable Known);

/// True when the integer \p E never decreases as \p VD grows, the other
/// variables it reads held: `t + 1`, `2 * n`, `(n + 255) / 256`, `n - 1`
/// (signed), a widening of those; false for `t - 1` unsigned (it wraps),
/// `8 - t`, `t * t`, anything else that reads VD. What a bound on VD says
/// of E: at most E at the bound.
bool nonDecreasingIn(const clang::Expr *E, const clang::VarDecl *VD,
                     const clang::ASTContext &Ctx, unsigned Depth = 0);

/// The value \p VD holds after the write \p W, a statement that writes it
/// (`VD = e`, `VD op= e`, `++VD`, `VD--`), where it held \p Before (none
/// when not known) and \p Known answers for the other variables read;
/// std::nullopt for any other write.
std::optional<std::int64_t> valueAfterWrite(const clang::Stmt *W,
                                            const clang::VarDecl *VD,
                                            std::optional<std::int64_t> Before,
                                            const clang::ASTContext &Ctx,
                                            KnownVariable Known);

/// The value of \p VD, a local set once (setOnceOwner), where its initializer
/// folds over constants and other such locals (`int bx = 16; int by = 256 /
/// bx;`).
std::optional<std::int64_t> setOnceValue(const clang::VarDecl *VD,
                                         const clang::ASTContext &Ctx,
                                         FactsOf Facts, unsigned Depth = 0);

/// True when \p S runs each of its statements once, in order, every time
/// it runs: no branch, loop, jump, `?:`, `&&` or `||` (a lambda's body
/// aside). A call in a loop body so made runs at every pass.
bool straightLine(const clang::Stmt *S, unsigned Depth = 0);

/// Each value \p VD, the induction variable of \p Loop, has in the
/// loop's body, in order: its initial value, stepped by the increment
/// (valueAfterWrite) while the condition, a comparison, holds, each part
/// folded over \p Known; std::nullopt when a part does not fold or the
/// loop takes more than \p Most passes.
std::optional<std::vector<std::int64_t>>
inductionValues(const InductionLoop &Loop, const clang::VarDecl *VD,
                const clang::ASTContext &Ctx, KnownVariable Known,
                std::size_t Most);

} // namespace gpumem::launch

#endif // GPUMEM_CHECKS_LAUNCH_FOLDINT_H
