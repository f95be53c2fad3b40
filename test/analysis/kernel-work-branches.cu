// Issue 39: the work of arithmetic intensity counts bytes and FLOPs under
// the same guards. FLOPs in a branch that holds no memory access are
// charged to the lanes its thread-index guard lets in (the walk's lanes
// for that branch), as its loads would be; and of an if the whole warp
// takes one way (on a parameter), one branch runs: the costlier is
// counted, not the sum of both.
//
// RUN: %clang_tidy --checks=-*,debug-gpumem-kernel-work %s -- %cuda_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=remark:

// Every lane loads 4 bytes per pass; half of them do 2 FLOPs: 1 FLOP per
// thread for 4 bytes (0.25 FLOP/byte), not 2.
__global__ void halfTheLanes(const float *a, float *out, int n) {
  // CHECK: :[[@LINE-1]]:17: remark: work of 'halfTheLanes': hot loop at line [[@LINE+3]]; flops fp16 0 fp32 1 fp64 0; global bytes 4;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < n; ++k) {
    float x = a[k * 256 + i];
    if (threadIdx.x < 16)
      acc = acc * x + x;
  }
  if (threadIdx.x < 16)
    out[i] = acc;
}

// `mode` is one value for the warp: 2 FLOPs or 4 per pass, never 6.
__global__ void eitherBranch(const float *a, float *out, int n, int mode) {
  // CHECK: :[[@LINE-1]]:17: remark: work of 'eitherBranch': hot loop at line [[@LINE+3]]; flops fp16 0 fp32 4 fp64 0; global bytes 4;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < n; ++k) {
    float x = a[k * 256 + i];
    if (mode == 1)
      acc = acc * x + x;
    else
      acc = acc + x * x * x * x;
  }
  out[i] = acc;
}

// A branch on the thread index splits the warp: both branches run, each
// on its lanes (16 lanes x 2 FLOPs and 16 lanes x 4).
__global__ void splitWarp(const float *a, float *out, int n) {
  // CHECK: :[[@LINE-1]]:17: remark: work of 'splitWarp': hot loop at line [[@LINE+3]]; flops fp16 0 fp32 3 fp64 0; global bytes 4;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < n; ++k) {
    float x = a[k * 256 + i];
    if (threadIdx.x % 32 < 16)
      acc = acc * x + x;
    else
      acc = acc + x * x * x * x;
  }
  out[i] = acc;
}
