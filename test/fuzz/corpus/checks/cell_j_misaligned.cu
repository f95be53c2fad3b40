// Scenario cell J (SPEC section 2): consecutive floats from a base 64 bytes
// past a 128-byte boundary.
//
// Each record starts with a 16-float header that the kernel skips: lane l
// reads in[i + 16], 16 floats = 64 bytes past the warp's aligned base. The
// warp touches bytes [64, 192), which straddle the boundary at 128:
// 2 transactions per warp for 128 useful bytes, 50% efficiency, where the
// same footprint aligned would need 1.
//
// Expected from gpumem-tidy, on the load of 'in[i + 16]':
//   warning: ... 2 transactions per warp (50.0% efficiency) ...
//   [gpumem-misaligned-access] (aligned: 1 transaction)
// The store 'out[i]' is aligned and coalesced: no warning.

#include <cuda_runtime.h>

#include <cstdio>

constexpr int kHeaderFloats = 16;

__global__ void stripHeader(const float *in, float *out, int payload) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < payload)
    out[i] = in[i + 16]; // skip the kHeaderFloats = 16 header floats
}

int main() {
  const int payload = 1 << 22;
  float *in = nullptr, *out = nullptr;
  cudaMalloc(&in, (kHeaderFloats + payload) * sizeof(float));
  cudaMalloc(&out, payload * sizeof(float));

  stripHeader<<<(payload + 255) / 256, 256>>>(in, out, payload);
  std::printf("strip: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));

  cudaFree(in);
  cudaFree(out);
  return 0;
}
