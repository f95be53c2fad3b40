// The lane analysis on its own: the per-lane byte offset of each access, as
// the debug check debug-gpumem-access-dump prints it. With no launch in this
// file, blockDim.x is assumed a multiple of 32: threadIdx.x = 32 * warp.x +
// lane, and warp-uniform terms are printed as symbols after the per-lane
// part ("(128)*warp.x": 128 bytes per warp).
//
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump %s -- %cuda_flags \
// RUN:   | FileCheck %s

#define EVERY_OTHER(x) ((x) * 2)
constexpr int Four = 4;

// CHECK: :[[@LINE+1]]:17: remark: kernel 'indexForms': blockDim assumed, 22 accesses
__global__ void indexForms(const float *in, float *out, const int *idx,
                           int n) {
  int tid = threadIdx.x;
  int base = blockIdx.x * blockDim.x;
  int i = base + tid;
  const int three = 3;
  float acc = 0.0f;
  // An index built in steps, const and constexpr values, a macro, casts.
  acc += in[i];
  // CHECK: :[[@LINE-1]]:10: remark: load global 'in[i]' width 4; offset 4*lane + (128)*blockIdx.x*blockDim.x/32 + (128)*warp.x; active 0xffffffff; scenarios 1; transactions 1, sectors 4
  acc += in[i * three];
  // CHECK: :[[@LINE-1]]:10: remark: load global 'in[i * three]' width 4; offset 12*lane + (384)*blockIdx.x*blockDim.x/32 + (384)*warp.x; active 0xffffffff; scenarios 1; transactions 3, sectors 12
  acc += in[EVERY_OTHER(tid)];
  // CHECK: :[[@LINE-1]]:10: remark: load global 'in[EVERY_OTHER(tid)]' width 4; offset 8*lane + (256)*warp.x; active 0xffffffff; scenarios 1; transactions 2, sectors 8
  acc += in[(size_t)tid * Four];
  // CHECK: :[[@LINE-1]]:10: remark: load global 'in[(size_t)tid * Four]' width 4; offset 16*lane + (512)*warp.x; active 0xffffffff; scenarios 1; transactions 4, sectors 16
  acc += in[static_cast<unsigned>(tid) - 1u + 1u];
  // CHECK: :[[@LINE-1]]:10: remark: load global 'in[static_cast<unsigned>(tid) - 1u + 1u]' width 4; offset 4*lane + (128)*warp.x; active 0xffffffff; scenarios 1; transactions 1, sectors 4
  acc += in[tid - 1];
  // CHECK: :[[@LINE-1]]:10: remark: load global 'in[tid - 1]' width 4; offset -4+4*lane + (128)*warp.x; active 0xffffffff; scenarios 1; transactions 2, sectors 5
  // Per-lane arithmetic with constants: shifts, division and remainder, bit
  // operations, a conditional decided per lane.
  acc += in[tid << 2];
  // CHECK: :[[@LINE-1]]:10: remark: load global 'in[tid << 2]' width 4; offset 16*lane + (512)*warp.x; active 0xffffffff; scenarios 1; transactions 4, sectors 16
  acc += in[tid >> 2];
  // CHECK: :[[@LINE-1]]:10: remark: load global 'in[tid >> 2]' width 4; offset [0,0,0,0,4,4,4,4,8,8,8,8,12,12,12,12,16,16,16,16,20,20,20,20,24,24,24,24,28,28,28,28] + (32)*warp.x; active 0xffffffff; scenarios 1; transactions 1, sectors 1
  acc += in[tid % 16];
  // CHECK: :[[@LINE-1]]:10: remark: load global 'in[tid % 16]' width 4; offset [0,4,8,12,16,20,24,28,32,36,40,44,48,52,56,60,0,4,8,12,16,20,24,28,32,36,40,44,48,52,56,60]; active 0xffffffff; scenarios 1; transactions 1, sectors 2
  acc += in[tid / 8];
  // CHECK: :[[@LINE-1]]:10: remark: load global 'in[tid / 8]' width 4; offset [0,0,0,0,0,0,0,0,4,4,4,4,4,4,4,4,8,8,8,8,8,8,8,8,12,12,12,12,12,12,12,12] + (16)*warp.x; active 0xffffffff; scenarios 1; transactions 1, sectors 1
  acc += in[tid ^ 1];
  // CHECK: :[[@LINE-1]]:10: remark: load global 'in[tid ^ 1]' width 4; offset [4,0,12,8,20,16,28,24,36,32,44,40,52,48,60,56,68,64,76,72,84,80,92,88,100,96,108,104,116,112,124,120] + (128)*warp.x; active 0xffffffff; scenarios 1; transactions 1, sectors 4
  acc += in[tid & 7];
  // CHECK: :[[@LINE-1]]:10: remark: load global 'in[tid & 7]' width 4; offset [0,4,8,12,16,20,24,28,0,4,8,12,16,20,24,28,0,4,8,12,16,20,24,28,0,4,8,12,16,20,24,28]; active 0xffffffff; scenarios 1; transactions 1, sectors 1
  acc += in[(tid & 15) | 16];
  // CHECK: :[[@LINE-1]]:10: remark: load global 'in[(tid & 15) | 16]' width 4; offset [64,68,72,76,80,84,88,92,96,100,104,108,112,116,120,124,64,68,72,76,80,84,88,92,96,100,104,108,112,116,120,124]; active 0xffffffff; scenarios 1; transactions 1, sectors 2
  acc += in[~tid & 31];
  // CHECK: :[[@LINE-1]]:10: remark: load global 'in[~tid & 31]' width 4; offset 124+-4*lane; active 0xffffffff; scenarios 1; transactions 1, sectors 4
  acc += in[tid & ~7];
  // CHECK: :[[@LINE-1]]:10: remark: load global 'in[tid & ~7]' width 4; offset [0,0,0,0,0,0,0,0,32,32,32,32,32,32,32,32,64,64,64,64,64,64,64,64,96,96,96,96,96,96,96,96] + (128)*warp.x; active 0xffffffff; scenarios 1; transactions 1, sectors 4
  acc += in[tid < 16 ? tid : 0];
  // CHECK: :[[@LINE-1]]:10: remark: load global 'in[tid < 16 ? tid : 0]' width 4; offset [0,4,8,12,16,20,24,28,32,36,40,44,48,52,56,60,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]; active 0xffffffff; scenarios 1; transactions 1, sectors 2
  // Warp-uniform symbols: a parameter, and a parameter as a stride factor.
  acc += in[n];
  // CHECK: :[[@LINE-1]]:10: remark: load global 'in[n]' width 4; offset 0 + (4)*n; active 0xffffffff; scenarios 1; transactions 1, sectors 1
  acc += in[tid * n];
  // CHECK: :[[@LINE-1]]:10: remark: load global 'in[tid * n]' width 4; offset 0 + (128)*warp.x*n + (4*lane)*n; active 0xffffffff; symbolic stride n; transactions 32, sectors 32
  // Unknown, with the reason: data-dependent. Divided by a symbol: the
  // lanes are taken as not wrapping around it (one quotient per warp).
  acc += in[idx[i]];
  // CHECK: :[[@LINE-1]]:10: remark: load global 'in[idx[i]]' width 4; offset unknown, data-dependent (index reads memory (data-dependent)); active 0xffffffff; scenarios 0; transactions 0, sectors 0
  // CHECK: :[[@LINE-2]]:13: remark: load global 'idx[i]' width 4; offset 4*lane + (128)*blockIdx.x*blockDim.x/32 + (128)*warp.x; active 0xffffffff; scenarios 1; transactions 1, sectors 4
  acc += in[tid / n];
  // CHECK: :[[@LINE-1]]:10: remark: load global 'in[tid / n]' width 4; offset 0 + (4)*tid / n; active 0xffffffff; scenarios 1; transactions 1, sectors 1
  out[i] = acc;
}

// Multi-dimensional arrays and pointer arithmetic: a row pointer offset by a
// warp-uniform amount, a constant header.
__device__ float grid2[64][64];
// CHECK: :[[@LINE+1]]:17: remark: kernel 'arrays': blockDim assumed, 5 accesses
__global__ void arrays(const float *in, float *out, int n) {
  int tid = threadIdx.x;
  const float *row = in + blockIdx.x * n;
  const float *payload = in + 16;
  float acc = grid2[tid][1];
  // CHECK: :[[@LINE-1]]:15: remark: load global 'grid2[tid][1]' width 4; offset 4+256*lane + (8192)*warp.x; active 0xffffffff; scenarios 1; transactions 32, sectors 32
  acc += grid2[3][tid];
  // CHECK: :[[@LINE-1]]:10: remark: load global 'grid2[3][tid]' width 4; offset 768+4*lane + (128)*warp.x; active 0xffffffff; scenarios 1; transactions 1, sectors 4
  acc += row[tid];
  // CHECK: :[[@LINE-1]]:10: remark: load global 'row[tid]' width 4; offset 4*lane + (4)*blockIdx.x*n + (128)*warp.x; active 0xffffffff; scenarios 1; transactions 1, sectors 4
  acc += payload[tid];
  // CHECK: :[[@LINE-1]]:10: remark: load global 'payload[tid]' width 4; offset 64+4*lane + (128)*warp.x; active 0xffffffff; scenarios 1; transactions 2, sectors 4
  out[blockIdx.x * n + tid] = acc;
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[blockIdx.x * n + tid]' width 4; offset 4*lane + (4)*blockIdx.x*n + (128)*warp.x; active 0xffffffff; scenarios 1; transactions 1, sectors 4
}
