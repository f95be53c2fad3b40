// Issue 28: a variable an asm statement writes kept the value it had before
// (after `mul.lo.u32 %0, %0, 32` on "+r"(idx), idx was still taken as
// threadIdx.x, and in[idx] priced as coalesced). An output operand is a
// write the analysis does not follow: the value is unknown, and says why.
//
// RUN: %clang_tidy --checks='-*,debug-gpumem-access-dump' %s -- %cuda_flags 2>&1 \
// RUN:   | FileCheck %s

__global__ void scaled(const float *in, float *out) {
  unsigned idx = threadIdx.x;
  asm("mul.lo.u32 %0, %0, 32;" : "+r"(idx));
  out[threadIdx.x] = in[idx];
  // CHECK: :[[@LINE-1]]:22: remark: load global 'in[idx]' width 4; offset unknown, not followed ('idx' is written by inline asm)
  unsigned lane;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  out[threadIdx.x] += in[lane];
  // CHECK: :[[@LINE-1]]:23: remark: load global 'in[lane]' width 4; offset unknown, not followed ('lane' is written by inline asm)
}

// An input operand writes nothing: the index stays known.
__global__ void readOnly(const float *in, float *out) {
  unsigned idx = threadIdx.x;
  asm volatile("" : : "r"(idx));
  out[idx] = in[idx];
  // CHECK: :[[@LINE-1]]:14: remark: load global 'in[idx]' width 4; offset 4*lane
}
