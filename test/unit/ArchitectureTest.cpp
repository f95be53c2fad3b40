//===- ArchitectureTest.cpp - presets and machine balance -----------------===//
#include "model/Architecture.h"

#include <gtest/gtest.h>

#include <iterator>
#include <string>
#include <vector>

using namespace gpumem::model;

TEST(ArchitectureTest, SeedBalanceIsTwenty) {
  const Architecture *Seed = findPreset("seed");
  ASSERT_NE(Seed, nullptr);
  EXPECT_DOUBLE_EQ(Seed->machineBalance(Precision::FP32), 20.0);
  EXPECT_EQ(Seed->TransactionBytes, 128U);
}

TEST(ArchitectureTest, PresetLookupIsCaseInsensitive) {
  EXPECT_NE(findPreset("H200"), nullptr);
  EXPECT_EQ(findPreset("no-such-gpu"), nullptr);
  for (const std::string &Name : presetNames())
    EXPECT_NE(findPreset(Name), nullptr) << Name;
}

// The figures of docs/model.md's preset table, which cites a source for
// each: a change to one must change the other.
TEST(ArchitectureTest, PresetFiguresMatchTheDocumentedTable) {
  struct Row {
    const char *Name;
    double FP16, FP32, FP64, GBps;
  };
  const Row Table[] = {
      {"seed", 20000, 20000, 20000, 1000},
      {"v100", 31400, 15700, 7800, 900},
      {"a100", 78000, 19500, 9700, 2039},
      {"h100", 133800, 66900, 33500, 3350},
      {"h200", 133800, 66900, 33500, 4800},
  };
  std::vector<std::string> Names = presetNames();
  ASSERT_EQ(Names.size(), std::size(Table));
  for (std::size_t I = 0; I < std::size(Table); ++I) {
    const Row &R = Table[I];
    EXPECT_EQ(Names[I], R.Name);
    const Architecture *A = findPreset(R.Name);
    ASSERT_NE(A, nullptr) << R.Name;
    EXPECT_DOUBLE_EQ(A->peakGflops(Precision::FP16), R.FP16) << R.Name;
    EXPECT_DOUBLE_EQ(A->peakGflops(Precision::FP32), R.FP32) << R.Name;
    EXPECT_DOUBLE_EQ(A->peakGflops(Precision::FP64), R.FP64) << R.Name;
    EXPECT_DOUBLE_EQ(A->PeakGBps, R.GBps) << R.Name;
    // The memory geometry is the same on every preset.
    EXPECT_EQ(A->WarpSize, 32U) << R.Name;
    EXPECT_EQ(A->TransactionBytes, 128U) << R.Name;
    EXPECT_EQ(A->SectorBytes, 32U) << R.Name;
    EXPECT_EQ(A->BankCount, 32U) << R.Name;
    EXPECT_EQ(A->BankWidthBytes, 4U) << R.Name;
  }
}

TEST(ArchitectureTest, DefaultPresetIsA100) {
  EXPECT_EQ(defaultPreset().Name, "a100");
  EXPECT_EQ(&defaultPreset(), findPreset("A100"));
  // 19.5 TFLOP/s over 2.039 TB/s.
  EXPECT_NEAR(defaultPreset().machineBalance(Precision::FP32), 9.5635, 1e-4);
}

TEST(ArchitectureTest, MachineBalanceIsZeroWithoutBandwidth) {
  Architecture A;
  A.PeakGflopsFP32 = 1000;
  EXPECT_DOUBLE_EQ(A.machineBalance(Precision::FP32), 0.0);
}

TEST(ArchitectureTest, PrecisionNames) {
  EXPECT_EQ(precisionName(Precision::FP16), "fp16");
  EXPECT_EQ(precisionName(Precision::FP32), "fp32");
  EXPECT_EQ(precisionName(Precision::FP64), "fp64");
}
