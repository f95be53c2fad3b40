//===- cooperative_groups.h - cooperative groups shim -----------*- C++ -*-===//
//
// A stand-in for the toolkit's <cooperative_groups.h> for parsing without a
// toolkit: the groups kernels index through (thread_block, the tiles of
// tiled_partition, grid_group) with their rank and size queries, bodies
// written from the builtin index variables, and the synchronisation and
// shuffle members as declarations. Written for static analysis; the
// analysis reads these calls by name and group type, as with the real
// header, not through these bodies.
//
//===----------------------------------------------------------------------===//

#ifndef GPUMEM_CUDA_SHIM_COOPERATIVE_GROUPS_H
#define GPUMEM_CUDA_SHIM_COOPERATIVE_GROUPS_H

#include "cuda_runtime.h"

namespace cooperative_groups {

class thread_block {
public:
  __device__ unsigned int thread_rank() const {
    return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  }
  __device__ unsigned int size() const {
    return blockDim.x * blockDim.y * blockDim.z;
  }
  __device__ unsigned int num_threads() const { return size(); }
  __device__ dim3 thread_index() const { return dim3(threadIdx); }
  __device__ dim3 group_index() const { return dim3(blockIdx); }
  __device__ dim3 dim_threads() const { return dim3(blockDim); }
  __device__ dim3 group_dim() const { return dim3(blockDim); }
  __device__ void sync() const;
};

class grid_group {
public:
  __device__ unsigned long long thread_rank() const;
  __device__ unsigned long long size() const;
  __device__ unsigned long long num_threads() const;
  __device__ void sync() const;
};

/// A group whose size is known only at run time (tiled_partition(g, n)).
class thread_group {
public:
  __device__ unsigned long long thread_rank() const;
  __device__ unsigned long long size() const;
  __device__ unsigned long long num_threads() const;
  __device__ unsigned int meta_group_rank() const;
  __device__ unsigned int meta_group_size() const;
  __device__ void sync() const;
};

template <unsigned int Size, typename ParentT = void>
class thread_block_tile {
public:
  thread_block_tile() = default;
  /// thread_block_tile<32> holds any warp-sized tile, as in the toolkit.
  template <typename OtherParentT>
  __device__ thread_block_tile(const thread_block_tile<Size, OtherParentT> &) {}
  __device__ unsigned int thread_rank() const;
  __device__ static constexpr unsigned int size() { return Size; }
  __device__ static constexpr unsigned int num_threads() { return Size; }
  __device__ unsigned int meta_group_rank() const;
  __device__ unsigned int meta_group_size() const;
  __device__ void sync() const;
  template <typename T> __device__ T shfl(T Var, int SrcRank) const;
  template <typename T> __device__ T shfl_down(T Var, unsigned int Delta) const;
  template <typename T> __device__ T shfl_xor(T Var, unsigned int Mask) const;
};

__device__ thread_block this_thread_block();
__device__ grid_group this_grid();

template <unsigned int Size, typename ParentT>
__device__ thread_block_tile<Size, ParentT>
tiled_partition(const ParentT &Parent);

__device__ thread_group tiled_partition(const thread_block &Parent,
                                        unsigned int TileSize);

template <typename GroupT> __device__ void sync(const GroupT &Group);

} // namespace cooperative_groups

#endif // GPUMEM_CUDA_SHIM_COOPERATIVE_GROUPS_H
