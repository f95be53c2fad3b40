// 2-byte float elements used through the operators of cuda_fp16.h and
// cuda_bf16.h: the operators take `const T &`, so the element is read by
// the operator, not copied at the call; each such operand is a load of its
// size (4 bytes for a pair type), a compound assignment's left side a
// read-modify-write, with the shim and with the toolkit's headers alike.
// (Warps start 64 bytes apart: 'a[i + 1]' crosses a 128-byte block in
// every other warp.)
//
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump %s -- %cuda_flags \
// RUN:   | FileCheck %s
// RUN: %if cuda-toolkit %{ %clang_tidy --checks=-*,debug-gpumem-access-dump \
// RUN:   %s -- %cuda_toolkit_flags --cuda-device-only | FileCheck %s %}

#include <cuda_bf16.h>
#include <cuda_fp16.h>

__global__ void products(const __half *a, const __half *b, __half *c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  c[i] = a[64 * i] * b[64 * i];
  // CHECK: :[[@LINE-1]]:3: remark: store global 'c[i]' width 2; offset 2*lane + (64)*blockIdx.x*blockDim.x/32 + (64)*warp.x; active 0xffffffff; struct __half (2 bytes) whole; scenarios 1; transactions 1, sectors 2
  // CHECK: :[[@LINE-2]]:10: remark: load global 'a[64 * i]' width 2; offset 128*lane + (4096)*blockIdx.x*blockDim.x/32 + (4096)*warp.x; active 0xffffffff; struct __half (2 bytes) whole; scenarios 1; transactions 32, sectors 32
  // CHECK: :[[@LINE-3]]:22: remark: load global 'b[64 * i]' width 2; offset 128*lane + (4096)*blockIdx.x*blockDim.x/32 + (4096)*warp.x; active 0xffffffff; struct __half (2 bytes) whole; scenarios 1; transactions 32, sectors 32
}

__global__ void sums(const __nv_bfloat16 *a, __nv_bfloat16 *c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (a[i] > a[i + 1])
  // CHECK: :[[@LINE-1]]:7: remark: load global 'a[i]' width 2; {{.*}}; transactions 1, sectors 2
  // CHECK: :[[@LINE-2]]:14: remark: load global 'a[i + 1]' width 2; {{.*}}; scenarios 2; transactions 2, sectors 3
    c[i] = a[i] + a[i + 1];
}

__global__ void updates(const __half2 *a, __half2 *c, __half *h) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  c[i] += a[2 * i];
  // CHECK: :[[@LINE-1]]:3: remark: read-modify-write global 'c[i]' width 4; offset 4*lane + {{.*}}; struct __half2 (4 bytes) whole; scenarios 1; transactions 1, sectors 4
  // CHECK: :[[@LINE-2]]:11: remark: load global 'a[2 * i]' width 4; offset 8*lane + {{.*}}; transactions 2, sectors 8
  h[i] *= h[i + 32];
  // CHECK: :[[@LINE-1]]:3: remark: read-modify-write global 'h[i]' width 2; {{.*}}; transactions 1, sectors 2
  // CHECK: :[[@LINE-2]]:11: remark: load global 'h[i + 32]' width 2; {{.*}}; transactions 1, sectors 2
}
