// Issue 39: a shift by the width of its (promoted) type or more is
// undefined behaviour, not a number: the offset is unknown, with the
// reason, and no check prices it. A shift that wraps an unsigned value
// within its width is defined and priced.
//
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump %s -- %cuda_flags \
// RUN:   | FileCheck %s --implicit-check-not=remark:
// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access,gpumem-misaligned-access %t

__global__ void shifts(const float *in, float *out, int k) {
  // CHECK: :[[@LINE-1]]:17: remark: kernel 'shifts': blockDim assumed, 6 accesses
  out[threadIdx.x] = in[threadIdx.x * (1 << 40)];
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[threadIdx.x]'
  // CHECK: :[[@LINE-2]]:22: remark: load global 'in[threadIdx.x * (1 << 40)]' width 4; offset unknown, arithmetic (shift by 40 of a 32-bit value is undefined); active 0xffffffff; scenarios 0; transactions 0, sectors 0
  out[threadIdx.x + 32] = in[threadIdx.x << 33];
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[threadIdx.x + 32]'
  // CHECK: :[[@LINE-2]]:27: remark: load global 'in[threadIdx.x << 33]' width 4; offset unknown, arithmetic (shift by 33 of a 32-bit value is undefined); active 0xffffffff; scenarios 0; transactions 0, sectors 0
  // Defined: an unsigned value shifted within its width wraps to 0 in
  // every lane (lane * 2^32).
  out[threadIdx.x + 64] = in[(threadIdx.x * 8) << 29];
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[threadIdx.x + 64]'
  // CHECK: :[[@LINE-2]]:27: remark: load global 'in[(threadIdx.x * 8) << 29]' width 4; offset 0 + (549755813888)*warp.x; active 0xffffffff; scenarios 1; transactions 1, sectors 1
}
