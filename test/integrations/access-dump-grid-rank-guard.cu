// A guard that lets in one thread of the grid, written with gridDim
// scaling a block index (a grid group's thread_rank() once the block is
// known, a 2-D grid's block rank), kept all 32 lanes active: gridDim was
// read as data, which no guard decides. It places blocks the way blockIdx
// does: the first block's first lane only. A gridDim that stands alone in
// the guard still decides nothing.
//
// RUN: %clang_tidy --checks='-*,debug-gpumem-access-dump' %s -- %cuda_flags | FileCheck %s

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void gridLeader(double *sum, double v, float *out) {
  cg::grid_group grid = cg::this_grid();
  if (grid.thread_rank() == 0)
    atomicAdd(sum, v);
  // CHECK-DAG: access-dump-grid-rank-guard.cu:[[@LINE-1]]:5: remark: read-modify-write global 'atomicAdd(sum, v)' width 8; offset 0; active 0x00000001;
  out[grid.thread_rank()] = v;
  // CHECK-DAG: access-dump-grid-rank-guard.cu:[[@LINE-1]]:3: remark: store global 'out[grid.thread_rank()]' width 4; {{.*}}; active 0xffffffff;
}

__global__ void firstOfGrid(double *sum, double v) {
  int block = blockIdx.y * gridDim.x + blockIdx.x;
  if (block == 0 && threadIdx.x == 0)
    atomicAdd(sum, v);
  // CHECK-DAG: access-dump-grid-rank-guard.cu:[[@LINE-1]]:5: remark: read-modify-write global 'atomicAdd(sum, v)' width 8; offset 0; active 0x00000001;
}

// gridDim alone: not a place in the grid; undecided, every lane kept.
__global__ void fewerThanBlocks(double *sum, double v) {
  if (threadIdx.x < gridDim.x)
    atomicAdd(sum, v);
  // CHECK-DAG: access-dump-grid-rank-guard.cu:[[@LINE-1]]:5: remark: read-modify-write global 'atomicAdd(sum, v)' width 8; offset 0; active 0xffffffff;
}

void launch(double *sum, float *out) {
  gridLeader<<<8, 512>>>(sum, 1.0, out);
  firstOfGrid<<<dim3(4, 4), 256>>>(sum, 1.0);
  fewerThanBlocks<<<4, 256>>>(sum, 1.0);
}
