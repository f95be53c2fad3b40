// Two findings for the report: a 16x16 block whose warps read a broadcast
// pair of rows (the advice: a block 32 threads wide), and a stride-32 load
// in a header's device function.
#include "row_ops.cuh"

constexpr int kWidth = 1024;

__global__ void rowPairs(const float *A, float *out) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0;
  for (int k = 0; k < 16; ++k)
    sum += A[row * kWidth + k];
  out[row * kWidth + col] = sum + columnOf(A, col);
}

void launch(const float *A, float *out) {
  rowPairs<<<dim3(64, 64), dim3(16, 16)>>>(A, out);
}
