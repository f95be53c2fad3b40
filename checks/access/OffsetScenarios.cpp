//===- OffsetScenarios.cpp - an access's offset as per-lane numbers -------===//
#include "checks/access/OffsetScenarios.h"

#include <algorithm>
#include <climits>

namespace gpumem::access {

using namespace clang;
using lanes::LaneMask;
using lanes::LaneValue;
using lanes::SymbolId;

namespace {

using Pins = std::map<SymbolId, std::int64_t>;

class ScenarioBuilder {
public:
  ScenarioBuilder(MemoryAccess &A, lanes::LaneEvaluator &Eval,
                  const AccessGuards &Guards, unsigned MaxScenarios)
      : A(A), Eval(Eval), Symbols(Eval.symbols()), Guards(Guards),
        MaxScenarios(MaxScenarios) {}

  void run() {
    if (A.Offset.isUnknown())
      return retryWithPins();
    LaneValue Relative = relativeOffset();
    std::vector<SymbolId> Enumerable, Open;
    for (SymbolId Id : Relative.symbols())
      (Symbols[Id].Values.empty() ? Open : Enumerable).push_back(Id);
    if (!Open.empty()) {
      A.SymbolicStride = Open;
      return;
    }
    withGuardSymbols(Enumerable);
    enumerate(Enumerable, [&](const Pins &P) {
      return Relative.substitute(P).asPerLane();
    });
  }

private:
  MemoryAccess &A;
  lanes::LaneEvaluator &Eval;
  lanes::SymbolTable &Symbols;
  const AccessGuards &Guards;
  unsigned MaxScenarios;

  /// The offset the model prices: uniform terms shift every lane alike, so
  /// the base they form is assumed aligned, and only lane-varying terms and
  /// the constants remain. Except, in shared memory, a shift with known
  /// values (the warp's own place in the block, its row of a 16x16 block;
  /// a loop's value or pass) that is not a whole number of 4-byte words: it
  /// changes which lanes share a word (char a[46][37], a[3 * ty][tx]), so
  /// its values are enumerated too.
  LaneValue relativeOffset() const {
    LaneValue Relative = A.Offset.withoutUniformTerms();
    if (A.Space != lanes::MemorySpace::Shared)
      return Relative;
    for (const lanes::LaneTerm &T : A.Offset.terms()) {
      bool WarpPlace = T.Coeff[0] % 4 != 0;
      for (SymbolId Id : T.Symbols)
        WarpPlace &= !Symbols[Id].Values.empty();
      if (!WarpPlace ||
          std::any_of(T.Coeff.begin(), T.Coeff.end(),
                      [&](std::int64_t C) { return C != T.Coeff[0]; }))
        continue;
      LaneValue Shift = LaneValue::constant(T.Coeff[0]);
      for (SymbolId Id : T.Symbols)
        Shift = Shift * LaneValue::symbol(Id);
      Relative = Relative + Shift;
    }
    return Relative;
  }

  /// Guards on loop variables decide the lanes per value: those variables
  /// are enumerated too, while the scenarios stay within the cap.
  void withGuardSymbols(std::vector<SymbolId> &Enumerable) const {
    if (Guards.Symbols.empty())
      return;
    std::vector<SymbolId> With = Enumerable;
    for (SymbolId Id : Guards.Symbols)
      if (std::find(With.begin(), With.end(), Id) == With.end())
        With.push_back(Id);
    std::uint64_t Combos = 1;
    for (SymbolId Id : With)
      Combos *= std::max<std::size_t>(Symbols[Id].Values.size(), 1);
    if (Combos <= MaxScenarios)
      Enumerable = std::move(With);
  }

  /// A non-affine offset (tx ^ ty) may become exact once the thread-row
  /// and loop symbols it mentions are numbers.
  void retryWithPins() {
    lanes::UnknownKind Why = A.Offset.reason().Kind;
    if (Why != lanes::UnknownKind::SymbolicOperation &&
        Why != lanes::UnknownKind::Arithmetic)
      return;
    std::vector<SymbolId> Candidates;
    for (SymbolId Id = 0; Id < Symbols.size(); ++Id)
      if (!Symbols[Id].Values.empty())
        Candidates.push_back(Id);
    // An access through a pointer is not evaluated again.
    if (Candidates.empty() || !A.Expression->isGLValue())
      return;
    enumerate(Candidates, [&](const Pins &P) -> std::optional<lanes::LaneVector> {
      lanes::LaneEvaluator::PinScope Pinned(Eval, P);
      lanes::PointerValue Address = Eval.evaluateAddress(A.Expression);
      if (Address.isUnknown())
        return std::nullopt;
      return Address.Offset.withoutUniformTerms().asPerLane();
    });
  }

  /// The active lanes with \p P fixed.
  LaneMask activeUnder(const Pins &P) {
    if (Guards.Conditions.empty() || P.empty())
      return A.Active;
    lanes::LaneEvaluator::PinScope Pinned(Eval, P);
    LaneMask M = Guards.Populated;
    for (const lanes::LaneEvaluator::Guard &G : Guards.Conditions)
      if (auto Mask = Eval.decideGuard(G).Lanes)
        M &= G.Holds ? *Mask : ~*Mask;
    return M;
  }

  /// One scenario per assignment of \p Ids, each evaluated by \p Evaluate;
  /// none when there are more than MaxScenarios or one fails.
  template <typename EvalFn>
  void enumerate(const std::vector<SymbolId> &Ids, EvalFn Evaluate) {
    std::uint64_t Combos = 1;
    for (SymbolId Id : Ids) {
      Combos *= Symbols[Id].Values.size();
      if (Combos > MaxScenarios)
        return;
    }
    std::vector<std::size_t> Index(Ids.size(), 0);
    for (std::uint64_t C = 0; C < Combos; ++C) {
      Pins P;
      for (std::size_t I = 0; I < Ids.size(); ++I)
        P[Ids[I]] = Symbols[Ids[I]].Values[Index[I]];
      std::optional<lanes::LaneVector> Lanes = Evaluate(P);
      if (!Lanes) {
        A.Scenarios.clear();
        return;
      }
      A.Scenarios.push_back(LaneScenario{P, *Lanes, activeUnder(P)});
      for (std::size_t I = 0; I < Ids.size(); ++I) {
        if (++Index[I] < Symbols[Ids[I]].Values.size())
          break;
        Index[I] = 0;
      }
    }
    // The pinned evaluations succeeded: the offset is known per scenario.
    if (!A.Scenarios.empty() && A.Offset.isUnknown())
      A.Offset = LaneValue::perLane(A.Scenarios.front().Offset);
  }
};

void collectConditionSymbols(const Expr *Cond, lanes::LaneEvaluator &Eval,
                             std::vector<SymbolId> &Out, unsigned Depth) {
  if (!Cond || Depth > 8)
    return;
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(Cond);
      UO && UO->getOpcode() == UO_LNot)
    return collectConditionSymbols(UO->getSubExpr(), Eval, Out, Depth + 1);
  const auto *BO = dyn_cast<BinaryOperator>(Cond);
  if (!BO)
    return;
  if (BO->isLogicalOp()) {
    collectConditionSymbols(BO->getLHS(), Eval, Out, Depth + 1);
    collectConditionSymbols(BO->getRHS(), Eval, Out, Depth + 1);
    return;
  }
  if (!BO->isComparisonOp() ||
      !BO->getLHS()->getType()->isIntegralOrEnumerationType() ||
      !BO->getRHS()->getType()->isIntegralOrEnumerationType())
    return;
  lanes::SymbolTable &Symbols = Eval.symbols();
  for (const Expr *Side : {BO->getLHS(), BO->getRHS()})
    for (SymbolId Id : Eval.evaluate(Side).symbols())
      if (!Symbols[Id].Values.empty() && !Symbols[Id].ThreadDerived &&
          Eval.loopVariableOf(Id) &&
          std::find(Out.begin(), Out.end(), Id) == Out.end())
        Out.push_back(Id);
}

} // namespace

void concretizeOffset(MemoryAccess &A, lanes::LaneEvaluator &Eval,
                      const AccessGuards &Guards, unsigned MaxScenarios) {
  ScenarioBuilder(A, Eval, Guards, MaxScenarios).run();
}

void conditionSymbols(const Expr *Cond, lanes::LaneEvaluator &Eval,
                      std::vector<SymbolId> &Out) {
  collectConditionSymbols(Cond, Eval, Out, 0);
}

bool indexesPastRow(const Expr *Target, const ArrayShape &Shape,
                    LaneMask Active, lanes::LaneEvaluator &Eval) {
  const Expr *E = Target->IgnoreParenImpCasts();
  while (const auto *ME = dyn_cast<MemberExpr>(E))
    E = ME->getBase()->IgnoreParenImpCasts();
  // The subscripts, innermost first, of the array itself (not of a pointer
  // into it: that use is judged by the row length it assumes).
  llvm::SmallVector<const Expr *, 4> Indices;
  while (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    Indices.push_back(AS->getIdx());
    E = AS->getBase()->IgnoreParenImpCasts();
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  if (!Ref || Ref->getDecl() != Shape.Decl ||
      Indices.size() != Shape.Dims.size())
    return false;
  for (std::size_t I = 0; I < Indices.size(); ++I) {
    auto Lanes = Eval.evaluate(Indices[I]).withoutUniformTerms().asPerLane();
    if (!Lanes)
      continue;
    std::int64_t Low = INT64_MAX, High = INT64_MIN;
    for (unsigned L = 0; L < lanes::WarpLanes; ++L)
      if ((Active >> L) & 1U) {
        Low = std::min(Low, (*Lanes)[L]);
        High = std::max(High, (*Lanes)[L]);
      }
    if (Low <= High && High - Low >= Shape.Dims[Shape.Dims.size() - 1 - I])
      return true;
  }
  return false;
}

} // namespace gpumem::access
