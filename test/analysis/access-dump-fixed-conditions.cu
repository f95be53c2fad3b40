// A condition on template parameters is fixed in each instantiation: the
// branch it rules out is not compiled there, so its accesses are not the
// instantiation's (the dump lists only the other branch's), and the branch
// it keeps is no guard on the thread index (every lane runs it).
//
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump %s -- %cuda_flags \
// RUN:   | FileCheck %s

template <unsigned Width, bool Twice>
__global__ void sumRows(const float *in, float *out, unsigned n) {
  unsigned i = blockIdx.x * Width * (Twice ? 2 : 1) + threadIdx.x;
  float s = 0.f;
  if (Twice) {
    s = in[i] + in[i + Width];
  } else {
    s = in[2 * i] + in[2 * i + 1];
  }
  if (Width >= 64 && threadIdx.x < 32)
    out[i] = s;
}

template __global__ void sumRows<32, true>(const float *, float *, unsigned);
template __global__ void sumRows<64, false>(const float *, float *, unsigned);

// Each instantiation lists only its own branch, and none is an access no
// lane makes:
// CHECK-NOT: active 0x00000000
// CHECK: :10:17: remark: kernel 'sumRows': blockDim assumed, 2 accesses
// CHECK: :10:17: remark: kernel 'sumRows': blockDim assumed, 3 accesses
// CHECK-NOT: active 0x00000000
// CHECK: :14:9: remark: load global 'in[i]' width 4; offset 4*lane + (256)*blockIdx.x + (128)*warp.x; active 0xffffffff; scenarios 1
// CHECK-NOT: active 0x00000000
// CHECK: :14:17: remark: load global 'in[i + Width]' width 4; offset 128+4*lane + (256)*blockIdx.x + (128)*warp.x; active 0xffffffff; scenarios 1
// CHECK-NOT: active 0x00000000
// CHECK: :16:9: remark: load global 'in[2 * i]' width 4; offset 8*lane + (512)*blockIdx.x + (256)*warp.x; active 0xffffffff; scenarios 1
// CHECK-NOT: active 0x00000000
// CHECK: :16:21: remark: load global 'in[2 * i + 1]' width 4; offset 4+8*lane + (512)*blockIdx.x + (256)*warp.x; active 0xffffffff; scenarios 1
// CHECK-NOT: active 0x00000000
// CHECK: :19:5: remark: store global 'out[i]' width 4; offset 4*lane + (256)*blockIdx.x + (128)*warp.x; active 0xffffffff; scenarios 1
// CHECK-NOT: active 0x00000000
