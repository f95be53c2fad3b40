// cub::DeviceReduce::Sum from the CUDA toolkit's CCCL: host code that
// instantiates CUB's reduction kernels (kernels defined in system headers,
// with launches the analysis cannot see). Parsed with the real toolkit, the
// run ends within the time limit, the user's own kernel is analysed, and no
// diagnostic is located in a system header.
//
// REQUIRES: cuda-toolkit
// RUN: %timeout_slow %clang_tidy \
// RUN:   --checks='-*,gpumem-*,debug-gpumem-access-dump' %s -- \
// RUN:   %cuda_toolkit_flags --cuda-device-only > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: not grep -E "^/usr/local/cuda[^:]*:[0-9]+:[0-9]+: (warning|error|remark|note)" %t.out

#include <cuda_runtime.h>
#include <cub/device/device_reduce.cuh>

// CHECK-NOT: warning:
__global__ void square(float *Data, int N) {
  // CHECK: cccl-device-reduce.cu:[[@LINE-1]]:17: remark: kernel 'square': blockDim launch 256x1x1, 3 accesses
  // CHECK-NOT: warning:
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Data[I] = Data[I] * Data[I];
}

float sumOfSquares(float *Data, float *Result, int N) {
  square<<<(N + 255) / 256, 256>>>(Data, N);
  void *Temp = nullptr;
  size_t TempBytes = 0;
  cub::DeviceReduce::Sum(Temp, TempBytes, Data, Result, N);
  cudaMalloc(&Temp, TempBytes);
  cub::DeviceReduce::Sum(Temp, TempBytes, Data, Result, N);
  float Host = 0;
  cudaMemcpy(&Host, Result, sizeof(float), cudaMemcpyDeviceToHost);
  return Host;
}
