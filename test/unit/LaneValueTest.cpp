//===- LaneValueTest.cpp - the lane algebra against brute force -----------===//
//
// Every operation of the lane algebra either stays exact or is unknown. The
// tests build the warp's thread index as the assumed geometry does
// (threadIdx.x = 32 * w + lane, w a symbol), apply an operation, and compare
// the result, with w substituted, against the same C++ expression evaluated
// per lane for several warps.
//
//===----------------------------------------------------------------------===//
#include "checks/lanes/LaneValue.h"

#include <gtest/gtest.h>

#include <functional>

using namespace gpumem::lanes;

namespace {

struct Warp {
  SymbolTable Symbols;
  SymbolId W = Symbols.intern(
      SymbolKey{SymbolKind::WarpPosition, nullptr, nullptr, 0, {}}, "warp.x");
  /// threadIdx.x = 32 * w + lane.
  LaneValue tid() const {
    LaneVector Lane;
    for (unsigned L = 0; L < WarpLanes; ++L)
      Lane[L] = L;
    return LaneValue::symbol(W, 32) + LaneValue::perLane(Lane);
  }
};

/// Checks \p V against \p Expected(tid) for warps 0..7.
void expectExact(const LaneValue &V, const Warp &Warp,
                 const std::function<std::int64_t(std::int64_t)> &Expected) {
  ASSERT_FALSE(V.isUnknown()) << V.reason().What;
  for (std::int64_t W = 0; W < 8; ++W) {
    auto Lanes = V.substitute({{Warp.W, W}}).asPerLane();
    ASSERT_TRUE(Lanes.has_value());
    for (unsigned L = 0; L < WarpLanes; ++L)
      EXPECT_EQ((*Lanes)[L], Expected(32 * W + L))
          << "warp " << W << " lane " << L;
  }
}

} // namespace

// tid & 31, tid | 1, tid ^ 16, tid & ~31: masks below the warp's stride
// act on the lane alone; a negative AND mask keeps the warp's part.
TEST(LaneValueTest, BitOperationsOnTheThreadIndex) {
  Warp W;
  expectExact(W.tid().bitAnd(LaneValue::constant(31)), W,
              [](std::int64_t T) { return T & 31; });
  expectExact(W.tid().bitOr(LaneValue::constant(1)), W,
              [](std::int64_t T) { return T | 1; });
  expectExact(W.tid().bitXor(LaneValue::constant(16)), W,
              [](std::int64_t T) { return T ^ 16; });
  expectExact(W.tid().bitAnd(LaneValue::constant(~31)), W,
              [](std::int64_t T) { return T & ~31; });
  expectExact(W.tid().bitAnd(LaneValue::constant(~3)), W,
              [](std::int64_t T) { return T & ~3; });
}

// ~tid & 31 (lanes in reverse): the operand is negative in every lane, and
// the low bits are still exact in two's complement.
TEST(LaneValueTest, BitOperationsOnNegativeValues) {
  Warp W;
  LaneValue NotTid = LaneValue::constant(-1) - W.tid();
  expectExact(NotTid.bitAnd(LaneValue::constant(31)), W,
              [](std::int64_t T) { return ~T & 31; });
  expectExact(NotTid.bitXor(LaneValue::constant(5)), W,
              [](std::int64_t T) { return ~T ^ 5; });
  expectExact(NotTid.bitOr(LaneValue::constant(8)), W,
              [](std::int64_t T) { return ~T | 8; });
}

// What cannot stay exact is unknown: a mask above the symbol's stride, a
// negative OR mask, two symbolic operands.
TEST(LaneValueTest, InexactBitOperationsAreUnknown) {
  Warp W;
  EXPECT_TRUE(W.tid().bitAnd(LaneValue::constant(63)).isUnknown());
  EXPECT_TRUE(W.tid().bitOr(LaneValue::constant(~31)).isUnknown());
  EXPECT_TRUE(W.tid().bitXor(W.tid()).isUnknown());
}

// tid < 16 ? tid : 2 * tid, decided per lane with the symbols kept.
TEST(LaneValueTest, SelectKeepsSymbolsPerLane) {
  Warp W;
  LaneVector Cond;
  for (unsigned L = 0; L < WarpLanes; ++L)
    Cond[L] = L < 16;
  LaneValue V = LaneValue::select(Cond, W.tid(),
                                  LaneValue::constant(2) * W.tid());
  expectExact(V, W, [](std::int64_t T) { return T % 32 < 16 ? T : 2 * T; });
  EXPECT_TRUE(LaneValue::select(
                  Cond, W.tid(),
                  LaneValue::unknown(UnknownKind::DataDependent, "data"))
                  .isUnknown());
}

// An unknown value carries its kind through arithmetic; the operations'
// own obstacles have theirs.
TEST(LaneValueTest, UnknownValuesKeepTheirKind) {
  Warp W;
  LaneValue Data = LaneValue::unknown(UnknownKind::DataDependent, "data", 7);
  LaneValue Sum = (W.tid() + Data) * LaneValue::constant(4);
  ASSERT_TRUE(Sum.isUnknown());
  EXPECT_EQ(Sum.reason().Kind, UnknownKind::DataDependent);
  EXPECT_EQ(Sum.reason().Location, 7U);
  int Parameter = 0;
  LaneValue N = LaneValue::symbol(
      W.Symbols.intern(SymbolKey{SymbolKind::Parameter, &Parameter}, "n"));
  EXPECT_EQ(W.tid().divide(N).reason().Kind, UnknownKind::SymbolicOperation);
  EXPECT_EQ(W.tid().divide(LaneValue::constant(0)).reason().Kind,
            UnknownKind::Arithmetic);
  EXPECT_STREQ(unknownKindName(UnknownKind::Reassigned), "reassigned");
}

// Division and remainder by constants that divide the warp's stride.
TEST(LaneValueTest, DivisionAndRemainderOfTheThreadIndex) {
  Warp W;
  expectExact(W.tid().divide(LaneValue::constant(8)), W,
              [](std::int64_t T) { return T / 8; });
  expectExact(W.tid().remainder(LaneValue::constant(16)), W,
              [](std::int64_t T) { return T % 16; });
  expectExact(W.tid().shiftRight(LaneValue::constant(2)), W,
              [](std::int64_t T) { return T >> 2; });
  expectExact(W.tid().shiftLeft(LaneValue::constant(3)), W,
              [](std::int64_t T) { return T << 3; });
  EXPECT_TRUE(W.tid().divide(LaneValue::constant(64)).isUnknown());
}

// A shift count that differs between lanes (`v << (lane & 7)`): each
// lane's coefficients scale by its own power of two; a right shift of a
// symbolic value by such a count stays unknown, as does a count out of
// range in any lane.
TEST(LaneValueTest, ShiftsByALaneDependentCount) {
  Warp W;
  const LaneValue Count = W.tid().bitAnd(LaneValue::constant(7));
  expectExact(W.tid().shiftLeft(Count), W,
              [](std::int64_t T) { return T << (T & 7); });
  expectExact(LaneValue::constant(1).shiftLeft(Count), W,
              [](std::int64_t T) { return std::int64_t(1) << (T & 7); });
  expectExact(LaneValue::constant(1000).shiftRight(Count), W,
              [](std::int64_t T) { return std::int64_t(1000) >> (T & 7); });
  EXPECT_EQ(W.tid().shiftRight(Count).reason().Kind,
            UnknownKind::SymbolicOperation);
  EXPECT_TRUE(LaneValue::constant(1)
                  .shiftLeft(W.tid().bitAnd(LaneValue::constant(31)) +
                             LaneValue::constant(40))
                  .isUnknown());
}

TEST(LaneValueTest, SymbolsAreOnePerKeyNotPerName) {
  SymbolTable Table;
  int N = 0, D = 0; // stand-ins for two parameters' declarations
  SymbolId Param = Table.intern(SymbolKey{SymbolKind::Parameter, &N}, "n / d");
  // Two values the warp shares, spelled alike, from different operands.
  SymbolKey OfD{SymbolKind::UniformOperation, nullptr, nullptr, 1, {0, 7}};
  SymbolKey OfE = OfD;
  OfE.Path.back() = 8;
  SymbolId First = Table.intern(OfD, "n / d");
  SymbolId Second = Table.intern(OfE, "n / d");
  EXPECT_NE(First, Param);
  EXPECT_NE(First, Second);
  EXPECT_EQ(Table.intern(OfD, "other spelling"), First);
  EXPECT_EQ(Table[First].Name, "n / d");
  // Two parameters of one name are two symbols; one parameter is one.
  EXPECT_NE(Table.intern(SymbolKey{SymbolKind::Parameter, &D}, "n / d"), Param);
  EXPECT_EQ(Table.intern(SymbolKey{SymbolKind::Parameter, &N}, "n"), Param);
  EXPECT_EQ(Table.size(), 4u);
}

// Substituting some symbols of a product keeps the others, scaled by the
// values given; substituting all of them gives the number; a product that
// overflows 64 bits is unknown, as multiplying the values out is.
TEST(LaneValueTest, SubstitutionScalesTheTermsItKeeps) {
  SymbolTable Symbols;
  SymbolId A = Symbols.intern(
      SymbolKey{SymbolKind::WarpPosition, nullptr, nullptr, 0, {}}, "a");
  SymbolId B = Symbols.intern(
      SymbolKey{SymbolKind::WarpPosition, nullptr, nullptr, 1, {}}, "b");
  // 5 + 3*a*b + 2*a + 7*b
  LaneValue V = LaneValue::constant(5) +
                LaneValue::symbol(A, 3) * LaneValue::symbol(B) +
                LaneValue::symbol(A, 2) + LaneValue::symbol(B, 7);
  // a = 4: 13 + 19*b, the same as the products multiplied out.
  LaneValue Partial = V.substitute({{A, 4}});
  LaneValue Expected = LaneValue::constant(13) + LaneValue::symbol(B, 19);
  EXPECT_EQ(Partial.identity(), Expected.identity())
      << Partial.str(Symbols) << " vs " << Expected.str(Symbols);
  // a = 4, b = -2: 13 - 38 = -25.
  EXPECT_EQ(V.substitute({{A, 4}, {B, -2}}).asConstant(),
            std::optional<std::int64_t>(-25));
  // 3 * a * b with a = b = 2^31 passes 2^63.
  LaneValue Big = V.substitute({{A, std::int64_t(1) << 31},
                                {B, std::int64_t(1) << 31}});
  EXPECT_TRUE(Big.isUnknown());
}
