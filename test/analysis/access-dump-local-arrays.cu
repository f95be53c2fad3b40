// Per-thread arrays of offsets and pointers (issue 37): GEMM and transpose
// kernels fill a small array in an unrolled loop and index a tile through
// it. An element is the value of the one write that covers it, read at the
// element's index: `off[j] = f(j)` over a loop gives f(k) at `off[k]`, a
// constant place gives the value written there. An array used any other
// way (a compound assignment, its address taken, rewritten on later passes
// of a loop, read where no write has been) stays unknown, with the reason.
//
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump,gpumem-uncoalesced-access,gpumem-bank-conflict %s -- %cuda_flags \
// RUN:   | FileCheck %s --implicit-check-not='remark: {{load|store}}' --implicit-check-not='warning:'

// Offsets filled in one loop and read in another, a block of 128 per
// block: every pass is one line.
__global__ void gatherRows(float *out, const float *in) {
  int off[4];
#pragma unroll
  for (int j = 0; j < 4; ++j)
    off[j] = blockIdx.x * 128 + j * 32 + threadIdx.x;
#pragma unroll
  for (int j = 0; j < 4; ++j)
    out[off[j]] = in[off[j]];
  // CHECK: :[[@LINE-1]]:5: remark: store global 'out[off[j]]' width 4; offset 4*lane + (512)*blockIdx.x + (128)*warp.x + (128)*j; active 0xffffffff; in loop; scenarios 1; transactions 1, sectors 4
  // CHECK: :[[@LINE-2]]:19: remark: load global 'in[off[j]]' width 4; offset 4*lane + (512)*blockIdx.x + (128)*warp.x + (128)*j; active 0xffffffff; in loop; scenarios 1; transactions 1, sectors 4
}

// A transpose whose store goes through the array: each lane writes 12
// floats (48 bytes) after the one before.
__global__ void headsOut(float *out, const float *in) {
  int dst[4];
  for (int h = 0; h < 4; ++h)
    dst[h] = threadIdx.x * 12 + h;
  for (int h = 0; h < 4; ++h)
    out[dst[h]] = in[h * 32 + threadIdx.x];
  // CHECK: :[[@LINE-1]]:5: remark: store global 'out[dst[h]]' width 4; offset 48*lane + (1536)*warp.x + (4)*h; active 0xffffffff; in loop; scenarios 1; transactions 12, sectors 32
  // CHECK: :[[@LINE-2]]:5: warning: uncoalesced global store of 'out[dst[h]]': stride 48 bytes, 12 transactions per warp (8.3% efficiency), 32 sectors
  // CHECK: :[[@LINE-3]]:19: remark: load global 'in[h * 32 + threadIdx.x]' width 4; offset 4*lane + (128)*warp.x + (128)*h; active 0xffffffff; in loop; scenarios 1; transactions 1, sectors 4
}

// Constant places, from assignments and from an initializer list; an
// array of pointers.
__global__ void constantPlaces(float *out, const float *in, int w) {
  int rows[2] = {0, 8};
  const float *src[2];
  src[0] = in + threadIdx.x;
  src[1] = in + threadIdx.x * 2;
  out[rows[1] * w + threadIdx.x] = *src[0] + *src[1];
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[rows[1] * w + threadIdx.x]' width 4; offset 4*lane + (128)*warp.x + (32)*w; active 0xffffffff; scenarios 1; transactions 1, sectors 4
  // CHECK: :[[@LINE-2]]:36: remark: load global '*src[0]' width 4; offset 4*lane + (128)*warp.x; active 0xffffffff; scenarios 1; transactions 1, sectors 4
  // CHECK: :[[@LINE-3]]:46: remark: load global '*src[1]' width 4; offset 8*lane + (256)*warp.x; active 0xffffffff; scenarios 1; transactions 2, sectors 8
  // CHECK: :[[@LINE-4]]:46: warning: uncoalesced global load of '*src[1]': stride 8 bytes, 2 transactions per warp (50.0% efficiency), 8 sectors
}

// A shared array read through row offsets 32 floats apart: all 32 lanes
// in one bank.
__global__ void tileRows(float *out) {
  __shared__ float padded[32][33];
  __shared__ float flat[32 * 32];
  int r[2];
  for (int k = 0; k < 2; ++k)
    r[k] = (threadIdx.x % 32) * 32 + k;
  padded[threadIdx.x % 32][threadIdx.y] = 0.0f;
  // CHECK: :[[@LINE-1]]:3: remark: store shared 'padded[threadIdx.x % 32][threadIdx.y]' width 4; offset 132*lane + (4)*threadIdx.y
  __syncthreads();
  for (int k = 0; k < 2; ++k)
    out[threadIdx.x + k * 32] = flat[r[k]];
  // CHECK: :[[@LINE-1]]:5: remark: store global 'out[threadIdx.x + k * 32]'
  // CHECK: :[[@LINE-2]]:33: warning: 32-way bank conflict on 'flat[r[k]]': the 32 lanes read 32 distinct words of bank 0
  // CHECK: :[[@LINE-3]]:33: remark: load shared 'flat[r[k]]' width 4; offset 128*lane + (4)*k; active 0xffffffff; in loop; array flat[1024]; scenarios 1
}

// Not followed: a compound assignment, rewritten on each pass of an
// outer loop and read after it, read before it is written, address taken.
__device__ void fill(int *p);
__global__ void notFollowed(float *out, const float *in, int n) {
  int step[2] = {int(threadIdx.x), int(threadIdx.x) * 2};
  step[1] += 64;
  out[threadIdx.x] = in[step[1]];
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[threadIdx.x]'
  // CHECK: :[[@LINE-2]]:22: remark: load global 'in[step[1]]' width 4; offset unknown, data-dependent (index reads memory (data-dependent))

  int last[2];
  for (int t = 0; t < n; ++t)
    for (int j = 0; j < 2; ++j)
      last[j] = t * 32 + threadIdx.x;
  out[threadIdx.x] = in[last[0]];
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[threadIdx.x]'
  // CHECK: :[[@LINE-2]]:22: remark: load global 'in[last[0]]' width 4; offset unknown, not followed (element of the per-thread array 'last' written again on later passes of a loop)

  int early[2];
  out[threadIdx.x] = in[early[0]];
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[threadIdx.x]'
  // CHECK: :[[@LINE-2]]:22: remark: load global 'in[early[0]]' width 4; offset unknown, not followed (element of the per-thread array 'early' read before it is written)
  early[0] = threadIdx.x;

  int given[2];
  fill(given);
  out[threadIdx.x] = in[given[0]];
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[threadIdx.x]'
  // CHECK: :[[@LINE-2]]:22: remark: load global 'in[given[0]]' width 4; offset unknown, data-dependent (index reads memory (data-dependent))
}
