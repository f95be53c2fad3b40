// A column read of a 32x32 shared tile: a 32-way conflict, found only when
// the include path after "--" reaches tile_shape.h.
#include "tile_shape.h"

__global__ void column(float *out) {
  __shared__ float tile[kTileWidth][kTileWidth];
  tile[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

void launch(float *out) { column<<<1, dim3(32, 32)>>>(out); }
