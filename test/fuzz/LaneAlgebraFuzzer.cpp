//===- LaneAlgebraFuzzer.cpp - libFuzzer target for the lane algebra ------===//
//
// The input is a little stack program: push a constant, a per-lane vector
// or a uniform symbol, then combine the stack with the LaneValue operations
// (+ - * / % << >> & | ^, negation, substitution, dropping uniform terms).
// After every operation the result must be well formed (normalised terms,
// at most MaxTerms terms of degree at most MaxDegree, a kind that agrees
// with the terms) and must be exact or unknown, never guessed:
//
//  - with no symbol on either side, a known result equals the operation
//    done directly on each lane with C semantics, and an operation C leaves
//    undefined (overflow, division by zero) gives an unknown value;
//  - with symbols, substituting the same non-negative numbers for them
//    (symbols stand for indices and sizes) into the operands and into the
//    result gives the same lanes, whenever all three are known.
//
// A mismatch aborts (a finding), as does undefined behaviour under UBSan.
//
//===----------------------------------------------------------------------===//
#include "checks/lanes/LaneValue.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <optional>
#include <vector>

using namespace gpumem::lanes;

namespace {

constexpr unsigned SymbolCount = 4;
constexpr std::size_t MaxStack = 12;
constexpr unsigned MaxOps = 48;

[[noreturn]] void fail(const char *What, const LaneValue &A,
                       const LaneValue &B, const LaneValue &R,
                       const SymbolTable &Table) {
  std::fprintf(stderr, "lane algebra fuzzer: %s\n  a = %s\n  b = %s\n"
                       "  r = %s\n",
               What, A.str(Table).c_str(), B.str(Table).c_str(),
               R.str(Table).c_str());
  std::abort();
}

enum class Op {
  Add, Sub, Mul, Div, Rem, Shl, Shr, And, Or, Xor, // binary
  Neg,                                            // unary
};
constexpr unsigned BinaryOps = 10;

LaneValue apply(Op O, const LaneValue &A, const LaneValue &B) {
  switch (O) {
  case Op::Add:
    return A + B;
  case Op::Sub:
    return A - B;
  case Op::Mul:
    return A * B;
  case Op::Div:
    return A.divide(B);
  case Op::Rem:
    return A.remainder(B);
  case Op::Shl:
    return A.shiftLeft(B);
  case Op::Shr:
    return A.shiftRight(B);
  case Op::And:
    return A.bitAnd(B);
  case Op::Or:
    return A.bitOr(B);
  case Op::Xor:
    return A.bitXor(B);
  case Op::Neg:
    return -A;
  }
  return LaneValue::unknown(UnknownKind::NotFollowed, "bad op");
}

/// The operation on one lane with C semantics; nullopt where C leaves it
/// undefined or the result does not fit. A left shift is a multiplication
/// by 2^s, as LaneValue defines it (also for negative values), and x % -1
/// is 0.
std::optional<std::int64_t> applyLane(Op O, std::int64_t A, std::int64_t B) {
  std::int64_t R;
  switch (O) {
  case Op::Add:
    return __builtin_add_overflow(A, B, &R) ? std::nullopt
                                            : std::optional(R);
  case Op::Sub:
    return __builtin_sub_overflow(A, B, &R) ? std::nullopt
                                            : std::optional(R);
  case Op::Mul:
    return __builtin_mul_overflow(A, B, &R) ? std::nullopt
                                            : std::optional(R);
  case Op::Div:
    if (B == 0 || (A == INT64_MIN && B == -1))
      return std::nullopt;
    return A / B;
  case Op::Rem:
    // x % -1 is 0 (C leaves INT64_MIN % -1 undefined; its value is still 0
    // mathematically, and LaneValue gives 0).
    if (B == 0)
      return std::nullopt;
    return B == -1 ? 0 : A % B;
  case Op::Shl:
    if (B < 0 || B > 62)
      return std::nullopt;
    return __builtin_mul_overflow(A, std::int64_t(1) << B, &R)
               ? std::nullopt
               : std::optional(R);
  case Op::Shr:
    if (B < 0 || B > 62)
      return std::nullopt;
    return A >> B;
  case Op::And:
    return A & B;
  case Op::Or:
    return A | B;
  case Op::Xor:
    return A ^ B;
  case Op::Neg:
    if (A == INT64_MIN)
      return std::nullopt;
    return -A;
  }
  return std::nullopt;
}

/// Well-formedness of any value the algebra returns.
void checkWellFormed(const LaneValue &R, const LaneValue &A,
                     const LaneValue &B, const SymbolTable &Table) {
  if (R.isUnknown()) {
    if (R.kind() != LaneKind::Unknown || R.asPerLane() || R.asConstant())
      fail("an unknown value that answers as known", A, B, R, Table);
    return;
  }
  const auto &Terms = R.terms();
  if (Terms.size() > LaneValue::MaxTerms)
    fail("more terms than MaxTerms", A, B, R, Table);
  for (std::size_t I = 0; I < Terms.size(); ++I) {
    const Monomial &M = Terms[I].Symbols;
    if (M.empty() || M.size() > LaneValue::MaxDegree)
      fail("a term of degree 0 or above MaxDegree", A, B, R, Table);
    if (!std::is_sorted(M.begin(), M.end()))
      fail("a monomial that is not sorted", A, B, R, Table);
    for (SymbolId Id : M)
      if (Id >= Table.size())
        fail("a term on a symbol that does not exist", A, B, R, Table);
    if (std::all_of(Terms[I].Coeff.begin(), Terms[I].Coeff.end(),
                    [](std::int64_t C) { return C == 0; }))
      fail("a term with a zero coefficient", A, B, R, Table);
    if (I > 0 && !(Terms[I - 1].Symbols < M))
      fail("terms not sorted or not merged", A, B, R, Table);
  }
  const LaneVector &K = R.laneConstants();
  bool SameInAllLanes =
      std::all_of(K.begin(), K.end(), [&](std::int64_t X) { return X == K[0]; });
  for (const LaneTerm &T : Terms)
    SameInAllLanes &= std::all_of(T.Coeff.begin(), T.Coeff.end(),
                                  [&](std::int64_t X) { return X == T.Coeff[0]; });
  LaneKind Want = !SameInAllLanes  ? LaneKind::Varying
                  : Terms.empty() ? LaneKind::Constant
                                  : LaneKind::Uniform;
  if (R.kind() != Want)
    fail("kind disagrees with the terms", A, B, R, Table);
  if ((R.asConstant().has_value()) != (Want == LaneKind::Constant) ||
      (R.asConstant() && *R.asConstant() != K[0]))
    fail("asConstant disagrees with the kind", A, B, R, Table);
  if (R.asPerLane().has_value() != Terms.empty())
    fail("asPerLane disagrees with the terms", A, B, R, Table);
  std::vector<SymbolId> Symbols = R.symbols();
  if (!std::is_sorted(Symbols.begin(), Symbols.end()) ||
      std::adjacent_find(Symbols.begin(), Symbols.end()) != Symbols.end())
    fail("symbols() not sorted and unique", A, B, R, Table);
  (void)R.str(Table);
  (void)R.hasVaryingSymbolicTerm();
}

/// Exactness: lane by lane against C, with symbols replaced by \p Values.
void checkExact(Op O, const LaneValue &A, const LaneValue &B,
                const LaneValue &R, const SymbolTable &Table,
                const std::map<SymbolId, std::int64_t> &Values) {
  if (R.isUnknown())
    return; // giving up is always allowed
  bool Symbolic = !A.terms().empty() || !B.terms().empty();
  LaneValue SA = Symbolic ? A.substitute(Values) : A;
  LaneValue SB = Symbolic ? B.substitute(Values) : B;
  LaneValue SR = Symbolic ? R.substitute(Values) : R;
  auto LA = SA.asPerLane(), LB = SB.asPerLane(), LR = SR.asPerLane();
  if (!LA || !LB)
    return; // the numbers overflowed while substituting
  if (!Symbolic && !LR)
    fail("known operands, known result with symbols", A, B, R, Table);
  for (unsigned L = 0; L < WarpLanes; ++L) {
    std::optional<std::int64_t> Want = applyLane(O, (*LA)[L], (*LB)[L]);
    if (!Symbolic && !Want)
      fail("an undefined operation gave a known value", A, B, R, Table);
    if (Want && LR && (*LR)[L] != *Want)
      fail(Symbolic ? "substituted result differs from the operation on "
                      "the substituted operands"
                    : "result differs from the operation done per lane",
           A, B, R, Table);
  }
}

std::int64_t consumeNumber(FuzzedDataProvider &Data) {
  static const std::int64_t Edges[] = {INT64_MIN, INT64_MIN + 1, INT64_MAX,
                                       -1,        0,             1,
                                       INT32_MIN, INT32_MAX,     -2};
  switch (Data.ConsumeIntegralInRange<int>(0, 4)) {
  case 4:
    return Edges[Data.ConsumeIntegralInRange<unsigned>(
        0, sizeof(Edges) / sizeof(Edges[0]) - 1)];
  case 0:
    return Data.ConsumeIntegralInRange<std::int64_t>(-4, 40);
  case 1:
    return std::int64_t(1) << Data.ConsumeIntegralInRange<int>(0, 62);
  case 2:
    return Data.ConsumeIntegralInRange<std::int64_t>(-100000, 100000);
  default:
    return Data.ConsumeIntegral<std::int64_t>();
  }
}

/// A + B * C, wrapping around (the fuzzer's arithmetic, not the algebra's).
std::int64_t wrap(std::int64_t A, std::int64_t B, std::int64_t C) {
  return static_cast<std::int64_t>(
      static_cast<std::uint64_t>(A) +
      static_cast<std::uint64_t>(B) * static_cast<std::uint64_t>(C));
}

LaneVector consumeLanes(FuzzedDataProvider &Data) {
  LaneVector V;
  std::int64_t Base = consumeNumber(Data);
  std::int64_t Step = Data.ConsumeIntegralInRange<std::int64_t>(-64, 64);
  switch (Data.ConsumeIntegralInRange<int>(0, 4)) {
  case 0: // base + step * lane
    for (unsigned L = 0; L < WarpLanes; ++L)
      V[L] = wrap(Base, Step, L);
    break;
  case 1: { // (lane % m) or (lane / m), times step
    std::int64_t M = Data.ConsumeIntegralInRange<std::int64_t>(1, 32);
    bool Mod = Data.ConsumeBool();
    for (unsigned L = 0; L < WarpLanes; ++L)
      V[L] = Step * (Mod ? L % M : L / M);
    break;
  }
  case 2: // a constant vector
    V.fill(Base);
    break;
  case 3: { // two values alternating (a sign pattern, a lane mask)
    std::int64_t Other = consumeNumber(Data);
    for (unsigned L = 0; L < WarpLanes; ++L)
      V[L] = L % 2 ? Base : Other;
    break;
  }
  default: // anything
    for (unsigned L = 0; L < WarpLanes; ++L)
      V[L] = consumeNumber(Data);
  }
  return V;
}

LaneValue consumeLeaf(FuzzedDataProvider &Data) {
  switch (Data.ConsumeIntegralInRange<int>(0, 3)) {
  case 0:
    return LaneValue::constant(consumeNumber(Data));
  case 1:
    return LaneValue::perLane(consumeLanes(Data));
  case 2:
    return LaneValue::symbol(
        Data.ConsumeIntegralInRange<SymbolId>(0, SymbolCount - 1),
        Data.ConsumeIntegralInRange<std::int64_t>(-8, 256));
  default: // scale * symbol * lane vector
    return LaneValue::symbol(
               Data.ConsumeIntegralInRange<SymbolId>(0, SymbolCount - 1)) *
           LaneValue::perLane(consumeLanes(Data));
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *Bytes,
                                      std::size_t Size) {
  FuzzedDataProvider Data(Bytes, Size);
  SymbolTable Table;
  for (unsigned I = 0; I < SymbolCount; ++I)
    Table.intern(SymbolKey{SymbolKind::Parameter, nullptr, nullptr, I, {}},
                 "s" + std::to_string(I));
  // The numbers the substitution check gives the symbols: non-negative.
  std::map<SymbolId, std::int64_t> Values;
  for (SymbolId I = 0; I < SymbolCount; ++I)
    Values[I] = Data.ConsumeBool()
                    ? Data.ConsumeIntegralInRange<std::int64_t>(0, 64)
                    : Data.ConsumeIntegralInRange<std::int64_t>(0, INT32_MAX);

  std::vector<LaneValue> Stack;
  for (unsigned Step = 0; Step < MaxOps && Data.remaining_bytes() > 0;
       ++Step) {
    unsigned Choice = Data.ConsumeIntegralInRange<unsigned>(0, 15);
    if (Choice >= 13 || Stack.size() < 2) {
      if (Stack.size() < MaxStack)
        Stack.push_back(consumeLeaf(Data));
      continue;
    }
    LaneValue B = Stack.back();
    Stack.pop_back();
    LaneValue A = Stack.back();
    Stack.pop_back();
    LaneValue R;
    if (Choice < BinaryOps) {
      Op O = static_cast<Op>(Choice);
      R = apply(O, A, B);
      checkWellFormed(R, A, B, Table);
      checkExact(O, A, B, R, Table, Values);
    } else if (Choice == 10) {
      R = -A;
      checkWellFormed(R, A, A, Table);
      checkExact(Op::Neg, A, LaneValue::constant(0), R, Table, Values);
      Stack.push_back(B);
    } else if (Choice == 11) {
      // Partial substitution: one symbol fixed, the rest stay.
      std::map<SymbolId, std::int64_t> One;
      SymbolId Id = Data.ConsumeIntegralInRange<SymbolId>(0, SymbolCount - 1);
      One[Id] = Values[Id];
      R = A.substitute(One);
      checkWellFormed(R, A, B, Table);
      if (!R.isUnknown()) {
        LaneValue Full = A.substitute(Values), Via = R.substitute(Values);
        if (Full.asPerLane() && Via.asPerLane() &&
            *Full.asPerLane() != *Via.asPerLane())
          fail("substituting in two steps differs from one", A, B, R, Table);
      }
      Stack.push_back(B);
    } else {
      R = A.withoutUniformTerms();
      checkWellFormed(R, A, B, Table);
      if (!R.isUnknown() && R.hasVaryingSymbolicTerm() !=
                                A.hasVaryingSymbolicTerm())
        fail("dropping uniform terms dropped a varying one", A, B, R, Table);
      Stack.push_back(B);
    }
    Stack.push_back(R);
  }
  return 0;
}
