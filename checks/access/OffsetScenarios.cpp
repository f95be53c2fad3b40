//===- OffsetScenarios.cpp - an access's offset as per-lane numbers -------===//
#include "checks/access/OffsetScenarios.h"

#include "checks/access/GlobalVerdict.h"
#include "checks/access/UniformShift.h"

#include "model/GlobalCost.h"

#include <algorithm>
#include <climits>
#include <numeric>
#include <set>

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
                  const AccessGuards &Guards, unsigned MaxScenarios,
                  std::int64_t TransactionBytes, std::int64_t SectorBytes,
                  llvm::function_ref<lanes::PointerValue()> AddressAgain)
      : A(A), Eval(Eval), Symbols(Eval.symbols()), Guards(Guards),
        MaxScenarios(MaxScenarios), AddressAgain(AddressAgain) {
    Sizes.TransactionBytes = static_cast<unsigned>(TransactionBytes);
    Sizes.SectorBytes = static_cast<unsigned>(SectorBytes);
  }

  void run() {
    if (A.Offset.isUnknown())
      return retryWithPins();
    LaneValue Relative = relativeOffset();
    std::vector<SymbolId> Enumerable, Open;
    for (SymbolId Id : Relative.symbols())
      (Symbols[Id].Values.empty() ? Open : Enumerable).push_back(Id);
    if (!Open.empty()) {
      A.SymbolicStride = Open;
      symbolicShifts(Relative);
      return;
    }
    withGuardSymbols(Enumerable);
    enumerate(Enumerable, [&](const Pins &P) {
      return Relative.substitute(P).asPerLane();
    });
    shiftByUniformTerms(Relative);
  }

private:
  MemoryAccess &A;
  lanes::LaneEvaluator &Eval;
  lanes::SymbolTable &Symbols;
  const AccessGuards &Guards;
  unsigned MaxScenarios;
  llvm::function_ref<lanes::PointerValue()> AddressAgain;
  /// The transaction and sector sizes the shifts are priced with.
  model::Architecture Sizes;

  /// The offset the model prices: uniform terms shift every lane alike, so
  /// the base they form is assumed aligned, and only lane-varying terms and
  /// the constants remain. Except a shift with known values that changes
  /// which lanes share a unit: in shared memory one that is not a whole
  /// number of 4-byte words (the warp's own place in the block, its row of
  /// a 16x16 block; a loop's value or pass: char a[46][37], a[3 * ty][tx]);
  /// in global memory, under a guard on the thread index, the warp's place
  /// in the block by
  /// other than a whole transaction (the guard is then decided for each
  /// warp). Those values are enumerated too. Global shifts by anything else
  /// are priced by shiftByUniformTerms.
  LaneValue relativeOffset() const {
    LaneValue Relative = A.Offset.withoutUniformTerms();
    const bool Shared = A.Space == lanes::MemorySpace::Shared;
    if (!Shared &&
        (A.Space != lanes::MemorySpace::Global || !A.GuardedByThreadIndex))
      return Relative;
    const std::int64_t Unit = Shared ? 4 : Sizes.TransactionBytes;
    for (const lanes::LaneTerm &T : A.Offset.terms()) {
      bool Kept = T.Coeff[0] % Unit != 0;
      for (SymbolId Id : T.Symbols)
        Kept &= !Symbols[Id].Values.empty() &&
                (Shared || Symbols[Id].ThreadDerived);
      if (!Kept || std::any_of(T.Coeff.begin(), T.Coeff.end(),
                               [&](std::int64_t C) { return C != T.Coeff[0]; }))
        continue;
      LaneValue Shift = LaneValue::constant(T.Coeff[0]);
      for (SymbolId Id : T.Symbols)
        Shift = Shift * LaneValue::symbol(Id);
      Relative = Relative + Shift;
    }
    return Relative;
  }

  /// A global access's warps start where the uniform terms left out of
  /// \p Relative put them modulo the transaction size (UniformShift.h),
  /// with the symbols a scenario pins at its values. Each scenario is
  /// priced at each shift that changes its cost (shifts that cost alike
  /// are one, their shares added); nothing changes where none does (a
  /// broadcast, a warp that fits a sector whatever its start).
  void symbolicShifts(const LaneValue &Relative) {
    if (A.Space != lanes::MemorySpace::Global)
      return;
    // Terms over the factor are assumed aligned (its value is not known);
    // the others move the warp as they would any access.
    UniformShifts U =
        uniformShifts(A.Offset - Relative, Symbols, Sizes.TransactionBytes);
    if (U.Shares.size() < 2)
      return;
    A.SymbolicShifts = std::move(U.Shares);
    A.ShiftedBy = std::move(U.Moving);
  }

  void shiftByUniformTerms(const LaneValue &Relative) {
    if (A.Space != lanes::MemorySpace::Global || A.Scenarios.empty())
      return;
    const LaneValue Rest = A.Offset - Relative;
    std::vector<LaneScenario> Out;
    auto Note = [](std::vector<SymbolId> &Into, llvm::ArrayRef<SymbolId> Ids) {
      for (SymbolId Id : Ids)
        if (std::find(Into.begin(), Into.end(), Id) == Into.end())
          Into.push_back(Id);
    };
    for (const LaneScenario &S : A.Scenarios) {
      if (!shiftable(S.Offset)) {
        Out.push_back(S);
        continue;
      }
      UniformShifts U =
          uniformShifts(S.Pins.empty() ? Rest : Rest.substitute(S.Pins),
                        Symbols, Sizes.TransactionBytes);
      if (!U.Assumed.empty()) {
        Note(A.AssumedAlignedBy, U.Assumed);
        if (!A.AssumedMultiple)
          A.AssumedMultiple = U.AssumedMultiple;
        A.AssumedStep = A.AssumedStep ? std::gcd(A.AssumedStep, U.AssumedStep)
                                      : U.AssumedStep;
      }
      // The shifts that cost alike, in order of their first shift.
      std::vector<std::pair<std::pair<unsigned, unsigned>,
                            std::pair<std::int64_t, double>>>
          Groups;
      for (const auto &[Shift, Share] : U.Shares) {
        model::GlobalCost G =
            costShiftedBy(A, S.Offset, S.Active, Shift, Sizes);
        const std::pair<unsigned, unsigned> Cost{G.Transactions, G.Sectors};
        auto Same =
            std::find_if(Groups.begin(), Groups.end(),
                         [&](const auto &X) { return X.first == Cost; });
        if (Same != Groups.end())
          Same->second.second += Share;
        else
          Groups.push_back({Cost, {Shift, Share}});
      }
      if (Groups.size() < 2 ||
          A.Scenarios.size() + Out.size() + Groups.size() > 2 * MaxScenarios) {
        Out.push_back(S);
        continue;
      }
      Note(A.ShiftedBy, U.Moving);
      for (const auto &G : Groups) {
        LaneScenario T = S;
        for (std::int64_t &O : T.Offset)
          O += G.second.first;
        T.Shift = G.second.first;
        T.Share = G.second.second;
        Out.push_back(std::move(T));
      }
    }
    A.Scenarios = std::move(Out);
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

  /// \p P and the pins of the warp the access is priced for.
  Pins withWarp(const Pins &P) const {
    if (!Guards.WarpPins)
      return P;
    Pins With = *Guards.WarpPins;
    for (const auto &[Id, Value] : P)
      With[Id] = Value;
    return With;
  }

  /// The address evaluated again with the symbols of \p P at its numbers
  /// (the pins it used added to \p Consulted).
  lanes::PointerValue addressUnder(const Pins &P,
                                   std::set<SymbolId> *Consulted = nullptr) {
    lanes::PointerValue Address;
    Eval.withPins(
        withWarp(P),
        [&] {
          Address = AddressAgain ? AddressAgain()
                                 : Eval.evaluateAddress(A.Expression);
        },
        Consulted);
    return Address;
  }

  /// Where \p Ids have more combinations than MaxScenarios, only those the
  /// address uses: a kernel's toggled buffer indices (`idx ^= 1`, two
  /// values each) are enumerable symbols too, and a dozen of them made a
  /// GEMM's tile loads 2^12 times too many to enumerate. The symbols the
  /// evaluation with every pin at its first value used are kept; a symbol
  /// another pass uses is left unpinned there and its scenario fails, as
  /// it would have, so nothing is priced that the full enumeration would
  /// not have priced alike.
  void keepConsulted(std::vector<SymbolId> &Ids) {
    if (withinCap(Ids))
      return;
    Pins First;
    for (SymbolId Id : Ids)
      First[Id] = Symbols[Id].Values.front();
    std::set<SymbolId> Consulted;
    if (addressUnder(First, &Consulted).isUnknown())
      return;
    llvm::erase_if(Ids, [&](SymbolId Id) { return !Consulted.count(Id); });
  }

  /// A non-affine offset (tx ^ ty) may become exact once the thread-row
  /// and loop symbols it mentions are numbers.
  void retryWithPins() {
    lanes::UnknownKind Why = A.Offset.reason().Kind;
    if (Why != lanes::UnknownKind::SymbolicOperation &&
        Why != lanes::UnknownKind::Arithmetic)
      return;
    // The enumerable symbols, but for the variables of loops that are not
    // around the access (a kernel has many; their combinations would pass
    // MaxScenarios for nothing).
    std::vector<SymbolId> Candidates;
    for (SymbolId Id = 0; Id < Symbols.size(); ++Id)
      if (!Symbols[Id].Values.empty())
        if (const clang::Stmt *Loop = Eval.loopOf(Id);
            !Loop || llvm::is_contained(Guards.Loops, Loop))
          Candidates.push_back(Id);
    // An access through a pointer is not evaluated again.
    if (Candidates.empty() || (!AddressAgain && !A.Expression->isGLValue()))
      return;
    keepConsulted(Candidates);
    enumerate(Candidates,
              [&](const Pins &P) -> std::optional<lanes::LaneVector> {
                lanes::PointerValue Address = addressUnder(P);
                if (Address.isUnknown())
                  return std::nullopt;
                return Address.Offset.withoutUniformTerms().asPerLane();
              });
    if (A.Scenarios.empty() && samePatternAtEveryPin(Candidates))
      run();
  }

  /// Where the pinned evaluations keep a symbol in the lanes' terms (a
  /// pitch the pins do not fix: `(warp_m * 64 + lane / 4) * N` with the
  /// warp pinned), the lanes' pattern may still be one and the same at
  /// every pin, the pins moving only the warp's base (`warp_m * 64 * N`).
  /// Then the offset is the first pin's, judged by its symbolic stride as
  /// any other access's (the base a pin moves is uniform: a symbolic
  /// stride is priced without it). False where any pin gives no value,
  /// numbers (the enumeration's case) or another pattern.
  bool samePatternAtEveryPin(const std::vector<SymbolId> &Ids) {
    if (!withinCap(Ids))
      return false;
    std::optional<std::vector<std::int64_t>> Pattern;
    LaneValue First;
    bool Same = true;
    lanes::forEachAssignment(Symbols, Ids, [&](const Pins &P) {
      lanes::PointerValue Address = addressUnder(P);
      if (Address.isUnknown())
        return Same = false;
      LaneValue Lanes = Address.Offset.withoutUniformTerms();
      if (Lanes.asPerLane())
        return Same = false;
      // Relative to lane 0: what a pin adds to every lane, alone or
      // times a symbol (`warp_m * 64 * N`), moves the base too.
      lanes::LaneVector K = Lanes.laneConstants();
      for (std::int64_t &C : K)
        C -= Lanes.laneConstants()[0];
      std::vector<lanes::LaneTerm> Terms = Lanes.terms();
      for (lanes::LaneTerm &T : Terms) {
        const std::int64_t Base = T.Coeff[0];
        for (std::int64_t &C : T.Coeff)
          C -= Base;
      }
      std::vector<std::int64_t> Identity =
          LaneValue::fromParts(K, std::move(Terms)).identity();
      if (!Pattern) {
        Pattern = std::move(Identity);
        First = Address.Offset;
      } else if (*Pattern != Identity) {
        Same = false;
      }
      return Same;
    });
    if (!Same || !Pattern)
      return false;
    A.Offset = First;
    return true;
  }

  /// True when the values of \p Ids have at most MaxScenarios
  /// combinations.
  bool withinCap(const std::vector<SymbolId> &Ids) const {
    std::uint64_t Combos = 1;
    for (SymbolId Id : Ids) {
      Combos *= Symbols[Id].Values.size();
      if (Combos > MaxScenarios)
        return false;
    }
    return true;
  }

  /// The active lanes with \p P fixed.
  LaneMask activeUnder(const Pins &P) {
    if (Guards.Conditions.empty() || P.empty())
      return A.Active;
    LaneMask M = Guards.Populated;
    Eval.withPins(withWarp(P), [&] {
      for (const lanes::Guard &G : Guards.Conditions)
        if (auto Mask = Eval.decideGuard(G).Value)
          M &= G.Holds ? *Mask : ~*Mask;
    });
    return M;
  }

  /// One scenario per assignment of \p Ids, each evaluated by \p Evaluate;
  /// none when there are more than MaxScenarios or one fails.
  template <typename EvalFn>
  void enumerate(const std::vector<SymbolId> &Ids, EvalFn Evaluate) {
    if (!withinCap(Ids))
      return;
    bool Failed = false;
    lanes::forEachAssignment(Symbols, Ids, [&](const Pins &P) {
      std::optional<lanes::LaneVector> Lanes = Evaluate(P);
      if (!Lanes)
        return !(Failed = true);
      A.Scenarios.push_back(LaneScenario{P, *Lanes, activeUnder(P)});
      return true;
    });
    if (Failed) {
      A.Scenarios.clear();
      return;
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
  if (const clang::FunctionDecl *FD = Eval.currentFunction())
    if (const clang::VarDecl *Kept =
            lanes::keptCondition(Cond, FD, &Eval.functionFacts(FD)))
      return collectConditionSymbols(Kept->getInit(), Eval, Out, Depth + 1);
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
  auto Note = [&](const lanes::LaneValue &V) {
    for (SymbolId Id : V.symbols())
      if (!Symbols[Id].Values.empty() && !Symbols[Id].ThreadDerived &&
          Eval.loopVariableOf(Id) &&
          std::find(Out.begin(), Out.end(), Id) == Out.end())
        Out.push_back(Id);
  };
  for (const Expr *Side : {BO->getLHS(), BO->getRHS()}) {
    lanes::LaneValue V = Eval.evaluate(Side);
    if (!V.isUnknown()) {
      Note(V);
      continue;
    }
    // An operation the algebra cannot keep with the loop's symbol in it
    // (`tid % (2 * s)`) is decided once the symbol is a number: the loop
    // variables it reads.
    llvm::SmallVector<const Expr *, 8> Work{Side};
    for (unsigned Seen = 0; !Work.empty() && Seen < 64; ++Seen) {
      const Expr *E = Work.pop_back_val()->IgnoreParenImpCasts();
      if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
        if (isa<VarDecl>(Ref->getDecl()) &&
            Ref->getType()->isIntegralOrEnumerationType())
          Note(Eval.evaluate(Ref));
        continue;
      }
      for (const Stmt *Child : E->children())
        if (const auto *CE = dyn_cast_or_null<Expr>(Child))
          Work.push_back(CE);
    }
  }
}

} // namespace

void concretizeOffset(MemoryAccess &A, lanes::LaneEvaluator &Eval,
                      const AccessGuards &Guards, unsigned MaxScenarios,
                      std::int64_t TransactionBytes, std::int64_t SectorBytes,
                      llvm::function_ref<lanes::PointerValue()> AddressAgain) {
  ScenarioBuilder(A, Eval, Guards, MaxScenarios, TransactionBytes, SectorBytes,
                  AddressAgain)
      .run();
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
