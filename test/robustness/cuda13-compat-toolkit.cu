// Issue 15, with the real toolkit: what Clang 22's CUDA headers lack and
// CUDA 13 removed resolves through the pre-included gpumem_cuda_compat.h,
// so those lines are no errors and the stores through __stcs and __stcg
// are analysed (before: "use of undeclared identifier '__stcs'", the
// stores dropped out). gpumem-tidy finds the toolkit by itself here.
//
// REQUIRES: standalone, cuda-toolkit
// RUN: env CUDA_PATH=/usr/local/cuda %gpumem_tidy --checks=-*,debug-gpumem-access-dump,gpumem-uncoalesced-access %s > %t.out 2>&1
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not='error:'

#include <cuda_runtime.h>

template <int Stride>
__global__ void streaming(float *out, const float *in) {
  __stcs(&out[threadIdx.x * Stride], in[threadIdx.x]);
  // CHECK-DAG: :[[@LINE-1]]:11: remark: store global 'out[threadIdx.x * Stride]' width 4; offset 8*lane + (256)*warp.x
  // CHECK-DAG: :[[@LINE-2]]:38: remark: load global 'in[threadIdx.x]' width 4
  // CHECK-DAG: :[[@LINE-3]]:11: warning: uncoalesced global store of 'out[threadIdx.x * Stride]': stride 8 bytes
  __stcg(&out[threadIdx.x], __ldca(&in[threadIdx.x]));
  // CHECK: :[[@LINE-1]]:11: remark: store global 'out[threadIdx.x]' width 4; offset 4*lane
  // CHECK: :[[@LINE-2]]:37: remark: load global 'in[threadIdx.x]' width 4; offset 4*lane
}

texture<float, 1, cudaReadModeElementType> table;

__global__ void lookup(float *out) {
  out[threadIdx.x] = tex1Dfetch(table, threadIdx.x);
}

__global__ void clampDevice(float *out) {
  out[threadIdx.x] = max(out[threadIdx.x], 0.0f) + min(1, 2);
}

// nvcc declares min and max for the host too (timing printouts, launch
// arithmetic); under Clang they were device-only ("no matching function
// for call to 'max'" in 11 CUDA samples).
float hostTiming(float a, float b, int n, unsigned m) {
  return max(a, b) + min(n, 4) + static_cast<float>(max(m, 2u)) +
         static_cast<float>(max(2.0, 3.0f));
}

void host(float *out, const float *in) {
  streaming<2><<<1, 256>>>(out, in);
  lookup<<<1, 256>>>(out);
  cudaThreadSynchronize();
  cudaMemAdvise(out, 1024, cudaMemAdviseSetReadMostly, 0);
  cudaMemPrefetchAsync(out, 1024, 0);
  size_t offset;
  cudaBindTexture(&offset, table, out, 1024);
  cudaUnbindTexture(table);
}
