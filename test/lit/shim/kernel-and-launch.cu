// The CUDA shim: a kernel and its host launches, with the vector types,
// __ldg, atomics, warp shuffles, math and the runtime API, parse with no
// toolkit, on the device side and on the host side, with no warning at all.
//
// RUN: %clang -fsyntax-only -Wall -Wextra -Werror %cuda_flags %s
// RUN: %clang -fsyntax-only -Wall -Wextra -Werror %cuda_flags \
// RUN:   --cuda-host-only %s
// RUN: %clang -fsyntax-only -Wall -Wextra -Werror %cuda_flags -std=c++20 %s
//
// Through clang-tidy, with every compiler diagnostic on, on both sides:
// RUN: %check_gpumem_tidy %s 'clang-diagnostic-*,misc-unused-parameters' \
// RUN:   %t -- -- -Wall -Wextra
// RUN: %check_gpumem_tidy %s 'clang-diagnostic-*,misc-unused-parameters' \
// RUN:   %t -- -- -Wall -Wextra --cuda-host-only

#include <cuda_runtime.h>
#include <device_launch_parameters.h>

#include <cassert>
#include <cmath>
#include <cstdio>
#include <vector>

#define TILE 32

__constant__ float Coefficients[16];
__device__ int DeviceCounter;
__managed__ int ManagedCounter;

__device__ __forceinline__ float warpSum(float V) {
  for (int Offset = 16; Offset > 0; Offset >>= 1)
    V += __shfl_down_sync(0xffffffffu, V, Offset);
  return V;
}

__device__ __noinline__ int laneId() { return threadIdx.x % warpSize; }

__global__ void __launch_bounds__(256)
    everything(const float *__restrict__ In, float4 *Out4, int *Hist,
               double *Sums, unsigned long long *Wide, int N) {
  __shared__ float Tile[TILE][TILE + 1];
  extern __shared__ float Dynamic[];
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  dim3 Block = blockDim;
  uint3 Thread = threadIdx;
  if (I >= N || Block.x == 0 || Thread.z > 1)
    return;

  float V = __ldg(&In[I]);
  float4 Q = __ldg(&Out4[I]);
  int2 Pair = __ldg(reinterpret_cast<const int2 *>(Hist));
  Q = make_float4(V, Q.y + Pair.x, sqrtf(V), fmaf(V, V, 1.0f));
  Out4[I] = Q;

  Tile[threadIdx.y][threadIdx.x] =
      expf(V) + __fmaf_rn(V, V, V) + rsqrtf(V) + Coefficients[I % 16] +
      fabsf(V) + __expf(V) + __fdividef(V, 3.0f) + std::sqrt(V) +
      static_cast<float>(sqrt(2.0)) + min(I, N) + fmaxf(V, 0.0f);
  Dynamic[threadIdx.x] = Tile[threadIdx.x][threadIdx.y];
  __syncthreads();

  atomicAdd(&Hist[I % 64], 1);
  atomicAdd(reinterpret_cast<unsigned *>(&Hist[0]), 1u);
  atomicAdd(&Sums[0], 1.0);
  atomicAdd(reinterpret_cast<float *>(&Sums[1]), 1.0f);
  atomicAdd(Wide, 1ull);
  atomicMax(&Hist[1], I);
  atomicMin(&Hist[2], I);
  atomicSub(&Hist[3], 1);
  atomicExch(&Hist[4], 0);
  atomicCAS(&Hist[5], 0, 1);

  unsigned Mask = __ballot_sync(__activemask(), V > 0.0f);
  int Votes = __all_sync(Mask, 1) + __any_sync(Mask, 0);
  float S = warpSum(V) + __shfl_sync(Mask, V, 0) + __shfl_xor_sync(Mask, V, 1) +
            __shfl_up_sync(Mask, V, 1);
  __syncwarp();
  __threadfence();
  if (laneId() == 0)
    printf("%f %d\n", S, Votes);
  assert(S == S);
  ++DeviceCounter;
  ++ManagedCounter;
}

// The layout of the vector types matches the toolkit's.
static_assert(sizeof(float4) == 16 && alignof(float4) == 16, "");
static_assert(sizeof(float3) == 12 && alignof(float3) == 4, "");
static_assert(sizeof(float2) == 8 && alignof(float2) == 8, "");
static_assert(sizeof(double2) == 16 && alignof(double2) == 16, "");
static_assert(sizeof(char4) == 4 && alignof(char4) == 4, "");
static_assert(sizeof(uchar3) == 3 && alignof(uchar3) == 1, "");
static_assert(sizeof(short2) == 4 && alignof(short2) == 4, "");
static_assert(sizeof(int4) == 16 && alignof(int4) == 16, "");
static_assert(sizeof(uint2) == 8 && alignof(uint2) == 8, "");
static_assert(sizeof(long2) == 16 && alignof(long2) == 16, "");
static_assert(sizeof(double4) == 32 && alignof(double4) == 16, "");
static_assert(alignof(double4_32a) == 32, "");
static_assert(sizeof(dim3) == 12, "");

int main() {
  const int N = 1 << 20;
  float *DIn = nullptr;
  float4 *DOut = nullptr;
  int *DHist = nullptr;
  double *DSums = nullptr;
  unsigned long long *DWide = nullptr;
  cudaMalloc(&DIn, N * sizeof(float));
  cudaMalloc(reinterpret_cast<void **>(&DOut), N * sizeof(float4));
  cudaMalloc(&DHist, 64 * sizeof(int));
  cudaMalloc(&DSums, 2 * sizeof(double));
  cudaMallocManaged(&DWide, sizeof(unsigned long long));
  std::vector<float> Host(N, 1.0f);
  cudaMemcpy(DIn, Host.data(), N * sizeof(float), cudaMemcpyHostToDevice);
  float Coeffs[16] = {};
  cudaMemcpyToSymbol(Coefficients, Coeffs, sizeof(Coeffs));
  ManagedCounter = 0;

  cudaStream_t Stream;
  cudaStreamCreate(&Stream);
  cudaEvent_t Start, Stop;
  cudaEventCreate(&Start);
  cudaEventCreate(&Stop);
  cudaEventRecord(Start);

  dim3 Grid((N + 255) / 256), Block(256);
  everything<<<Grid, Block>>>(DIn, DOut, DHist, DSums, DWide, N);
  everything<<<(N + 255) / 256, 256, 256 * sizeof(float), Stream>>>(
      DIn, DOut, DHist, DSums, DWide, N);
  everything<<<dim3(N / 1024, 1, 1), dim3(32, 8), 1024>>>(DIn, DOut, DHist,
                                                          DSums, DWide, N);

  cudaEventRecord(Stop);
  cudaEventSynchronize(Stop);
  float Ms = 0.0f;
  cudaEventElapsedTime(&Ms, Start, Stop);
  cudaError_t Err = cudaGetLastError();
  if (Err != cudaSuccess)
    std::printf("%s\n", cudaGetErrorString(Err));
  cudaDeviceSynchronize();
  std::printf("%f %f\n", Ms, std::sqrt(2.0f) + sqrtf(3.0f));
  cudaFree(DIn);
  cudaFree(DOut);
  cudaFree(DHist);
  cudaFree(DSums);
  cudaFree(DWide);
  cudaEventDestroy(Start);
  cudaEventDestroy(Stop);
  cudaStreamDestroy(Stream);
  return 0;
}
