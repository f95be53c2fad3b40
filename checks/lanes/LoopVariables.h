//===- LoopVariables.h - for-loop variables as symbols -----------*- C++ -*-===//
//
// One unit of the lane evaluator (docs/analysis.md, "The evaluator"): an
// induction variable of a for-loop becomes a symbol, with the values it
// takes where the loop's start, step and bound are numbers; and a loop
// each active lane leaves after one pass is told apart. It keeps the
// variables' values and symbols, and asks the evaluator for the values of
// the loop's start, step and bound.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_LANES_LOOPVARIABLES_H
#define GPUMEM_CHECKS_LANES_LOOPVARIABLES_H

#include "checks/cuda/FunctionFacts.h"
#include "checks/cuda/ReachingWrites.h"
#include "checks/lanes/PointerValue.h"

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

#include <map>
#include <optional>
#include <vector>

namespace gpumem::lanes {

class EvaluatorCore;

class LoopVariables {
public:
  explicit LoopVariables(EvaluatorCore &Core) : Core(Core) {}
  LoopVariables(const LoopVariables &) = delete;
  LoopVariables &operator=(const LoopVariables &) = delete;

  /// The value of \p VD, the induction variable of \p Loop: a symbol
  /// (enumerable when the bounds are numbers), the start plus the step
  /// times an iteration symbol, or unknown with the reason.
  LaneValue valueOf(const clang::VarDecl *VD, const cuda::InductionLoop &Loop);
  /// The lanes for which \p Cond, the condition of the while or for loop
  /// \p Loop, holds on its first pass: with the loop's own counters at 0.
  std::optional<LaneMask> firstPassLanes(const clang::Stmt *Loop,
                                         const clang::Expr *Cond);
  /// True when none of the \p Active lanes runs \p Loop's body twice.
  bool runsAtMostOnce(const clang::ForStmt *Loop, LaneMask Active);
  /// The variable a symbol stands for, when it is a loop variable (or the
  /// values a reassigned variable takes in turn).
  const clang::VarDecl *variableOf(SymbolId Id) const;
  /// The loop of a for-loop variable's symbol; null for any other.
  const clang::Stmt *loopOf(SymbolId Id) const;
  /// Records that \p Id stands for the values of \p VD, unless a variable
  /// is already recorded for it.
  void add(const clang::VarDecl *VD, SymbolId Id);

private:
  EvaluatorCore &Core;
  std::map<const clang::VarDecl *, LaneValue> Values;
  std::vector<LoopSymbol> Symbols;

  /// The symbol (or value over an iteration symbol) for \p VD, stepped
  /// by \p Kind and \p Amount from \p Init.
  template <typename UnknownFn>
  LaneValue symbolFor(const clang::VarDecl *VD, const cuda::InductionLoop &Loop,
                      cuda::StepKind Kind, const LaneValue &Init,
                      const LaneValue &Amount, UnknownFn Unknown);
  /// The values \p VD takes from \p Start in steps of \p By while \p Loop's
  /// condition holds (its bound read with \p Bounds, the block's extents);
  /// empty when its condition is not a comparison with a number or it makes
  /// more than MaxLoopTrips.
  std::vector<std::int64_t>
  enumerate(const clang::VarDecl *VD, const cuda::InductionLoop &Loop,
            cuda::StepKind Kind, std::int64_t Start, std::int64_t By,
            const std::map<SymbolId, std::int64_t> &Bounds);
  /// The passes 0, 1, ... of \p Loop, whose variable \p VD starts per lane
  /// at \p Start and steps up by \p By under a bound that is a number, to
  /// the last pass a lane of some warp of the block makes; empty when the
  /// bound is not such or \p Start is not known in every warp.
  std::vector<std::int64_t>
  passes(const clang::VarDecl *VD, const cuda::InductionLoop &Loop,
         const LaneValue &Start, std::int64_t By,
         const std::map<SymbolId, std::int64_t> &Bounds);
  /// The value \p VD has when \p Loop starts: its init when it is the
  /// loop's variable, or its initializer when nothing but the loop's
  /// increment writes it; std::nullopt otherwise.
  std::optional<LaneValue> valueEntering(const clang::VarDecl *VD,
                                         const clang::ForStmt *Loop);
  /// True when \p Cond (`v < B`, a conjunct of the loop's condition) lets
  /// none of the \p Active lanes make a second pass.
  bool boundsOnePass(const clang::BinaryOperator *Cond,
                     const clang::ForStmt *Loop, LaneMask Active);
};

} // namespace gpumem::lanes

#endif // GPUMEM_CHECKS_LANES_LOOPVARIABLES_H
