//===- TensorLayoutTest.cpp - static layouts and the copies over them -----===//
//
// The layout rules of model/TensorLayout.h against a brute force where one
// exists (coalescing keeps every index's offset; the common vector is the
// longest prefix both layouts keep at consecutive offsets) and against
// copies worked out by hand: a thread's four contiguous floats move as one
// 16-byte instruction, a thread's strided tile element by element, halves
// eight at a time.
//
//===----------------------------------------------------------------------===//
#include "model/TensorLayout.h"

#include <gtest/gtest.h>

using namespace gpumem::model;

namespace {

FlatLayout layout(std::vector<LayoutMode> Modes) { return FlatLayout{Modes}; }

const std::vector<FlatLayout> &someLayouts() {
  static const std::vector<FlatLayout> All = {
      layout({{4, 1}}),          layout({{4, 1}, {8, 4}}),
      layout({{4, 1}, {8, 32}}), layout({{2, 32}, {4, 256}}),
      layout({{8, 4}, {4, 1}}),  layout({{1, 7}, {4, 1}, {2, 4}, {3, 100}}),
      layout({{4, 1}, {8, 6}}),  layout({{2, 1}, {2, 2}, {2, 4}}),
  };
  return All;
}

TEST(TensorLayout, CoalesceKeepsEveryOffset) {
  for (const FlatLayout &L : someLayouts()) {
    FlatLayout C = coalesce(L);
    ASSERT_EQ(C.size(), L.size());
    for (std::int64_t I = 0; I < L.size(); ++I)
      EXPECT_EQ(C.offsetOf(I), L.offsetOf(I)) << "index " << I;
    for (const LayoutMode &M : C.Modes)
      EXPECT_NE(M.Shape, 1);
  }
  EXPECT_EQ(coalesce(layout({{4, 1}, {8, 4}})).Modes.size(), 1u);
  EXPECT_EQ(coalesce(layout({{2, 1}, {2, 2}, {2, 4}})).Modes.size(), 1u);
  EXPECT_EQ(coalesce(layout({{4, 1}, {8, 32}})).Modes.size(), 2u);
}

/// The longest prefix of B's offsets 0, 1, ... whose indices A maps to the
/// same offsets, by search over every index of both.
std::int64_t commonByBruteForce(const FlatLayout &A, const FlatLayout &B) {
  std::int64_t N = 0;
  for (;; ++N) {
    std::int64_t Found = -1;
    for (std::int64_t I = 0; I < B.size(); ++I)
      if (B.offsetOf(I) == N)
        Found = I;
    if (Found < 0 || A.offsetOf(Found) != N)
      break;
  }
  return N ? N : 1;
}

TEST(TensorLayout, CommonVectorMatchesBruteForce) {
  for (const FlatLayout &A : someLayouts())
    for (const FlatLayout &B : someLayouts())
      if (A.size() == B.size())
        EXPECT_EQ(commonVector(A, B), commonByBruteForce(A, B));
  // Different sizes share nothing a copy could use.
  EXPECT_EQ(commonVector(layout({{4, 1}}), layout({{8, 1}})), 1);
  // A broadcast destination (two indices at one offset) is not read back.
  EXPECT_EQ(commonVector(layout({{4, 1}}), layout({{2, 1}, {2, 0}})), 1);
}

TEST(TensorLayout, AlignmentOfTheLeadingRun) {
  EXPECT_EQ(layoutAlignment(layout({{4, 1}})), 4);
  EXPECT_EQ(layoutAlignment(layout({{4, 1}, {8, 32}})), 4);
  // Four contiguous, the next four six on: pairs stay aligned, not fours.
  EXPECT_EQ(layoutAlignment(layout({{4, 1}, {8, 6}})), 2);
  // Row-major 8 x 4 reaches every offset: the whole tile.
  EXPECT_EQ(layoutAlignment(layout({{8, 4}, {4, 1}})), 32);
  // No element at stride 1: one element.
  EXPECT_EQ(layoutAlignment(layout({{2, 32}, {4, 256}})), 1);
}

TEST(TensorLayout, CopyVectorWidths) {
  // Four contiguous floats into four registers: one 128-bit instruction.
  EXPECT_EQ(copyVectorElements(layout({{4, 1}}), layout({{4, 1}}), 32, 128), 4);
  // Eight contiguous floats: two 128-bit instructions (the bits cap it).
  EXPECT_EQ(copyVectorElements(layout({{8, 1}}), layout({{8, 1}}), 32, 128), 4);
  // Eight halves: one 128-bit instruction of eight.
  EXPECT_EQ(copyVectorElements(layout({{8, 1}}), layout({{8, 1}}), 16, 128), 8);
  // A thread's strided share of a tile: element by element.
  EXPECT_EQ(copyVectorElements(layout({{2, 32}, {4, 256}}),
                               layout({{2, 1}, {4, 2}}), 32, 128),
            1);
  // Runs of four, 64 apart, into eight registers: four at a time.
  EXPECT_EQ(
      copyVectorElements(layout({{4, 1}, {2, 64}}), layout({{8, 1}}), 32, 128),
      4);
  // Runs of four six apart keep pairs aligned: two at a time.
  EXPECT_EQ(
      copyVectorElements(layout({{4, 1}, {2, 6}}), layout({{8, 1}}), 32, 128),
      2);
  // Dynamic layouts are assumed one byte aligned: 8 bits never widen.
  EXPECT_EQ(copyVectorElements(layout({{4, 1}}), layout({{4, 1}}), 32, 8), 1);
  // Sub-byte elements are not priced here.
  EXPECT_EQ(copyVectorElements(layout({{8, 1}}), layout({{8, 1}}), 4, 128), 1);
}

TEST(TensorLayout, InstructionOffsets) {
  auto Starts = instructionOffsets(layout({{4, 1}, {2, 64}}), 4);
  ASSERT_TRUE(Starts);
  EXPECT_EQ(*Starts, (std::vector<std::int64_t>{0, 64}));
  Starts = instructionOffsets(layout({{2, 32}, {2, 256}}), 1);
  ASSERT_TRUE(Starts);
  EXPECT_EQ(*Starts, (std::vector<std::int64_t>{0, 32, 256, 288}));
  // A vector that does not fit the layout's runs.
  EXPECT_FALSE(instructionOffsets(layout({{2, 1}, {2, 64}}), 4));
  EXPECT_FALSE(instructionOffsets(layout({{4, 1}, {2, 6}}), 4));
  // Every start the brute force finds: the offsets divisible by the
  // vector, each followed by the vector's elements.
  for (const FlatLayout &L : someLayouts())
    for (std::int64_t V : {1, 2, 4}) {
      auto S = instructionOffsets(L, V);
      if (!S)
        continue;
      EXPECT_EQ(static_cast<std::int64_t>(S->size()) * V, L.size());
      for (std::int64_t Start : *S)
        for (std::int64_t K = 0; K < V; ++K) {
          bool Reached = false;
          for (std::int64_t I = 0; I < L.size(); ++I)
            Reached |= L.offsetOf(I) == Start + K;
          EXPECT_TRUE(Reached) << Start << "+" << K;
        }
    }
}

} // namespace
