// Issue 39: arithmetic intensity counts the work of a branch at the share
// of the block that runs it, FLOPs and bytes alike. A guard on the thread
// index is decided for the first warp when an access is priced; for the
// work, it is decided for every warp of the launched block: `tid < 64` in
// a block of 256 threads lets in 2 of 8 warps (a quarter of the threads,
// where the first warp alone says all of them), and `tid >= 64` lets in
// the other 6 (three quarters, where the first warp says none).
//
// RUN: %clang_tidy --checks=-*,debug-gpumem-kernel-work %s -- %cuda_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=remark:

// Every thread loads 4 bytes; a quarter do 9 FLOPs and store 4 bytes:
// 2.25 FLOPs and 4 + 1 bytes per thread.
__global__ void firstTwoWarps(const float *in, float *out, float a) {
  // CHECK: :[[@LINE-1]]:17: remark: work of 'firstTwoWarps': no hot loop; flops fp16 0 fp32 2.25 fp64 0; global bytes 5; tile 0; shared loads 0 (0 if not shared); unshared loads 4; stores 1; complete
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + tid;
  float x = in[i];
  if (tid < 64) {
    x = x * a + 1.f;
    x = x * a + 2.f;
    x = x * a + 3.f;
    x = x * x * x * x;
    out[i] = x;
  }
}

// The other six warps: 6.75 FLOPs and 4 + 3 bytes per thread.
__global__ void lastSixWarps(const float *in, float *out, float a) {
  // CHECK: :[[@LINE-1]]:17: remark: work of 'lastSixWarps': no hot loop; flops fp16 0 fp32 6.75 fp64 0; global bytes 7; tile 0; shared loads 0 (0 if not shared); unshared loads 4; stores 3; complete
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + tid;
  float x = in[i];
  if (tid >= 64) {
    x = x * a + 1.f;
    x = x * a + 2.f;
    x = x * a + 3.f;
    x = x * x * x * x;
    out[i] = x;
  }
}

// A guard inside another, and an else: `tid < 128` then `tid % 32 < 8`
// runs 4 warps x 8 lanes (an eighth of the block: 2 FLOPs x 1/8), its
// else 4 warps x 24 lanes (3/8: 1 FLOP x 3/8), and the outer else half
// the block (4 FLOPs x 1/2). Bytes: 4 loaded by all, 4 stored by the
// outer then-branch's half.
__global__ void nested(const float *in, float *out, float a) {
  // CHECK: :[[@LINE-1]]:17: remark: work of 'nested': no hot loop; flops fp16 0 fp32 2.625 fp64 0; global bytes 6; tile 0; shared loads 0 (0 if not shared); unshared loads 4; stores 2; complete
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + tid;
  float x = in[i];
  if (tid < 128) {
    if (tid % 32 < 8)
      x = x * a + 1.f;
    else
      x = x + a;
    out[i] = x;
  } else {
    x = x * a * a * a * a;
  }
}

// A block of 32 x 8: `threadIdx.y < 2` lets in the first 2 of its 8
// warps (4 FLOPs and 4 stored bytes x 1/4).
__global__ void firstTwoRows(const float *in, float *out, float a) {
  // CHECK: :[[@LINE-1]]:17: remark: work of 'firstTwoRows': no hot loop; flops fp16 0 fp32 1 fp64 0; global bytes 5; tile 0; shared loads 0 (0 if not shared); unshared loads 4; stores 1; complete
  int i = (blockIdx.x * 8 + threadIdx.y) * 32 + threadIdx.x;
  float x = in[i];
  if (threadIdx.y < 2) {
    x = x * a + 1.f;
    x = x * a + 2.f;
    out[i] = x;
  }
}

// An early exit: what follows it runs on the 64 threads it leaves, a
// quarter of the block, FLOPs as bytes (2 x 1/4; 4 + 4 bytes x 1/4).
__global__ void exitEarly(const float *in, float *out, float a) {
  // CHECK: :[[@LINE-1]]:17: remark: work of 'exitEarly': no hot loop; flops fp16 0 fp32 0.5 fp64 0; global bytes 2; tile 0; shared loads 0 (0 if not shared); unshared loads 1; stores 1; complete
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + tid;
  if (tid >= 64)
    return;
  float x = in[i];
  x = x * a + 1.f;
  out[i] = x;
}

// One warp: the exit leaves half its lanes, for the FLOPs after it as
// for the bytes (1 x 1/2; 4 + 4 bytes x 1/2).
__global__ void exitHalfWarp(const float *in, float *out, float a) {
  // CHECK: :[[@LINE-1]]:17: remark: work of 'exitHalfWarp': no hot loop; flops fp16 0 fp32 1 fp64 0; global bytes 4; tile 0; shared loads 0 (0 if not shared); unshared loads 2; stores 2; complete
  int tid = threadIdx.x;
  if (tid >= 16)
    return;
  float x = in[tid];
  x = x * a + 1.f;
  out[tid] = x;
}

// Both sides of an &&: lanes 0-15 of warps 0-3, a quarter of the block
// (2 FLOPs x 1/4; 4 + 4 bytes x 1/4).
__global__ void halfOfFourWarps(const float *in, float *out, float a) {
  // CHECK: :[[@LINE-1]]:17: remark: work of 'halfOfFourWarps': no hot loop; flops fp16 0 fp32 0.5 fp64 0; global bytes 5; tile 0; shared loads 0 (0 if not shared); unshared loads 4; stores 1; complete
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + tid;
  float x = in[i];
  if (tid < 128 && tid % 32 < 16) {
    x = x * a + 1.f;
    out[i] = x;
  }
}

// A guard kept in a variable never written again is decided as the
// comparison it holds, for each warp: 2 of 8 warps pass (2 FLOPs x 1/4;
// 4 + 4 bytes x 1/4). Before, the first warp's lanes stood for the block
// (2 FLOPs, 8 bytes).
__global__ void keptGuard(const float *in, float *out, float a) {
  // CHECK: :[[@LINE-1]]:17: remark: work of 'keptGuard': no hot loop; flops fp16 0 fp32 0.5 fp64 0; global bytes 5; tile 0; shared loads 0 (0 if not shared); unshared loads 4; stores 1; complete
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + tid;
  float x = in[i];
  bool lead = tid < 64;
  if (lead) {
    x = x * a + 1.f;
    out[i] = x;
  }
}

// A loop whose first pass the thread index decides: 64 of the block's
// 256 threads load a tile, so its bytes and FLOPs are a quarter of a
// thread's each (4 bytes and 1 FLOP x 1/4).
__global__ void quarterLoadsTile(const float *in, float *out, float a) {
  // CHECK: :[[@LINE-1]]:17: remark: work of 'quarterLoadsTile': hot loop at line [[@LINE+3]]; flops fp16 0 fp32 0.25 fp64 0; global bytes 1; tile 0; shared loads 0 (0 if not shared); unshared loads 1; stores 0; complete
  __shared__ float tile[64];
  float *t = tile;
  for (int i = threadIdx.x; i < 64; i += 256)
    t[i] = in[blockIdx.x * 64 + i] * a;
}

// One warp, a loop its first half enters: FLOPs as bytes (1 x 1/2).
__global__ void halfWarpLoop(const float *in, float *out, float a) {
  // CHECK: :[[@LINE-1]]:17: remark: work of 'halfWarpLoop': hot loop at line [[@LINE+1]]; flops fp16 0 fp32 0.5 fp64 0; global bytes 4; tile 0; shared loads 0 (0 if not shared); unshared loads 2; stores 2; complete
  for (int i = threadIdx.x; i < 16; i += 32)
    out[blockIdx.x * 16 + i] = in[blockIdx.x * 16 + i] * a;
}

// No launch: the block is not known, and the first warp's lanes are the
// only ones there are to count (as before: 9 FLOPs, 8 bytes).
__global__ void unlaunched(const float *in, float *out, float a) {
  // CHECK: :[[@LINE-1]]:17: remark: work of 'unlaunched': no hot loop; flops fp16 0 fp32 9 fp64 0; global bytes 8; tile 0; shared loads 0 (0 if not shared); unshared loads 4; stores 4; complete
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + tid;
  float x = in[i];
  if (tid < 64) {
    x = x * a + 1.f;
    x = x * a + 2.f;
    x = x * a + 3.f;
    x = x * x * x * x;
    out[i] = x;
  }
}

void host(const float *in, float *out) {
  firstTwoWarps<<<100, 256>>>(in, out, 2.f);
  lastSixWarps<<<100, 256>>>(in, out, 2.f);
  nested<<<100, 256>>>(in, out, 2.f);
  firstTwoRows<<<100, dim3(32, 8)>>>(in, out, 2.f);
  exitEarly<<<100, 256>>>(in, out, 2.f);
  exitHalfWarp<<<100, 32>>>(in, out, 2.f);
  halfOfFourWarps<<<100, 256>>>(in, out, 2.f);
  keptGuard<<<100, 256>>>(in, out, 2.f);
  quarterLoadsTile<<<100, 256>>>(in, out, 2.f);
  halfWarpLoop<<<100, 32>>>(in, out, 2.f);
}
