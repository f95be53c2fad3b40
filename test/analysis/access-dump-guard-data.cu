// Guards that compare the lane with a value derived from the block index
// but not itself a place in the grid: a value loaded at a block-picked
// address (a node's range), an operation the algebra cannot keep
// (min(16, rows left)). They are bounds checks: the whole warp, not the
// lanes a block index of 0 or 1 would let in (issues 24 and 25).
//
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump %s -- %cuda_flags \
// RUN:   | FileCheck %s

struct Range { int begin, end; };

__global__ void rowsLeft(const float *in, float *out, int height) {
  int tid = threadIdx.x;
  int h = blockIdx.y * 16;
  if (tid < min(16, height - h) * 4)
    out[h * 64 + tid] = in[h * 64 + tid];
  // CHECK: :[[@LINE-1]]:5: remark: store global 'out[h * 64 + tid]' width 4; offset 4*lane + (4096)*blockIdx.y + (128)*warp.x; active 0xffffffff; scenarios 1; transactions 1, sectors 4
}

__global__ void nodeRange(const Range *nodes, float *x, const float *y) {
  const Range &node = nodes[blockIdx.x];
  int it = node.begin + threadIdx.x;
  if (it < node.end)
    x[it] = y[it];
  // CHECK: :[[@LINE-1]]:5: remark: store global 'x[it]' width 4; offset {{.*}}; active 0xffffffff; scenarios 1; transactions 1, sectors 4
}

// The same bounds in a loop: its first pass runs every lane.
__global__ void nodeLoop(const Range *nodes, float *x, const float *y) {
  const Range &node = nodes[blockIdx.x];
  int it = node.begin, end = node.end;
  for (it += threadIdx.x; it < end; it += 128)
    x[it] = y[it];
  // CHECK: :[[@LINE-1]]:5: remark: store global 'x[it]' width 4; offset {{.*}}; active 0xffffffff; in loop; scenarios 1; transactions 1, sectors 4
}
