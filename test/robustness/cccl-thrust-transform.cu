// thrust::transform on device vectors from the CUDA toolkit's CCCL: the
// kernels Thrust instantiates (through CUB) live in system headers and the
// functor in the user's file. Parsed with the real toolkit, the run ends
// within the time limit and no diagnostic is located in a system header;
// the user's own strided kernel next to it is still reported.
//
// REQUIRES: cuda-toolkit
// RUN: %timeout_slow %clang_tidy \
// RUN:   --checks='-*,gpumem-*,debug-gpumem-access-dump' %s -- \
// RUN:   %cuda_toolkit_flags --cuda-device-only > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: not grep -E "^/usr/local/cuda[^:]*:[0-9]+:[0-9]+: (warning|error|remark|note)" %t.out

#include <cuda_runtime.h>
#include <thrust/device_vector.h>
#include <thrust/transform.h>

struct Saxpy {
  float A;
  __host__ __device__ float operator()(float X, float Y) const {
    return A * X + Y;
  }
};

__global__ void everyOther(const float *In, float *Out) {
  // CHECK: cccl-thrust-transform.cu:[[@LINE-1]]:17: remark: kernel 'everyOther': blockDim launch 256x1x1, 2 accesses
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  Out[I] = In[2 * I];
  // CHECK-DAG: cccl-thrust-transform.cu:[[@LINE-1]]:12: remark: load global 'In[2 * I]'
  // CHECK-DAG: cccl-thrust-transform.cu:[[@LINE-2]]:12: warning: uncoalesced global load of 'In[2 * I]'
}

void run(int N) {
  thrust::device_vector<float> X(N, 1.0f), Y(N, 2.0f);
  thrust::transform(X.begin(), X.end(), Y.begin(), Y.begin(), Saxpy{2.0f});
  everyOther<<<N / 256, 256>>>(thrust::raw_pointer_cast(X.data()),
                              thrust::raw_pointer_cast(Y.data()));
}
