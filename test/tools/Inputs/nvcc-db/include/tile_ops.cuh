// A CUDA header with a kernel: not in the database, so clang-tidy borrows
// the command of the nearest .cu file, which must still parse it as CUDA.
#pragma once
#include "tile_config.h"

__global__ void readColumn(float *Out) {
  __shared__ float Column[TILE_DIM][TILE_DIM];
  Column[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  Out[threadIdx.x] = Column[threadIdx.x][threadIdx.y];
}

inline void launchReadColumn(float *Out) {
  readColumn<<<1, dim3(TILE_DIM, TILE_DIM)>>>(Out);
}
