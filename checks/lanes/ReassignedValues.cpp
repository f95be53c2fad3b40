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

#include "checks/lanes/LaneEvaluator.h"
#include "checks/lanes/WarpUniformPaths.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

#include "llvm/ADT/ScopeExit.h"

#include <algorithm>

namespace gpumem::lanes {

using namespace clang;

namespace {

/// Values a cycle of writes may take before it counts as unbounded.
constexpr unsigned MaxCycleValues = 8;
/// Different values from different paths a read may see.
constexpr unsigned MaxPathValues = 8;

PointerValue integer(LaneValue V) {
  PointerValue P;
  P.Offset = std::move(V);
  return P;
}

/// The innermost loop that holds every statement of \p Members.
const Stmt *loopAround(const ParentMap &PM,
                       llvm::ArrayRef<const Stmt *> Members) {
  if (Members.empty() || llvm::is_contained(Members, nullptr))
    return nullptr;
  llvm::SmallVector<llvm::SmallPtrSet<const Stmt *, 16>, 4> Holders;
  for (const Stmt *M : Members.drop_front())
    Holders.push_back(ancestorsOf(PM, M));
  for (const Stmt *P = PM.getParent(Members.front()); P; P = PM.getParent(P))
    if (isLoop(P) &&
        llvm::all_of(Holders, [&](const auto &H) { return H.count(P); }))
      return P;
  return nullptr;
}

/// The additive step a write makes: +e, -e, ++, --, x = x + e, and
/// x = e + x; Kind None otherwise.
WriteStep additiveStep(const Write &W) {
  WriteStep Step = stepOf(W.Statement, W.Var);
  if (Step.Kind == StepKind::Add)
    return Step;
  const auto *BO = dyn_cast_or_null<BinaryOperator>(W.Statement);
  const auto *Sum =
      BO && BO->getOpcode() == BO_Assign
          ? dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts())
          : nullptr;
  if (Sum && Sum->getOpcode() == BO_Add && refTo(Sum->getRHS(), W.Var))
    return WriteStep{StepKind::Add, Sum->getLHS(), false};
  return WriteStep{};
}

} // namespace

/// Fixes a variable's value for the statements evaluated in its lifetime.
class ReassignedValues::FixedScope {
public:
  FixedScope(ReassignedValues &R, const VarDecl *VD, PointerValue Value)
      : R(R), SavedGeneration(R.E.PinGeneration) {
    R.Fixed.push_back(Override{VD, std::move(Value)});
    R.E.PinGeneration = ++R.E.PinGenerations;
  }
  ~FixedScope() {
    R.Fixed.pop_back();
    R.E.PinGeneration = SavedGeneration;
  }
  FixedScope(const FixedScope &) = delete;
  FixedScope &operator=(const FixedScope &) = delete;

private:
  ReassignedValues &R;
  unsigned SavedGeneration;
};

const ReachingWrites *ReassignedValues::flowOfCurrentFrame() {
  LaneEvaluator::Frame &F = E.Frames.back();
  if (!F.FlowBuilt) {
    F.FlowBuilt = true;
    const ReachingWrites &RW = E.Functions.flowOf(F.Function, E.Ctx);
    F.Flow = RW.valid() ? &RW : nullptr;
  }
  return F.Flow;
}

std::optional<PointerValue>
ReassignedValues::valueAt(const VarDecl *VD, const DeclRefExpr *Read) {
  for (auto It = Fixed.rbegin(); It != Fixed.rend(); ++It)
    if (It->Var == VD)
      return It->Value;
  if (E.Frames.empty() || !E.Frames.back().Facts ||
      E.Frames.back().Facts->writesOf(VD).empty())
    return std::nullopt;
  const ReachingWrites *RW = flowOfCurrentFrame();
  if (!RW || !RW->tracks(VD))
    return std::nullopt;
  const auto *Seen = RW->reaching(Read);
  if (!Seen || Seen->empty())
    return std::nullopt;

  // A write on a cycle stands for the cycle, and the cycle for the writes
  // that enter it (its symbol takes their values too).
  llvm::SmallVector<FlowPart, 4> Parts;
  llvm::SmallVector<const WriteCycle *, 2> CyclesSeen;
  llvm::SmallVector<unsigned, 4> Covered;
  for (unsigned W : *Seen)
    if (const WriteCycle *C = RW->cycleOf(W);
        C && !llvm::is_contained(CyclesSeen, C)) {
      CyclesSeen.push_back(C);
      Covered.append(C->Entries.begin(), C->Entries.end());
      Parts.push_back({cycleValue(*RW, *C, Read), nullptr});
    }
  for (unsigned W : *Seen)
    if (!RW->cycleOf(W) && !llvm::is_contained(Covered, W))
      Parts.push_back({writeValue(*RW, W), RW->write(W).Statement});
  return joinValues(*RW, VD, Parts, Read);
}

PointerValue ReassignedValues::writeValue(const ReachingWrites &RW, unsigned Id) {
  const std::size_t FrameIndex = E.Frames.size() - 1;
  if (const PointerValue *Known = E.recall(E.Frames[FrameIndex].WriteValues, Id))
    return *Known;
  const Write &W = RW.write(Id);
  const bool IsPointer = W.Var->getType()->isPointerType();
  const std::string Name = W.Var->getNameAsString();
  const std::pair<const void *, unsigned> InProgress{&W, E.PinGeneration};
  if (!WritesInProgress.insert(InProgress).second)
    return PointerValue::unknown(UnknownKind::Reassigned,
                                 "'" + Name + "' depends on itself",
                                 E.loc(W.Statement));
  const LaneEvaluator::Effects Before = E.effectsNow();
  PointerValue V;
  switch (W.Kind) {
  case WriteKind::Entry:
    V = entryValue(W);
    break;
  case WriteKind::Uninitialized:
    V = PointerValue::unknown(UnknownKind::NotFollowed,
                              "'" + Name + "' has no initializer",
                              W.Var->getLocation().getRawEncoding());
    break;
  case WriteKind::Init:
  case WriteKind::Assign:
    V = IsPointer ? E.evaluatePointer(W.Value) : integer(E.evaluate(W.Value));
    break;
  case WriteKind::Step:
    V = stepValue(RW, W);
    break;
  }
  WritesInProgress.erase(InProgress);
  E.remember(E.Frames[FrameIndex].WriteValues, Id, V, Before);
  return V;
}

/// The value a parameter enters the function with: what the call binds
/// it to; for a kernel, a pointer into global memory or a uniform symbol.
PointerValue ReassignedValues::entryValue(const Write &W) {
  const std::size_t FrameIndex = E.Frames.size() - 1;
  const LaneEvaluator::Frame &F = E.Frames[FrameIndex];
  const std::string Name = W.Var->getNameAsString();
  if (auto Bound = F.Pointers.find(W.Var); Bound != F.Pointers.end())
    return Bound->second;
  if (auto Bound = F.Values.find(W.Var); Bound != F.Values.end())
    return integer(Bound->second);
  if (!W.Var->getType()->isPointerType())
    return integer(E.pinned(LaneValue::symbol(E.Symbols.intern(
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
                               "parameter '" + Name + "' of a call not followed",
                               E.loc(F.Function->getBody()));
}

PointerValue ReassignedValues::stepValue(const ReachingWrites &RW,
                                      const Write &W) {
  // Only the reasons need the name.
  auto Name = [&] { return W.Var->getNameAsString(); };
  std::optional<PointerValue> Before =
      W.SteppedRead ? valueAt(W.Var, W.SteppedRead) : std::nullopt;
  if (!Before)
    return PointerValue::unknown(UnknownKind::Reassigned,
                                 "'" + Name() + "' is reassigned",
                                 E.loc(W.Statement));
  if (Before->isUnknown())
    return *Before;
  if (W.Var->getType()->isPointerType()) {
    WriteStep Step = additiveStep(W);
    if (Step.Kind != StepKind::Add)
      return PointerValue::unknown(UnknownKind::Reassigned,
                                   "pointer '" + Name() +
                                       "' changes in a way the analysis "
                                       "does not follow",
                                   E.loc(W.Statement));
    LaneValue By = Step.Amount ? E.evaluate(Step.Amount) : LaneValue::constant(1);
    return E.offsetBy(*Before, Step.Negate ? -By : By,
                    W.Var->getType()->getPointeeType(), W.Statement);
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(W.Statement))
    return integer(Before->Offset +
                   LaneValue::constant(UO->isDecrementOp() ? -1 : 1));
  const auto *BO = cast<BinaryOperator>(W.Statement);
  const BinaryOperatorKind Op =
      BinaryOperator::getOpForCompoundAssignment(BO->getOpcode());
  LaneValue Amount = E.evaluate(W.Value);
  std::optional<LaneValue> After = E.arithmetic(Op, Before->Offset, Amount);
  if (After) // `n >>= k` with both uniform: one number per warp
    After = E.sharedResult(*After, BO, LaneEvaluator::SharedOperation{nullptr, BO->getOpcode()},
                         {&Before->Offset, &Amount});
  if (!After)
    return PointerValue::unknown(UnknownKind::Reassigned,
                                 "'" + Name() + "' changes in a way the "
                                              "analysis does not follow",
                                 E.loc(W.Statement));
  return integer(*After);
}

PointerValue ReassignedValues::cycleValue(const ReachingWrites &RW,
                                       const WriteCycle &C,
                                       const DeclRefExpr *Read) {
  const std::size_t FrameIndex = E.Frames.size() - 1;
  const std::pair<const WriteCycle *, const DeclRefExpr *> Key{&C, Read};
  if (const PointerValue *Known = E.recall(E.Frames[FrameIndex].CycleValues, Key))
    return *Known;
  const LaneEvaluator::Effects Before = E.effectsNow();
  PointerValue V = solveCycle(RW, C, Read);
  E.remember(E.Frames[FrameIndex].CycleValues, Key, V, Before);
  return V;
}

PointerValue ReassignedValues::solveCycle(const ReachingWrites &RW,
                                          const WriteCycle &C,
                                          const DeclRefExpr *Read) {
  const Write &First = RW.write(C.Members.front());
  const VarDecl *VD = First.Var;
  const std::string Name = VD->getNameAsString();
  auto Unknown = [&](UnknownKind Kind, std::string What) {
    return PointerValue::unknown(Kind, std::move(What), E.loc(First.Statement));
  };
  if (!CyclesInProgress.insert(&C).second)
    return Unknown(UnknownKind::Reassigned, "'" + Name + "' depends on itself");
  auto Done = llvm::make_scope_exit([&] { CyclesInProgress.erase(&C); });

  llvm::SmallVector<const Stmt *, 4> Statements;
  for (unsigned M : C.Members)
    Statements.push_back(RW.write(M).Statement);
  const Stmt *Loop = loopAround(RW.parents(), Statements);
  if (!Loop || RW.hasGoto())
    return Unknown(UnknownKind::Reassigned,
                   "'" + Name + "' is written on paths the analysis does not "
                                "follow");
  llvm::SmallVector<FlowPart, 4> EntryParts;
  for (unsigned In : C.Entries)
    EntryParts.push_back({writeValue(RW, In), RW.write(In).Statement});
  if (EntryParts.empty())
    return Unknown(UnknownKind::Reassigned,
                   "'" + Name + "' has no value before its loop");
  PointerValue Entry = joinValues(RW, VD, EntryParts, Read);
  if (Entry.isUnknown())
    return Entry;
  const CycleSteps Steps = stepsOf(RW, C);
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
    return Unknown(UnknownKind::Reassigned, "'" + Name + "' " + *Why);
  if (Steps.Additive)
    return Hypothesis;
  return cycleOfNumbers(RW, C, Loop, Entry, Hypothesis, Unknown);
}

ReassignedValues::CycleSteps
ReassignedValues::stepsOf(const ReachingWrites &RW, const WriteCycle &C) {
  // Steps by warp-uniform amounts make the entry value plus their sum; a
  // number stepped otherwise may cycle through a few numbers.
  for (unsigned M : C.Members) {
    WriteStep Step = additiveStep(RW.write(M));
    if (Step.Kind != StepKind::Add)
      return {false, std::nullopt};
    if (!Step.Amount)
      continue;
    LaneValue Amount = E.evaluate(Step.Amount);
    if (Amount.isUnknown())
      return {true, Amount};
    if (Amount.kind() == LaneKind::Varying)
      return {true, LaneValue::unknown(UnknownKind::Reassigned,
                                       "'" + RW.write(M).Var->getNameAsString() +
                                           "' steps differently per lane")};
  }
  return {true, std::nullopt};
}

PointerValue ReassignedValues::cycleHypothesis(const VarDecl *VD,
                                               const Stmt *Loop,
                                               const PointerValue &Entry,
                                               bool Additive) {
  const std::string Name = VD->getNameAsString();
  PointerValue Hypothesis = Entry;
  if (Additive) {
    const unsigned Line =
        E.Ctx.getSourceManager().getPresumedLineNumber(Loop->getBeginLoc());
    SymbolId Steps =
        E.Symbols.intern(SymbolKey{SymbolKind::CycleSteps, VD, Loop, 0, {}},
                         "steps of '" + Name + "' (line " +
                             std::to_string(Line) + ")");
    Hypothesis.Offset = E.pinned(Entry.Offset + LaneValue::symbol(Steps));
  } else {
    SymbolId Value = E.Symbols.intern(
        SymbolKey{SymbolKind::CycleValue, VD, Loop, E.freshDetail(), {}}, Name);
    Hypothesis.Offset = LaneValue::symbol(Value);
  }
  return Hypothesis;
}

std::optional<std::string> ReassignedValues::whyNotTogether(
    const ReachingWrites &RW, llvm::SmallVectorImpl<const Stmt *> &Statements,
    const DeclRefExpr *Read, const Stmt *Loop, const VarDecl *VD,
    const PointerValue &Hypothesis) {
  // Every lane must make the same steps: no write under a branch that
  // differs between lanes, no continue or break that some lanes take. The
  // branches are judged with the variable at its hypothetical value (the
  // loop's own condition reads it): if every lane holds that value before
  // a step, it holds it after, by induction over the steps.
  FixedScope Assume(*this, VD, Hypothesis);
  for (const Stmt *S : Statements)
    if (!reachedTogether(RW, S, Read, Loop))
      return std::string(
          "is stepped a number of times that differs between lanes");
  Statements.push_back(Read);
  if (!jumpsTogether(RW, Statements))
    return std::string(
        "is stepped on paths that differ between lanes (continue or break)");
  return std::nullopt;
}

template <typename UnknownFn>
PointerValue ReassignedValues::cycleOfNumbers(const ReachingWrites &RW,
                                              const WriteCycle &C,
                                              const Stmt *Loop,
                                              const PointerValue &Entry,
                                              const PointerValue &Hypothesis,
                                              UnknownFn Unknown) {
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
  SymbolId Id = E.Symbols.intern(
      SymbolKey{SymbolKind::CycleValues, VD, Loop, E.freshDetail(), {}}, Name);
  E.Symbols[Id].Values = std::move(*Values);
  E.Loops.add(VD, Id);
  return integer(E.pinned(LaneValue::symbol(Id)));
}

std::optional<std::vector<std::int64_t>>
ReassignedValues::cycleNumbers(const ReachingWrites &RW, const WriteCycle &C,
                               std::optional<std::int64_t> Start) {
  // A few values in turn (a double-buffer stage): each, from the entry's.
  if (!Start)
    return std::nullopt;
  const VarDecl *VD = RW.write(C.Members.front()).Var;
  std::vector<std::int64_t> Values{*Start};
  for (std::size_t Next = 0; Next < Values.size(); ++Next) {
    FixedScope At(*this, VD, integer(LaneValue::constant(Values[Next])));
    for (unsigned M : C.Members) {
      std::optional<std::int64_t> V = writeValue(RW, M).Offset.asConstant();
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
ReassignedValues::nonUniformStep(const ReachingWrites &RW, const WriteCycle &C,
                              const PointerValue &Hypothesis) {
  FixedScope Assume(*this, RW.write(C.Members.front()).Var, Hypothesis);
  for (unsigned M : C.Members) {
    PointerValue V = writeValue(RW, M);
    if (V.Offset.kind() != LaneKind::Constant &&
        V.Offset.kind() != LaneKind::Uniform)
      return V;
  }
  return std::nullopt;
}

PointerValue ReassignedValues::joinValues(const ReachingWrites &RW,
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
                                   E.loc(Read));
  bool Same = true;
  for (const FlowPart &P : Parts)
    Same &= (P.Value.Offset - First.Offset).asConstant() ==
            std::optional<std::int64_t>(0);
  if (Same)
    return First;

  // Different values: one per warp only if the warp takes one path.
  for (const FlowPart &P : Parts)
    if (P.Anchor && !reachedTogether(RW, P.Anchor, Read))
      return PointerValue::unknown(UnknownKind::Reassigned,
                                   "'" + Name +
                                       "' is set under a condition that "
                                       "differs between lanes",
                                   E.loc(P.Anchor));
  llvm::SmallVector<const Stmt *, 4> Around{Read};
  for (const FlowPart &P : Parts)
    Around.push_back(P.Anchor);
  if (RW.hasGoto() || !jumpsTogether(RW, Around))
    return PointerValue::unknown(UnknownKind::Reassigned,
                                 "'" + Name + "' is set on paths the "
                                              "analysis does not follow",
                                 E.loc(Read));

  return pathValue(VD, Parts, Read);
}

PointerValue ReassignedValues::pathValue(const VarDecl *VD,
                                         llvm::ArrayRef<FlowPart> Parts,
                                         const DeclRefExpr *Read) {
  const std::string Name = VD->getNameAsString();
  const PointerValue &First = Parts.front().Value;
  const unsigned Line =
      E.Ctx.getSourceManager().getPresumedLineNumber(Read->getBeginLoc());
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
    SymbolId Id = E.Symbols.intern(
        SymbolKey{SymbolKind::PathValues, VD, nullptr, E.freshDetail(), {}}, Name);
    E.Symbols[Id].Values = Numbers;
    if (!First.Base)
      E.Loops.add(VD, Id);
    Out.Offset = E.pinned(LaneValue::symbol(Id));
    return Out;
  }
  if (Parts.size() == 2) {
    // v0 + c * (v1 - v0), c in {0, 1}: exactly one of the two per warp.
    SymbolId Id = E.Symbols.intern(
        SymbolKey{SymbolKind::PathChoice, VD, nullptr, Line, {}},
        "path to '" + Name + "' at line " + std::to_string(Line));
    E.Symbols[Id].Values = {0, 1};
    Out.Offset = E.pinned(First.Offset + LaneValue::symbol(Id) *
                                           (Parts[1].Value.Offset -
                                            First.Offset));
    return Out;
  }
  return PointerValue::unknown(UnknownKind::Limit,
                               std::to_string(Parts.size()) +
                                   " different values of '" + Name +
                                   "' reach this read",
                               E.loc(Read));
}

bool ReassignedValues::reachedTogether(const ReachingWrites &RW,
                                       const Stmt *From, const Stmt *Read,
                                       const Stmt *Loop) {
  return lanes::reachedTogether(
      RW, From, Read, Loop, [this](const Expr *C) { return E.warpUniform(C); });
}

bool ReassignedValues::jumpsTogether(const ReachingWrites &RW,
                                     llvm::ArrayRef<const Stmt *> Around) {
  return lanes::jumpsTogether(
      RW, Around, [this](const Expr *C) { return E.warpUniform(C); });
}

} // namespace gpumem::lanes
