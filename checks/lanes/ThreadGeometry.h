//===- ThreadGeometry.h - which thread each lane of a warp is ---*- C++ -*-===//
//
// Lanes follow the linear thread id t = x + X*(y + Y*z), x fastest, and a
// warp holds threads 32w .. 32w+31. With a known block shape (a constant
// launch configuration) the warp's first thread becomes a uniform symbol
// and each component a per-lane vector; e.g. in a 16x16 block, threadIdx.x
// is l % 16 and threadIdx.y is 2*w + l / 16. With no known shape the
// default assumption is that blockDim.x is a multiple of 32, so a warp lies
// in one row: threadIdx.x = 32*w + l and threadIdx.y is uniform.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_LANES_THREADGEOMETRY_H
#define GPUMEM_CHECKS_LANES_THREADGEOMETRY_H

#include "checks/cuda/BlockShape.h"
#include "checks/lanes/LaneValue.h"

#include <array>
#include <optional>
#include <string>

namespace gpumem::lanes {

using cuda::BlockShape;

/// The builtin index values of one warp, as lane values.
class ThreadGeometry {
public:
  /// A block of known \p Shape (placesLanes; an extent that is not a
  /// constant is a symbol, 1 for loop bounds). Where warps straddle rows
  /// unevenly, the lanes are those of warp \p Warp of the block
  /// (straddledWarps()).
  static ThreadGeometry known(BlockShape Shape, SymbolTable &Symbols,
                              unsigned Warp = 0);
  /// blockDim unknown; blockDim.x assumed a multiple of 32. Loop bounds
  /// that need a number use \p BoundsBlockSize threads in x.
  static ThreadGeometry assumed(SymbolTable &Symbols,
                                std::int64_t BoundsBlockSize);

  const LaneValue &threadIdx(unsigned Axis) const { return ThreadIdx[Axis]; }
  const LaneValue &blockDim(unsigned Axis) const { return BlockDim[Axis]; }
  const LaneValue &blockIdx(unsigned Axis) const { return BlockIdx[Axis]; }
  const LaneValue &gridDim(unsigned Axis) const { return GridDim[Axis]; }

  /// The block shape, when known.
  const std::optional<BlockShape> &shape() const { return Shape; }
  /// Lanes that hold a thread (fewer than 32 in a block under 32 threads).
  LaneMask populatedLanes() const { return Populated; }
  /// True when warps differ (the shape does not tile warps evenly) and the
  /// values describe the first warp only.
  bool firstWarpOnly() const { return FirstWarpOnly; }
  /// The warps of a block whose warps straddle rows unevenly (each needs
  /// its own walk); 1 where one warp's values describe every warp.
  static unsigned straddledWarps(const BlockShape &Shape);
  /// blockDim.x as a number for loop bounds (known or assumed).
  std::int64_t boundsBlockDim(unsigned Axis) const;
  /// Substitution of the blockDim symbols by the bounds numbers.
  std::map<SymbolId, std::int64_t> boundsSubstitution() const;
  /// True when loop bounds and guards on blockDim use assumed numbers.
  bool assumesBounds() const { return !BoundsSubstitution.empty(); }

private:
  std::array<LaneValue, 3> ThreadIdx, BlockDim, BlockIdx, GridDim;
  std::optional<BlockShape> Shape;
  LaneMask Populated = AllLanes;
  bool FirstWarpOnly = false;
  std::int64_t BoundsBlockSize = 256;
  std::map<SymbolId, std::int64_t> BoundsSubstitution;

  void initGridSymbols(SymbolTable &Symbols);
};

} // namespace gpumem::lanes

#endif // GPUMEM_CHECKS_LANES_THREADGEOMETRY_H
