// The same kind of kernel and launch, parsed with the real CUDA toolkit in
// /usr/local/cuda (CUDA 13 on the development machine, newer than Clang 22
// knows), with the flags of docs/cuda-setup.md:
//   %cuda_toolkit_flags = -x cuda --cuda-path=/usr/local/cuda
//     --cuda-gpu-arch=sm_70 -Wno-unknown-cuda-version
//     -Xclang -target-sdk-version=12.9 -std=c++17
//     -isystem /usr/local/cuda/include/cccl
//
// REQUIRES: cuda-toolkit
//
// RUN: %clang -fsyntax-only -Werror %cuda_toolkit_flags --cuda-device-only %s
// RUN: %clang -fsyntax-only -Werror %cuda_toolkit_flags --cuda-host-only %s
//
// With -nocudalib the driver passes no SDK version to the device side and
// Clang falls back to cudaConfigureCall, which CUDA 13 removed; the
// -target-sdk-version=12.9 in %cuda_toolkit_flags is what makes this parse.
// RUN: %clang -fsyntax-only -Werror %cuda_toolkit_flags -nocudalib \
// RUN:   --cuda-device-only %s
//
// Through clang-tidy, with compiler diagnostics on: no unknown-cuda-version
// warning, no error.
// RUN: %clang_tidy --checks='-*,clang-diagnostic-*,misc-unused-parameters' %s \
// RUN:   -- %cuda_toolkit_flags --cuda-device-only > %t.out 2>&1
// RUN: not grep -E "warning:|error:" %t.out

#include <cuda_runtime.h>
#include <cub/warp/warp_reduce.cuh>
#include <cuda/std/atomic>

__global__ void scale(const float *__restrict__ In, float *Out, float4 *V,
                      int *Count, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I >= N)
    return;
  float X = __ldg(&In[I]);
  float4 Q = __ldg(&V[I]);
  Out[I] = sqrtf(X) * 2.0f + Q.x + __shfl_down_sync(0xffffffffu, X, 1);
  atomicAdd(Count, 1);
}

__global__ void warpSums(const float *In, float *Out) {
  using WarpReduce = cub::WarpReduce<float>;
  __shared__ typename WarpReduce::TempStorage Storage;
  float Sum = WarpReduce(Storage).Sum(In[threadIdx.x]);
  if (threadIdx.x == 0)
    Out[blockIdx.x] = Sum;
}

int main() {
  float *In, *Out;
  float4 *V;
  int *Count;
  const int N = 1024;
  cudaMalloc(&In, N * sizeof(float));
  cudaMalloc(&Out, N * sizeof(float));
  cudaMalloc(&V, N * sizeof(float4));
  cudaMalloc(&Count, sizeof(int));
  scale<<<(N + 255) / 256, 256>>>(In, Out, V, Count, N);
  warpSums<<<dim3(N / 32), dim3(32), 0, 0>>>(In, Out);
  cudaDeviceSynchronize();
  return cudaGetLastError() == cudaSuccess ? 0 : 1;
}
