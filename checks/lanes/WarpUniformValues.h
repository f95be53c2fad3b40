//===- WarpUniformValues.h - values a warp's lanes share -------*- C++ -*-===//
//
// One unit of the lane evaluator (docs/analysis.md, "The evaluator"). The
// lane algebra keeps a value exact or gives up; but where it gives up on
// operands every lane of the warp shares, the result is shared too, and
// that is all the verdicts need of it: a term the same in every lane drops
// out of a bank conflict and of the lanes' spread over transactions. Such
// a result becomes a symbol of its own, like a kernel parameter:
//
// - an operation the algebra cannot keep exact on uniform operands
//   (`(k - 1) & 1` with k a loop counter, `n / d` with both parameters);
// - a load from global, shared or constant memory at an address the lanes
//   share (`emb[idx[blockIdx.x] * dim + tid]`: one load, one value), and a
//   pointer loaded so from global or constant memory (a table of rows).
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_LANES_WARPUNIFORMVALUES_H
#define GPUMEM_CHECKS_LANES_WARPUNIFORMVALUES_H

#include "checks/lanes/PointerValue.h"

#include "clang/AST/Expr.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace gpumem::lanes {

class EvaluatorCore;

/// Which operation a shared result stands for: an operator (no node, its
/// opcode), a `?:` (the expression) or a call (the callee).
struct UniformOperation {
  const void *Node = nullptr;
  std::int64_t Opcode = -1;
};

class WarpUniformValues {
public:
  explicit WarpUniformValues(EvaluatorCore &Core) : Core(Core) {}
  WarpUniformValues(const WarpUniformValues &) = delete;
  WarpUniformValues &operator=(const WarpUniformValues &) = delete;

  /// \p Result, or a symbol of its own when it is unknown only because the
  /// algebra cannot keep \p Operation exact and every operand is shared by
  /// the warp's lanes. One symbol per operation and operand values, named
  /// after \p Where.
  LaneValue result(LaneValue Result, const clang::Expr *Where,
                   UniformOperation Operation,
                   llvm::ArrayRef<const LaneValue *> Operands);
  /// The value \p Lvalue loads, when its address is in global, shared or
  /// constant memory and shared by the lanes. For a field of a loaded
  /// object: \p Field, named after the variable \p Owner the object
  /// initialises.
  std::optional<LaneValue> load(const clang::Expr *Lvalue,
                                const clang::FieldDecl *Field = nullptr,
                                llvm::StringRef Owner = "");
  /// The same for a pointer loaded from global or constant memory.
  std::optional<PointerValue> pointerLoad(const clang::Expr *Lvalue);

  /// `x % n` with `n` a value the warp shares and the analysis does not
  /// know (a parameter, a ring buffer's size) and `x` lane-varying: taken
  /// as not wrapping within a warp (n is larger than the warp's span), as
  /// a bounds check is taken as not reached: `x` minus a multiple of `n`
  /// the lanes share, a symbol for `x / n` marked with the assumption
  /// (Symbol::WrapDivisor); `x / n` is that symbol. std::nullopt where
  /// that does not apply.
  std::optional<LaneValue> remainderWithoutWrap(const clang::BinaryOperator *BO,
                                                const LaneValue &L,
                                                const LaneValue &R);

  /// `x / d` or `x >> k` with d (2^k) a number and `x` lane-varying, whose
  /// part the warp shares (`row * pitch` in `(row * pitch + col) >> 3`) is
  /// not a multiple of it: that part taken as a multiple, so the lanes fall
  /// in groups of d from the first (Symbol::MultipleDivisor, said in a
  /// note); the quotient is a symbol for it plus the lanes' own quotient.
  /// std::nullopt where the rest does not divide lane by lane.
  std::optional<LaneValue>
  quotientOfUniformMultiple(const clang::BinaryOperator *BO, const LaneValue &L,
                            const LaneValue &R);

  /// \p Where's text on one line (a symbol's name, a divisor in a note).
  std::string spellingOf(const clang::Expr *Where) const {
    return spelling(Where);
  }

private:
  EvaluatorCore &Core;

  /// True when every symbol of \p V has values the analysis knows (the
  /// collector prices it value by value, exactly: no policy is needed).
  bool enumerable(const LaneValue &V) const;
  /// load with \p Lvalue's address already evaluated.
  std::optional<LaneValue> loadAt(const clang::Expr *Lvalue,
                                  const PointerValue &Address,
                                  const clang::FieldDecl *Field = nullptr,
                                  llvm::StringRef Owner = "");
  /// \p Where's text on one line, for a symbol's name.
  std::string spelling(const clang::Expr *Where) const;
};

} // namespace gpumem::lanes

#endif // GPUMEM_CHECKS_LANES_WARPUNIFORMVALUES_H
