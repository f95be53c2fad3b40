//===- RooflineTest.cpp - intensity against machine balance ---------------===//
//
// The roofline of SPEC section 1, and the tiled matrix multiply's I = T/4
// derived from its FLOP and byte counts rather than taken from the helper:
// with an N x N problem and T x T tiles, each of the (N/T)^2 output tiles
// walks N/T tile steps, loading two T x T fp32 tiles (8 T^2 bytes) per
// step, so DRAM traffic is 8 N^3 / T bytes against 2 N^3 FLOPs.
//
//===----------------------------------------------------------------------===//
#include "model/Roofline.h"
#include "model/Architecture.h"

#include <gtest/gtest.h>

using namespace gpumem::model;

namespace {

/// FLOPs and DRAM bytes of an N x N x N fp32 matmul with T x T tiles.
struct MatmulTraffic {
  double Flops;
  double Bytes;
};

MatmulTraffic tiledMatmulTraffic(double N, double Tile, double ElementBytes) {
  double TileSteps = N / Tile;
  double OutputTiles = TileSteps * TileSteps;
  double BytesPerStep = 2 * Tile * Tile * ElementBytes;
  return {2 * N * N * N, OutputTiles * TileSteps * BytesPerStep};
}

} // namespace

TEST(RooflineTest, TiledMatmulIntensityIsTileOverFourForAnyN) {
  for (double N : {256.0, 1024.0, 8192.0})
    for (unsigned Tile : {1U, 8U, 16U, 32U, 64U}) {
      MatmulTraffic Traffic = tiledMatmulTraffic(N, Tile, 4);
      RooflinePoint P = evaluateRoofline(Traffic.Flops, Traffic.Bytes, 20);
      EXPECT_DOUBLE_EQ(P.Intensity, Tile / 4.0) << "N " << N << " T " << Tile;
      EXPECT_DOUBLE_EQ(P.Intensity, tiledMatmulIntensity(Tile, 4));
    }
}

TEST(RooflineTest, DoublePrecisionHalvesTheIntensity) {
  EXPECT_DOUBLE_EQ(tiledMatmulIntensity(32, 8), 4.0);
  MatmulTraffic Traffic = tiledMatmulTraffic(1024, 32, 8);
  EXPECT_DOUBLE_EQ(Traffic.Flops / Traffic.Bytes, 4.0);
}

TEST(RooflineTest, BandwidthBoundBelowBalanceOnly) {
  EXPECT_TRUE(evaluateRoofline(8, 1, 20).isBandwidthBound());
  EXPECT_FALSE(evaluateRoofline(20, 1, 20).isBandwidthBound())
      << "at the ridge point the kernel can reach peak FLOP/s";
  EXPECT_FALSE(evaluateRoofline(40, 1, 20).isBandwidthBound());
}

TEST(RooflineTest, AttainableFractionIsCappedAtOne) {
  EXPECT_DOUBLE_EQ(evaluateRoofline(8, 1, 20).attainableFraction(), 0.4);
  EXPECT_DOUBLE_EQ(evaluateRoofline(0.25, 1, 20).attainableFraction(), 0.0125);
  EXPECT_DOUBLE_EQ(evaluateRoofline(40, 1, 20).attainableFraction(), 1.0);
  EXPECT_DOUBLE_EQ(evaluateRoofline(8, 1, 0).attainableFraction(), 1.0)
      << "no balance known: nothing to cap against";
}

TEST(RooflineTest, ZeroBytesGivesZeroIntensity) {
  EXPECT_DOUBLE_EQ(evaluateRoofline(100, 0, 20).Intensity, 0.0);
  EXPECT_DOUBLE_EQ(tiledMatmulIntensity(32, 0), 0.0);
}

TEST(RooflineTest, TileToReachBalanceRoundsUpButNotOnFloatNoise) {
  EXPECT_EQ(tileToReachBalance(20, 4), 80U);
  EXPECT_EQ(tileToReachBalance(20.1, 4), 81U);
  // 19.5 TFLOP/s / 2.039 TB/s = 9.56 FLOP/B; times 4 bytes: 38.25 -> 39.
  const Architecture *A100 = findPreset("a100");
  ASSERT_NE(A100, nullptr);
  double Balance = A100->machineBalance(Precision::FP32);
  unsigned Tile = tileToReachBalance(Balance, 4);
  EXPECT_EQ(Tile, 39U);
  EXPECT_GE(tiledMatmulIntensity(Tile, 4), Balance);
  EXPECT_LT(tiledMatmulIntensity(Tile - 1, 4), Balance);
  // A balance that is an integer only up to rounding (0.1 * 3 * 100).
  EXPECT_EQ(tileToReachBalance(0.1 * 3 * 100 / 4, 4), 30U);
}

TEST(RooflineTest, SeedMachineBalanceIsTwentyInEveryPrecision) {
  const Architecture *Seed = findPreset("seed");
  ASSERT_NE(Seed, nullptr);
  for (Precision P : {Precision::FP16, Precision::FP32, Precision::FP64})
    EXPECT_DOUBLE_EQ(Seed->machineBalance(P), 20.0) << precisionName(P);
}
