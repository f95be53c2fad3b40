// A MachineBalance no tile can reach: the tile size that would reach it was
// a double too large for an unsigned (undefined behaviour; found by the
// model fuzzer, test/fuzz/ModelFuzzer.cpp, in tileToReachBalance; the model
// saturates it now). Issue 28: such a balance then printed "a tile of at
// least 4294967295"; a balance over 1e6 FLOP/byte is now an invalid option
// value, said so, and the preset's is used, as the warning says.
//
// RUN: %check_gpumem_tidy %s gpumem-arithmetic-intensity %t -- \
// RUN:   -config="{CheckOptions: {MachineBalance: 1e300}}"

// CHECK-MESSAGES: warning: invalid configuration value '1e300' for option 'MachineBalance'; expected a number from 0 to 1e6; using the preset's [clang-tidy-config]

#define T 16

__global__ void tiled(const float *A, const float *B, float *C, int n) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: kernel 'tiled' is bandwidth-bound: arithmetic intensity 4 FLOP/byte < machine balance 9.56 (a100, fp32); a tile of at least 39 would be compute-bound; consider register blocking [gpumem-arithmetic-intensity]
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
