//===- SymbolicThresholdTest.cpp - a stride factor's stated threshold -----===//
//
// "up to N transactions ... when 'inc' >= T" is a claim about every value
// of the factor from T on, and T is the least such value (issue 61: for
// 16-byte elements the worst case holds from 8, not 32). Checked against a
// brute force: each lane's bytes listed one by one at every factor up to
// a few times T, their distinct 128-byte blocks counted.
//
//===----------------------------------------------------------------------===//
#include "checks/access/GlobalVerdict.h"
#include "model/Architecture.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <set>

using namespace gpumem;

namespace {

/// The distinct transactions the 32 lanes touch, each lane reading Width
/// bytes at Lane * Factor * Width, counted byte by byte.
std::int64_t bruteTransactions(unsigned Width, std::int64_t Factor,
                               std::int64_t Block, unsigned Every = 1) {
  std::set<std::int64_t> Blocks;
  for (std::int64_t Lane = 0; Lane < 32; Lane += Every)
    for (std::int64_t Byte = 0; Byte < Width; ++Byte)
      Blocks.insert((Lane * Factor * Width + Byte) / Block);
  return static_cast<std::int64_t>(Blocks.size());
}

access::GlobalVerdict judgeStride(unsigned Width, lanes::SymbolId Factor,
                                  unsigned Every = 1) {
  access::MemoryAccess A;
  A.Active = 0;
  for (unsigned L = 0; L < lanes::WarpLanes; L += Every)
    A.Active |= lanes::LaneMask{1} << L;
  A.Space = lanes::MemorySpace::Global;
  A.Width = Width;
  A.InstructionBytes = Width;
  A.BaseAlignment = 256;
  lanes::LaneVector Lane{};
  for (unsigned L = 0; L < lanes::WarpLanes; ++L)
    Lane[L] = L;
  A.Offset =
      lanes::LaneValue::perLane(Lane) * lanes::LaneValue::symbol(Factor, Width);
  A.SymbolicStride = {Factor};
  return access::judgeGlobalAccess(A, model::defaultPreset(),
                                   access::GlobalPolicy{});
}

TEST(SymbolicThreshold, LeastFactorWhereTheStatedCostHolds) {
  const std::int64_t Block = model::defaultPreset().TransactionBytes;
  for (unsigned Width : {1u, 2u, 4u, 8u, 16u}) {
    SCOPED_TRACE("width " + std::to_string(Width));
    const access::GlobalVerdict V = judgeStride(Width, /*Factor=*/0);
    const std::int64_t T = V.SymbolicSample;
    ASSERT_GE(T, 1);
    EXPECT_EQ(V.SymbolicBytesPerLane, Width);
    // The stated cost holds at the threshold and at every factor above
    // it the brute force tries...
    for (std::int64_t F = T; F <= 4 * T; ++F)
      EXPECT_EQ(bruteTransactions(Width, F, Block), V.Cost.Transactions)
          << "factor " << F;
    // ... and not just below it: the threshold is the least.
    if (T > 1)
      EXPECT_LT(bruteTransactions(Width, T - 1, Block), V.Cost.Transactions);
  }
}

TEST(SymbolicThreshold, BetweenTheLanesThatRun) {
  const std::int64_t Block = model::defaultPreset().TransactionBytes;
  for (unsigned Every : {2u, 4u, 8u})
    for (unsigned Width : {1u, 4u, 16u}) {
      SCOPED_TRACE("every " + std::to_string(Every) + ", width " +
                   std::to_string(Width));
      const access::GlobalVerdict V = judgeStride(Width, 0, Every);
      const std::int64_t T = V.SymbolicSample;
      EXPECT_EQ(V.SymbolicBytesPerLane, std::int64_t{Width} * Every);
      for (std::int64_t F = T; F <= 4 * T; ++F)
        EXPECT_EQ(bruteTransactions(Width, F, Block, Every),
                  V.Cost.Transactions)
            << "factor " << F;
      if (T > 1)
        EXPECT_LT(bruteTransactions(Width, T - 1, Block, Every),
                  V.Cost.Transactions);
    }
}

TEST(SymbolicThreshold, SixteenByteElementsFromEight) {
  EXPECT_EQ(judgeStride(16, 0).SymbolicSample, 8);
  EXPECT_EQ(judgeStride(8, 0).SymbolicSample, 16);
  EXPECT_EQ(judgeStride(4, 0).SymbolicSample, 32);
}

} // namespace
