// Scenario cell A (SPEC section 2): consecutive floats, stride 1.
//
// Lane l of every warp reads in[i] and writes out[i] with i = warp base + l,
// a 128-byte aligned run of 32 floats: 1 transaction per warp (4 sectors),
// 100% efficiency. Coalesced.
//
// Expected from gpumem-tidy: no warning.

#include <cuda_runtime.h>

#include <cstdio>

__global__ void copyKernel(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i];
}

int main() {
  const int n = 1 << 24;
  float *in = nullptr, *out = nullptr;
  cudaMalloc(&in, n * sizeof(float));
  cudaMalloc(&out, n * sizeof(float));
  cudaMemset(in, 0, n * sizeof(float));

  const int blocks = (n + 255) / 256;
  copyKernel<<<blocks, 256>>>(in, out, n);
  cudaError_t err = cudaDeviceSynchronize();
  std::printf("copy: %s\n", cudaGetErrorString(err));

  cudaFree(in);
  cudaFree(out);
  return 0;
}
