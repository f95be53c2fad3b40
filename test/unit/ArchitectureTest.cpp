//===- ArchitectureTest.cpp - presets and machine balance -----------------===//
#include "model/Architecture.h"

#include <gtest/gtest.h>

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
