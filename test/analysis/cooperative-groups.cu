// Issue 12: indices written with cooperative groups are followed like the
// builtin variables they stand for: thread_rank() of a block, of a tile
// (tiled_partition<N>, a tile of a tile, the dynamic tiled_partition(g, N)),
// meta_group_rank(), thread_index(), group_index(), dim_threads(), size(),
// this_grid().thread_rank(). Here with the shim's <cooperative_groups.h>;
// cooperative-groups-toolkit.cu runs the same input with the toolkit's.
//
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump %S/Inputs/cooperative-groups.cu \
// RUN:   -- %cuda_flags | FileCheck %S/Inputs/cooperative-groups.checks
