//===- ReassignedValues.h - variables written more than once -----*- C++ -*-===//
//
// One unit of the lane evaluator (docs/analysis.md, "The evaluator"): the
// value, at a read, of a variable or pointer the function writes more than
// once, from the writes that reach the read (ReachingWrites over Clang's
// CFG); the variables stepped around a loop are WriteCycles'. It keeps
// its own state (the writes being evaluated, the values fixed while a
// cycle is solved) and asks the evaluator for the values of the
// expressions the writes store.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_LANES_REASSIGNEDVALUES_H
#define GPUMEM_CHECKS_LANES_REASSIGNEDVALUES_H

#include "checks/cuda/ReachingWrites.h"
#include "checks/lanes/PointerValue.h"
#include "checks/lanes/WriteCycles.h"

#include "clang/AST/Expr.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>
#include <vector>

namespace gpumem::lanes {

class EvaluatorCore;

class ReassignedValues {
public:
  explicit ReassignedValues(EvaluatorCore &Core) : Core(Core) {}
  ReassignedValues(const ReassignedValues &) = delete;
  ReassignedValues &operator=(const ReassignedValues &) = delete;

  /// The value of \p VD at \p Read from the writes that reach it, an
  /// integer in Offset or a pointer; std::nullopt when \p VD is not written
  /// in the current function or the reaching writes are not known there.
  std::optional<PointerValue> valueAt(const clang::VarDecl *VD,
                                      const clang::DeclRefExpr *Read);

  // What WriteCycles asks while it solves a cycle of writes.

  /// One value reaching a read, and where it is set (for the conditions
  /// around it); null for a parameter's entry value or a cycle.
  struct FlowPart {
    PointerValue Value;
    const clang::Stmt *Anchor = nullptr;
  };
  /// The value the write \p Id stores, remembered per frame and pins.
  PointerValue writeValue(const cuda::ReachingWrites &RW, unsigned Id);
  /// The value of \p VD at \p Read where \p Parts reach it.
  PointerValue joinValues(const cuda::ReachingWrites &RW,
                          const clang::VarDecl *VD,
                          llvm::ArrayRef<FlowPart> Parts,
                          const clang::DeclRefExpr *Read);
  /// A value given up because judging its paths took the query's or the
  /// kernel's step budget (a condition left unjudged is no proof that the
  /// lanes part).
  PointerValue tooCostly(const std::string &Name, const clang::Stmt *At) const;
  /// WarpUniformPaths' judgements, with the evaluator deciding which
  /// conditions are warp-uniform.
  bool reachedTogether(const cuda::ReachingWrites &RW, const clang::Stmt *From,
                       const clang::Stmt *Read,
                       const clang::Stmt *Loop = nullptr);
  bool jumpsTogether(const cuda::ReachingWrites &RW,
                     llvm::ArrayRef<const clang::Stmt *> Around);

private:
  EvaluatorCore &Core;
  /// Writes with the pin generation they are evaluated under: a value that
  /// needs itself is not followed; a cycle's write evaluated again with the
  /// variable fixed to one of its values does not need itself.
  llvm::SmallDenseSet<std::pair<const void *, unsigned>, 8> WritesInProgress;
  /// Variables stepped around loops.
  WriteCycles Cycles{Core, *this};

  const cuda::ReachingWrites *flowOfCurrentFrame();
  /// The value of a parameter or of a step: what enters the function, the
  /// value before the step moved by it.
  PointerValue entryValue(const cuda::Write &W);
  PointerValue stepValue(const cuda::ReachingWrites &RW, const cuda::Write &W);
  /// Where the warp takes one path, the symbol that picks one of \p Parts.
  PointerValue pathValue(const clang::VarDecl *VD,
                         llvm::ArrayRef<FlowPart> Parts,
                         const clang::DeclRefExpr *Read);
};

} // namespace gpumem::lanes

#endif // GPUMEM_CHECKS_LANES_REASSIGNEDVALUES_H
