//===- ThreadGeometry.cpp - lanes to thread indices -----------------------===//
#include "checks/lanes/ThreadGeometry.h"

#include <cassert>
#include <numeric>

namespace gpumem::lanes {

namespace {

LaneVector laneVector(std::int64_t (*F)(std::int64_t, const BlockShape &),
                      const BlockShape &S) {
  LaneVector V;
  for (unsigned L = 0; L < WarpLanes; ++L)
    V[L] = F(L, S);
  return V;
}

std::vector<std::int64_t> range(std::int64_t N) {
  std::vector<std::int64_t> V(static_cast<std::size_t>(std::min<std::int64_t>(N, 64)));
  std::iota(V.begin(), V.end(), 0);
  return V;
}

const char *const AxisNames[3] = {"x", "y", "z"};

/// The symbol of a geometry quantity along \p Axis, named as CUDA spells
/// it (\p Prefix "blockIdx" gives "blockIdx.y").
SymbolId axisSymbol(SymbolTable &Symbols, SymbolKind Kind, unsigned Axis,
                    const char *Prefix) {
  return Symbols.intern(SymbolKey{Kind, nullptr, nullptr, Axis, {}},
                        std::string(Prefix) + "." + AxisNames[Axis]);
}

/// The warp's position (warp.x) or a thread index it does not fix
/// (threadIdx.y) along \p Axis, over \p Count values (0: not a constant).
SymbolId threadSymbol(SymbolTable &Symbols, SymbolKind Kind, unsigned Axis,
                      std::int64_t Count) {
  SymbolId Id = axisSymbol(Symbols, Kind, Axis,
                           Kind == SymbolKind::WarpPosition ? "warp"
                                                            : "threadIdx");
  Symbols[Id].ThreadDerived = true;
  if (Count > 0)
    Symbols[Id].Values = range(Count);
  return Id;
}

} // namespace

void ThreadGeometry::initGridSymbols(SymbolTable &Symbols) {
  for (unsigned A = 0; A < 3; ++A) {
    SymbolId Block = axisSymbol(Symbols, SymbolKind::BlockIndex, A, "blockIdx");
    Symbols[Block].BlockAxes = 1U << A;
    BlockIdx[A] = LaneValue::symbol(Block);
    GridDim[A] = LaneValue::symbol(
        axisSymbol(Symbols, SymbolKind::GridDim, A, "gridDim"));
  }
}

unsigned ThreadGeometry::straddledWarps(const BlockShape &S) {
  const std::int64_t W = WarpLanes;
  if (!S.complete() || S.threads() <= W || S.X % W == 0)
    return 1;
  if (W % S.X == 0 &&
      (S.Y % (W / S.X) == 0 ||
       (W % (S.X * S.Y) == 0 && S.Z % (W / (S.X * S.Y)) == 0)))
    return 1;
  return static_cast<unsigned>((S.threads() + W - 1) / W);
}

ThreadGeometry ThreadGeometry::known(BlockShape S, SymbolTable &Symbols,
                                     unsigned Warp) {
  assert(S.placesLanes() && "a shape that does not place the lanes");
  ThreadGeometry G;
  G.Shape = S;
  G.initGridSymbols(Symbols);
  const std::int64_t Extents[3] = {S.X, S.Y, S.Z};
  for (unsigned A = 0; A < 3; ++A) {
    if (Extents[A] > 0) {
      G.BlockDim[A] = LaneValue::constant(Extents[A]);
      continue;
    }
    // Not a constant: a symbol, taken as 1 where a loop bound needs it.
    SymbolId Id = axisSymbol(Symbols, SymbolKind::BlockDim, A, "blockDim");
    G.BlockDim[A] = LaneValue::symbol(Id);
    G.BoundsSubstitution[Id] = 1;
  }
  if (S.complete() && S.threads() < static_cast<std::int64_t>(WarpLanes))
    G.Populated = (1ULL << S.threads()) - 1;

  // A uniform index over Count values (0: not a constant, no values).
  auto Uniform = [&](unsigned Axis, std::int64_t Count) {
    return Count == 1 ? LaneValue::constant(0)
                      : LaneValue::symbol(threadSymbol(
                            Symbols, SymbolKind::ThreadIndex, Axis, Count));
  };
  const std::int64_t W = WarpLanes;
  if (S.X % W == 0) {
    // A warp is 32 consecutive threads of one row.
    G.ThreadIdx[0] =
        LaneValue::symbol(threadSymbol(Symbols, SymbolKind::WarpPosition, 0, S.X / W), W) +
        LaneValue::perLane(laneVector(
            [](std::int64_t L, const BlockShape &) { return L; }, S));
    // A row count that is not a constant is judged, as with an assumed
    // shape, for each of the first 32 rows.
    G.ThreadIdx[1] = Uniform(1, S.Y > 0 ? S.Y : 32);
    G.ThreadIdx[2] = Uniform(2, S.Z);
    return G;
  }
  if (W % S.X == 0) {
    std::int64_t Rows = W / S.X;
    G.ThreadIdx[0] = LaneValue::perLane(laneVector(
        [](std::int64_t L, const BlockShape &B) { return L % B.X; }, S));
    if (S.Y % Rows == 0) {
      // Whole rows per warp: y = Rows*w + l / X.
      G.ThreadIdx[1] =
          LaneValue::symbol(threadSymbol(Symbols, SymbolKind::WarpPosition, 1, S.Y / Rows),
                            Rows) +
          LaneValue::perLane(laneVector(
              [](std::int64_t L, const BlockShape &B) { return L / B.X; }, S));
      G.ThreadIdx[2] = Uniform(2, S.Z);
      return G;
    }
    if (W % (S.X * S.Y) == 0 && S.Z % (W / (S.X * S.Y)) == 0) {
      std::int64_t Planes = W / (S.X * S.Y);
      G.ThreadIdx[1] = LaneValue::perLane(laneVector(
          [](std::int64_t L, const BlockShape &B) { return (L / B.X) % B.Y; },
          S));
      G.ThreadIdx[2] =
          LaneValue::symbol(threadSymbol(Symbols, SymbolKind::WarpPosition, 2, S.Z / Planes),
                            Planes) +
          LaneValue::perLane(laneVector(
              [](std::int64_t L, const BlockShape &B) {
                return L / (B.X * B.Y);
              },
              S));
      return G;
    }
  }
  // Warps straddle rows unevenly (blockDim.x = 48, say): the lanes of warp
  // \p Warp, threads 32*Warp + l (the caller walks each warp).
  G.FirstWarpOnly = S.threads() > W;
  const std::int64_t First = W * Warp;
  LaneVector X{}, Y{}, Z{};
  G.Populated = 0;
  for (unsigned L = 0; L < WarpLanes; ++L) {
    const std::int64_t T = First + L;
    X[L] = T % S.X;
    Y[L] = (T / S.X) % S.Y;
    Z[L] = T / (S.X * S.Y);
    if (T < S.threads())
      G.Populated |= LaneMask(1) << L;
  }
  G.ThreadIdx[0] = LaneValue::perLane(X);
  G.ThreadIdx[1] = LaneValue::perLane(Y);
  G.ThreadIdx[2] = LaneValue::perLane(Z);
  return G;
}

ThreadGeometry ThreadGeometry::assumed(SymbolTable &Symbols,
                                       std::int64_t BoundsBlockSize) {
  ThreadGeometry G;
  G.BoundsBlockSize = BoundsBlockSize;
  G.initGridSymbols(Symbols);
  const std::int64_t W = WarpLanes;
  SymbolId Warp = threadSymbol(Symbols, SymbolKind::WarpPosition, 0, 0);
  LaneVector Lane;
  for (unsigned L = 0; L < WarpLanes; ++L)
    Lane[L] = L;
  G.ThreadIdx[0] = LaneValue::symbol(Warp, W) + LaneValue::perLane(Lane);
  // A row index the warp does not fix; a swizzle on it is judged for each
  // of the first 32 rows.
  G.ThreadIdx[1] = LaneValue::symbol(threadSymbol(Symbols, SymbolKind::ThreadIndex, 1, 32));
  G.ThreadIdx[2] = LaneValue::symbol(threadSymbol(Symbols, SymbolKind::ThreadIndex, 2, 0));
  SymbolId DimX = Symbols.intern(
      SymbolKey{SymbolKind::WarpsPerRow, nullptr, nullptr, 0, {}},
      "blockDim.x/32");
  SymbolId DimY = axisSymbol(Symbols, SymbolKind::BlockDim, 1, "blockDim");
  SymbolId DimZ = axisSymbol(Symbols, SymbolKind::BlockDim, 2, "blockDim");
  G.BlockDim = {LaneValue::symbol(DimX, W), LaneValue::symbol(DimY),
                LaneValue::symbol(DimZ)};
  G.BoundsSubstitution[DimX] = BoundsBlockSize / W;
  G.BoundsSubstitution[DimY] = 1;
  G.BoundsSubstitution[DimZ] = 1;
  return G;
}

std::int64_t ThreadGeometry::boundsBlockDim(unsigned Axis) const {
  if (Shape) {
    std::int64_t E = Axis == 0 ? Shape->X : Axis == 1 ? Shape->Y : Shape->Z;
    return E > 0 ? E : 1;
  }
  return Axis == 0 ? BoundsBlockSize : 1;
}

std::map<SymbolId, std::int64_t> ThreadGeometry::boundsSubstitution() const {
  return BoundsSubstitution;
}

} // namespace gpumem::lanes
