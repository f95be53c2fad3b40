// Presets, precision and explicit options.
//
// RUN: %check_gpumem_tidy -check-suffix=A100 %s gpumem-arithmetic-intensity %t
// RUN: %check_gpumem_tidy -check-suffix=H100 %s gpumem-arithmetic-intensity %t -- \
// RUN:   -config="{CheckOptions: {GpuPreset: h100}}"
// RUN: %check_gpumem_tidy -check-suffix=BALANCE %s gpumem-arithmetic-intensity %t -- \
// RUN:   -config="{CheckOptions: {MachineBalance: '2'}}"
// RUN: %check_gpumem_tidy -check-suffix=PEAKS %s gpumem-arithmetic-intensity %t -- \
// RUN:   -config="{CheckOptions: {PeakGflops: '1000', PeakGBps: '500'}}"
// RUN: %check_gpumem_tidy -check-suffix=ALL %s gpumem-arithmetic-intensity %t -- \
// RUN:   -config="{CheckOptions: {GpuPreset: seed, ReportAll: 'true'}}"
// A boolean option is read as clang-tidy reads one: 1 is true.
// RUN: %check_gpumem_tidy -check-suffix=ALL %s gpumem-arithmetic-intensity %t -- \
// RUN:   -config="{CheckOptions: {GpuPreset: seed, ReportAll: 1}}"

#define T 32

// fp64 tiled matmul: I = T / 8 = 4 FLOP/byte, judged against the fp64 peak:
// a100 9700 GFLOP/s / 2039 GB/s = 4.76 (tile 39 to cross); h100
// 33500 / 3350 = 10 (tile 80); an explicit balance of 2 makes it
// compute-bound; 1000 / 500 = 2 as well.
__global__ void dgemmTiled(const double *A, const double *B, double *C, int n) {
  // CHECK-MESSAGES-A100: :[[@LINE-1]]:17: warning: kernel 'dgemmTiled' is bandwidth-bound: arithmetic intensity 4 FLOP/byte < machine balance 4.76 (a100, fp64); a tile of at least 39 would be compute-bound; consider register blocking [gpumem-arithmetic-intensity]
  // CHECK-MESSAGES-H100: :[[@LINE-2]]:17: warning: kernel 'dgemmTiled' is bandwidth-bound: arithmetic intensity 4 FLOP/byte < machine balance 10 (h100, fp64); a tile of at least 80 would be compute-bound; consider register blocking [gpumem-arithmetic-intensity]
  // CHECK-MESSAGES-ALL: :[[@LINE-3]]:17: warning: kernel 'dgemmTiled' is bandwidth-bound: arithmetic intensity 4 FLOP/byte < machine balance 20 (seed, fp64); a tile of at least 160 would be compute-bound; consider register blocking [gpumem-arithmetic-intensity]
  __shared__ double As[T][T];
  __shared__ double Bs[T][T];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * T + ty, col = blockIdx.x * T + tx;
  double acc = 0.0;
  for (int t = 0; t < n / T; ++t) {
    As[ty][tx] = A[row * n + t * T + tx];
    Bs[ty][tx] = B[(t * T + ty) * n + col];
    __syncthreads();
    for (int k = 0; k < T; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * n + col] = acc;
}

// saxpy: 2 FLOPs per 12 bytes; reported only with ReportAll.
__global__ void saxpy(float a, const float *x, float *y, int n) {
  // CHECK-MESSAGES-ALL: :[[@LINE-1]]:17: warning: kernel 'saxpy' is bandwidth-bound: arithmetic intensity 0.167 FLOP/byte < machine balance 20 (seed, fp32); each element is used once; the kernel is bound by bandwidth whatever its layout [gpumem-arithmetic-intensity]
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

void launch(const double *A, const double *B, double *C, float *x, int n) {
  dgemmTiled<<<dim3(n / T, n / T), dim3(T, T)>>>(A, B, C, n);
  saxpy<<<n / 256, 256>>>(2.0f, x, x, n);
}
