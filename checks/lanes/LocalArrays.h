//===- LocalArrays.h - per-thread arrays of offsets and pointers -*- C++ -*-===//
//
// One unit of the lane evaluator (docs/analysis.md, "The evaluator"): an
// element of a thread's own array of integers or pointers, read where it
// was written. GEMM and transpose kernels fill such arrays in unrolled
// loops and index tiles through them:
//
//   int off[4];
//   for (int j = 0; j < 4; ++j) off[j] = row0 + j * 8 + lane;
//   ...
//   for (int j = 0; j < 4; ++j) dst[j] = tile[off[j]];
//
// The element `off[k]` is the value stored by the one write that covers
// index k: `off[c] = v` (or the initializer's c-th value) for a constant
// k equal to c, or `off[i] = f(i)` in a loop over i, read as f(k) for any
// k. Only arrays whose every use is a plain element read or such a write
// are followed (no compound assignment, no address taken, no element
// passed by reference, no lambda); the write must come before the read and
// sit in no loop the read is outside of (but the subscript's own).
// Anything else stays a read of memory, as before.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_LANES_LOCALARRAYS_H
#define GPUMEM_CHECKS_LANES_LOCALARRAYS_H

#include "checks/lanes/PointerValue.h"

#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace gpumem::lanes {

class EvaluatorCore;

class LocalArrays {
public:
  explicit LocalArrays(EvaluatorCore &Core) : Core(Core) {}
  LocalArrays(const LocalArrays &) = delete;
  LocalArrays &operator=(const LocalArrays &) = delete;

  /// The value the element \p Read (an rvalue read of an element of a
  /// one-dimensional local array of integers or pointers declared in the
  /// current function) holds: an integer in Offset, or a pointer;
  /// std::nullopt when \p Read is no such element, or the array is used in
  /// a way this unit does not follow.
  std::optional<PointerValue> element(const clang::ArraySubscriptExpr *Read);

  /// One write of an element: `a[Index] = Value`, or the initializer's
  /// element (Index null, Position its place); the loops around it.
  struct Write {
    const clang::Expr *Index = nullptr;
    std::int64_t Position = 0;
    const clang::Expr *Value = nullptr;
    const clang::Stmt *At = nullptr;
    llvm::SmallVector<const clang::Stmt *, 4> Loops;
    /// An assignment that is a statement of the block declaring the array
    /// (run whenever the declaration is, after it): it replaces what the
    /// initializer put there (`int x[4] = {0}; x[0] = ...;`).
    bool Replaces = false;
  };
  /// The uses of one array: its writes and the loops around each read.
  struct Uses {
    bool Followed = false;
    llvm::SmallVector<Write, 8> Writes;
    llvm::DenseMap<const clang::ArraySubscriptExpr *,
                   llvm::SmallVector<const clang::Stmt *, 4>>
        ReadLoops;
  };

private:
  EvaluatorCore &Core;
  llvm::DenseMap<const clang::VarDecl *, Uses> Arrays;

  const Uses &usesOf(const clang::VarDecl *Array,
                     const clang::FunctionDecl *In);
  /// The value \p W stores, read at \p Read (inside \p ReadLoops) whose
  /// index is \p Index.
  std::optional<PointerValue> stored(const Write &W,
                                     const clang::ArraySubscriptExpr *Read,
                                     llvm::ArrayRef<const clang::Stmt *> ReadLoops,
                                     const LaneValue &Index, bool Pointer);
  /// The element \p Read, unknown for \p Why.
  PointerValue unknownElement(const clang::ArraySubscriptExpr *Read,
                              const char *Why) const;
};

} // namespace gpumem::lanes

#endif // GPUMEM_CHECKS_LANES_LOCALARRAYS_H
