// Kernels of the project, included by src/ops.cu only.
#pragma once
#include "detail/rows.cuh"

__global__ void scaleRows(float *m, float k, int width) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  for (int c = 0; c < 16; ++c)
    m[row * width + c] = k * rowValue(m, row, width, c);
}
