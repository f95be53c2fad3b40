//===- LoopVariables.cpp - for-loop variables as symbols --------------------===//
//
// Part of LaneEvaluator (EvaluatorSupport.h lists its files).
//
//===----------------------------------------------------------------------===//
#include "checks/lanes/LaneEvaluator.h"

#include "checks/cuda/ConstantInt.h"
#include "checks/lanes/EvaluatorSupport.h"

namespace gpumem::lanes {

using namespace clang;
using namespace detail;

LaneValue LaneEvaluator::evaluateLoopVariable(const VarDecl *VD,
                                              const cuda::InductionLoop &Loop) {
  auto Cached = LoopValues.find(VD);
  if (Cached != LoopValues.end())
    return pinned(Cached->second);

  // Guard against a loop whose own bounds mention its variable.
  LoopValues[VD] = LaneValue::unknown(
      UnknownKind::Reassigned,
      "loop variable '" + VD->getNameAsString() + "' depends on itself",
      loc(Loop.Loop));
  auto Remember = [&](LaneValue V) {
    LoopValues[VD] = V;
    return pinned(V);
  };

  WriteStep Step = stepOf(Loop.Loop->getInc(), VD);
  if (Step.Kind == StepKind::None)
    return Remember(LaneValue::unknown(UnknownKind::Reassigned,
                                       "loop variable '" +
                                           VD->getNameAsString() +
                                           "' changes in a way the analysis "
                                           "does not follow",
                                       loc(Loop.Loop->getInc())));
  // The start and the step are evaluated without the pins of enumerated
  // loop variables: the symbol stands for every value they take.
  LaneValue Init, Amount;
  {
    PinScope Unpinned(*this, {});
    Init = evaluate(Loop.Init);
    Amount = Step.Amount ? evaluate(Step.Amount) : LaneValue::constant(1);
  }
  if (Step.Negate)
    Amount = -Amount;
  if (Init.isUnknown())
    return Remember(Init);
  if (Amount.isUnknown())
    return Remember(Amount);
  if (Amount.kind() == LaneKind::Varying)
    return Remember(LaneValue::unknown(UnknownKind::Reassigned,
                                       "loop variable '" +
                                           VD->getNameAsString() +
                                           "' steps differently per lane",
                                       loc(Loop.Loop->getInc())));

  // Enumerate the values when start, step and bound are numbers (blockDim
  // from the launch or the assumed block size).
  std::vector<std::int64_t> Values;
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      Loop.Loop->getCond() ? Loop.Loop->getCond()->IgnoreParenImpCasts()
                           : nullptr);
  auto Bounds = Geometry.boundsSubstitution();
  auto Start = Init.substitute(Bounds).asConstant();
  auto By = Amount.substitute(Bounds).asConstant();
  if (Cond && Cond->isComparisonOp() && Start && By) {
    bool VarOnLeft = refTo(Cond->getLHS(), VD);
    bool VarOnRight = refTo(Cond->getRHS(), VD);
    if (VarOnLeft != VarOnRight) {
      LaneValue BoundValue =
          evaluate(VarOnLeft ? Cond->getRHS() : Cond->getLHS());
      bool BoundUsesAssumption =
          Geometry.assumesBounds() &&
          BoundValue.asConstant() != BoundValue.substitute(Bounds).asConstant();
      auto Bound = BoundValue.substitute(Bounds).asConstant();
      if (Bound) {
        std::int64_t V = *Start;
        for (unsigned Trip = 0; Trip <= MaxLoopTrips; ++Trip) {
          bool Holds = VarOnLeft ? compareHolds(Cond->getOpcode(), V, *Bound)
                                 : compareHolds(Cond->getOpcode(), *Bound, V);
          if (!Holds)
            break;
          if (Trip == MaxLoopTrips) {
            Values.clear();
            break;
          }
          Values.push_back(V);
          std::int64_t Next = V;
          switch (Step.Kind) {
          case StepKind::Add:
            Next = V + *By;
            break;
          case StepKind::Multiply:
            Next = V * *By;
            break;
          case StepKind::Divide:
            Next = *By ? V / *By : V;
            break;
          case StepKind::ShiftLeft:
            Next = (*By >= 0 && *By < 62) ? V << *By : V;
            break;
          case StepKind::ShiftRight:
            Next = (*By >= 0 && *By < 62) ? V >> *By : V;
            break;
          case StepKind::None:
            break;
          }
          if (Next == V || std::llabs(Next) > (std::int64_t(1) << 40)) {
            Values.clear();
            break;
          }
          V = Next;
        }
        if (!Values.empty() && BoundUsesAssumption)
          Did.UsedAssumedBounds = true;
      }
    }
  }

  SymbolId Id = Symbols.intern(
      SymbolKey{SymbolKind::LoopIteration, VD, nullptr,
                static_cast<std::int64_t>(LoopSymbols.size()), {}},
      VD->getNameAsString());
  LoopSymbols.push_back(LoopSymbol{VD, Id});
  if (!Values.empty()) {
    Symbols[Id].Values = Values;
    return Remember(LaneValue::symbol(Id));
  }
  // `for (s = n / 2; s > 0; s >>= 1)` with n unknown: its values are not
  // known, but they are the same in every lane that runs an iteration.
  if (Step.Kind != StepKind::Add &&
      (Init.kind() == LaneKind::Constant || Init.kind() == LaneKind::Uniform))
    return Remember(LaneValue::symbol(Id));
  if (Step.Kind != StepKind::Add)
    return Remember(LaneValue::unknown(UnknownKind::Reassigned,
                                       "loop variable '" +
                                           VD->getNameAsString() +
                                           "' is scaled by a bound the "
                                           "analysis cannot enumerate",
                                       loc(Loop.Loop)));
  // init + step * (iterations so far); the symbol counts iterations.
  if (Init.asConstant() == std::optional<std::int64_t>(0) &&
      Amount.asConstant() == std::optional<std::int64_t>(1))
    return Remember(LaneValue::symbol(Id));
  Symbols[Id].Name = "iteration of '" + VD->getNameAsString() + "'";
  return Remember(Init + Amount * LaneValue::symbol(Id));
}

std::optional<LaneValue> LaneEvaluator::valueEntering(const VarDecl *VD,
                                                     const ForStmt *Loop) {
  const cuda::FunctionFacts *F = Frames.empty() ? nullptr : Frames.back().Facts;
  if (!F || !VD || !Loop || !VD->hasLocalStorage())
    return std::nullopt;
  if (const cuda::InductionLoop *Own = F->inductionLoopOf(VD);
      Own && Own->Loop == Loop)
    return evaluate(Own->Init);
  const Expr *Init = VD->getInit();
  if (!Init || !Loop->getInc() || isa<ParmVarDecl>(VD))
    return std::nullopt;
  for (const Stmt *W : F->writesOf(VD))
    if (!cuda::contains(Loop->getInc(), W))
      return std::nullopt;
  return evaluateLocal(VD, Init);
}

bool LaneEvaluator::runsAtMostOnce(const ForStmt *Loop, LaneMask Active) {
  llvm::SmallVector<const Expr *, 4> Conjuncts;
  llvm::SmallVector<const Expr *, 4> Work{Loop->getCond()};
  while (!Work.empty() && Conjuncts.size() <= 8) {
    const Expr *E = Work.pop_back_val();
    if (!E)
      continue;
    E = E->IgnoreParenImpCasts();
    if (const auto *BO = dyn_cast<BinaryOperator>(E);
        BO && BO->getOpcode() == BO_LAnd) {
      Work.push_back(BO->getLHS());
      Work.push_back(BO->getRHS());
    } else {
      Conjuncts.push_back(E);
    }
  }
  for (const Expr *C : Conjuncts) {
    const auto *BO = dyn_cast<BinaryOperator>(C);
    if (!BO || !BO->isRelationalOp())
      continue;
    // v < B, v <= B, B > v, B >= v.
    const bool VarLeft =
        BO->getOpcode() == BO_LT || BO->getOpcode() == BO_LE;
    const Expr *BoundSide = VarLeft ? BO->getRHS() : BO->getLHS();
    const auto *Ref = dyn_cast<DeclRefExpr>(
        (VarLeft ? BO->getLHS() : BO->getRHS())->IgnoreParenImpCasts());
    const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    std::optional<std::int64_t> Bound = cuda::constantInt(BoundSide, Ctx);
    WriteStep Step = VD ? stepOf(Loop->getInc(), VD) : WriteStep{};
    std::optional<std::int64_t> By =
        Step.Amount ? cuda::constantInt(Step.Amount, Ctx) : std::nullopt;
    if (!Bound || Step.Kind != StepKind::Add || Step.Negate || !By ||
        *By <= 0)
      continue;
    std::optional<LaneValue> Entry = valueEntering(VD, Loop);
    if (!Entry || Entry->isUnknown())
      continue;
    // The lanes whose second value still passes the bound.
    const bool Strict = BO->getOpcode() == BO_LT || BO->getOpcode() == BO_GT;
    std::optional<LaneMask> Again =
        compareLanes(Strict ? BO_LT : BO_LE,
                     *Entry + LaneValue::constant(*By - *Bound));
    if (Again && (*Again & Active) == 0)
      return true;
  }
  return false;
}

} // namespace gpumem::lanes
