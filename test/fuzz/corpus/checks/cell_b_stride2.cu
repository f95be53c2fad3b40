// Scenario cell B (SPEC section 2): stride 2 floats.
//
// Decimation by two: lane l reads in[2 * (base + l)], every other float.
// The 32 lanes touch bytes [0, 252) of a 128-byte aligned base: span 252
// bytes, 2 transactions per warp where 1 would carry the 128 useful bytes,
// 50% efficiency.
//
// Expected from gpumem-tidy, on the load of 'in[i * 2]':
//   warning: uncoalesced global load of 'in[i * 2]': stride 8 bytes,
//   2 transactions per warp (50.0% efficiency) [gpumem-uncoalesced-access]
// The store 'out[i]' is coalesced: no warning.

#include <cuda_runtime.h>

#include <cstdio>

__global__ void decimateBy2(const float *in, float *out, int nOut) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < nOut)
    out[i] = in[i * 2];
}

int main() {
  const int nOut = 1 << 22;
  float *in = nullptr, *out = nullptr;
  cudaMalloc(&in, 2 * nOut * sizeof(float));
  cudaMalloc(&out, nOut * sizeof(float));

  decimateBy2<<<(nOut + 255) / 256, 256>>>(in, out, nOut);
  std::printf("decimate: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));

  cudaFree(in);
  cudaFree(out);
  return 0;
}
