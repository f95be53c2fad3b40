//===- GlobalCostTest.cpp - transactions, sectors and waste ---------------===//
//
// The global-memory rules of SPEC section 1 beyond the scenario cells: the
// uncoalesced definition (waste from the pattern, not from a small element
// type), wide elements, lanes whose bytes straddle a block boundary,
// negative strides and addresses, and a machine with other block sizes.
//
//===----------------------------------------------------------------------===//
#include "model/GlobalCost.h"
#include "model/Architecture.h"
#include "model/WarpFootprint.h"

#include <gtest/gtest.h>

using namespace gpumem::model;

namespace {

const Architecture &arch() { return defaultPreset(); }

} // namespace

// 32 contiguous chars: 32 useful bytes in one 128-byte block (25%), but one
// block is all those bytes need, so nothing is uncoalesced.
TEST(GlobalCostTest, ContiguousCharIsNotUncoalesced) {
  GlobalCost Cost = computeGlobalCost(WarpFootprint::strided(0, 1, 1), arch());
  EXPECT_EQ(Cost.Transactions, 1U);
  EXPECT_EQ(Cost.Sectors, 1U);
  EXPECT_EQ(Cost.UsefulBytes, 32U);
  EXPECT_DOUBLE_EQ(Cost.Efficiency, 0.25);
  EXPECT_EQ(Cost.IdealTransactions, 1U);
  EXPECT_EQ(Cost.IdealSectors, 1U);
  EXPECT_EQ(Cost.ExcessSectors, 0U);
  EXPECT_FALSE(Cost.isUncoalesced());
}

// Strided chars do waste: stride 4 bytes spreads 32 bytes over 128.
TEST(GlobalCostTest, StridedCharKeepsOneBlockButWastesSectors) {
  GlobalCost Cost = computeGlobalCost(WarpFootprint::strided(0, 4, 1), arch());
  EXPECT_EQ(Cost.Transactions, 1U);
  EXPECT_EQ(Cost.Sectors, 4U);
  EXPECT_EQ(Cost.IdealSectors, 1U);
  EXPECT_EQ(Cost.ExcessSectors, 3U);
  // One block is also all 32 bytes need: not uncoalesced at block grain.
  EXPECT_FALSE(Cost.isUncoalesced());
}

TEST(GlobalCostTest, ConsecutiveDoublesAndFloat4AreCoalesced) {
  GlobalCost Doubles =
      computeGlobalCost(WarpFootprint::strided(0, 8, 8), arch());
  EXPECT_EQ(Doubles.Transactions, 2U);
  EXPECT_EQ(Doubles.Sectors, 8U);
  EXPECT_DOUBLE_EQ(Doubles.Efficiency, 1.0);
  EXPECT_FALSE(Doubles.isUncoalesced());

  GlobalCost Float4 =
      computeGlobalCost(WarpFootprint::strided(0, 16, 16), arch());
  EXPECT_EQ(Float4.Transactions, 4U);
  EXPECT_EQ(Float4.Sectors, 16U);
  EXPECT_EQ(Float4.UsefulBytes, 512U);
  EXPECT_DOUBLE_EQ(Float4.Efficiency, 1.0);
  EXPECT_EQ(Float4.IdealTransactions, 4U);
  EXPECT_FALSE(Float4.isUncoalesced());
}

// One lane whose 16 bytes [120, 136) cross the boundary at 128 needs both
// blocks: counting block by block, not by start address.
TEST(GlobalCostTest, LaneStraddlingABoundaryCountsBothBlocks) {
  WarpFootprint Footprint = WarpFootprint::strided(120, 0, 16);
  Footprint.ActiveMask = 1;
  GlobalCost Cost = computeGlobalCost(Footprint, arch());
  EXPECT_EQ(Cost.Transactions, 2U);
  EXPECT_EQ(Cost.Sectors, 2U);
  EXPECT_EQ(Cost.UsefulBytes, 16U);
  EXPECT_EQ(Cost.SpanBytes, 16);
  EXPECT_TRUE(Cost.isUncoalesced());
}

// Reversed lanes touch the same bytes as forward lanes.
TEST(GlobalCostTest, NegativeStrideMatchesPositiveStride) {
  GlobalCost Forward =
      computeGlobalCost(WarpFootprint::strided(0, 8, 4), arch());
  GlobalCost Backward =
      computeGlobalCost(WarpFootprint::strided(248, -8, 4), arch());
  EXPECT_EQ(Backward.Transactions, Forward.Transactions);
  EXPECT_EQ(Backward.Sectors, Forward.Sectors);
  EXPECT_EQ(Backward.UsefulBytes, Forward.UsefulBytes);
  EXPECT_EQ(Backward.SpanBytes, Forward.SpanBytes);
}

// Addresses below the aligned base: [-64, 64) is two blocks, -1 and 0.
TEST(GlobalCostTest, NegativeAddressesUseFloorDivision) {
  GlobalCost Cost =
      computeGlobalCost(WarpFootprint::strided(-64, 4, 4), arch());
  EXPECT_EQ(Cost.Transactions, 2U);
  EXPECT_EQ(Cost.Sectors, 4U);
  EXPECT_EQ(Cost.SpanBytes, 128);
}

// Lanes reading overlapping bytes count each byte once.
TEST(GlobalCostTest, OverlappingLanesCountDistinctBytes) {
  // Lane l reads [2 l, 2 l + 4): bytes 0..65.
  GlobalCost Cost = computeGlobalCost(WarpFootprint::strided(0, 2, 4), arch());
  EXPECT_EQ(Cost.UsefulBytes, 66U);
  EXPECT_EQ(Cost.SpanBytes, 66);
  EXPECT_EQ(Cost.Transactions, 1U);
  EXPECT_EQ(Cost.Sectors, 3U);
}

// Blocks are counted once however the lanes' ranges nest or overlap, in
// any lane order: whole-struct copies of 1,000 bytes, lanes 96 bytes apart
// in reverse order, cover [0, 3976): 32 blocks, 125 sectors.
TEST(GlobalCostTest, WideOverlappingLanesCountEachBlockOnce) {
  WarpFootprint Footprint = WarpFootprint::strided(31 * 96, -96, 1000);
  GlobalCost Cost = computeGlobalCost(Footprint, arch());
  EXPECT_EQ(Cost.Transactions, 32U);
  EXPECT_EQ(Cost.Sectors, 125U);
  EXPECT_EQ(Cost.UsefulBytes, 3976U);
  EXPECT_EQ(Cost.SpanBytes, 3976);
}

TEST(GlobalCostTest, NoActiveLaneCostsNothing) {
  WarpFootprint Footprint = WarpFootprint::strided(0, 4, 4);
  Footprint.ActiveMask = 0;
  GlobalCost Cost = computeGlobalCost(Footprint, arch());
  EXPECT_EQ(Cost.Transactions, 0U);
  EXPECT_EQ(Cost.Sectors, 0U);
  EXPECT_EQ(Cost.UsefulBytes, 0U);
  EXPECT_DOUBLE_EQ(Cost.Efficiency, 0.0);
  EXPECT_EQ(Cost.SpanBytes, 0);
  EXPECT_FALSE(Cost.isUncoalesced());
}

// The sizes come from the architecture, not from constants in the model.
TEST(GlobalCostTest, BlockAndSectorSizesComeFromTheArchitecture) {
  Architecture Small = arch();
  Small.TransactionBytes = 64;
  Small.SectorBytes = 16;
  GlobalCost Cost = computeGlobalCost(WarpFootprint::strided(0, 4, 4), Small);
  EXPECT_EQ(Cost.Transactions, 2U);
  EXPECT_EQ(Cost.Sectors, 8U);
  EXPECT_DOUBLE_EQ(Cost.Efficiency, 1.0);
  EXPECT_EQ(Cost.IdealTransactions, 2U);
  EXPECT_FALSE(Cost.isUncoalesced());
}

TEST(GlobalCostTest, PartialWarpOfConsecutiveLanes) {
  // Lanes 0..15 of consecutive floats: 64 bytes, one block, half used.
  WarpFootprint Footprint = WarpFootprint::strided(0, 4, 4);
  Footprint.ActiveMask = 0xFFFF;
  GlobalCost Cost = computeGlobalCost(Footprint, arch());
  EXPECT_EQ(Cost.Transactions, 1U);
  EXPECT_EQ(Cost.Sectors, 2U);
  EXPECT_DOUBLE_EQ(Cost.Efficiency, 0.5);
  EXPECT_FALSE(Cost.isUncoalesced());
}

TEST(WarpFootprintTest, StridedBuildsOneAddressPerLaneAllActive) {
  WarpFootprint Footprint = WarpFootprint::strided(16, -4, 8);
  ASSERT_EQ(Footprint.Address.size(), 32U);
  EXPECT_EQ(Footprint.Address[0], 16);
  EXPECT_EQ(Footprint.Address[31], 16 - 31 * 4);
  EXPECT_EQ(Footprint.Width, 8U);
  EXPECT_EQ(Footprint.activeLaneCount(), 32U);
  EXPECT_TRUE(Footprint.isActive(31));
  EXPECT_FALSE(Footprint.isActive(32));
}

// Two aligned rows of 64 bytes (a 16x16 block's warp): two 128-byte
// blocks where one would hold the bytes, but four sectors, all of which
// the bytes need. Uncoalesced by transactions, not by sectors.
TEST(GlobalCostTest, TwoRowsAreIdealInSectors) {
  WarpFootprint F = WarpFootprint::strided(0, 4, 4);
  for (unsigned L = 16; L < 32; ++L)
    F.Address[L] = 256 + 4 * (L - 16);
  GlobalCost Cost = computeGlobalCost(F, arch());
  EXPECT_EQ(Cost.Transactions, 2U);
  EXPECT_EQ(Cost.Sectors, 4U);
  EXPECT_TRUE(Cost.isUncoalesced(CoalescingUnit::Transactions));
  EXPECT_FALSE(Cost.isUncoalesced(CoalescingUnit::Sectors));
  EXPECT_DOUBLE_EQ(Cost.efficiency(CoalescingUnit::Transactions), 0.5);
  EXPECT_DOUBLE_EQ(Cost.efficiency(CoalescingUnit::Sectors), 1.0);
  EXPECT_EQ(Cost.units(CoalescingUnit::Sectors), 4U);
}

TEST(GlobalCostTest, CoalescingUnitSpellings) {
  EXPECT_EQ(parseCoalescingUnit("sectors"), CoalescingUnit::Sectors);
  EXPECT_EQ(parseCoalescingUnit("transactions"), CoalescingUnit::Transactions);
  EXPECT_FALSE(parseCoalescingUnit("bytes"));
  EXPECT_EQ(coalescingUnitName(CoalescingUnit::Sectors), "sectors");
}
