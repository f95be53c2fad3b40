//===- WriteCycles.h - variables stepped around a loop -----------*- C++ -*-===//
//
// One unit of the lane evaluator (docs/analysis.md, "The evaluator"): the
// value, at a read, of a variable whose writes step each other around a
// loop (a ReachingWrites cycle):
//
//   - steps by warp-uniform amounts (`A += BK`, a grid-stride `i +=
//     stride`): the value entering the loop plus a uniform symbol,
//     lane-varying exactly as that value is;
//   - steps that cycle through a few numbers (`stage ^= 1`): a symbol that
//     takes each of them, judged at its worst;
//   - other steps that keep a warp-uniform value uniform (`offset <<= 1`
//     around a loop of unknown trip count): one unknown uniform symbol;
//
// only where every lane of the warp makes the same steps. It asks
// ReassignedValues for the writes' values.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_LANES_WRITECYCLES_H
#define GPUMEM_CHECKS_LANES_WRITECYCLES_H

#include "checks/cuda/ReachingWrites.h"
#include "checks/lanes/PointerValue.h"

#include "clang/AST/Expr.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>
#include <vector>

namespace gpumem::lanes {

class EvaluatorCore;
class ReassignedValues;

class WriteCycles {
public:
  WriteCycles(EvaluatorCore &Core, ReassignedValues &R) : Core(Core), R(R) {}
  WriteCycles(const WriteCycles &) = delete;
  WriteCycles &operator=(const WriteCycles &) = delete;

  /// The value of cycle \p C at \p Read, remembered per frame.
  PointerValue valueAt(const cuda::ReachingWrites &RW,
                       const cuda::WriteCycle &C,
                       const clang::DeclRefExpr *Read);

private:
  EvaluatorCore &Core;
  ReassignedValues &R;
  /// Cycles being solved: one that needs itself is not followed.
  llvm::SmallPtrSet<const void *, 8> CyclesInProgress;

  PointerValue solveCycle(const cuda::ReachingWrites &RW,
                          const cuda::WriteCycle &C,
                          const clang::DeclRefExpr *Read);
  /// How the writes of a cycle step it: each adds a warp-uniform amount
  /// (Additive), or not; Failure when an amount added is unknown or
  /// differs between lanes.
  struct Steps {
    bool Additive = false;
    std::optional<LaneValue> Failure;
    /// The divisor of a `v %= n` among the steps (a ring index wrapped
    /// each pass), as written: under the no-wrap policy of `%` it moves
    /// the warp by a multiple of n the lanes share, an additive step.
    std::string WrapDivisor;
  };
  Steps stepsOf(const cuda::ReachingWrites &RW, const cuda::WriteCycle &C);
  /// The divisor of \p W when it is `v %= n` or `v = v % n`.
  static const clang::Expr *wrapDivisor(const cuda::Write &W);
  /// The value assumed of the cycle's variable in the loop: the entry plus
  /// a uniform symbol for its steps (additive), or one uniform symbol.
  PointerValue cycleHypothesis(const clang::VarDecl *VD,
                               const clang::Stmt *Loop,
                               const PointerValue &Entry, bool Additive);
  /// Why the lanes of a warp may not make the same steps of the cycle
  /// (\p Statements, its writes) before \p Read; none when they do.
  std::optional<std::string>
  whyNotTogether(const cuda::ReachingWrites &RW,
                 llvm::SmallVectorImpl<const clang::Stmt *> &Statements,
                 const clang::DeclRefExpr *Read, const clang::Stmt *Loop,
                 const clang::VarDecl *VD, const PointerValue &Hypothesis);
  /// The value of a cycle that is not additive: a symbol over the numbers
  /// it takes in turn, else one uniform symbol where every write keeps a
  /// uniform value uniform.
  template <typename UnknownFn>
  PointerValue
  cycleOfNumbers(const cuda::ReachingWrites &RW, const cuda::WriteCycle &C,
                 const clang::Stmt *Loop, const PointerValue &Entry,
                 const PointerValue &Hypothesis, UnknownFn Unknown);
  /// The numbers a cycle that is not additive takes in turn from \p Start,
  /// sorted; std::nullopt when more than a few or not numbers.
  std::optional<std::vector<std::int64_t>>
  cycleNumbers(const cuda::ReachingWrites &RW, const cuda::WriteCycle &C,
               std::optional<std::int64_t> Start);
  /// The first write of \p C that, with the variable at \p Hypothesis (a
  /// warp-uniform symbol), leaves a value that is not warp-uniform; none
  /// when every write keeps it uniform.
  std::optional<PointerValue> nonUniformStep(const cuda::ReachingWrites &RW,
                                             const cuda::WriteCycle &C,
                                             const PointerValue &Hypothesis);
};

} // namespace gpumem::lanes

#endif // GPUMEM_CHECKS_LANES_WRITECYCLES_H
