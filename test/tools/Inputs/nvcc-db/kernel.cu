// A kernel that parses only with the include paths and macros of its
// compile command: tile_config.h is found through the nvcc options file,
// warp_math.h through -isystem=DIR, and TILE_DIM comes from -D.
#include "tile_config.h"
#include <warp_math.h>

#ifndef TILE_DIM
#error "TILE_DIM comes from the compile command"
#endif

__global__ void transposeTile(const float *In, float *Out, int Width) {
  __shared__ float Tile[TILE_DIM][TILE_DIM];
  int X = blockIdx.x * TILE_DIM + threadIdx.x;
  int Y = blockIdx.y * TILE_DIM + threadIdx.y;
  Tile[threadIdx.y][threadIdx.x] = In[Y * Width + X];
  __syncthreads();
  Out[Y * Width + X] = scaleValue(Tile[threadIdx.x][threadIdx.y]);
}

void launch(const float *In, float *Out, int Width) {
  transposeTile<<<dim3(Width / TILE_DIM, Width / TILE_DIM),
                  dim3(TILE_DIM, TILE_DIM)>>>(In, Out, Width);
}
