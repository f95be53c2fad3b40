// Inline PTX in the access dump (issue 25): each memory instruction of a
// template is an access at the address its operand holds, with the
// instruction's width; what the analysis cannot bind says why.
//
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump %s -- %cuda_flags \
// RUN:   | FileCheck %s

#include <cuda_fp16.h>

// A helper that turns a pointer into a shared address, as GEMM code keeps.
__device__ unsigned sharedAddress(const void *p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

__global__ void forms(const float *in, float *out, int *counts) {
  __shared__ half tile[32][8];
  __shared__ float words[64];
  int t = threadIdx.x;
  unsigned a, b;
  // .x1: lanes 0-7 give the 8 row addresses; .x2: lanes 0-15.
  asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];"
               : "=r"(a)
               : "r"(sharedAddress(&tile[t][0])));
  // CHECK: :[[@LINE-1]]:22: remark: load shared 'ldmatrix.sync.aligned.m8n8.x1.shared.b16 [sharedAddress(&tile[t][0])]' width 16; offset 16*lane + (512)*warp.x; active 0x000000ff; array tile[32][8]; scenarios 1
  asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0, %1}, [%2];"
               : "=r"(a), "=r"(b)
               : "r"(sharedAddress(&tile[t][0])));
  // CHECK: :[[@LINE-1]]:22: remark: load shared 'ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 [sharedAddress(&tile[t][0])]' width 16; offset 16*lane + (512)*warp.x; active 0x0000ffff;
  // Named operands and a constant offset in the template: 8 bytes past.
  float x, y;
  asm volatile("ld.shared.v2.f32 {%[x], %[y]}, [%[at] + 8];"
               : [x] "=f"(x), [y] "=f"(y)
               : [at] "r"(sharedAddress(&words[2 * t])));
  // CHECK: :[[@LINE-1]]:27: remark: load shared 'ld.shared.v2.f32 [sharedAddress(&words[2 * t])]' width 8; offset 8+8*lane + (256)*warp.x; active 0xffffffff; array words[64]; scenarios 1
  // A generic address: the pointer's own space.
  asm volatile("st.v2.f32 [%0], {%1, %2};" ::"l"(out + 2 * t), "f"(x), "f"(y));
  // CHECK: :[[@LINE-1]]:54: remark: store global 'st.v2.f32 [out + 2 * t]' width 8; offset 8*lane + (256)*warp.x; active 0xffffffff; scenarios 1; transactions 2, sectors 8
  // An atomic reads and writes.
  asm volatile("red.global.add.s32 [%0], %1;" ::"l"(counts + t), "r"(1));
  // CHECK: :[[@LINE-1]]:60: remark: read-modify-write global 'red.global.add.s32 [counts + t]' width 4; offset 4*lane + (128)*warp.x
  // cp.async with its size as an operand: a global load and a shared store.
  asm volatile("cp.async.ca.shared.global [%0], [%1], %2;" ::"r"(
                   sharedAddress(&words[t])),
               "l"(in + t), "n"(4));
  // CHECK: :[[@LINE-2]]:20: remark: store shared 'cp.async.ca.shared.global [sharedAddress(&words[t])]' width 4; offset 4*lane + (128)*warp.x; active 0xffffffff; array words[64]; scenarios 1
  // CHECK: :[[@LINE-2]]:23: remark: load global 'cp.async.ca.shared.global [in + t]' width 4; offset 4*lane + (128)*warp.x; active 0xffffffff; scenarios 1; transactions 1, sectors 4
}

__global__ void notFollowed(const float *in, float *out, unsigned step) {
  __shared__ float words[64];
  float v;
  // The address is a PTX register the template computes itself.
  asm volatile("{ .reg .u64 p; cvta.to.global.u64 p, %1; ld.global.f32 %0, "
               "[p]; }"
               : "=f"(v)
               : "l"(in));
  // CHECK: :[[@LINE-1]]:22: remark: load unknown 'ld.global.f32 [in]' width 0; offset unknown, not followed (inline PTX 'ld.global.f32' at an address the analysis does not follow)
  // A shared instruction given a global pointer.
  asm volatile("ld.shared.f32 %0, [%1];" : "=f"(v) : "l"(in + threadIdx.x));
  // CHECK: :[[@LINE-1]]:61: remark: load unknown 'ld.shared.f32 [in + threadIdx.x]' width 4; offset unknown, not followed (inline PTX address of another state space than its instruction's)
  // An address the kernel moves in a loop it does not count.
  unsigned at = __cvta_generic_to_shared(&words[threadIdx.x]);
  for (int i = 0; i < 4; ++i) {
    asm volatile("ld.shared.f32 %0, [%1];" : "=f"(v) : "r"(at));
    // CHECK: :[[@LINE-1]]:60: remark: load unknown 'ld.shared.f32 [at]' width 4; offset unknown, not followed (address in 'at', which the analysis does not follow (a parameter, or written more than once))
    at += step;
  }
  out[threadIdx.x] = v;
}

void launch(const float *in, float *out, int *c) {
  forms<<<1, 32>>>(in, out, c);
  notFollowed<<<1, 32>>>(in, out, 4);
}
