// Half-precision arithmetic in the arithmetic-intensity count (issue 25):
// the operators of __half and __half2 and the arithmetic intrinsics of
// cuda_fp16.h count as fp16 FLOPs, one per element (two for a fused
// multiply-add), with the shim and with the toolkit's headers alike.
//
// RUN: %clang_tidy --checks=-*,debug-gpumem-kernel-work %s -- %cuda_flags \
// RUN:   | FileCheck %s
// RUN: %if cuda-toolkit %{ %clang_tidy --checks=-*,debug-gpumem-kernel-work \
// RUN:   %s -- %cuda_toolkit_flags --cuda-device-only | FileCheck %s %}

#include <cuda_fp16.h>

// __hfma2: 2 elements x 2 FLOPs. x[i] and y[i] loaded, y[i] stored: 4
// bytes each.
__global__ void axpyHalf2(const __half2 *x, __half2 *y, __half2 a, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    y[i] = __hfma2(a, x[i], y[i]);
}
// CHECK: :[[@LINE-5]]:17: remark: work of 'axpyHalf2': hot loop at line [[#@LINE-4]]; flops fp16 4 fp32 0 fp64 0; global bytes 12;

// a * b + c on __half: 2 FLOPs.
__global__ void squareAdd(const __half *x, __half *y, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    y[i] = x[i] * x[i] + y[i];
}
// CHECK: :[[@LINE-5]]:17: remark: work of 'squareAdd': hot loop at line [[#@LINE-4]]; flops fp16 2 fp32 0 fp64 0; global bytes 8;

// Conversions are no FLOPs.
__global__ void widen(const __half *x, float *y, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    y[i] = __half2float(x[i]);
}
// CHECK: :[[@LINE-5]]:17: remark: work of 'widen': hot loop at line [[#@LINE-4]]; flops fp16 0 fp32 0 fp64 0; global bytes 6;
