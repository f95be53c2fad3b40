// Device functions reached through a constant function pointer (issue
// 25): a template parameter holding one, a constexpr or const local
// initialised with one. A pointer the kernel may change is not followed.
//
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump %s -- %cuda_flags \
// RUN:   | FileCheck %s

__device__ void everyOther(float *q, int i) { q[i * 2] = 1.0f; }
// CHECK: :[[@LINE-1]]:47: remark: store global 'q[i * 2]' width 4; offset 8*lane + (256)*warp.x; active 0xffffffff; scenarios 1; transactions 2, sectors 8
__device__ void everyFourth(float *q, int i) { q[i * 4] = 1.0f; }
// CHECK: :[[@LINE-1]]:48: remark: store global 'q[i * 4]' width 4; offset 16*lane + (512)*warp.x; active 0xffffffff; scenarios 1; transactions 4, sectors 16

template <void (*Op)(float *, int)> __global__ void viaTemplate(float *p) {
  Op(p, threadIdx.x);
}
// CHECK: :[[@LINE-3]]:53: remark: kernel 'viaTemplate': blockDim launch 32x1x1, 1 accesses

__global__ void viaConstant(float *p) {
  constexpr auto op = &everyFourth;
  op(p, threadIdx.x);
}
// CHECK: :[[@LINE-4]]:17: remark: kernel 'viaConstant': blockDim launch 32x1x1, 1 accesses

__global__ void viaVariable(float *p, bool which) {
  void (*op)(float *, int) = everyOther;
  if (which)
    op = everyFourth;
  op(p, threadIdx.x);
}
// CHECK: :[[@LINE-6]]:17: remark: kernel 'viaVariable': blockDim launch 32x1x1, 0 accesses

void launch(float *p) {
  viaTemplate<everyOther><<<1, 32>>>(p);
  viaConstant<<<1, 32>>>(p);
  viaVariable<<<1, 32>>>(p, true);
}
