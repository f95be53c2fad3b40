#include "stage.h"

// Sums each column of a StageWidth x StageWidth block through shared memory,
// one thread per column: lanes read down a column of the stage.
__global__ void columnSums(const float *in, float *out) {
  __shared__ float stage[StageWidth][StageWidth];
  for (int r = 0; r < StageWidth; ++r)
    stage[r][threadIdx.x] = in[r * StageWidth + threadIdx.x];
  __syncthreads();
  float s = 0;
  for (int r = 0; r < StageWidth; ++r)
    s += stage[threadIdx.x][r];
  out[threadIdx.x] = s;
}

void sumColumns(const float *in, float *out) {
  columnSums<<<1, StageWidth>>>(in, out);
}
