// Kernels indexed through cooperative groups (the checks in the .cu tests
// that run this file, once with the shim and once with the toolkit).
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

// A warp-sized tile: its rank is the lane, its meta-group rank the warp.
__global__ void warpTiles(const float *in, float *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  int i = warp.thread_rank() + 32 * warp.meta_group_rank();
  out[i] = in[2 * i];
}

// A 16-thread tile cut from the warp: ranks 0..15 twice per warp, tile
// indices 0 and 1 within the warp.
__global__ void halfTiles(const float *in, float *out) {
  auto warp = cg::tiled_partition<32>(cg::this_thread_block());
  auto half = cg::tiled_partition<16>(warp);
  out[half.meta_group_rank() * 64 + half.thread_rank()] = in[half.thread_rank()];
}

// The dynamic tile of a thread_group: tiled_partition(block, 4).
__global__ void fours(float *out) {
  cg::thread_group quad = cg::tiled_partition(cg::this_thread_block(), 4);
  out[quad.thread_rank() * 8] = 1.0f;
}

// Block and grid queries: thread_index, group_index, dim_threads, size,
// and the grid's rank.
__global__ void blockAndGrid(float *out, float *all) {
  cg::thread_block block = cg::this_thread_block();
  out[block.group_index().x * block.dim_threads().x + block.thread_index().x] =
      0.0f;
  all[cg::this_grid().thread_rank()] = 1.0f;
  out[block.thread_rank() * block.size()] = 2.0f;
}

void launch(const float *in, float *out, float *all) {
  warpTiles<<<8, 128>>>(in, out);
  halfTiles<<<8, 128>>>(in, out);
  fours<<<8, 128>>>(out);
  blockAndGrid<<<8, 128>>>(out, all);
}

// A grid-stride loop over the grid group, with no launch in the file: the
// grid's size and the threads before this block stay uniform symbols (the
// exact products pass the degree cap), the lane part is exact.
__device__ void scaleAll(float *y, float a, int n, const cg::grid_group &grid) {
  for (int i = grid.thread_rank(); i < n; i += grid.size())
    y[i] = a * y[i];
}
__global__ void gridStride(float *y, float a, int n) {
  scaleAll(y, a, n, cg::this_grid());
}
