//===- ScenarioMatrixTest.cpp - every number of SPEC section 2 ------------===//
//
// One test per cell of the scenario matrix (cells A to J), named after it.
// Each footprint is built the way the seed describes the access: one warp of
// 4-byte floats, lane l at Base + l * Stride, base 128-byte aligned unless
// the cell says otherwise. The numbers are the ones the checks print, so a
// change here is a change in what users read.
//
//===----------------------------------------------------------------------===//
#include "model/Architecture.h"
#include "model/BankConflict.h"
#include "model/GlobalCost.h"
#include "model/Roofline.h"
#include "model/WarpFootprint.h"

#include <gtest/gtest.h>

using namespace gpumem::model;

namespace {

constexpr unsigned FloatBytes = 4;

/// The figures every global cell is priced against; only the sizes matter
/// here, and they are the same in every preset.
const Architecture &arch() { return *findPreset("seed"); }

GlobalCost floatsAtStride(std::int64_t Base, std::int64_t StrideBytes) {
  return computeGlobalCost(
      WarpFootprint::strided(Base, StrideBytes, FloatBytes), arch());
}

/// Transactions of field \p Field (0-based, 4-byte) of a warp reading an
/// array of structures of \p StructBytes bytes, lane l reading element l.
unsigned aosFieldTransactions(unsigned StructBytes, unsigned Field) {
  return floatsAtStride(Field * FloatBytes, StructBytes).Transactions;
}

/// The same field stored as its own array (structure of arrays): each
/// array starts on its own aligned base, lane l reads element l.
unsigned soaFieldTransactions() { return floatsAtStride(0, 4).Transactions; }

} // namespace

// A: consecutive floats, stride 1: one block, fully used, no warning.
TEST(ScenarioMatrixTest, CellA_ConsecutiveStrideOne) {
  GlobalCost Cost = floatsAtStride(0, 4);
  EXPECT_EQ(Cost.Transactions, 1U);
  EXPECT_EQ(Cost.Sectors, 4U);
  EXPECT_EQ(Cost.UsefulBytes, 128U);
  EXPECT_DOUBLE_EQ(Cost.Efficiency, 1.0);
  EXPECT_EQ(Cost.SpanBytes, 128);
  EXPECT_EQ(Cost.IdealTransactions, 1U);
  EXPECT_EQ(Cost.ExcessSectors, 0U);
  EXPECT_FALSE(Cost.isUncoalesced());
}

// B: stride 2 floats: lanes 0..31 at byte 0, 8, ..., 248; span 252.
TEST(ScenarioMatrixTest, CellB_StrideTwoFloats) {
  GlobalCost Cost = floatsAtStride(0, 8);
  EXPECT_EQ(Cost.Transactions, 2U);
  EXPECT_DOUBLE_EQ(Cost.Efficiency, 0.5);
  EXPECT_EQ(Cost.SpanBytes, 252);
  // Every 32-byte sector of the 256 bytes holds four of the floats.
  EXPECT_EQ(Cost.Sectors, 8U);
  EXPECT_EQ(Cost.UsefulBytes, 128U);
  EXPECT_EQ(Cost.IdealTransactions, 1U);
  EXPECT_EQ(Cost.ExcessSectors, 4U);
  EXPECT_TRUE(Cost.isUncoalesced());
}

// C: stride 32 floats (128 bytes): one block and one sector per lane.
TEST(ScenarioMatrixTest, CellC_StrideThirtyTwoFloats) {
  GlobalCost Cost = floatsAtStride(0, 128);
  EXPECT_EQ(Cost.Transactions, 32U);
  EXPECT_EQ(Cost.Sectors, 32U);
  EXPECT_DOUBLE_EQ(Cost.Efficiency, 0.03125);
  EXPECT_EQ(Cost.UsefulBytes, 128U);
  EXPECT_EQ(Cost.SpanBytes, 31 * 128 + 4);
  EXPECT_EQ(Cost.IdealTransactions, 1U);
  EXPECT_TRUE(Cost.isUncoalesced());
}

// D: only lane 0 active. 4 useful bytes in a 128-byte haul: the waste is an
// empty warp, not a scatter, so the access is not uncoalesced.
TEST(ScenarioMatrixTest, CellD_OnlyLaneZeroActive) {
  WarpFootprint Footprint = WarpFootprint::strided(0, 4, FloatBytes);
  Footprint.ActiveMask = 1;
  ASSERT_EQ(Footprint.activeLaneCount(), 1U);
  GlobalCost Cost = computeGlobalCost(Footprint, arch());
  EXPECT_EQ(Cost.Transactions, 1U);
  EXPECT_EQ(Cost.Sectors, 1U);
  EXPECT_EQ(Cost.UsefulBytes, 4U);
  EXPECT_DOUBLE_EQ(Cost.Efficiency, 0.03125);
  EXPECT_EQ(Cost.SpanBytes, 4);
  EXPECT_EQ(Cost.IdealTransactions, 1U);
  EXPECT_FALSE(Cost.isUncoalesced());
}

// E: all 32 lanes on one address. DRAM counts distinct bytes (3.125%); in
// shared memory the word is broadcast, one cycle.
TEST(ScenarioMatrixTest, CellE_AllLanesSameAddress) {
  WarpFootprint Footprint = WarpFootprint::strided(0, 0, FloatBytes);
  GlobalCost Cost = computeGlobalCost(Footprint, arch());
  EXPECT_EQ(Cost.Transactions, 1U);
  EXPECT_EQ(Cost.Sectors, 1U);
  EXPECT_EQ(Cost.UsefulBytes, 4U);
  EXPECT_DOUBLE_EQ(Cost.Efficiency, 0.03125);
  EXPECT_EQ(Cost.IdealTransactions, 1U);
  EXPECT_FALSE(Cost.isUncoalesced());

  BankConflictDegree Banks =
      computeBankConflict(Footprint, arch(), PhaseRule::ByAccessWidth);
  EXPECT_EQ(Banks.Degree, 1U);
  EXPECT_FALSE(Banks.isConflict());
  EXPECT_EQ(Banks.LanesOnWorstBank, 32U);
}

// F: array of structures of 6 floats (24 bytes), field x: stride 24.
TEST(ScenarioMatrixTest, CellF_ArrayOfStructuresSixFloats) {
  GlobalCost Cost = floatsAtStride(0, 24);
  EXPECT_EQ(Cost.Transactions, 6U);
  EXPECT_DOUBLE_EQ(Cost.Efficiency, 4.0 / 24);
  EXPECT_NEAR(Cost.Efficiency * 100, 16.7, 0.05);
  EXPECT_EQ(Cost.SpanBytes, 748);
  // Lane l starts in sector floor(24 l / 32) = floor(3 l / 4): 0..23.
  EXPECT_EQ(Cost.Sectors, 24U);
  EXPECT_EQ(Cost.IdealTransactions, 1U);
  EXPECT_TRUE(Cost.isUncoalesced());

  // Structure of arrays: field x alone is contiguous.
  EXPECT_EQ(soaFieldTransactions(), 1U);

  // The whole struct: every field costs 6 as AoS and 1 as SoA.
  unsigned AoSTotal = 0, SoATotal = 0;
  for (unsigned Field = 0; Field < 6; ++Field) {
    EXPECT_EQ(aosFieldTransactions(24, Field), 6U) << "field " << Field;
    AoSTotal += aosFieldTransactions(24, Field);
    SoATotal += soaFieldTransactions();
  }
  EXPECT_EQ(AoSTotal, 36U);
  EXPECT_EQ(SoATotal, 6U);
  EXPECT_EQ(AoSTotal / SoATotal, 6U);
}

// G: shared float tile[32][32], lane i reads tile[i][0] at byte i * 128:
// every lane on bank 0, 32 distinct words. Padding to [32][33] moves lane i
// to word 33 i, bank i.
TEST(ScenarioMatrixTest, CellG_TransposeTileColumn) {
  BankConflictDegree Unpadded =
      computeBankConflict(WarpFootprint::strided(0, 32 * 4, FloatBytes), arch(),
                          PhaseRule::ByAccessWidth);
  EXPECT_EQ(Unpadded.Degree, 32U);
  EXPECT_TRUE(Unpadded.isConflict());
  EXPECT_EQ(Unpadded.WorstBank, 0U);
  EXPECT_EQ(Unpadded.LanesOnWorstBank, 32U);
  EXPECT_EQ(Unpadded.PhaseCount, 1U);

  BankConflictDegree Padded =
      computeBankConflict(WarpFootprint::strided(0, 33 * 4, FloatBytes), arch(),
                          PhaseRule::ByAccessWidth);
  EXPECT_EQ(Padded.Degree, 1U);
  EXPECT_FALSE(Padded.isConflict());
  EXPECT_EQ(Unpadded.Degree / Padded.Degree, 32U);
}

// H: interleaved RGB pixels of three floats (12 bytes), red channel.
TEST(ScenarioMatrixTest, CellH_InterleavedRgbRedChannel) {
  GlobalCost Cost = floatsAtStride(0, 12);
  EXPECT_EQ(Cost.Transactions, 3U);
  EXPECT_DOUBLE_EQ(Cost.Efficiency, 1.0 / 3);
  EXPECT_NEAR(Cost.Efficiency * 100, 33.3, 0.05);
  EXPECT_EQ(Cost.SpanBytes, 376);
  // floor(12 l / 32) = floor(3 l / 8) for l = 0..31 is 0..11.
  EXPECT_EQ(Cost.Sectors, 12U);
  EXPECT_TRUE(Cost.isUncoalesced());

  // Planar (one array per channel): 1 transaction per channel pass.
  EXPECT_EQ(soaFieldTransactions(), 1U);
  unsigned Interleaved = 0;
  for (unsigned Channel = 0; Channel < 3; ++Channel)
    Interleaved += aosFieldTransactions(12, Channel);
  EXPECT_EQ(Interleaved, 9U);
  EXPECT_EQ(Cost.Transactions / soaFieldTransactions(), 3U);
}

// I: tiled matmul, T = 32, on the seed's 20 TFLOP/s / 1 TB/s machine.
TEST(ScenarioMatrixTest, CellI_TiledMatmulRoofline) {
  const double Balance = arch().machineBalance(Precision::FP32);
  EXPECT_DOUBLE_EQ(Balance, 20.0);

  EXPECT_DOUBLE_EQ(tiledMatmulIntensity(32, FloatBytes), 8.0);
  RooflinePoint Tiled =
      evaluateRoofline(tiledMatmulIntensity(32, FloatBytes), 1.0, Balance);
  EXPECT_TRUE(Tiled.isBandwidthBound());
  EXPECT_DOUBLE_EQ(Tiled.attainableFraction(), 8.0 / 20);

  // Naive (T = 1): every multiply-add loads both operands.
  EXPECT_DOUBLE_EQ(tiledMatmulIntensity(1, FloatBytes), 0.25);

  // Compute-bound needs T >= 80; T = 79 is still short of the balance.
  EXPECT_EQ(tileToReachBalance(20, FloatBytes), 80U);
  EXPECT_FALSE(
      evaluateRoofline(tiledMatmulIntensity(80, FloatBytes), 1.0, Balance)
          .isBandwidthBound());
  EXPECT_TRUE(
      evaluateRoofline(tiledMatmulIntensity(79, FloatBytes), 1.0, Balance)
          .isBandwidthBound());
}

// J: consecutive floats from byte 64: bytes [64, 191] straddle the block
// boundary at 128. ceil(span / 128) would say 1; counting blocks says 2.
TEST(ScenarioMatrixTest, CellJ_MisalignedBaseOffset64) {
  GlobalCost Cost = floatsAtStride(64, 4);
  EXPECT_EQ(Cost.Transactions, 2U);
  EXPECT_DOUBLE_EQ(Cost.Efficiency, 0.5);
  EXPECT_EQ(Cost.SpanBytes, 128);
  EXPECT_EQ((Cost.SpanBytes + 127) / 128, 1) << "the seed's shortcut";
  EXPECT_EQ(Cost.Sectors, 4U);
  EXPECT_EQ(Cost.UsefulBytes, 128U);
  EXPECT_EQ(Cost.IdealTransactions, 1U);
  EXPECT_TRUE(Cost.isUncoalesced());

  // The same footprint aligned needs one: the cause is the offset.
  EXPECT_EQ(floatsAtStride(0, 4).Transactions, 1U);
}
