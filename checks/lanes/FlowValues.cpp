//===- FlowValues.cpp - reassigned variables from reaching writes ---------===//
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
#include "checks/lanes/LaneEvaluator.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

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
class LaneEvaluator::FixedScope {
public:
  FixedScope(LaneEvaluator &E, const VarDecl *VD, PointerValue Value)
      : E(E), SavedGeneration(E.PinGeneration) {
    E.Fixed.push_back(Override{VD, std::move(Value)});
    E.PinGeneration = ++E.PinGenerations;
  }
  ~FixedScope() {
    E.Fixed.pop_back();
    E.PinGeneration = SavedGeneration;
  }
  FixedScope(const FixedScope &) = delete;
  FixedScope &operator=(const FixedScope &) = delete;

private:
  LaneEvaluator &E;
  unsigned SavedGeneration;
};

const ReachingWrites *LaneEvaluator::flowOfCurrentFrame() {
  Frame &F = Frames.back();
  if (!F.FlowBuilt) {
    F.FlowBuilt = true;
    const ReachingWrites &RW = Functions.flowOf(F.Function, Ctx);
    F.Flow = RW.valid() ? &RW : nullptr;
  }
  return F.Flow;
}

std::optional<PointerValue>
LaneEvaluator::flowValue(const VarDecl *VD, const DeclRefExpr *Read) {
  for (auto It = Fixed.rbegin(); It != Fixed.rend(); ++It)
    if (It->Var == VD)
      return It->Value;
  if (Frames.empty() || !Frames.back().Facts ||
      Frames.back().Facts->writesOf(VD).empty())
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

PointerValue LaneEvaluator::writeValue(const ReachingWrites &RW, unsigned Id) {
  const std::size_t FrameIndex = Frames.size() - 1;
  if (const PointerValue *Known = recall(Frames[FrameIndex].WriteValues, Id))
    return *Known;
  const Write &W = RW.write(Id);
  const bool IsPointer = W.Var->getType()->isPointerType();
  const std::string Name = W.Var->getNameAsString();
  const std::pair<const void *, unsigned> InProgress{&W, PinGeneration};
  if (!WritesInProgress.insert(InProgress).second)
    return PointerValue::unknown(UnknownKind::Reassigned,
                                 "'" + Name + "' depends on itself",
                                 loc(W.Statement));
  const Effects Before = effectsNow();
  PointerValue V;
  switch (W.Kind) {
  case WriteKind::Entry:
    if (auto Bound = Frames[FrameIndex].Pointers.find(W.Var);
        Bound != Frames[FrameIndex].Pointers.end())
      V = Bound->second;
    else if (auto BoundInt = Frames[FrameIndex].Values.find(W.Var);
             BoundInt != Frames[FrameIndex].Values.end())
      V = integer(BoundInt->second);
    else if (IsPointer && FrameIndex == 0) {
      // A kernel's pointer parameter points to global memory.
      V.Space = MemorySpace::Global;
      V.Base = W.Var;
      V.Offset = LaneValue::constant(0);
    } else if (!IsPointer)
      V = integer(pinned(LaneValue::symbol(Symbols.intern(
          SymbolKey{SymbolKind::Parameter, W.Var, nullptr, 0, {}}, Name))));
    else
      V = PointerValue::unknown(UnknownKind::NotFollowed,
                                "parameter '" + Name + "' of a call not followed",
                                loc(Frames[FrameIndex].Function->getBody()));
    break;
  case WriteKind::Uninitialized:
    V = PointerValue::unknown(UnknownKind::NotFollowed,
                              "'" + Name + "' has no initializer",
                              W.Var->getLocation().getRawEncoding());
    break;
  case WriteKind::Init:
  case WriteKind::Assign:
    V = IsPointer ? evaluatePointer(W.Value) : integer(evaluate(W.Value));
    break;
  case WriteKind::Step:
    V = stepValue(RW, W);
    break;
  }
  WritesInProgress.erase(InProgress);
  remember(Frames[FrameIndex].WriteValues, Id, V, Before);
  return V;
}

PointerValue LaneEvaluator::stepValue(const ReachingWrites &RW,
                                      const Write &W) {
  // Only the reasons need the name.
  auto Name = [&] { return W.Var->getNameAsString(); };
  std::optional<PointerValue> Before =
      W.SteppedRead ? flowValue(W.Var, W.SteppedRead) : std::nullopt;
  if (!Before)
    return PointerValue::unknown(UnknownKind::Reassigned,
                                 "'" + Name() + "' is reassigned",
                                 loc(W.Statement));
  if (Before->isUnknown())
    return *Before;
  if (W.Var->getType()->isPointerType()) {
    WriteStep Step = additiveStep(W);
    if (Step.Kind != StepKind::Add)
      return PointerValue::unknown(UnknownKind::Reassigned,
                                   "pointer '" + Name() +
                                       "' changes in a way the analysis "
                                       "does not follow",
                                   loc(W.Statement));
    LaneValue By = Step.Amount ? evaluate(Step.Amount) : LaneValue::constant(1);
    return offsetBy(*Before, Step.Negate ? -By : By,
                    W.Var->getType()->getPointeeType(), W.Statement);
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(W.Statement))
    return integer(Before->Offset +
                   LaneValue::constant(UO->isDecrementOp() ? -1 : 1));
  const auto *BO = cast<BinaryOperator>(W.Statement);
  const BinaryOperatorKind Op =
      BinaryOperator::getOpForCompoundAssignment(BO->getOpcode());
  LaneValue Amount = evaluate(W.Value);
  std::optional<LaneValue> After = arithmetic(Op, Before->Offset, Amount);
  if (After) // `n >>= k` with both uniform: one number per warp
    After = sharedResult(*After, BO, SharedOperation{nullptr, BO->getOpcode()},
                         {&Before->Offset, &Amount});
  if (!After)
    return PointerValue::unknown(UnknownKind::Reassigned,
                                 "'" + Name() + "' changes in a way the "
                                              "analysis does not follow",
                                 loc(W.Statement));
  return integer(*After);
}

PointerValue LaneEvaluator::cycleValue(const ReachingWrites &RW,
                                       const WriteCycle &C,
                                       const DeclRefExpr *Read) {
  const std::size_t FrameIndex = Frames.size() - 1;
  const std::pair<const WriteCycle *, const DeclRefExpr *> Key{&C, Read};
  if (const PointerValue *Known = recall(Frames[FrameIndex].CycleValues, Key))
    return *Known;
  const Effects Before = effectsNow();
  PointerValue V = solveCycle(RW, C, Read);
  remember(Frames[FrameIndex].CycleValues, Key, V, Before);
  return V;
}

PointerValue LaneEvaluator::solveCycle(const ReachingWrites &RW,
                                       const WriteCycle &C,
                                       const DeclRefExpr *Read) {
  const VarDecl *VD = RW.write(C.Members.front()).Var;
  const bool IsPointer = VD->getType()->isPointerType();
  const std::string Name = VD->getNameAsString();
  const Write &First = RW.write(C.Members.front());
  auto Unknown = [&](UnknownKind Kind, std::string What) {
    return PointerValue::unknown(Kind, std::move(What), loc(First.Statement));
  };
  if (!FlowInProgress.insert(&C).second)
    return Unknown(UnknownKind::Reassigned, "'" + Name + "' depends on itself");
  struct Done {
    llvm::SmallPtrSet<const void *, 8> &Set;
    const void *Key;
    ~Done() { Set.erase(Key); }
  } Erase{FlowInProgress, &C};

  llvm::SmallVector<const Stmt *, 4> Statements;
  for (unsigned M : C.Members)
    Statements.push_back(RW.write(M).Statement);
  const Stmt *Loop = loopAround(RW.parents(), Statements);
  if (!Loop || RW.hasGoto())
    return Unknown(UnknownKind::Reassigned,
                   "'" + Name + "' is written on paths the analysis does not "
                                "follow");
  llvm::SmallVector<FlowPart, 4> EntryParts;
  for (unsigned E : C.Entries)
    EntryParts.push_back({writeValue(RW, E), RW.write(E).Statement});
  if (EntryParts.empty())
    return Unknown(UnknownKind::Reassigned,
                   "'" + Name + "' has no value before its loop");
  PointerValue Entry = joinValues(RW, VD, EntryParts, Read);
  if (Entry.isUnknown())
    return Entry;

  const unsigned Line =
      Ctx.getSourceManager().getPresumedLineNumber(Loop->getBeginLoc());
  // Steps by warp-uniform amounts make the entry value plus their sum; a
  // number stepped otherwise may cycle through a few numbers.
  bool Additive = true;
  for (unsigned M : C.Members) {
    WriteStep Step = additiveStep(RW.write(M));
    if (Step.Kind != StepKind::Add) {
      Additive = false;
      break;
    }
    if (!Step.Amount)
      continue;
    LaneValue Amount = evaluate(Step.Amount);
    if (Amount.isUnknown())
      return Unknown(Amount.reason().Kind, Amount.reason().What);
    if (Amount.kind() == LaneKind::Varying)
      return Unknown(UnknownKind::Reassigned,
                     "'" + Name + "' steps differently per lane");
  }
  std::optional<std::int64_t> Start =
      IsPointer ? std::nullopt : Entry.Offset.asConstant();
  if (!Additive && (IsPointer || Entry.Offset.kind() == LaneKind::Varying))
    return Unknown(UnknownKind::Reassigned,
                   "'" + Name + "' changes around a loop in a way the "
                                "analysis does not follow");
  PointerValue Hypothesis = Entry;
  if (Additive) {
    SymbolId Steps =
        Symbols.intern(SymbolKey{SymbolKind::CycleSteps, VD, Loop, 0, {}},
                       "steps of '" + Name + "' (line " +
                           std::to_string(Line) + ")");
    Hypothesis.Offset = pinned(Entry.Offset + LaneValue::symbol(Steps));
  } else {
    SymbolId Value = Symbols.intern(
        SymbolKey{SymbolKind::CycleValue, VD, Loop, freshDetail(), {}}, Name);
    Hypothesis.Offset = LaneValue::symbol(Value);
  }

  // Every lane must make the same steps: no write under a branch that
  // differs between lanes, no continue or break that some lanes take. The
  // branches are judged with the variable at its hypothetical value (the
  // loop's own condition reads it): if every lane holds that value before
  // a step, it holds it after, by induction over the steps.
  {
    FixedScope Assume(*this, VD, Hypothesis);
    for (const Stmt *S : Statements)
      if (!reachedTogether(RW, S, Read, Loop))
        return Unknown(UnknownKind::Reassigned,
                       "'" + Name +
                           "' is stepped a number of times that differs "
                           "between lanes");
    Statements.push_back(Read);
    if (!jumpsTogether(RW, Statements))
      return Unknown(UnknownKind::Reassigned,
                     "'" + Name + "' is stepped on paths that differ between "
                                  "lanes (continue or break)");
  }
  if (Additive)
    return Hypothesis;

  // A few values in turn (a double-buffer stage): each, from the entry's.
  std::vector<std::int64_t> Values;
  if (Start)
    Values.push_back(*Start);
  bool Bounded = Start.has_value();
  for (std::size_t Next = 0; Next < Values.size() && Bounded; ++Next) {
    FixedScope At(*this, VD, integer(LaneValue::constant(Values[Next])));
    for (unsigned M : C.Members) {
      std::optional<std::int64_t> V = writeValue(RW, M).Offset.asConstant();
      if (!V) {
        Bounded = false;
        break;
      }
      if (llvm::is_contained(Values, *V))
        continue;
      if (Values.size() >= MaxCycleValues) {
        Bounded = false;
        break;
      }
      Values.push_back(*V);
    }
  }
  if (!Bounded) {
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
  std::sort(Values.begin(), Values.end());
  SymbolId Id = Symbols.intern(
      SymbolKey{SymbolKind::CycleValues, VD, Loop, freshDetail(), {}}, Name);
  Symbols[Id].Values = Values;
  if (!loopVariableOf(Id))
    LoopSymbols.push_back(LoopSymbol{VD, Id});
  return integer(pinned(LaneValue::symbol(Id)));
}

std::optional<PointerValue>
LaneEvaluator::nonUniformStep(const ReachingWrites &RW, const WriteCycle &C,
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

PointerValue LaneEvaluator::joinValues(const ReachingWrites &RW,
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
                                   loc(Read));
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
                                   loc(P.Anchor));
  llvm::SmallVector<const Stmt *, 4> Around{Read};
  for (const FlowPart &P : Parts)
    Around.push_back(P.Anchor);
  if (RW.hasGoto() || !jumpsTogether(RW, Around))
    return PointerValue::unknown(UnknownKind::Reassigned,
                                 "'" + Name + "' is set on paths the "
                                              "analysis does not follow",
                                 loc(Read));

  const unsigned Line =
      Ctx.getSourceManager().getPresumedLineNumber(Read->getBeginLoc());
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
    SymbolId Id = Symbols.intern(
        SymbolKey{SymbolKind::PathValues, VD, nullptr, freshDetail(), {}}, Name);
    Symbols[Id].Values = Numbers;
    if (!First.Base && !loopVariableOf(Id))
      LoopSymbols.push_back(LoopSymbol{VD, Id});
    Out.Offset = pinned(LaneValue::symbol(Id));
    return Out;
  }
  if (Parts.size() == 2) {
    // v0 + c * (v1 - v0), c in {0, 1}: exactly one of the two per warp.
    SymbolId Id = Symbols.intern(
        SymbolKey{SymbolKind::PathChoice, VD, nullptr, Line, {}},
        "path to '" + Name + "' at line " + std::to_string(Line));
    Symbols[Id].Values = {0, 1};
    Out.Offset = pinned(First.Offset + LaneValue::symbol(Id) *
                                           (Parts[1].Value.Offset -
                                            First.Offset));
    return Out;
  }
  return PointerValue::unknown(UnknownKind::Limit,
                               std::to_string(Parts.size()) +
                                   " different values of '" + Name +
                                   "' reach this read",
                               loc(Read));
}

} // namespace gpumem::lanes
