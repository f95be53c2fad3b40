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
  // CHECK: :[[@LINE-1]]:20: remark: load global 'h[i]' width 2; offset 2*lane + (64)*blockIdx.x*blockDim.x/32 + (64)*warp.x; active 0xffffffff; struct Half16 (2 bytes) whole; scenarios 1; transactions 1, sectors 2
  float b = static_cast<float>(h[3 * i]);
  // CHECK: :[[@LINE-1]]:32: remark: load global 'h[3 * i]' width 2; offset 6*lane + (192)*blockIdx.x*blockDim.x/32 + (192)*warp.x; active 0xffffffff; struct Half16 (2 bytes) whole; scenarios 1; transactions 2, sectors 6
  Half16 local = h[i];
  // CHECK: :[[@LINE-1]]:18: remark: load global 'h[i]' width 2; offset 2*lane + (64)*blockIdx.x*blockDim.x/32 + (64)*warp.x; active 0xffffffff; struct Half16 (2 bytes) whole; scenarios 1; transactions 1, sectors 2
  // threadIdx converted to dim3 (as the toolkit's cooperative groups do)
  // reads no memory: no access.
  // CHECK-NOT: 'threadIdx'
  dim3 t = threadIdx;
  out[i] = a + b + (float)local + t.x;
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[i]' width 4; offset 4*lane + (128)*blockIdx.x*blockDim.x/32 + (128)*warp.x; active 0xffffffff; scenarios 1; transactions 1, sectors 4
}

// Vector loads and stores written as a macro over a reinterpret_cast, on
// global and shared memory: one 16-byte access per lane.
#define AS_VEC4(x) (reinterpret_cast<float4 *>(&(x))[0])
__global__ void vectorMacro(float *src, float *dst) {
  __shared__ float stage[1024];
  int base = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
  AS_VEC4(stage[threadIdx.x * 4]) = AS_VEC4(src[base]);
  // CHECK: :[[@LINE-1]]:3: remark: store shared 'AS_VEC4(stage[threadIdx.x * 4])' width 16; offset 16*lane + (512)*warp.x; active 0xffffffff; struct float4 (16 bytes) whole; array stage[1024]; scenarios 1
  // CHECK: :[[@LINE-2]]:37: remark: load global 'AS_VEC4(src[base])' width 16; offset 16*lane + (512)*blockIdx.x*blockDim.x/32 + (512)*warp.x; active 0xffffffff; struct float4 (16 bytes) whole; scenarios 1; transactions 4, sectors 16
  __syncthreads();
  AS_VEC4(dst[base]) = AS_VEC4(stage[threadIdx.x % 32 * 8]);
  // CHECK: :[[@LINE-1]]:3: remark: store global 'AS_VEC4(dst[base])' width 16; offset 16*lane + (512)*blockIdx.x*blockDim.x/32 + (512)*warp.x; active 0xffffffff; struct float4 (16 bytes) whole; scenarios 1; transactions 4, sectors 16
  // CHECK: :[[@LINE-2]]:24: remark: load shared 'AS_VEC4(stage[threadIdx.x % 32 * 8])' width 16; offset 32*lane; active 0xffffffff; struct float4 (16 bytes) whole; array stage[1024]; scenarios 1
}
