//===- ReassignedValues.cpp - variables from the writes that reach a read -===//
//
// A variable or pointer written more than once has, at each read, the value
// of the writes that reach the read (ReachingWrites, over Clang's CFG):
//
//   - one write: its value, exact;
//   - writes that step each other around a loop by warp-uniform amounts
//     (`A += BK`, a grid-stride `i += stride`): the value entering the loop
//     plus a uniform symbol, lane-varying exactly as that value is;
//   - writes that cycle through a few numbers (`stage ^= 1`): a symbol
//     that takes each of them, judged at its worst;
//   - other writes that keep a warp-uniform value uniform (`offset <<= 1`
//     around a loop of unknown trip count): one unknown uniform symbol;
//   - writes on different paths: each path's value, as a symbol that picks
//     one (a few at most), when every lane of the warp takes the same path.
//
// Anything else is unknown with the reason. Paths are only told apart where
// the branches between them are warp-uniform: a value set under a
// condition that differs between lanes is not one value per warp.
//
//===----------------------------------------------------------------------===//
#include "checks/lanes/ReassignedValues.h"

#include "checks/lanes/EvaluatorCore.h"
#include "checks/lanes/EvaluatorSupport.h"
#include "checks/lanes/WarpUniformPaths.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>

namespace gpumem::lanes {

using namespace clang;
using namespace detail;

namespace {

/// Different values from different paths a read may see.
constexpr unsigned MaxPathValues = 8;

PointerValue integer(LaneValue V) {
  PointerValue P;
  P.Offset = std::move(V);
  return P;
}

} // namespace

const cuda::ReachingWrites *ReassignedValues::flowOfCurrentFrame() {
  CallFrame &F = Core.frames().back();
  if (!F.FlowBuilt) {
    F.FlowBuilt = true;
    const cuda::ReachingWrites &RW = Core.flowOf(F.Function);
    F.Flow = RW.valid() || RW.overBudget() ? &RW : nullptr;
  }
  return F.Flow;
}

std::optional<PointerValue>
ReassignedValues::valueAt(const VarDecl *VD, const DeclRefExpr *Read) {
  const auto &Fixed = Core.assumed().Fixed;
  for (auto It = Fixed.rbegin(); It != Fixed.rend(); ++It)
    if (It->Var == VD)
      return It->Value;
  if (Core.frames().empty() || !Core.frames().back().Facts ||
      Core.frames().back().Facts->writesOf(VD).empty())
    return std::nullopt;
  const cuda::ReachingWrites *RW = flowOfCurrentFrame();
  if (!RW || !RW->tracks(VD))
    return std::nullopt;
  if (RW->overBudget())
    return PointerValue::unknown(
        UnknownKind::Limit,
        "'" + VD->getNameAsString() +
            "' is written in a function whose "
            "writes reach its reads more than " +
            std::to_string(cuda::ReachingWrites::MaxReachingPairs) +
            " times (the analysis' budget per function)",
        Core.loc(Read));
  const auto *Seen = RW->reaching(Read);
  if (!Seen || Seen->empty())
    return std::nullopt;

  // A write on a cycle stands for the cycle, and the cycle for the writes
  // that enter it (its symbol takes their values too).
  llvm::SmallVector<FlowPart, 4> Parts;
  llvm::SmallVector<const cuda::WriteCycle *, 2> CyclesSeen;
  llvm::SmallVector<unsigned, 4> Covered;
  for (unsigned W : *Seen)
    if (const cuda::WriteCycle *C = RW->cycleOf(W);
        C && !llvm::is_contained(CyclesSeen, C)) {
      CyclesSeen.push_back(C);
      Covered.append(C->Entries.begin(), C->Entries.end());
      Parts.push_back({Cycles.valueAt(*RW, *C, Read), nullptr});
    }
  for (unsigned W : *Seen)
    if (!RW->cycleOf(W) && !llvm::is_contained(Covered, W))
      Parts.push_back({writeValue(*RW, W), RW->write(W).Statement});
  return joinValues(*RW, VD, Parts, Read);
}

PointerValue ReassignedValues::writeValue(const cuda::ReachingWrites &RW,
                                          unsigned Id) {
  const std::size_t FrameIndex = Core.frames().size() - 1;
  if (const PointerValue *Known =
          Core.recall(Core.frames()[FrameIndex].WriteValues, Id))
    return *Known;
  const cuda::Write &W = RW.write(Id);
  const bool IsPointer = W.Var->getType()->isPointerType();
  const std::string Name = W.Var->getNameAsString();
  const std::pair<const void *, unsigned> InProgress{&W,
                                                     Core.assumed().Generation};
  if (!WritesInProgress.insert(InProgress).second)
    return PointerValue::unknown(UnknownKind::Reassigned,
                                 "'" + Name + "' depends on itself",
                                 Core.loc(W.Statement));
  Evaluated<PointerValue> V = Core.collect([&] {
    switch (W.Kind) {
    case cuda::WriteKind::Entry:
      return entryValue(W);
    case cuda::WriteKind::Uninitialized:
      return PointerValue::unknown(UnknownKind::NotFollowed,
                                   "'" + Name + "' has no initializer",
                                   W.Var->getLocation().getRawEncoding());
    case cuda::WriteKind::Init:
    case cuda::WriteKind::Assign:
      return IsPointer ? Core.evaluatePointer(W.Value)
                       : integer(Core.evaluate(W.Value));
    case cuda::WriteKind::Step:
      return stepValue(RW, W);
    }
    return PointerValue();
  });
  WritesInProgress.erase(InProgress);
  Core.remember(Core.frames()[FrameIndex].WriteValues, Id, V);
  return std::move(V.Value);
}

/// The value a parameter enters the function with: what the call binds
/// it to; for a kernel, a pointer into global memory or a uniform symbol.
PointerValue ReassignedValues::entryValue(const cuda::Write &W) {
  const std::size_t FrameIndex = Core.frames().size() - 1;
  const CallFrame &F = Core.frames()[FrameIndex];
  const std::string Name = W.Var->getNameAsString();
  if (auto Bound = F.Pointers.find(W.Var); Bound != F.Pointers.end())
    return Bound->second;
  if (auto Bound = F.Values.find(W.Var); Bound != F.Values.end())
    return integer(Bound->second);
  if (!W.Var->getType()->isPointerType())
    return integer(Core.pinned(LaneValue::symbol(Core.Symbols.intern(
        SymbolKey{SymbolKind::Parameter, W.Var, nullptr, 0, {}}, Name))));
  if (FrameIndex == 0) {
    // A kernel's pointer parameter points to global memory.
    PointerValue V;
    V.Space = MemorySpace::Global;
    V.Base = W.Var;
    V.Offset = LaneValue::constant(0);
    return V;
  }
  return PointerValue::unknown(UnknownKind::NotFollowed,
                               "parameter '" + Name +
                                   "' of a call not followed",
                               Core.loc(F.Function->getBody()));
}

PointerValue ReassignedValues::stepValue(const cuda::ReachingWrites &RW,
                                         const cuda::Write &W) {
  // Only the reasons need the name.
  auto Name = [&] { return W.Var->getNameAsString(); };
  std::optional<PointerValue> Before =
      W.SteppedRead ? valueAt(W.Var, W.SteppedRead) : std::nullopt;
  if (!Before)
    return PointerValue::unknown(UnknownKind::Reassigned,
                                 "'" + Name() + "' is reassigned",
                                 Core.loc(W.Statement));
  if (Before->isUnknown())
    return *Before;
  if (W.Var->getType()->isPointerType()) {
    cuda::WriteStep Step = cuda::additiveStep(W);
    if (Step.Kind != cuda::StepKind::Add)
      return PointerValue::unknown(UnknownKind::Reassigned,
                                   "pointer '" + Name() +
                                       "' changes in a way the analysis "
                                       "does not follow",
                                   Core.loc(W.Statement));
    LaneValue By =
        Step.Amount ? inType(Core.evaluate(Step.Amount), Step.Amount, Core.Ctx)
                    : LaneValue::constant(1);
    return offsetBy(*Before, Step.Negate ? -By : By,
                    W.Var->getType()->getPointeeType(), W.Statement, Core.Ctx);
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(W.Statement))
    return integer(Before->Offset +
                   LaneValue::constant(UO->isDecrementOp() ? -1 : 1));
  const auto *BO = cast<BinaryOperator>(W.Statement);
  const BinaryOperatorKind Op =
      BinaryOperator::getOpForCompoundAssignment(BO->getOpcode());
  LaneValue Amount = Core.evaluate(W.Value);
  std::optional<LaneValue> After = arithmetic(Op, Before->Offset, Amount);
  if (After) // `n >>= k` with both uniform: one number per warp
    After = Core.Uniform.result(std::move(*After), BO,
                                UniformOperation{nullptr, BO->getOpcode()},
                                {&Before->Offset, &Amount});
  if (!After)
    return PointerValue::unknown(UnknownKind::Reassigned,
                                 "'" + Name() +
                                     "' changes in a way the "
                                     "analysis does not follow",
                                 Core.loc(W.Statement));
  return integer(*After);
}

PointerValue ReassignedValues::joinValues(const cuda::ReachingWrites &RW,
                                          const VarDecl *VD,
                                          llvm::ArrayRef<FlowPart> Parts,
                                          const DeclRefExpr *Read) {
  const std::string Name = VD->getNameAsString();
  if (Parts.size() == 1)
    return Parts.front().Value;
  for (const FlowPart &P : Parts)
    if (P.Value.isUnknown())
      return P.Value;
  const PointerValue &First = Parts.front().Value;
  for (const FlowPart &P : Parts)
    if (P.Value.Base != First.Base || P.Value.Space != First.Space)
      return PointerValue::unknown(UnknownKind::Reassigned,
                                   "pointer '" + Name +
                                       "' points into different objects on "
                                       "different paths",
                                   Core.loc(Read));
  bool Same = true;
  for (const FlowPart &P : Parts)
    Same &= (P.Value.Offset - First.Offset).asConstant() ==
            std::optional<std::int64_t>(0);
  if (Same)
    return First;

  // Different values: one per warp only if the warp takes one path.
  for (const FlowPart &P : Parts)
    if (P.Anchor && !reachedTogether(RW, P.Anchor, Read))
      return Core.pastStepBudget()
                 ? tooCostly(Name, Read)
                 : PointerValue::unknown(UnknownKind::Reassigned,
                                         "'" + Name +
                                             "' is set under a condition that "
                                             "differs between lanes",
                                         Core.loc(P.Anchor));
  llvm::SmallVector<const Stmt *, 4> Around{Read};
  for (const FlowPart &P : Parts)
    Around.push_back(P.Anchor);
  const bool Together = !RW.hasGoto() && jumpsTogether(RW, Around);
  if (!Together && !RW.hasGoto() && Core.pastStepBudget())
    return tooCostly(Name, Read);
  if (!Together)
    return PointerValue::unknown(UnknownKind::Reassigned,
                                 "'" + Name +
                                     "' is set on paths the "
                                     "analysis does not follow",
                                 Core.loc(Read));

  return pathValue(VD, Parts, Read);
}

PointerValue ReassignedValues::pathValue(const VarDecl *VD,
                                         llvm::ArrayRef<FlowPart> Parts,
                                         const DeclRefExpr *Read) {
  const std::string Name = VD->getNameAsString();
  const PointerValue &First = Parts.front().Value;
  const unsigned Line =
      Core.Ctx.getSourceManager().getPresumedLineNumber(Read->getBeginLoc());
  PointerValue Out = First;
  // Numbers: a symbol that takes each.
  std::vector<std::int64_t> Numbers;
  for (const FlowPart &P : Parts) {
    std::optional<std::int64_t> C = P.Value.Offset.asConstant();
    if (!C) {
      Numbers.clear();
      break;
    }
    if (!llvm::is_contained(Numbers, *C))
      Numbers.push_back(*C);
  }
  if (!Numbers.empty() && Numbers.size() <= MaxPathValues) {
    std::sort(Numbers.begin(), Numbers.end());
    SymbolId Id = Core.Symbols.fresh(SymbolKind::PathValues, VD, nullptr, Name);
    Core.Symbols[Id].Values = Numbers;
    if (!First.Base)
      Core.Loops.add(VD, Id);
    Out.Offset = Core.pinned(LaneValue::symbol(Id));
    return Out;
  }
  if (Parts.size() == 2) {
    // v0 + c * (v1 - v0), c in {0, 1}: exactly one of the two per warp.
    SymbolId Id = Core.Symbols.intern(
        SymbolKey{SymbolKind::PathChoice, VD, nullptr, Line, {}},
        "path to '" + Name + "' at line " + std::to_string(Line));
    Core.Symbols[Id].Values = {0, 1};
    Out.Offset =
        Core.pinned(First.Offset + LaneValue::symbol(Id) *
                                       (Parts[1].Value.Offset - First.Offset));
    return Out;
  }
  return PointerValue::unknown(UnknownKind::Limit,
                               std::to_string(Parts.size()) +
                                   " different values of '" + Name +
                                   "' reach this read",
                               Core.loc(Read));
}

PointerValue ReassignedValues::tooCostly(const std::string &Name,
                                         const Stmt *At) const {
  return PointerValue::unknown(
      UnknownKind::Limit,
      "the paths to '" + Name + "' are too costly to analyse", Core.loc(At));
}

bool ReassignedValues::reachedTogether(const cuda::ReachingWrites &RW,
                                       const Stmt *From, const Stmt *Read,
                                       const Stmt *Loop) {
  return lanes::reachedTogether(RW, From, Read, Loop, [this](const Expr *C) {
    return Core.warpUniform(C);
  });
}

bool ReassignedValues::jumpsTogether(const cuda::ReachingWrites &RW,
                                     llvm::ArrayRef<const Stmt *> Around) {
  return lanes::jumpsTogether(
      RW, Around, [this](const Expr *C) { return Core.warpUniform(C); });
}

} // namespace gpumem::lanes
