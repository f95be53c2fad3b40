//===- LoopVariables.cpp - for-loop variables as symbols --------------------===//
#include "checks/lanes/LoopVariables.h"

#include "checks/cuda/ConstantInt.h"
#include "checks/lanes/EvaluatorCore.h"
#include "checks/lanes/EvaluatorSupport.h"

#include "llvm/Support/SaveAndRestore.h"

#include <cstdlib>

namespace gpumem::lanes {

using namespace clang;
using namespace detail;

namespace {

/// The value after \p V in a loop stepped by \p Kind and \p By; \p V itself
/// where the step would not move or would overflow.
std::int64_t nextValue(cuda::StepKind Kind, std::int64_t V, std::int64_t By) {
  switch (Kind) {
  case cuda::StepKind::Add:
    return V + By;
  case cuda::StepKind::Multiply:
    return V * By;
  case cuda::StepKind::Divide:
    return By ? V / By : V;
  case cuda::StepKind::ShiftLeft:
    return (By >= 0 && By < 62) ? V << By : V;
  case cuda::StepKind::ShiftRight:
    return (By >= 0 && By < 62) ? V >> By : V;
  case cuda::StepKind::None:
    break;
  }
  return V;
}

} // namespace

const VarDecl *LoopVariables::variableOf(SymbolId Id) const {
  for (const LoopSymbol &S : Symbols)
    if (S.Id == Id)
      return S.Var;
  return nullptr;
}

const Stmt *LoopVariables::loopOf(SymbolId Id) const {
  for (const LoopSymbol &S : Symbols)
    if (S.Id == Id)
      return S.Loop;
  return nullptr;
}

void LoopVariables::add(const VarDecl *VD, SymbolId Id) {
  if (!variableOf(Id))
    Symbols.push_back(LoopSymbol{VD, Id});
}

LaneValue LoopVariables::valueOf(const VarDecl *VD,
                                 const cuda::InductionLoop &Loop) {
  if (auto Cached = Values.find(VD); Cached != Values.end())
    return Core.pinned(Cached->second);
  const std::string Name = VD->getNameAsString();
  // Guard against a loop whose own bounds mention its variable.
  Values[VD] = LaneValue::unknown(
      UnknownKind::Reassigned, "loop variable '" + Name + "' depends on itself",
      Core.loc(Loop.Loop));
  auto Remember = [&](LaneValue V) {
    Values[VD] = V;
    return Core.pinned(V);
  };
  auto Unknown = [&](std::string Why, const Stmt *At) {
    return LaneValue::unknown(UnknownKind::Reassigned,
                              "loop variable '" + Name + "' " + Why,
                              Core.loc(At));
  };
  cuda::WriteStep Step = cuda::stepOf(Loop.Loop->getInc(), VD);
  if (Step.Kind == cuda::StepKind::None)
    return Remember(Unknown("changes in a way the analysis does not follow",
                            Loop.Loop->getInc()));
  // The start and the step are evaluated without the pins of enumerated
  // loop variables: the symbol stands for every value they take.
  LaneValue Init, Amount;
  {
    llvm::SaveAndRestore Unpinned(Core.assumed(), Core.pinning({}));
    Init = Core.evaluate(Loop.Init);
    Amount = Step.Amount ? Core.evaluate(Step.Amount) : LaneValue::constant(1);
  }
  if (Step.Negate)
    Amount = -Amount;
  if (Init.isUnknown())
    return Remember(Init);
  if (Amount.isUnknown())
    return Remember(Amount);
  if (Amount.kind() == LaneKind::Varying)
    return Remember(Unknown("steps differently per lane", Loop.Loop->getInc()));

  return Remember(symbolFor(VD, Loop, Step.Kind, Init, Amount, Unknown));
}

template <typename UnknownFn>
LaneValue LoopVariables::symbolFor(const VarDecl *VD,
                                   const cuda::InductionLoop &Loop,
                                   cuda::StepKind Kind, const LaneValue &Init,
                                   const LaneValue &Amount, UnknownFn Unknown) {
  // Enumerate the values when start, step and bound are numbers (blockDim
  // from the launch or the assumed block size).
  std::vector<std::int64_t> Enumerated;
  auto Bounds = Core.Geometry.boundsSubstitution();
  auto Start = Init.substitute(Bounds).asConstant();
  auto By = Amount.substitute(Bounds).asConstant();
  if (Start && By)
    Enumerated = enumerate(VD, Loop, Kind, *Start, *By, Bounds);
  // A lane-started variable (i = threadIdx.x; i < 40; i += 32): the
  // passes are counted instead, each priced with the lanes it runs.
  const bool CountsPasses = !Start && By && Kind == cuda::StepKind::Add;
  if (CountsPasses)
    Enumerated = passes(VD, Loop, Init.substitute(Bounds), *By, Bounds);
  const std::string Name = VD->getNameAsString();
  SymbolId Id =
      Core.Symbols.intern(SymbolKey{SymbolKind::LoopIteration,
                                    VD,
                                    nullptr,
                                    static_cast<std::int64_t>(Symbols.size()),
                                    {}},
                          Name);
  Symbols.push_back(LoopSymbol{VD, Id, Loop.Loop});
  if (!Enumerated.empty() && CountsPasses) {
    Core.Symbols[Id].Values = std::move(Enumerated);
    Core.Symbols[Id].Name = "pass of '" + Name + "'";
    Core.Symbols[Id].CountsPasses = true;
    return Init + Amount * LaneValue::symbol(Id);
  }
  if (!Enumerated.empty()) {
    Core.Symbols[Id].Values = std::move(Enumerated);
    return LaneValue::symbol(Id);
  }
  // `for (s = n / 2; s > 0; s >>= 1)` with n unknown: its values are not
  // known, but they are the same in every lane that runs an iteration.
  if (Kind != cuda::StepKind::Add &&
      (Init.kind() == LaneKind::Constant || Init.kind() == LaneKind::Uniform))
    return LaneValue::symbol(Id);
  if (Kind != cuda::StepKind::Add)
    return Unknown("is scaled by a bound the analysis cannot enumerate",
                   Loop.Loop);
  // init + step * (iterations so far); the symbol counts iterations.
  if (Init.asConstant() == std::optional<std::int64_t>(0) &&
      Amount.asConstant() == std::optional<std::int64_t>(1))
    return LaneValue::symbol(Id);
  Core.Symbols[Id].Name = "iteration of '" + Name + "'";
  return Init + Amount * LaneValue::symbol(Id);
}

std::vector<std::int64_t>
LoopVariables::enumerate(const VarDecl *VD, const cuda::InductionLoop &Loop,
                         cuda::StepKind Kind, std::int64_t Start,
                         std::int64_t By,
                         const std::map<SymbolId, std::int64_t> &Bounds) {
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      Loop.Loop->getCond() ? Loop.Loop->getCond()->IgnoreParenImpCasts()
                           : nullptr);
  if (!Cond || !Cond->isComparisonOp())
    return {};
  const bool VarOnLeft = cuda::refTo(Cond->getLHS(), VD) != nullptr;
  if (VarOnLeft == (cuda::refTo(Cond->getRHS(), VD) != nullptr))
    return {};
  LaneValue BoundValue =
      Core.evaluate(VarOnLeft ? Cond->getRHS() : Cond->getLHS());
  const bool BoundUsesAssumption =
      Core.Geometry.assumesBounds() &&
      BoundValue.asConstant() != BoundValue.substitute(Bounds).asConstant();
  auto Bound = BoundValue.substitute(Bounds).asConstant();
  if (!Bound)
    return {};
  std::vector<std::int64_t> Out;
  std::int64_t V = Start;
  for (unsigned Trip = 0;; ++Trip) {
    const bool Holds = VarOnLeft ? compareHolds(Cond->getOpcode(), V, *Bound)
                                 : compareHolds(Cond->getOpcode(), *Bound, V);
    if (!Holds)
      break;
    if (Trip == EvaluatorCore::MaxLoopTrips)
      return {};
    Out.push_back(V);
    const std::int64_t Next = nextValue(Kind, V, By);
    if (Next == V || std::llabs(Next) > (std::int64_t(1) << 40))
      return {};
    V = Next;
  }
  if (!Out.empty() && BoundUsesAssumption)
    Core.record({0, 0, /*UsedAssumedBounds=*/true});
  return Out;
}

std::vector<std::int64_t>
LoopVariables::passes(const VarDecl *VD, const cuda::InductionLoop &Loop,
                      const LaneValue &Start, std::int64_t By,
                      const std::map<SymbolId, std::int64_t> &Bounds) {
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      Loop.Loop->getCond() ? Loop.Loop->getCond()->IgnoreParenImpCasts()
                           : nullptr);
  if (!Cond || By <= 0 || Start.isUnknown())
    return {};
  // Only an upper bound: the lane that starts lowest makes the most passes.
  const bool VarOnLeft = cuda::refTo(Cond->getLHS(), VD) != nullptr;
  const BinaryOperatorKind Op = Cond->getOpcode();
  if (VarOnLeft ? (Op != BO_LT && Op != BO_LE) : (Op != BO_GT && Op != BO_GE))
    return {};
  // The lowest start over the lanes of every warp: the symbols left (the
  // warp's place in the block) must have known values.
  std::vector<SymbolId> Ids = Start.symbols();
  std::uint64_t Combos = 1;
  for (SymbolId Id : Ids) {
    Combos *= Core.Symbols[Id].Values.size();
    if (Combos == 0 || Combos > EvaluatorCore::MaxLoopTrips)
      return {};
  }
  std::optional<std::int64_t> Lowest;
  bool Failed = false;
  forEachAssignment(Core.Symbols, Ids,
                    [&](const std::map<SymbolId, std::int64_t> &Pins) {
                      std::optional<LaneVector> Lanes =
                          Start.substitute(Pins).asPerLane();
                      if (!Lanes)
                        return !(Failed = true);
                      for (std::int64_t V : *Lanes)
                        Lowest = Lowest ? std::min(*Lowest, V) : V;
                      return true;
                    });
  if (Failed || !Lowest)
    return {};
  std::vector<std::int64_t> Values =
      enumerate(VD, Loop, cuda::StepKind::Add, *Lowest, By, Bounds);
  for (std::size_t I = 0; I < Values.size(); ++I)
    Values[I] = static_cast<std::int64_t>(I);
  return Values;
}

std::optional<LaneValue> LoopVariables::valueEntering(const VarDecl *VD,
                                                      const ForStmt *Loop) {
  const cuda::FunctionFacts *F =
      Core.frames().empty() ? nullptr : Core.frames().back().Facts;
  if (!F || !VD || !Loop || !VD->hasLocalStorage())
    return std::nullopt;
  if (const cuda::InductionLoop *Own = F->inductionLoopOf(VD);
      Own && Own->Loop == Loop)
    return Core.evaluate(Own->Init);
  const Expr *Init = VD->getInit();
  if (!Init || !Loop->getInc() || isa<ParmVarDecl>(VD))
    return std::nullopt;
  for (const Stmt *W : F->writesOf(VD))
    if (!cuda::contains(Loop->getInc(), W))
      return std::nullopt;
  return Core.evaluateLocal(VD, Init);
}

std::optional<LaneMask> LoopVariables::firstPassLanes(const Stmt *Loop,
                                                      const Expr *Cond) {
  // Evaluated once as it is: that interns the counters it mentions, and a
  // condition with none (a variable only the body writes) is decided so.
  if (std::optional<LaneMask> Lanes = Core.evaluateCondition(Cond))
    return Lanes;
  std::map<SymbolId, std::int64_t> FirstPass = Core.assumed().Pins;
  const std::size_t Before = FirstPass.size();
  for (const LoopSymbol &S : Symbols)
    if (S.Loop == Loop)
      FirstPass.emplace(S.Id, Core.Symbols[S.Id].Values.empty()
                                  ? 0
                                  : Core.Symbols[S.Id].Values.front());
  for (SymbolId Id = 0; Id < Core.Symbols.size(); ++Id)
    if (const SymbolKey &Key = Core.Symbols[Id].Key;
        Key.Kind == SymbolKind::CycleSteps && Key.Other == Loop)
      FirstPass.emplace(Id, 0);
  if (FirstPass.size() == Before)
    return std::nullopt;
  llvm::SaveAndRestore Pinned(Core.assumed(),
                              Core.pinning(std::move(FirstPass)));
  return Core.evaluateCondition(Cond);
}

bool LoopVariables::runsAtMostOnce(const ForStmt *Loop, LaneMask Active) {
  llvm::SmallVector<const Expr *, 4> Conjuncts;
  llvm::SmallVector<const Expr *, 4> Work{Loop->getCond()};
  while (!Work.empty() && Conjuncts.size() <= 8) {
    const Expr *C = Work.pop_back_val();
    if (!C)
      continue;
    C = C->IgnoreParenImpCasts();
    if (const auto *BO = dyn_cast<BinaryOperator>(C);
        BO && BO->getOpcode() == BO_LAnd) {
      Work.push_back(BO->getLHS());
      Work.push_back(BO->getRHS());
    } else {
      Conjuncts.push_back(C);
    }
  }
  for (const Expr *C : Conjuncts)
    if (const auto *BO = dyn_cast<BinaryOperator>(C);
        BO && BO->isRelationalOp() && boundsOnePass(BO, Loop, Active))
      return true;
  return false;
}

bool LoopVariables::boundsOnePass(const BinaryOperator *BO, const ForStmt *Loop,
                                  LaneMask Active) {
  // v < B, v <= B, B > v, B >= v.
  const bool VarLeft = BO->getOpcode() == BO_LT || BO->getOpcode() == BO_LE;
  const Expr *BoundSide = VarLeft ? BO->getRHS() : BO->getLHS();
  const auto *Ref = dyn_cast<DeclRefExpr>(
      (VarLeft ? BO->getLHS() : BO->getRHS())->IgnoreParenImpCasts());
  const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  // Numbers, or blockDim where the launch fixes it (not an assumed size).
  auto Number = [&](const Expr *X) -> std::optional<std::int64_t> {
    if (std::optional<std::int64_t> C = cuda::constantInt(X, Core.Ctx))
      return C;
    if (Core.Geometry.assumesBounds())
      return std::nullopt;
    return Core.evaluate(X).asConstant();
  };
  std::optional<std::int64_t> Bound = Number(BoundSide);
  cuda::WriteStep Step =
      VD ? cuda::stepOf(Loop->getInc(), VD) : cuda::WriteStep{};
  // `++i` steps by one (no operand).
  std::optional<std::int64_t> By =
      Step.Amount ? Number(Step.Amount) : std::optional<std::int64_t>(1);
  if (!Bound || Step.Kind != cuda::StepKind::Add || Step.Negate || !By ||
      *By <= 0)
    return false;
  std::optional<LaneValue> Entry = valueEntering(VD, Loop);
  if (!Entry || Entry->isUnknown())
    return false;
  // The lanes whose second value still passes the bound.
  const bool Strict = BO->getOpcode() == BO_LT || BO->getOpcode() == BO_GT;
  std::optional<LaneMask> Again = Core.compareLanes(
      Strict ? BO_LT : BO_LE, *Entry + LaneValue::constant(*By - *Bound));
  return Again && (*Again & Active) == 0;
}

} // namespace gpumem::lanes
