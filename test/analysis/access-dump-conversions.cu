// Elements read through a conversion operator, as __half and
// __nv_bfloat16 are (`(float)h[i]`, `static_cast<float>(b[i])`): the
// operator reads its object, so the element is a load of its whole size.
// A small type of our own stands in for the toolkit's; the same reads of
// the toolkit's types are in access-dump-conversions-toolkit.cu.
//
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump %s -- %cuda_flags \
// RUN:   | FileCheck %s

// The operator's own read of 'bits' (through `this`) is no access.
// CHECK-NOT: 'bits'
struct Half16 {
  unsigned short bits;
  __device__ operator float() const { return bits * (1.0f / 65536.0f); }
};

__global__ void converted(const Half16 *h, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a = (float)h[i];
  // CHECK: :[[@LINE-1]]:20: remark: load global 'h[i]' width 2; offset 2*lane + (64)*blockIdx.x*blockDim.x/32 + (64)*warp.x; active 0xffffffff; struct Half16 (2 bytes) field '' at 0; scenarios 1; transactions 1, sectors 2
  float b = static_cast<float>(h[3 * i]);
  // CHECK: :[[@LINE-1]]:32: remark: load global 'h[3 * i]' width 2; offset 6*lane + (192)*blockIdx.x*blockDim.x/32 + (192)*warp.x; active 0xffffffff; struct Half16 (2 bytes) field '' at 0; scenarios 1; transactions 2, sectors 6
  Half16 local = h[i];
  // CHECK: :[[@LINE-1]]:18: remark: load global 'h[i]' width 2; offset 2*lane + (64)*blockIdx.x*blockDim.x/32 + (64)*warp.x; active 0xffffffff; struct Half16 (2 bytes) field '' at 0; scenarios 1; transactions 1, sectors 2
  out[i] = a + b + (float)local;
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[i]' width 4; offset 4*lane + (128)*blockIdx.x*blockDim.x/32 + (128)*warp.x; active 0xffffffff; scenarios 1; transactions 1, sectors 4
}
