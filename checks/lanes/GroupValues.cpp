//===- GroupValues.cpp - cooperative groups queries as lane values --------===//
#include "checks/lanes/GroupValues.h"

namespace gpumem::lanes {

using cuda::CgGroup;
using cuda::CgQuery;

LaneValue groupQueryValue(const cuda::CgCall &Call, unsigned Axis,
                          const ThreadGeometry &G, SymbolTable &Symbols) {
  const LaneValue BlockRank =
      G.threadIdx(0) +
      G.blockDim(0) * (G.threadIdx(1) + G.blockDim(1) * G.threadIdx(2));
  const LaneValue BlockSize = G.blockDim(0) * G.blockDim(1) * G.blockDim(2);
  switch (Call.Query) {
  case CgQuery::ThreadIndex:
    return G.threadIdx(Axis);
  case CgQuery::GroupIndex:
    return G.blockIdx(Axis);
  case CgQuery::DimThreads:
    return G.blockDim(Axis);
  default:
    break;
  }
  const CgGroup &Group = Call.Group;
  switch (Group.Kind) {
  case CgGroup::Kind::Block:
    return Call.Query == CgQuery::Size ? BlockSize : BlockRank;
  case CgGroup::Kind::Grid: {
    const LaneValue BlockIndex =
        G.blockIdx(0) +
        G.gridDim(0) * (G.blockIdx(1) + G.gridDim(1) * G.blockIdx(2));
    const LaneValue Blocks = G.gridDim(0) * G.gridDim(1) * G.gridDim(2);
    LaneValue Exact = Call.Query == CgQuery::Size
                          ? Blocks * BlockSize
                          : BlockIndex * BlockSize + BlockRank;
    if (!Exact.isUnknown() || Exact.reason().Kind != UnknownKind::Limit)
      return Exact;
    // gridDim.x * gridDim.y * gridDim.z * blockDim.x * ... passes the
    // degree cap with an assumed block: the uniform part as one symbol.
    if (Call.Query == CgQuery::Size)
      return LaneValue::symbol(
          Symbols.intern(SymbolKey{SymbolKind::GridSize}, "grid.size()"));
    SymbolId Before =
        Symbols.intern(SymbolKey{SymbolKind::GridThreadsBefore},
                       "threads of the grid before this block");
    Symbols[Before].BlockAxes = 7U;
    return LaneValue::symbol(Before) + BlockRank;
  }
  case CgGroup::Kind::Tile:
    break;
  }
  const LaneValue N = LaneValue::constant(Group.TileSize);
  // Ranks within the parent: the block's, or those of the enclosing tile.
  const LaneValue InParent =
      Group.ParentTileSize
          ? BlockRank.remainder(LaneValue::constant(Group.ParentTileSize))
          : BlockRank;
  switch (Call.Query) {
  case CgQuery::ThreadRank:
    return BlockRank.remainder(N);
  case CgQuery::MetaGroupRank:
    return InParent.divide(N);
  case CgQuery::MetaGroupSize:
    return Group.ParentTileSize
               ? LaneValue::constant(Group.ParentTileSize / Group.TileSize)
               : (BlockSize + LaneValue::constant(Group.TileSize - 1))
                     .divide(N);
  case CgQuery::Size:
    return N;
  default:
    return LaneValue::unknown(UnknownKind::NotFollowed,
                              "group query the analysis does not follow");
  }
}

} // namespace gpumem::lanes
