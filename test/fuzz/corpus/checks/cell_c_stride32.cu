// Scenario cell C (SPEC section 2): stride 32 floats, the worst case.
//
// One thread per row of a row-major matrix with 32 columns: in iteration c,
// lane l reads in[(base + l) * 32 + c]. Consecutive lanes are 128 bytes
// apart, so every lane needs its own 128-byte block: 32 transactions per
// warp for 128 useful bytes, 3.125% efficiency (printed as 3.1%).
//
// Expected from gpumem-tidy, on the load of 'in[row * kCols + c]':
//   warning: uncoalesced global load of 'in[row * kCols + c]': stride 128
//   bytes, 32 transactions per warp (3.1% efficiency)
//   [gpumem-uncoalesced-access]
// The store 'rowSums[row]' is coalesced: no warning.

#include <cuda_runtime.h>

#include <cstdio>

constexpr int kCols = 32;

__global__ void rowSums(const float *in, float *rowSums, int rows) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= rows)
    return;
  float sum = 0.0f;
  for (int c = 0; c < kCols; ++c)
    sum += in[row * kCols + c];
  rowSums[row] = sum;
}

int main() {
  const int rows = 1 << 20;
  float *in = nullptr, *sums = nullptr;
  cudaMalloc(&in, rows * kCols * sizeof(float));
  cudaMalloc(&sums, rows * sizeof(float));

  rowSums<<<(rows + 255) / 256, 256>>>(in, sums, rows);
  std::printf("row sums: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));

  cudaFree(in);
  cudaFree(sums);
  return 0;
}
