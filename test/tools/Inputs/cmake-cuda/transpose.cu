// The tiled transpose with a 32 x 32 shared tile: the column read is a
// 32-way bank conflict.
#include "transpose_config.h"
#include <warp_helpers.h>

#include <cuda_runtime.h>

__global__ void transposeTiled(const float *In, float *Out, int Width) {
  __shared__ float Tile[TILE_DIM][TILE_DIM];
  int X = blockIdx.x * TILE_DIM + threadIdx.x;
  int Y = blockIdx.y * TILE_DIM + threadIdx.y;
  Tile[threadIdx.y][threadIdx.x] = In[Y * Width + X];
  __syncthreads();
  Out[Y * Width + X] = twice(Tile[threadIdx.x][threadIdx.y]);
}

void transpose(const float *In, float *Out, int Width) {
  dim3 Grid(Width / TILE_DIM, Width / TILE_DIM), Block(TILE_DIM, TILE_DIM);
  transposeTiled<<<Grid, Block>>>(In, Out, Width);
}
