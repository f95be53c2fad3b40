// Issue 28: launches CUDA would reject were analysed as real:
// dim3(0xffffffff, 1) was "blockDim is (4294967295, 1, 1)" with a conflict
// priced for it, dim3(1 << 30, 1 << 30, 1 << 30) dropped every access in
// silence, dim3(32, 0) was "not a constant". Such a launch fixes no shape:
// a note says why, and the kernel is judged under the assumption.
//
// RUN: %clang_tidy --checks='-*,gpumem-*' %s -- %cuda_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='blockDim is (4294967295'

__global__ void huge(const float *in, float *out) {
  out[threadIdx.x] = in[threadIdx.x * 2];
  // CHECK: :[[@LINE-1]]:22: warning: uncoalesced global load of 'in[threadIdx.x * 2]': stride 8 bytes, 2 transactions per warp
  // CHECK: note: this launch's block is not one CUDA runs (every extent at least 1, x and y at most 1024, z at most 64, at most 1024 threads): it fixes no blockDim
  // CHECK: :[[@LINE-4]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'huge' in this file that CUDA would run; set option 'BlockDim' to fix it)
}

__global__ void cube(const float *in, float *out) {
  out[threadIdx.x] = in[threadIdx.x * 2];
  // CHECK: :[[@LINE-1]]:22: warning: uncoalesced global load of 'in[threadIdx.x * 2]': stride 8 bytes, 2 transactions per warp
  // CHECK: note: this launch's block is not one CUDA runs
}

__global__ void zero(const float *in, float *out) {
  out[threadIdx.x] = in[threadIdx.x * 2];
  // CHECK: :[[@LINE-1]]:22: warning: uncoalesced global load of 'in[threadIdx.x * 2]': stride 8 bytes, 2 transactions per warp
  // CHECK: note: this launch's block is not one CUDA runs
}

// 1024 threads in all is the limit, not over it.
__global__ void full(const float *in, float *out) {
  out[threadIdx.y * 32 + threadIdx.x] = in[threadIdx.x * 2];
  // CHECK: :[[@LINE-1]]:41: warning: uncoalesced global load of 'in[threadIdx.x * 2]': stride 8 bytes, 2 transactions per warp
  // CHECK: note: at this launch, blockDim is (32, 32, 1)
}

void launch(const float *in, float *out) {
  huge<<<1, dim3(0xffffffff, 1)>>>(in, out);
  cube<<<1, dim3(1 << 30, 1 << 30, 1 << 30)>>>(in, out);
  zero<<<1, dim3(32, 0)>>>(in, out);
  full<<<1, dim3(32, 32)>>>(in, out);
}
