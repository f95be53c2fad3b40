// Kernels of the project's own header: the editor has launch.cu open, and
// clangd parses this header once, into the preamble.
#pragma once

// The column read of an unpadded 32x32 tile: a 32-way bank conflict.
__global__ void transposeTile(const float *in, float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

// Every other float: two transactions where one would do.
template <typename T> __global__ void everyOther(const T *in, T *out) {
  out[threadIdx.x] = in[2 * threadIdx.x];
}
