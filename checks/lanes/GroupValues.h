//===- GroupValues.h - cooperative groups queries as lane values -*- C++ -*-===//
//
// What block.thread_rank(), warp.meta_group_rank() and the other group
// queries are in terms of the thread geometry: a block's rank is the
// linear thread id x + X*(y + Y*z), a tile of N threads holds the block's
// ranks N*k .. N*k + N-1, the grid's rank is the block's linear index times
// the block size plus the block rank.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_LANES_GROUPVALUES_H
#define GPUMEM_CHECKS_LANES_GROUPVALUES_H

#include "checks/cuda/CooperativeGroups.h"
#include "checks/lanes/ThreadGeometry.h"

namespace gpumem::lanes {

/// The value of \p Call's query; \p Axis picks the component of a dim3
/// query (thread_index().y is axis 1). The grid's rank and size are exact
/// where the degree cap allows (a known block shape); otherwise their
/// uniform part is one symbol of \p Symbols, a block index for guards.
LaneValue groupQueryValue(const cuda::CgCall &Call, unsigned Axis,
                          const ThreadGeometry &Geometry, SymbolTable &Symbols);

} // namespace gpumem::lanes

#endif // GPUMEM_CHECKS_LANES_GROUPVALUES_H
