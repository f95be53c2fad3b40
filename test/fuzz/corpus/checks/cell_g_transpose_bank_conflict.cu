// Scenario cell G (SPEC section 2): shared float tile[32][32], lane i reads
// tile[i][...] (a column).
//
// The classic tiled transpose with a 32 x 32 block: a warp is one row of
// threads (threadIdx.x = 0..31, threadIdx.y fixed). The store
// tile[threadIdx.y][threadIdx.x] writes one row, 32 consecutive words, all
// banks distinct. The load tile[threadIdx.x][threadIdx.y] reads one column:
// word 32 * l + y, bank (32 * l + y) mod 32 = y for every lane, 32 distinct
// words in one bank: a 32-way conflict, 32 cycles. Padding to
// tile[32][33] puts lane l in bank (33 * l + y) mod 32, all different:
// conflict-free, 32x fewer cycles.
//
// Expected from gpumem-tidy, on the load of 'tile[threadIdx.x][threadIdx.y]':
//   warning: 32-way bank conflict on 'tile[threadIdx.x][threadIdx.y]': ...;
//   pad to [32][33] [gpumem-bank-conflict]
// with the padding fix-it on a note (applied by --fix-notes). The global
// load and store both walk threadIdx.x along a row: coalesced, no warning.

#include <cuda_runtime.h>

#include <cstdio>

#define TILE_DIM 32

// out = transpose(in), for a width x height row-major matrix whose sides
// are multiples of TILE_DIM.
__global__ void transposeTiled(const float *in, float *out, int width,
                               int height) {
  __shared__ float tile[TILE_DIM][TILE_DIM];

  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * width + x];
  __syncthreads();

  // Block (bx, by) of the input becomes block (by, bx) of the output.
  int outX = blockIdx.y * TILE_DIM + threadIdx.x;
  int outY = blockIdx.x * TILE_DIM + threadIdx.y;
  out[outY * height + outX] = tile[threadIdx.x][threadIdx.y];
}

int main() {
  const int width = 4096, height = 4096;
  float *in = nullptr, *out = nullptr;
  cudaMalloc(&in, width * height * sizeof(float));
  cudaMalloc(&out, width * height * sizeof(float));

  dim3 grid(width / TILE_DIM, height / TILE_DIM);
  dim3 block(TILE_DIM, TILE_DIM);
  transposeTiled<<<grid, block>>>(in, out, width, height);
  std::printf("transpose: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));

  cudaFree(in);
  cudaFree(out);
  return 0;
}
