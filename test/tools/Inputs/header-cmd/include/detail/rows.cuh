// A device helper, reached from src/ops.cu through kernels.cuh.
#pragma once

__device__ inline float rowValue(const float *m, int row, int width, int c) {
  return m[row * width + c];
}

__global__ void copyColumn(const float *in, float *out) {
  __shared__ float stage[32][32];
  stage[threadIdx.x][threadIdx.y] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = stage[threadIdx.y][threadIdx.x];
}
