//===- WriteCycles.cpp - variables stepped around a loop -------------------===//
#include "checks/lanes/WriteCycles.h"

#include "checks/lanes/EvaluatorCore.h"
#include "checks/lanes/ReassignedValues.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/SaveAndRestore.h"

#include <algorithm>

namespace gpumem::lanes {

using namespace clang;

namespace {

/// Values a cycle of writes may take before it counts as unbounded.
constexpr unsigned MaxCycleValues = 8;

} // namespace

PointerValue WriteCycles::valueAt(const cuda::ReachingWrites &RW,
                                  const cuda::WriteCycle &C,
                                  const DeclRefExpr *Read) {
  const std::size_t FrameIndex = Core.frames().size() - 1;
  const std::pair<const cuda::WriteCycle *, const DeclRefExpr *> Key{&C, Read};
  if (const PointerValue *Known =
          Core.recall(Core.frames()[FrameIndex].CycleValues, Key))
    return *Known;
  Evaluated<PointerValue> V =
      Core.collect([&] { return solveCycle(RW, C, Read); });
  Core.remember(Core.frames()[FrameIndex].CycleValues, Key, V);
  return std::move(V.Value);
}

PointerValue WriteCycles::solveCycle(const cuda::ReachingWrites &RW,
                                     const cuda::WriteCycle &C,
                                     const DeclRefExpr *Read) {
  const cuda::Write &First = RW.write(C.Members.front());
  const VarDecl *VD = First.Var;
  const std::string Name = VD->getNameAsString();
  auto Unknown = [&](UnknownKind Kind, std::string What) {
    return PointerValue::unknown(Kind, std::move(What),
                                 Core.loc(First.Statement));
  };
  if (!CyclesInProgress.insert(&C).second)
    return Unknown(UnknownKind::Reassigned, "'" + Name + "' depends on itself");
  llvm::scope_exit Done([&] { CyclesInProgress.erase(&C); });

  llvm::SmallVector<const Stmt *, 4> Statements;
  for (unsigned M : C.Members)
    Statements.push_back(RW.write(M).Statement);
  const Stmt *Loop = cuda::loopAround(RW.parents(), Statements);
  if (!Loop || RW.hasGoto())
    return Unknown(UnknownKind::Reassigned,
                   "'" + Name + "' is written on paths the analysis does not "
                                "follow");
  llvm::SmallVector<ReassignedValues::FlowPart, 4> EntryParts;
  for (unsigned In : C.Entries)
    EntryParts.push_back({R.writeValue(RW, In), RW.write(In).Statement});
  if (EntryParts.empty())
    return Unknown(UnknownKind::Reassigned,
                   "'" + Name + "' has no value before its loop");
  PointerValue Entry = R.joinValues(RW, VD, EntryParts, Read);
  if (Entry.isUnknown())
    return Entry;
  const Steps Steps = stepsOf(RW, C);
  if (Steps.Failure)
    return Unknown(Steps.Failure->reason().Kind, Steps.Failure->reason().What);
  if (!Steps.Additive && (VD->getType()->isPointerType() ||
                          Entry.Offset.kind() == LaneKind::Varying))
    return Unknown(UnknownKind::Reassigned,
                   "'" + Name + "' changes around a loop in a way the "
                                "analysis does not follow");
  const PointerValue Hypothesis =
      cycleHypothesis(VD, Loop, Entry, Steps.Additive);
  if (std::optional<std::string> Why =
          whyNotTogether(RW, Statements, Read, Loop, VD, Hypothesis))
    return Core.pastStepBudget()
               ? R.tooCostly(Name, First.Statement)
               : Unknown(UnknownKind::Reassigned, "'" + Name + "' " + *Why);
  if (Steps.Additive) {
    // A wrap among the steps: the steps' symbol carries the assumption,
    // for the findings' note.
    if (!Steps.WrapDivisor.empty())
      for (SymbolId Id : Hypothesis.Offset.symbols())
        if (Core.Symbols[Id].Key.Kind == SymbolKind::CycleSteps)
          Core.Symbols[Id].WrapDivisor = Steps.WrapDivisor;
    return Hypothesis;
  }
  return cycleOfNumbers(RW, C, Loop, Entry, Hypothesis, Unknown);
}

WriteCycles::Steps WriteCycles::stepsOf(const cuda::ReachingWrites &RW,
                                        const cuda::WriteCycle &C) {
  // Steps by warp-uniform amounts make the entry value plus their sum; a
  // number stepped otherwise may cycle through a few numbers.
  std::string WrapDivisor;
  for (unsigned M : C.Members) {
    cuda::WriteStep Step = cuda::additiveStep(RW.write(M));
    if (Step.Kind != cuda::StepKind::Add) {
      // `v %= n` or `v = v % n` with n the same in every lane: taken as not
      // wrapping within a warp, it subtracts a multiple of n the lanes
      // share (WarpUniformValues::remainderWithoutWrap).
      if (const Expr *Divisor = wrapDivisor(RW.write(M))) {
        LaneValue N = Core.evaluate(Divisor);
        if (!N.isUnknown() && N.kind() != LaneKind::Varying) {
          WrapDivisor = Core.Uniform.spellingOf(Divisor);
          continue;
        }
      }
      return {false, std::nullopt};
    }
    if (!Step.Amount)
      continue;
    LaneValue Amount = Core.evaluate(Step.Amount);
    if (Amount.isUnknown())
      return {true, Amount};
    if (Amount.kind() == LaneKind::Varying)
      return {true, LaneValue::unknown(UnknownKind::Reassigned,
                                       "'" + RW.write(M).Var->getNameAsString() +
                                           "' steps differently per lane")};
  }
  return {true, std::nullopt, WrapDivisor};
}

const Expr *WriteCycles::wrapDivisor(const cuda::Write &W) {
  const auto *BO = dyn_cast_or_null<BinaryOperator>(W.Statement);
  if (!BO)
    return nullptr;
  if (BO->getOpcode() == BO_RemAssign && cuda::refTo(BO->getLHS(), W.Var))
    return BO->getRHS();
  const auto *Rem =
      BO->getOpcode() == BO_Assign
          ? dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts())
          : nullptr;
  if (Rem && Rem->getOpcode() == BO_Rem && cuda::refTo(Rem->getLHS(), W.Var))
    return Rem->getRHS();
  return nullptr;
}

PointerValue WriteCycles::cycleHypothesis(const VarDecl *VD,
                                               const Stmt *Loop,
                                               const PointerValue &Entry,
                                               bool Additive) {
  const std::string Name = VD->getNameAsString();
  PointerValue Hypothesis = Entry;
  if (Additive) {
    const unsigned Line =
        Core.Ctx.getSourceManager().getPresumedLineNumber(Loop->getBeginLoc());
    SymbolId Steps = Core.Symbols.intern(
        SymbolKey{SymbolKind::CycleSteps, VD, Loop, 0, {}},
        "steps of '" + Name + "' (line " + std::to_string(Line) + ")");
    Hypothesis.Offset = Core.pinned(Entry.Offset + LaneValue::symbol(Steps));
  } else {
    SymbolId Value = Core.Symbols.fresh(SymbolKind::CycleValue, VD, Loop, Name);
    Hypothesis.Offset = LaneValue::symbol(Value);
  }
  return Hypothesis;
}

std::optional<std::string>
WriteCycles::whyNotTogether(const cuda::ReachingWrites &RW,
                            llvm::SmallVectorImpl<const Stmt *> &Statements,
                            const DeclRefExpr *Read, const Stmt *Loop,
                            const VarDecl *VD, const PointerValue &Hypothesis) {
  // Every lane must make the same steps: no write under a branch that
  // differs between lanes, no continue or break that some lanes take. The
  // branches are judged with the variable at its hypothetical value (the
  // loop's own condition reads it): if every lane holds that value before
  // a step, it holds it after, by induction over the steps.
  llvm::SaveAndRestore Assume(Core.assumed(), Core.fixing(VD, Hypothesis));
  for (const Stmt *S : Statements)
    if (!R.reachedTogether(RW, S, Read, Loop))
      return std::string(
          "is stepped a number of times that differs between lanes");
  Statements.push_back(Read);
  if (!R.jumpsTogether(RW, Statements))
    return std::string(
        "is stepped on paths that differ between lanes (continue or break)");
  return std::nullopt;
}

template <typename UnknownFn>
PointerValue
WriteCycles::cycleOfNumbers(const cuda::ReachingWrites &RW,
                            const cuda::WriteCycle &C, const Stmt *Loop,
                            const PointerValue &Entry,
                            const PointerValue &Hypothesis, UnknownFn Unknown) {
  const VarDecl *VD = RW.write(C.Members.front()).Var;
  const std::string Name = VD->getNameAsString();
  std::optional<std::vector<std::int64_t>> Values =
      cycleNumbers(RW, C, Entry.Offset.asConstant());
  if (!Values) {
    // Too many values, or an entry that is not a number (`offset <<= 1`
    // around a loop of unknown trip count): if every write keeps a warp-
    // uniform value uniform, the variable is one unknown number per warp.
    std::optional<PointerValue> Blocker = nonUniformStep(RW, C, Hypothesis);
    if (!Blocker)
      return Hypothesis;
    if (Blocker->isUnknown())
      return *Blocker;
    return Unknown(UnknownKind::Reassigned,
                   "'" + Name + "' changes by a different amount in each "
                                "lane around its loop");
  }
  SymbolId Id = Core.Symbols.fresh(SymbolKind::CycleValues, VD, Loop, Name);
  Core.Symbols[Id].Values = std::move(*Values);
  Core.Loops.add(VD, Id);
  return PointerValue::integer(Core.pinned(LaneValue::symbol(Id)));
}

std::optional<std::vector<std::int64_t>>
WriteCycles::cycleNumbers(const cuda::ReachingWrites &RW,
                          const cuda::WriteCycle &C,
                          std::optional<std::int64_t> Start) {
  // A few values in turn (a double-buffer stage): each, from the entry's.
  if (!Start)
    return std::nullopt;
  const VarDecl *VD = RW.write(C.Members.front()).Var;
  std::vector<std::int64_t> Values{*Start};
  for (std::size_t Next = 0; Next < Values.size(); ++Next) {
    llvm::SaveAndRestore At(
        Core.assumed(),
        Core.fixing(VD,
                    PointerValue::integer(LaneValue::constant(Values[Next]))));
    for (unsigned M : C.Members) {
      std::optional<std::int64_t> V = R.writeValue(RW, M).Offset.asConstant();
      if (!V)
        return std::nullopt;
      if (llvm::is_contained(Values, *V))
        continue;
      if (Values.size() >= MaxCycleValues)
        return std::nullopt;
      Values.push_back(*V);
    }
  }
  std::sort(Values.begin(), Values.end());
  return Values;
}

std::optional<PointerValue>
WriteCycles::nonUniformStep(const cuda::ReachingWrites &RW,
                            const cuda::WriteCycle &C,
                            const PointerValue &Hypothesis) {
  llvm::SaveAndRestore Assume(
      Core.assumed(), Core.fixing(RW.write(C.Members.front()).Var, Hypothesis));
  for (unsigned M : C.Members) {
    PointerValue V = R.writeValue(RW, M);
    if (V.Offset.kind() != LaneKind::Constant &&
        V.Offset.kind() != LaneKind::Uniform)
      return V;
  }
  return std::nullopt;
}

} // namespace gpumem::lanes
