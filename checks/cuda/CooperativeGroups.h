//===- CooperativeGroups.h - cooperative groups queries in the AST -*- C++ -*-//
//
// Kernels written with <cooperative_groups.h> index through member calls on
// group objects: block.thread_rank(), warp.meta_group_rank(),
// this_grid().thread_rank(). The group is read from the object's type
// (thread_block, thread_block_tile<N, Parent>, grid_group), or, for a
// thread_group variable, from the tiled_partition(block, N) that
// initialised it; the query from the method's name. Both the toolkit's
// header (CUDA 11 to 13) and the shim's are matched, by the namespace
// cooperative_groups and the class names they share.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_CUDA_COOPERATIVEGROUPS_H
#define GPUMEM_CHECKS_CUDA_COOPERATIVEGROUPS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <cstdint>
#include <optional>

namespace gpumem::cuda {

/// A group of threads whose shape the analysis knows.
struct CgGroup {
  enum class Kind { Block, Tile, Grid } Kind = Kind::Block;
  /// Threads per tile (Tile only).
  std::int64_t TileSize = 0;
  /// Threads of the tile's parent when it is itself a tile (a tile of 16
  /// cut from a warp-sized tile); 0 when the parent is the block.
  std::int64_t ParentTileSize = 0;
};

/// What a member call on a group asks.
enum class CgQuery {
  ThreadRank,    ///< thread_rank()
  MetaGroupRank, ///< meta_group_rank(): the tile's index in its parent
  MetaGroupSize, ///< meta_group_size(): tiles in the parent
  Size,          ///< size(), num_threads()
  ThreadIndex,   ///< thread_index(): threadIdx as a dim3
  GroupIndex,    ///< group_index(): blockIdx as a dim3
  DimThreads,    ///< dim_threads(), group_dim(): blockDim as a dim3
};

/// thread_index(), group_index(), dim_threads(): a dim3, read through
/// .x .y .z.
inline bool isDim3Query(CgQuery Q) {
  return Q == CgQuery::ThreadIndex || Q == CgQuery::GroupIndex ||
         Q == CgQuery::DimThreads;
}

struct CgCall {
  CgGroup Group;
  CgQuery Query;
};

/// The group query \p Call makes, if it is one on a group whose shape is
/// known.
std::optional<CgCall> matchCooperativeGroupsCall(const clang::CallExpr *Call,
                                                 clang::ASTContext &Ctx);

} // namespace gpumem::cuda

#endif // GPUMEM_CHECKS_CUDA_COOPERATIVEGROUPS_H
