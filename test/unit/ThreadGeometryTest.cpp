//===- ThreadGeometryTest.cpp - lanes to threads against brute force ------===//
//
// A warp holds the threads 32w .. 32w+31 of the linear id x + X*(y + Y*z).
// For every block shape that places its lanes (all extents known, or the
// known ones enough), the geometry's threadIdx values, with the warp and
// row symbols pinned, must be those of the brute-force decomposition, for
// every warp of the block.
//
//===----------------------------------------------------------------------===//
#include "checks/lanes/ThreadGeometry.h"

#include <gtest/gtest.h>

#include <array>

using namespace gpumem::lanes;

namespace {

/// The extents the brute force runs with: a shape's own, or \p Open for one
/// that is not a constant.
BlockShape concrete(BlockShape S, std::int64_t Open) {
  for (std::int64_t *E : {&S.X, &S.Y, &S.Z})
    if (*E <= 0)
      *E = Open;
  return S;
}

/// Checks the geometry of \p Shape against the linear decomposition of
/// each warp of a block with \p Open for the extents that are not known.
void expectPlacement(BlockShape Shape, std::int64_t Open) {
  SymbolTable Symbols;
  ThreadGeometry G = ThreadGeometry::known(Shape, Symbols);
  BlockShape C = concrete(Shape, Open);
  const std::int64_t Warps = (C.threads() + 31) / 32;
  for (std::int64_t W = 0; W < Warps; ++W) {
    // The thread each lane is, by the definition.
    std::array<std::array<std::int64_t, 3>, WarpLanes> Want{};
    for (unsigned L = 0; L < WarpLanes; ++L) {
      std::int64_t T = 32 * W + L;
      Want[L] = {T % C.X, (T / C.X) % C.Y, T / (C.X * C.Y)};
    }
    // The geometry's symbols pinned for warp W: a warp symbol counts whole
    // warps along its axis; a uniform index is lane 0's.
    std::map<SymbolId, std::int64_t> Pins;
    for (SymbolId Id = 0; Id < Symbols.size(); ++Id) {
      const std::string &Name = Symbols[Id].Name;
      if (Name == "warp.x")
        Pins[Id] = Want[0][0] / 32;
      else if (Name == "warp.y")
        Pins[Id] = Want[0][1] / (32 / C.X);
      else if (Name == "warp.z")
        Pins[Id] = Want[0][2] / (32 / (C.X * C.Y));
      else if (Name == "threadIdx.y")
        Pins[Id] = Want[0][1];
      else if (Name == "threadIdx.z")
        Pins[Id] = Want[0][2];
    }
    for (unsigned Axis = 0; Axis < 3; ++Axis) {
      auto Lanes = G.threadIdx(Axis).substitute(Pins).asPerLane();
      ASSERT_TRUE(Lanes.has_value())
          << "axis " << Axis << " of " << Shape.text("x", "?");
      for (unsigned L = 0; L < WarpLanes; ++L)
        EXPECT_EQ((*Lanes)[L], Want[L][Axis])
            << "lane " << L << " of warp " << W << ", axis " << Axis
            << ", shape " << Shape.text("x", "?") << " as "
            << C.text("x", "?");
    }
  }
}

TEST(ThreadGeometryTest, CompleteShapesMatchTheLinearThreadId) {
  const BlockShape Shapes[] = {{32, 1, 1},  {256, 1, 1}, {64, 4, 2},
                               {16, 16, 1}, {8, 8, 1},   {4, 8, 3},
                               {8, 2, 2},   {2, 4, 8},   {1, 32, 2}};
  for (const BlockShape &S : Shapes)
    expectPlacement(S, 1);
}

TEST(ThreadGeometryTest, PartialShapesHoldForEveryOpenExtent) {
  // Extents that are not constants must not matter: each is checked with
  // several values.
  const BlockShape Shapes[] = {{4, 8, 0}, {16, 2, 0}, {128, 0, 1},
                               {32, 0, 0}, {8, 4, 0}};
  for (const BlockShape &S : Shapes) {
    ASSERT_TRUE(S.placesLanes()) << S.text("x", "?");
    for (std::int64_t Open : {1, 2, 3, 7})
      expectPlacement(S, Open);
  }
}

TEST(ThreadGeometryTest, NarrowRowsWithAnOpenCountAreWholeRowsPerWarp) {
  // `dim3 b; b.x = 8; b.y = n;`: lane l is (l % 8, l / 8) in its warp, as
  // long as the rows fill whole warps (the assumption the launch note
  // states); checked against the definition for such counts.
  const BlockShape Shapes[] = {{8, 0, 1}, {16, 0, 1}, {4, 0, 2}};
  for (const BlockShape &S : Shapes) {
    ASSERT_TRUE(S.assumesWholeRows()) << S.text("x", "?");
    ASSERT_TRUE(S.placesLanes()) << S.text("x", "?");
    const std::int64_t Rows = 32 / S.X;
    for (std::int64_t Open : {Rows, 2 * Rows, 3 * Rows})
      expectPlacement(S, Open);
  }
  // Known rows, or rows a warp wide, assume nothing.
  EXPECT_FALSE((BlockShape{8, 4, 1}.assumesWholeRows()));
  EXPECT_FALSE((BlockShape{32, 0, 1}.assumesWholeRows()));
  EXPECT_FALSE((BlockShape{12, 0, 1}.assumesWholeRows()));
}

TEST(ThreadGeometryTest, ShapesThatDoNotPlaceLanes) {
  // A width that is not a constant, or rows that do not fill warps evenly
  // without the open extent.
  EXPECT_FALSE((BlockShape{0, 4, 1}.placesLanes()));
  EXPECT_FALSE((BlockShape{16, 0, 0}.placesLanes()));
  EXPECT_FALSE((BlockShape{4, 4, 0}.placesLanes()));
  EXPECT_FALSE((BlockShape{48, 0, 1}.placesLanes()));
  EXPECT_TRUE((BlockShape{48, 2, 1}.placesLanes()));
}

TEST(ThreadGeometryTest, StraddledWarpsAreEachWarpsOwnThreads) {
  // Warps that straddle rows unevenly: warp W's geometry holds threads
  // 32W .. 32W+31 exactly, and lanes past the block's end hold none.
  const BlockShape Shapes[] = {{48, 2, 1}, {24, 4, 1}, {20, 3, 2},
                               {33, 1, 1}, {40, 3, 1}};
  for (const BlockShape &S : Shapes) {
    const std::int64_t Warps = (S.threads() + 31) / 32;
    ASSERT_EQ(ThreadGeometry::straddledWarps(S), Warps) << S.text("x", "?");
    for (std::int64_t W = 0; W < Warps; ++W) {
      SymbolTable Symbols;
      ThreadGeometry G =
          ThreadGeometry::known(S, Symbols, static_cast<unsigned>(W));
      for (unsigned Axis = 0; Axis < 3; ++Axis) {
        auto Lanes = G.threadIdx(Axis).asPerLane();
        ASSERT_TRUE(Lanes.has_value());
        for (unsigned L = 0; L < WarpLanes; ++L) {
          const std::int64_t T = 32 * W + L;
          const std::int64_t Want[3] = {T % S.X, (T / S.X) % S.Y,
                                        T / (S.X * S.Y)};
          if (T < S.threads())
            EXPECT_EQ((*Lanes)[L], Want[Axis])
                << "lane " << L << " of warp " << W << ", axis " << Axis
                << ", shape " << S.text("x", "?");
          EXPECT_EQ((G.populatedLanes() >> L) & 1U,
                    T < S.threads() ? 1U : 0U);
        }
      }
    }
  }
  // Shapes whose warps share one pattern need one walk.
  for (const BlockShape &S : {BlockShape{32, 4, 1}, BlockShape{16, 16, 1},
                              BlockShape{4, 8, 3}, BlockShape{24, 1, 1}})
    EXPECT_EQ(ThreadGeometry::straddledWarps(S), 1U) << S.text("x", "?");
}

TEST(ThreadGeometryTest, OpenExtentsAreSymbolsAndBoundsOfOne) {
  SymbolTable Symbols;
  ThreadGeometry G = ThreadGeometry::known({4, 8, 0}, Symbols);
  EXPECT_EQ(G.blockDim(0).asConstant(), 4);
  EXPECT_EQ(G.blockDim(1).asConstant(), 8);
  EXPECT_FALSE(G.blockDim(2).asConstant().has_value());
  EXPECT_EQ(G.boundsBlockDim(2), 1);
  EXPECT_TRUE(G.assumesBounds());
  EXPECT_EQ(G.populatedLanes(), AllLanes);

  SymbolTable Known;
  EXPECT_FALSE(ThreadGeometry::known({4, 8, 1}, Known).assumesBounds());
}

} // namespace
