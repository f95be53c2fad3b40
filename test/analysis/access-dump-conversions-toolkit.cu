// The toolkit's half and bfloat16 types read through their conversion
// operators and intrinsics: each element is a 2-byte load (4 for __half2).
//
// REQUIRES: cuda-toolkit
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump %s \
// RUN:   -- %cuda_toolkit_flags --cuda-device-only | FileCheck %s

#include <cuda_bf16.h>
#include <cuda_fp16.h>

__global__ void halves(const __half *h, const __nv_bfloat16 *b,
                       const __half2 *pairs, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = (float)h[i];
  // CHECK: :[[@LINE-1]]:22: remark: load global 'h[i]' width 2; offset 2*lane + (64)*blockIdx.x*blockDim.x/32 + (64)*warp.x; active 0xffffffff; struct __half (2 bytes) whole; scenarios 1; transactions 1, sectors 2
  sum += static_cast<float>(b[2 * i]);
  // CHECK: :[[@LINE-1]]:29: remark: load global 'b[2 * i]' width 2; offset 4*lane + (128)*blockIdx.x*blockDim.x/32 + (128)*warp.x; active 0xffffffff; struct __nv_bfloat16 (2 bytes) whole; scenarios 1; transactions 1, sectors 4
  sum += __half2float(h[i + 1]);
  // CHECK: :[[@LINE-1]]:23: remark: load global 'h[i + 1]' width 2; offset 2+2*lane + (64)*blockIdx.x*blockDim.x/32 + (64)*warp.x; active 0xffffffff; struct __half (2 bytes) whole; scenarios 2; transactions 2, sectors 3
  sum += __bfloat162float(b[i]);
  // CHECK: :[[@LINE-1]]:27: remark: load global 'b[i]' width 2; offset 2*lane + (64)*blockIdx.x*blockDim.x/32 + (64)*warp.x; active 0xffffffff; struct __nv_bfloat16 (2 bytes) whole; scenarios 1; transactions 1, sectors 2
  sum += __low2float(pairs[i]);
  // CHECK: :[[@LINE-1]]:22: remark: load global 'pairs[i]' width 4; offset 4*lane + (128)*blockIdx.x*blockDim.x/32 + (128)*warp.x; active 0xffffffff; struct __half2 (4 bytes) whole; scenarios 1; transactions 1, sectors 4
  out[i] = sum;
}
