//===- LaneValue.cpp - arithmetic on per-lane polynomials -----------------===//
//
// Every operation either stays exact or returns an unknown value with its
// reason. Integer overflow is checked per lane (a value that overflows is
// unknown, never wrapped).
//
//===----------------------------------------------------------------------===//
#include "checks/lanes/LaneValue.h"
#include "model/IntegerMath.h"

#include <algorithm>
#include <sstream>

namespace gpumem::lanes {

namespace {

/// The first unknown of \p A and \p B: an operation's result when an
/// operand is unknown.
LaneValue propagateUnknown(const LaneValue &A, const LaneValue &B) {
  return A.isUnknown() ? A : B;
}

using gpumem::model::floorMod;

bool allEqual(const LaneVector &V) {
  return std::all_of(V.begin(), V.end(), [&](std::int64_t X) { return X == V[0]; });
}

bool allZero(const LaneVector &V) {
  return std::all_of(V.begin(), V.end(), [](std::int64_t X) { return X == 0; });
}

/// Applies \p Op lane by lane; false when any lane overflows.
template <typename OpT>
bool zipLanes(const LaneVector &A, const LaneVector &B, LaneVector &Out,
              OpT Op) {
  for (unsigned L = 0; L < WarpLanes; ++L)
    if (!Op(A[L], B[L], Out[L]))
      return false;
  return true;
}

bool addLane(std::int64_t A, std::int64_t B, std::int64_t &R) {
  return !__builtin_add_overflow(A, B, &R);
}
bool mulLane(std::int64_t A, std::int64_t B, std::int64_t &R) {
  return !__builtin_mul_overflow(A, B, &R);
}

LaneVector splat(std::int64_t C) {
  LaneVector V;
  V.fill(C);
  return V;
}

Monomial multiplyMonomials(const Monomial &A, const Monomial &B) {
  Monomial M;
  std::merge(A.begin(), A.end(), B.begin(), B.end(), std::back_inserter(M));
  return M;
}

/// Largest power of two strictly above every set bit of \p Mask (>= 1).
std::int64_t powerAbove(std::int64_t Mask) {
  std::int64_t P = 1;
  while (P <= Mask && P < (std::int64_t(1) << 62))
    P <<= 1;
  return P;
}

} // namespace

SymbolId SymbolTable::intern(const SymbolKey &Key, const std::string &Name) {
  auto [It, Inserted] =
      Index.try_emplace(Key, static_cast<SymbolId>(Symbols.size()));
  if (Inserted) {
    Symbols.push_back(Symbol{Name, {}, false});
    Symbols.back().Key = Key;
  }
  return It->second;
}

std::vector<std::int64_t> LaneValue::identity() const {
  std::vector<std::int64_t> Out(K.begin(), K.end());
  for (const LaneTerm &T : Terms) {
    Out.push_back(T.Symbols.size());
    Out.insert(Out.end(), T.Symbols.begin(), T.Symbols.end());
    Out.insert(Out.end(), T.Coeff.begin(), T.Coeff.end());
  }
  return Out;
}

LaneValue LaneValue::constant(std::int64_t C) { return perLane(splat(C)); }

LaneValue LaneValue::perLane(const LaneVector &K) {
  LaneValue V;
  V.K = K;
  return V;
}

LaneValue LaneValue::symbol(SymbolId Id, std::int64_t Scale) {
  LaneValue V;
  if (Scale != 0)
    V.Terms.push_back(LaneTerm{{Id}, splat(Scale)});
  return V;
}

const char *unknownKindName(UnknownKind Kind) {
  switch (Kind) {
  case UnknownKind::DataDependent:
    return "data-dependent";
  case UnknownKind::Reassigned:
    return "reassigned";
  case UnknownKind::SymbolicOperation:
    return "symbolic operation";
  case UnknownKind::Arithmetic:
    return "arithmetic";
  case UnknownKind::Limit:
    return "limit";
  case UnknownKind::NotFollowed:
    return "not followed";
  }
  return "not followed";
}

LaneValue LaneValue::unknown(UnknownKind Kind, std::string What,
                             std::uint64_t Location) {
  LaneValue V;
  V.Reason = UnknownReason{Kind, std::move(What), Location};
  return V;
}

LaneKind LaneValue::kind() const {
  if (Reason)
    return LaneKind::Unknown;
  bool Uniform = allEqual(K) && std::all_of(Terms.begin(), Terms.end(),
                                            [](const LaneTerm &T) {
                                              return allEqual(T.Coeff);
                                            });
  if (!Uniform)
    return LaneKind::Varying;
  return Terms.empty() ? LaneKind::Constant : LaneKind::Uniform;
}

std::optional<std::int64_t> LaneValue::asConstant() const {
  if (kind() != LaneKind::Constant)
    return std::nullopt;
  return K[0];
}

std::optional<LaneVector> LaneValue::asPerLane() const {
  if (Reason || !Terms.empty())
    return std::nullopt;
  return K;
}

bool LaneValue::hasVaryingSymbolicTerm() const {
  return std::any_of(Terms.begin(), Terms.end(),
                     [](const LaneTerm &T) { return !allEqual(T.Coeff); });
}

std::vector<SymbolId> LaneValue::symbols() const {
  std::vector<SymbolId> Ids;
  for (const LaneTerm &T : Terms)
    Ids.insert(Ids.end(), T.Symbols.begin(), T.Symbols.end());
  std::sort(Ids.begin(), Ids.end());
  Ids.erase(std::unique(Ids.begin(), Ids.end()), Ids.end());
  return Ids;
}

LaneValue LaneValue::withoutUniformTerms() const {
  if (Reason)
    return *this;
  LaneValue V;
  V.K = K;
  for (const LaneTerm &T : Terms)
    if (!allEqual(T.Coeff))
      V.Terms.push_back(T);
  return V;
}

LaneValue
LaneValue::substitute(const std::map<SymbolId, std::int64_t> &Values) const {
  if (Reason)
    return *this;
  // Each term's coefficients times the values of its substituted symbols,
  // in the order of its symbols; a term left with no symbol joins the
  // constant part. The same products and sums as multiplying and adding
  // LaneValues, without a LaneValue made per symbol and per term.
  LaneVector Constant = K;
  std::vector<LaneTerm> Kept;
  Kept.reserve(Terms.size());
  for (const LaneTerm &T : Terms) {
    LaneTerm Scaled{{}, T.Coeff};
    for (SymbolId Id : T.Symbols) {
      auto It = Values.find(Id);
      if (It == Values.end()) {
        Scaled.Symbols.push_back(Id);
        continue;
      }
      for (std::int64_t &C : Scaled.Coeff)
        if (!mulLane(C, It->second, C))
          return unknown(UnknownKind::Arithmetic,
                         "integer overflow in index arithmetic");
    }
    if (!Scaled.Symbols.empty()) {
      Kept.push_back(std::move(Scaled));
      continue;
    }
    if (!zipLanes(Constant, Scaled.Coeff, Constant, addLane))
      return unknown(UnknownKind::Arithmetic,
                     "integer overflow in index arithmetic");
  }
  return fromParts(Constant, std::move(Kept));
}

void LaneValue::normalize() {
  if (Reason) {
    Terms.clear();
    return;
  }
  auto BySymbols = [](const LaneTerm &A, const LaneTerm &B) {
    return A.Symbols < B.Symbols;
  };
  if (!std::is_sorted(Terms.begin(), Terms.end(), BySymbols))
    std::sort(Terms.begin(), Terms.end(), BySymbols);
  // Terms of the same symbols merged in place: a term (its 32 lanes'
  // coefficients) moves only when an earlier one was merged or dropped.
  std::size_t Kept = 0;
  for (std::size_t I = 0; I < Terms.size(); ++I) {
    if (Kept > 0 && Terms[Kept - 1].Symbols == Terms[I].Symbols) {
      LaneVector Sum;
      if (!zipLanes(Terms[Kept - 1].Coeff, Terms[I].Coeff, Sum, addLane)) {
        *this = unknown(UnknownKind::Arithmetic,
                        "integer overflow in index arithmetic");
        return;
      }
      Terms[Kept - 1].Coeff = Sum;
      continue;
    }
    if (Kept != I)
      Terms[Kept] = std::move(Terms[I]);
    ++Kept;
  }
  Terms.resize(Kept);
  Terms.erase(std::remove_if(Terms.begin(), Terms.end(),
                             [](const LaneTerm &T) { return allZero(T.Coeff); }),
              Terms.end());
  if (Terms.size() > MaxTerms)
    *this = unknown(UnknownKind::Limit,
                    "index expression has too many symbolic terms");
}

LaneValue LaneValue::fromParts(const LaneVector &K,
                               std::vector<LaneTerm> Terms) {
  LaneValue R;
  R.K = K;
  R.Terms = std::move(Terms);
  R.normalize();
  return R;
}

LaneValue operator+(const LaneValue &A, const LaneValue &B) {
  if (A.isUnknown() || B.isUnknown())
    return propagateUnknown(A, B);
  LaneVector K;
  if (!zipLanes(A.laneConstants(), B.laneConstants(), K, addLane))
    return LaneValue::unknown(UnknownKind::Arithmetic,
                              "integer overflow in index arithmetic");
  std::vector<LaneTerm> Terms = A.terms();
  Terms.insert(Terms.end(), B.terms().begin(), B.terms().end());
  return LaneValue::fromParts(K, std::move(Terms));
}

LaneValue operator-(const LaneValue &A) {
  if (A.isUnknown())
    return A;
  return LaneValue::constant(-1) * A;
}

LaneValue operator-(const LaneValue &A, const LaneValue &B) {
  return A + (-B);
}

LaneValue operator*(const LaneValue &A, const LaneValue &B) {
  if (A.isUnknown() || B.isUnknown())
    return propagateUnknown(A, B);
  // (Ka + sum Ca*Ma) * (Kb + sum Cb*Mb), lane by lane.
  LaneVector K;
  std::vector<LaneTerm> Terms;
  if (!zipLanes(A.laneConstants(), B.laneConstants(), K, mulLane))
    return LaneValue::unknown(UnknownKind::Arithmetic,
                              "integer overflow in index arithmetic");
  auto AddScaled = [&Terms](const LaneVector &Scale, const LaneTerm &T) {
    LaneTerm Scaled{T.Symbols, {}};
    if (!zipLanes(Scale, T.Coeff, Scaled.Coeff, mulLane))
      return false;
    Terms.push_back(std::move(Scaled));
    return true;
  };
  for (const LaneTerm &T : B.terms())
    if (!AddScaled(A.laneConstants(), T))
      return LaneValue::unknown(UnknownKind::Arithmetic,
                                "integer overflow in index arithmetic");
  for (const LaneTerm &T : A.terms())
    if (!AddScaled(B.laneConstants(), T))
      return LaneValue::unknown(UnknownKind::Arithmetic,
                                "integer overflow in index arithmetic");
  for (const LaneTerm &TA : A.terms())
    for (const LaneTerm &TB : B.terms()) {
      LaneTerm P{multiplyMonomials(TA.Symbols, TB.Symbols), {}};
      if (P.Symbols.size() > LaneValue::MaxDegree)
        return LaneValue::unknown(UnknownKind::Limit,
                                  "index expression has too high a degree");
      if (!zipLanes(TA.Coeff, TB.Coeff, P.Coeff, mulLane))
        return LaneValue::unknown(UnknownKind::Arithmetic,
                                  "integer overflow in index arithmetic");
      Terms.push_back(std::move(P));
    }
  return LaneValue::fromParts(K, std::move(Terms));
}

LaneValue LaneValue::divide(const LaneValue &Divisor) const {
  if (Reason || Divisor.Reason)
    return propagateUnknown(*this, Divisor);
  std::optional<std::int64_t> D = Divisor.asConstant();
  if (!D) {
    if (auto Lanes = Divisor.asPerLane(); Lanes && Terms.empty()) {
      LaneVector Q;
      for (unsigned L = 0; L < WarpLanes; ++L) {
        if ((*Lanes)[L] == 0)
          return unknown(UnknownKind::Arithmetic,
                         "division by zero in some lane");
        if ((*Lanes)[L] == -1 && K[L] == INT64_MIN)
          return unknown(UnknownKind::Arithmetic,
                         "integer overflow in index arithmetic");
        Q[L] = K[L] / (*Lanes)[L];
      }
      return perLane(Q);
    }
    return unknown(UnknownKind::SymbolicOperation,
                   "division by a value that is not a known constant");
  }
  if (*D == 0)
    return unknown(UnknownKind::Arithmetic, "division by zero");
  if (*D == -1 && std::any_of(K.begin(), K.end(), [](std::int64_t X) {
        return X == INT64_MIN;
      }))
    return unknown(UnknownKind::Arithmetic,
                   "integer overflow in index arithmetic");
  LaneValue R;
  for (const LaneTerm &T : Terms) {
    LaneTerm Q{T.Symbols, {}};
    for (unsigned L = 0; L < WarpLanes; ++L) {
      if (T.Coeff[L] % *D != 0)
        return unknown(UnknownKind::SymbolicOperation,
                       "division of a symbolic term that is not a multiple "
                       "of the divisor");
      // A negative coefficient can make the total negative (33 - tx in the
      // second warp), where C's division truncates instead of flooring.
      if (T.Coeff[L] < 0)
        return unknown(UnknownKind::Arithmetic,
                       "division of a possibly negative value");
      Q.Coeff[L] = T.Coeff[L] / *D;
    }
    R.Terms.push_back(std::move(Q));
  }
  for (unsigned L = 0; L < WarpLanes; ++L) {
    // With symbols present (non-negative, with non-negative coefficients)
    // the total truncates like the constant part when that part is
    // non-negative.
    if (!Terms.empty() && (K[L] < 0 || *D < 0))
      return unknown(UnknownKind::Arithmetic,
                     "division of a possibly negative value");
    R.K[L] = K[L] / *D;
  }
  R.normalize();
  return R;
}

LaneValue LaneValue::remainder(const LaneValue &Divisor) const {
  if (Reason || Divisor.Reason)
    return propagateUnknown(*this, Divisor);
  std::optional<std::int64_t> D = Divisor.asConstant();
  if (!D) {
    if (auto Lanes = Divisor.asPerLane(); Lanes && Terms.empty()) {
      LaneVector Q;
      for (unsigned L = 0; L < WarpLanes; ++L) {
        if ((*Lanes)[L] == 0)
          return unknown(UnknownKind::Arithmetic,
                         "remainder by zero in some lane");
        // INT64_MIN % -1 traps like the division (x86 idiv).
        Q[L] = (*Lanes)[L] == -1 ? 0 : K[L] % (*Lanes)[L];
      }
      return perLane(Q);
    }
    return unknown(UnknownKind::SymbolicOperation,
                   "remainder by a value that is not a known constant");
  }
  if (*D == 0)
    return unknown(UnknownKind::Arithmetic, "remainder by zero");
  if (*D == -1)
    return constant(0);
  LaneValue R;
  for (const LaneTerm &T : Terms)
    for (std::int64_t C : T.Coeff) {
      if (C % *D != 0)
        return unknown(UnknownKind::SymbolicOperation,
                       "remainder of a symbolic term that is not a multiple "
                       "of the divisor");
      // As for division: a negative total takes the dividend's sign.
      if (C < 0)
        return unknown(UnknownKind::Arithmetic,
                       "remainder of a possibly negative value");
    }
  for (unsigned L = 0; L < WarpLanes; ++L) {
    if (!Terms.empty() && K[L] < 0)
      return unknown(UnknownKind::Arithmetic,
                     "remainder of a possibly negative value");
    R.K[L] = K[L] % *D;
  }
  return R;
}

/// The shift count of each lane, when \p Amount is a number in each lane
/// (one for all, or one per lane: `lane & 7`) from 0 to 62.
static std::optional<LaneVector> smallShifts(const LaneValue &Amount) {
  if (!Amount.terms().empty())
    return std::nullopt;
  for (std::int64_t S : Amount.laneConstants())
    if (S < 0 || S > 62)
      return std::nullopt;
  return Amount.laneConstants();
}

LaneValue LaneValue::shiftLeft(const LaneValue &Amount) const {
  if (Reason || Amount.Reason)
    return propagateUnknown(*this, Amount);
  std::optional<LaneVector> S = smallShifts(Amount);
  if (!S)
    return unknown(UnknownKind::SymbolicOperation,
                   "shift by a value that is not a small constant");
  // By 2 to the count, lane by lane: each lane's coefficients scale by
  // its own factor (`v << (lane & 7)`).
  LaneVector Factor;
  for (unsigned L = 0; L < WarpLanes; ++L)
    Factor[L] = std::int64_t(1) << (*S)[L];
  return *this * perLane(Factor);
}

LaneValue LaneValue::shiftRight(const LaneValue &Amount) const {
  if (Reason || Amount.Reason)
    return propagateUnknown(*this, Amount);
  std::optional<LaneVector> S = smallShifts(Amount);
  if (S && Terms.empty()) {
    LaneVector R;
    for (unsigned L = 0; L < WarpLanes; ++L)
      R[L] = K[L] >> (*S)[L];
    return perLane(R);
  }
  std::optional<std::int64_t> Same = Amount.asConstant();
  if (!S || !Same)
    return unknown(UnknownKind::SymbolicOperation,
                   "shift by a value that is not a small constant");
  return divide(constant(std::int64_t(1) << *Same));
}

LaneValue LaneValue::select(const LaneVector &Cond, const LaneValue &T,
                            const LaneValue &F) {
  if (T.Reason || F.Reason)
    return propagateUnknown(T, F);
  // Coefficients are per lane, so picking lane by lane stays exact: a term
  // of one branch keeps its coefficients in that branch's lanes, 0 in the
  // others.
  LaneValue R;
  for (unsigned L = 0; L < WarpLanes; ++L)
    R.K[L] = Cond[L] ? T.K[L] : F.K[L];
  auto AddMasked = [&](const LaneValue &V, bool Branch) {
    for (const LaneTerm &Term : V.Terms) {
      LaneTerm Masked{Term.Symbols, {}};
      for (unsigned L = 0; L < WarpLanes; ++L)
        Masked.Coeff[L] = (Cond[L] != 0) == Branch ? Term.Coeff[L] : 0;
      R.Terms.push_back(std::move(Masked));
    }
  };
  AddMasked(T, true);
  AddMasked(F, false);
  R.normalize();
  return R;
}

LaneValue LaneValue::bitAnd(const LaneValue &Other) const {
  return bitOp(Other, BitOp::And);
}
LaneValue LaneValue::bitOr(const LaneValue &Other) const {
  return bitOp(Other, BitOp::Or);
}
LaneValue LaneValue::bitXor(const LaneValue &Other) const {
  return bitOp(Other, BitOp::Xor);
}

LaneValue LaneValue::bitOp(const LaneValue &Other, BitOp Op) const {
  if (Reason || Other.Reason)
    return propagateUnknown(*this, Other);
  auto Apply = [Op](std::int64_t A, std::int64_t B) {
    switch (Op) {
    case BitOp::And:
      return A & B;
    case BitOp::Or:
      return A | B;
    case BitOp::Xor:
      return A ^ B;
    }
    return A;
  };
  // Both sides known per lane: exact.
  if (Terms.empty() && Other.Terms.empty()) {
    LaneVector R;
    for (unsigned L = 0; L < WarpLanes; ++L)
      R[L] = Apply(K[L], Other.K[L]);
    return perLane(R);
  }
  // Symbolic on one side, per-lane mask on the other: the symbols only touch
  // bits at or above P when every coefficient is a multiple of P, so the
  // operation acts on the low bits of the constant part alone.
  const LaneValue *Sym = Terms.empty() ? &Other : this;
  const LaneValue *Mask = Terms.empty() ? this : &Other;
  if (!Mask->Terms.empty())
    return unknown(UnknownKind::SymbolicOperation,
                   "bit operation between two symbolic values");
  // The mask's bits at and above P must be all clear (0 <= M < P) or, for
  // an AND, all set (x & ~31: -P <= M < 0); then the symbols, whose
  // coefficients are multiples of P, vanish (clear) or pass (set).
  std::int64_t MaxMask = 0;
  bool AnyNegative = false, AnyNonNegative = false;
  for (std::int64_t M : Mask->K) {
    (M < 0 ? AnyNegative : AnyNonNegative) = true;
    MaxMask = std::max(MaxMask, M < 0 ? ~M : M);
  }
  if (AnyNegative && (AnyNonNegative || Op != BitOp::And))
    return unknown(UnknownKind::SymbolicOperation,
                   "bit operation with a negative mask");
  std::int64_t P = powerAbove(MaxMask);
  for (const LaneTerm &T : Sym->Terms)
    for (std::int64_t C : T.Coeff)
      if (C % P != 0)
        return unknown(UnknownKind::SymbolicOperation,
                       "bit operation on a symbolic value whose low bits are "
                       "not known");
  // x = H * P + floorMod(x, P) for every integer x, and in two's
  // complement the bits of H * P lie at and above P: the operation acts on
  // floorMod(x, P) alone, negative x included.
  bool KeepHigh = Op != BitOp::And || AnyNegative;
  LaneValue R;
  R.Terms = KeepHigh ? Sym->Terms : std::vector<LaneTerm>{};
  for (unsigned L = 0; L < WarpLanes; ++L) {
    std::int64_t Base = Sym->K[L];
    std::int64_t Low = floorMod(Base, P);
    std::int64_t NewLow = Apply(Low, floorMod(Mask->K[L], P));
    R.K[L] = KeepHigh ? Base - Low + NewLow : NewLow;
  }
  R.normalize();
  return R;
}

std::string LaneValue::str(const SymbolTable &Table) const {
  if (Reason)
    return std::string("unknown, ") + unknownKindName(Reason->Kind) + " (" +
           Reason->What + ")";
  auto VectorStr = [](const LaneVector &V) {
    std::ostringstream OS;
    if (allEqual(V)) {
      OS << V[0];
      return OS.str();
    }
    // Affine in the lane prints as a + b*lane; anything else in full.
    // Steps that do not fit (lanes at both ends of the range) are printed
    // in full.
    std::int64_t Step = 0, Next = 0;
    bool Affine = !__builtin_sub_overflow(V[1], V[0], &Step);
    for (unsigned L = 1; L < WarpLanes && Affine; ++L)
      Affine = !__builtin_sub_overflow(V[L], V[L - 1], &Next) && Next == Step;
    if (Affine) {
      if (V[0] != 0)
        OS << V[0] << "+";
      OS << Step << "*lane";
      return OS.str();
    }
    OS << "[";
    for (unsigned L = 0; L < WarpLanes; ++L)
      OS << (L ? "," : "") << V[L];
    OS << "]";
    return OS.str();
  };
  std::string Out = VectorStr(K);
  for (const LaneTerm &T : Terms) {
    Out += " + (" + VectorStr(T.Coeff) + ")";
    for (SymbolId Id : T.Symbols)
      Out += "*" + Table[Id].Name;
  }
  return Out;
}

} // namespace gpumem::lanes
