//===- ReassignedValues.h - variables written more than once -----*- C++ -*-===//
//
// One unit of the lane evaluator (docs/analysis.md, "The evaluator"): the
// value, at a read, of a variable or pointer the function writes more than
// once, from the writes that reach the read (ReachingWrites over Clang's
// CFG). It keeps its own state (the cycles and writes being evaluated, the
// values fixed while a cycle is solved) and asks the evaluator for the
// values of the expressions the writes store.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_LANES_REASSIGNEDVALUES_H
#define GPUMEM_CHECKS_LANES_REASSIGNEDVALUES_H

#include "checks/lanes/PointerValue.h"
#include "checks/lanes/ReachingWrites.h"

#include "clang/AST/Expr.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>
#include <vector>

namespace gpumem::lanes {

class LaneEvaluator;

class ReassignedValues {
public:
  explicit ReassignedValues(LaneEvaluator &E) : E(E) {}
  ReassignedValues(const ReassignedValues &) = delete;
  ReassignedValues &operator=(const ReassignedValues &) = delete;

  /// The value of \p VD at \p Read from the writes that reach it, an
  /// integer in Offset or a pointer; std::nullopt when \p VD is not written
  /// in the current function or the reaching writes are not known there.
  std::optional<PointerValue> valueAt(const clang::VarDecl *VD,
                                      const clang::DeclRefExpr *Read);

private:
  LaneEvaluator &E;
  /// Cycles being evaluated, and writes with the pin generation they are
  /// evaluated under (a value that needs itself is not followed; a cycle's
  /// write evaluated again with the variable fixed to one of its values
  /// does not need itself).
  llvm::SmallPtrSet<const void *, 8> CyclesInProgress;
  llvm::SmallDenseSet<std::pair<const void *, unsigned>, 8> WritesInProgress;
  /// A fixed value for one variable while the writes of a cycle are
  /// evaluated from each value it may hold; innermost last.
  struct Override {
    const clang::VarDecl *Var = nullptr;
    PointerValue Value;
  };
  llvm::SmallVector<Override, 2> Fixed;
  class FixedScope;

  /// One value reaching a read, and where it is set (for the conditions
  /// around it); null for a parameter's entry value or a cycle.
  struct FlowPart {
    PointerValue Value;
    const clang::Stmt *Anchor = nullptr;
  };

  const ReachingWrites *flowOfCurrentFrame();
  PointerValue writeValue(const ReachingWrites &RW, unsigned Id);
  /// The value a parameter enters the function with.
  PointerValue entryValue(const Write &W);
  PointerValue stepValue(const ReachingWrites &RW, const Write &W);
  /// The value of cycle \p C at \p Read, remembered per frame.
  PointerValue cycleValue(const ReachingWrites &RW, const WriteCycle &C,
                          const clang::DeclRefExpr *Read);
  PointerValue solveCycle(const ReachingWrites &RW, const WriteCycle &C,
                          const clang::DeclRefExpr *Read);
  /// How the writes of a cycle step it: each adds a warp-uniform amount
  /// (Additive), or not; Failure when an amount added is unknown or
  /// differs between lanes.
  struct CycleSteps {
    bool Additive = false;
    std::optional<LaneValue> Failure;
  };
  CycleSteps stepsOf(const ReachingWrites &RW, const WriteCycle &C);
  /// The value assumed of the cycle's variable in the loop: the entry plus
  /// a uniform symbol for its steps (additive), or one uniform symbol.
  PointerValue cycleHypothesis(const clang::VarDecl *VD,
                               const clang::Stmt *Loop,
                               const PointerValue &Entry, bool Additive);
  /// Why the lanes of a warp may not make the same steps of the cycle
  /// (\p Statements, its writes) before \p Read; none when they do.
  std::optional<std::string>
  whyNotTogether(const ReachingWrites &RW,
                 llvm::SmallVectorImpl<const clang::Stmt *> &Statements,
                 const clang::DeclRefExpr *Read, const clang::Stmt *Loop,
                 const clang::VarDecl *VD, const PointerValue &Hypothesis);
  /// The value of a cycle that is not additive: a symbol over the numbers
  /// it takes in turn, else one uniform symbol where every write keeps a
  /// uniform value uniform.
  template <typename UnknownFn>
  PointerValue cycleOfNumbers(const ReachingWrites &RW, const WriteCycle &C,
                              const clang::Stmt *Loop,
                              const PointerValue &Entry,
                              const PointerValue &Hypothesis,
                              UnknownFn Unknown);
  /// The numbers a cycle that is not additive takes in turn from \p Start,
  /// sorted; std::nullopt when more than a few or not numbers.
  std::optional<std::vector<std::int64_t>>
  cycleNumbers(const ReachingWrites &RW, const WriteCycle &C,
               std::optional<std::int64_t> Start);
  /// The first write of \p C that, with the variable at \p Hypothesis (a
  /// warp-uniform symbol), leaves a value that is not warp-uniform; none
  /// when every write keeps it uniform.
  std::optional<PointerValue> nonUniformStep(const ReachingWrites &RW,
                                             const WriteCycle &C,
                                             const PointerValue &Hypothesis);
  PointerValue joinValues(const ReachingWrites &RW, const clang::VarDecl *VD,
                          llvm::ArrayRef<FlowPart> Parts,
                          const clang::DeclRefExpr *Read);
  /// The value of differing \p Parts where the warp takes one path: a
  /// symbol that picks one.
  PointerValue pathValue(const clang::VarDecl *VD,
                         llvm::ArrayRef<FlowPart> Parts,
                         const clang::DeclRefExpr *Read);
  /// WarpUniformPaths' judgements, with the evaluator deciding which
  /// conditions are warp-uniform.
  bool reachedTogether(const ReachingWrites &RW, const clang::Stmt *From,
                       const clang::Stmt *Read,
                       const clang::Stmt *Loop = nullptr);
  bool jumpsTogether(const ReachingWrites &RW,
                     llvm::ArrayRef<const clang::Stmt *> Around);
};

} // namespace gpumem::lanes

#endif // GPUMEM_CHECKS_LANES_REASSIGNEDVALUES_H
