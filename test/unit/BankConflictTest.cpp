//===- BankConflictTest.cpp - shared-memory banks, phases, broadcast ------===//
//
// The bank rules of SPEC section 1: bank = word mod 32, k = distinct words
// per bank in the worst phase, lanes on one word served together, and wide
// accesses split into phases (8-byte: two half-warps, 16-byte: four
// quarter-warps) unless the whole-warp rule is asked for. The strided
// examples are the ones the CUDA C++ Programming Guide draws for compute
// capability 5.x: stride 1 and 3 words conflict-free, stride 2 two-way.
//
//===----------------------------------------------------------------------===//
#include "model/BankConflict.h"
#include "model/Architecture.h"
#include "model/WarpFootprint.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>

using namespace gpumem::model;

namespace {

const Architecture &arch() { return defaultPreset(); }

BankConflictDegree degreeOf(const WarpFootprint &Footprint,
                            PhaseRule Rule = PhaseRule::ByAccessWidth) {
  return computeBankConflict(Footprint, arch(), Rule);
}

} // namespace

TEST(BankConflictTest, ConsecutiveFloatsAreConflictFree) {
  BankConflictDegree D = degreeOf(WarpFootprint::strided(0, 4, 4));
  EXPECT_EQ(D.Degree, 1U);
  EXPECT_FALSE(D.isConflict());
  EXPECT_EQ(D.PhaseCount, 1U);
}

TEST(BankConflictTest, StrideTwoFloatsIsTwoWay) {
  // Lane l on word 2 l: even banks only, words b and b + 32 on bank b.
  BankConflictDegree D = degreeOf(WarpFootprint::strided(0, 8, 4));
  EXPECT_EQ(D.Degree, 2U);
  EXPECT_TRUE(D.isConflict());
  EXPECT_EQ(D.WorstBank % 2, 0U);
  EXPECT_EQ(D.LanesOnWorstBank, 2U);
}

TEST(BankConflictTest, StrideThreeFloatsIsConflictFree) {
  // 3 and 32 are coprime: lane l on bank 3 l mod 32, all different.
  EXPECT_EQ(degreeOf(WarpFootprint::strided(0, 12, 4)).Degree, 1U);
}

TEST(BankConflictTest, PowerOfTwoStridesConflictByTheirFactor) {
  for (unsigned Words : {4U, 8U, 16U, 32U, 64U})
    EXPECT_EQ(degreeOf(WarpFootprint::strided(0, Words * 4, 4)).Degree,
              std::min(Words, 32U))
        << "stride " << Words << " words";
}

// Lane i reads byte i: four lanes per word, eight words on eight banks.
TEST(BankConflictTest, CharLanesOnOneWordAreMulticast) {
  BankConflictDegree D = degreeOf(WarpFootprint::strided(0, 1, 1));
  EXPECT_EQ(D.Degree, 1U);
  EXPECT_FALSE(D.isConflict());
  EXPECT_EQ(D.LanesOnWorstBank, 4U);
}

// Half the lanes on word 0, half on word 32: bank 0, two distinct words.
TEST(BankConflictTest, TwoWordsOnOneBankIsTwoWayWhateverTheLaneCount) {
  WarpFootprint Footprint = WarpFootprint::strided(0, 0, 4);
  for (unsigned L = 16; L < 32; ++L)
    Footprint.Address[L] = 128;
  BankConflictDegree D = degreeOf(Footprint);
  EXPECT_EQ(D.Degree, 2U);
  EXPECT_EQ(D.WorstBank, 0U);
  EXPECT_EQ(D.LanesOnWorstBank, 32U);
}

TEST(BankConflictTest, InactiveLanesDoNotConflict) {
  WarpFootprint Footprint = WarpFootprint::strided(0, 128, 4);
  Footprint.ActiveMask = 0x1;
  EXPECT_EQ(degreeOf(Footprint).Degree, 1U);
  Footprint.ActiveMask = 0x0000000F;
  EXPECT_EQ(degreeOf(Footprint).Degree, 4U);
  Footprint.ActiveMask = 0;
  EXPECT_EQ(degreeOf(Footprint).Degree, 0U) << "no lane, no wavefront";
}

// An 8-byte access runs as two half-warps: consecutive doubles put 16 lanes
// x 2 words = 32 words on 32 banks in each phase.
TEST(BankConflictTest, DoublesRunAsTwoHalfWarps) {
  WarpFootprint Doubles = WarpFootprint::strided(0, 8, 8);
  BankConflictDegree ByWidth = degreeOf(Doubles, PhaseRule::ByAccessWidth);
  EXPECT_EQ(ByWidth.PhaseCount, 2U);
  EXPECT_EQ(ByWidth.Degree, 1U);

  // One phase for the warp: 64 words on 32 banks, two per bank.
  BankConflictDegree Whole = degreeOf(Doubles, PhaseRule::WholeWarp);
  EXPECT_EQ(Whole.PhaseCount, 1U);
  EXPECT_EQ(Whole.Degree, 2U);
}

TEST(BankConflictTest, StridedDoublesConflictWithinAHalfWarp) {
  // Every other double: a half-warp spans 64 words, two per used bank.
  BankConflictDegree D = degreeOf(WarpFootprint::strided(0, 16, 8));
  EXPECT_EQ(D.PhaseCount, 2U);
  EXPECT_EQ(D.Degree, 2U);
  // Lanes 0..15 and 16..31 repeat the same banks in different phases: a
  // whole-warp phase would see four words per bank.
  EXPECT_EQ(
      degreeOf(WarpFootprint::strided(0, 16, 8), PhaseRule::WholeWarp).Degree,
      4U);
}

// The second half-warp alone conflicts: the worst phase is phase 1.
TEST(BankConflictTest, WorstPhaseIsReported) {
  WarpFootprint Footprint = WarpFootprint::strided(0, 8, 8);
  for (unsigned L = 16; L < 32; ++L)
    Footprint.Address[L] = static_cast<std::int64_t>(L - 16) * 128;
  BankConflictDegree D = degreeOf(Footprint);
  EXPECT_EQ(D.PhaseCount, 2U);
  EXPECT_EQ(D.WorstPhase, 1U);
  EXPECT_EQ(D.Degree, 16U);
  EXPECT_EQ(D.LanesOnWorstBank, 16U);
}

// A 16-byte access runs as four quarter-warps: 8 lanes x 4 words = 32.
TEST(BankConflictTest, Float4RunsAsFourQuarterWarps) {
  WarpFootprint Float4 = WarpFootprint::strided(0, 16, 16);
  BankConflictDegree ByWidth = degreeOf(Float4, PhaseRule::ByAccessWidth);
  EXPECT_EQ(ByWidth.PhaseCount, 4U);
  EXPECT_EQ(ByWidth.Degree, 1U);

  BankConflictDegree Whole = degreeOf(Float4, PhaseRule::WholeWarp);
  EXPECT_EQ(Whole.PhaseCount, 1U);
  EXPECT_EQ(Whole.Degree, 4U);

  // Stride two float4s: a quarter-warp spans 64 words, two per bank.
  EXPECT_EQ(degreeOf(WarpFootprint::strided(0, 32, 16)).Degree, 2U);
}

TEST(BankConflictTest, NarrowAccessesAreOnePhaseUnderEitherRule) {
  for (unsigned Width : {1U, 2U, 4U}) {
    WarpFootprint Footprint = WarpFootprint::strided(0, Width, Width);
    EXPECT_EQ(degreeOf(Footprint, PhaseRule::ByAccessWidth).PhaseCount, 1U);
    EXPECT_EQ(degreeOf(Footprint, PhaseRule::WholeWarp).PhaseCount, 1U);
  }
}

// Word, not byte, decides: bytes 0..3 of one word are one word.
TEST(BankConflictTest, ShortsSharingAWordDoNotConflict) {
  // Lane l reads the short at byte 2 l: 16 words, two lanes each.
  EXPECT_EQ(degreeOf(WarpFootprint::strided(0, 2, 2)).Degree, 1U);
  // Lane l at byte 128 l + 2 (l even) or 128 l (l odd): all on bank 0.
  WarpFootprint Footprint = WarpFootprint::strided(0, 128, 2);
  for (unsigned L = 0; L < 32; L += 2)
    Footprint.Address[L] += 2;
  EXPECT_EQ(degreeOf(Footprint).Degree, 32U);
}

TEST(BankConflictTest, BankGeometryComesFromTheArchitecture) {
  Architecture Sixteen = arch();
  Sixteen.BankCount = 16;
  // Lane l on word l: words l and l + 16 share a bank.
  BankConflictDegree D = computeBankConflict(WarpFootprint::strided(0, 4, 4),
                                             Sixteen, PhaseRule::ByAccessWidth);
  EXPECT_EQ(D.Degree, 2U);
}

TEST(BankConflictTest, PhaseRuleNamesRoundTrip) {
  for (PhaseRule Rule : {PhaseRule::ByAccessWidth, PhaseRule::WholeWarp}) {
    std::optional<PhaseRule> Parsed = parsePhaseRule(phaseRuleName(Rule));
    ASSERT_TRUE(Parsed.has_value());
    EXPECT_EQ(*Parsed, Rule);
  }
  EXPECT_EQ(phaseRuleName(PhaseRule::ByAccessWidth), "by-access-width");
  EXPECT_EQ(phaseRuleName(PhaseRule::WholeWarp), "whole-warp");
  EXPECT_FALSE(parsePhaseRule("half-warp").has_value());
  EXPECT_FALSE(parsePhaseRule("").has_value());
}
