// Issue 40: a peak rate no machine has was accepted: PeakGBps 1e-308 made
// the machine balance infinite ("machine balance inf ... a tile of at
// least 4294967295"). A rate is now 0 (the preset's) or from 1 to 1e9,
// said so when it is not; two rates each possible whose ratio is not a
// balance MachineBalance accepts (over 1e6 FLOP/byte) give the preset's
// balance, and the warning says why.
//
// RUN: %check_gpumem_tidy -check-suffix=TINY %s gpumem-arithmetic-intensity %t -- \
// RUN:   -config="{CheckOptions: {PeakGBps: 1e-308}}"
// RUN: %check_gpumem_tidy -check-suffix=RATIO %s gpumem-arithmetic-intensity %t -- \
// RUN:   -config="{CheckOptions: {PeakGBps: 1, PeakGflops: 1e9}}"

// CHECK-MESSAGES-TINY: warning: invalid configuration value '1e-308' for option 'PeakGBps'; expected 0 or a number from 1 to 1e9; using the preset's [clang-tidy-config]

#define T 16

__global__ void tiledProduct(const float *A, const float *B, float *C, int n) {
  // CHECK-MESSAGES-TINY: :[[@LINE-1]]:17: warning: kernel 'tiledProduct' is bandwidth-bound: arithmetic intensity 4 FLOP/byte < machine balance 9.56 (a100, fp32); a tile of at least 39 would be compute-bound; consider register blocking [gpumem-arithmetic-intensity]
  // CHECK-MESSAGES-RATIO: :[[@LINE-2]]:17: warning: kernel 'tiledProduct' is bandwidth-bound: arithmetic intensity 4 FLOP/byte < machine balance 9.56 (a100, fp32; options PeakGflops/PeakGBps give a balance over 1e6 FLOP/byte); a tile of at least 39 would be compute-bound; consider register blocking [gpumem-arithmetic-intensity]
  __shared__ float As[T][T], Bs[T][T];
  int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.0f;
  for (int t = 0; t < n / T; ++t) {
    As[ty][tx] = A[ty * n + t * T + tx];
    Bs[ty][tx] = B[(t * T + ty) * n + tx];
    __syncthreads();
    for (int k = 0; k < T; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[ty * n + tx] = acc;
}
