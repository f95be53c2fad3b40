// Scenario cell E (SPEC section 2): all 32 lanes read the same address.
//
// Per-channel scale and bias: blockIdx.y picks the channel, so every lane of
// a warp reads the same scale[channel] from global memory and the same
// bias word from shared memory.
//   global 'scale[channel]': 1 transaction, 4 distinct useful bytes of 128,
//     3.125% efficiency, but ideal is also 1 transaction: a broadcast is not
//     uncoalesced.
//   shared 'sBias': one word for all lanes, served in 1 cycle (broadcast),
//     no bank conflict.
// The loads/stores of x[offset] are consecutive: coalesced. The lane-0 load
// of bias[channel] runs once per block, outside any loop: not reported with
// the default options of gpumem-partial-warp-access.
//
// Expected from gpumem-tidy: no warning (the negative case of cells C and G).

#include <cuda_runtime.h>

#include <cstdio>

__global__ void scaleBias(float *x, const float *scale, const float *bias,
                          int perChannel) {
  __shared__ float sBias;
  int channel = blockIdx.y;
  if (threadIdx.x == 0)
    sBias = bias[channel];
  __syncthreads();

  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < perChannel) {
    int offset = channel * perChannel + i;
    x[offset] = x[offset] * scale[channel] + sBias;
  }
}

int main() {
  const int channels = 64, perChannel = 1 << 16;
  float *x = nullptr, *scale = nullptr, *bias = nullptr;
  cudaMalloc(&x, channels * perChannel * sizeof(float));
  cudaMalloc(&scale, channels * sizeof(float));
  cudaMalloc(&bias, channels * sizeof(float));

  dim3 grid((perChannel + 255) / 256, channels);
  scaleBias<<<grid, 256>>>(x, scale, bias, perChannel);
  std::printf("scale/bias: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));

  cudaFree(x);
  cudaFree(scale);
  cudaFree(bias);
  return 0;
}
