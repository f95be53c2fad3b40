// A pointer stepped around a loop through casts keeps its lane part
// (issue 25): `p = (const int4 *)((const half *)p + 8 * k)` moves p by 16 k
// bytes a pass, the same in every lane, as `p += k` would.
//
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump %s -- %cuda_flags \
// RUN:   | FileCheck %s

#include <cuda_fp16.h>

__global__ void walk(const int4 *src, int4 *dst, int k) {
  const int4 *p = src + threadIdx.x;
  for (int i = 0; i < 4; ++i) {
    dst[threadIdx.x + i * 32] = *p;
    // CHECK: :[[@LINE-1]]:33: remark: load global '*p' width 16; offset 16*lane + (512)*warp.x + (1)*steps of 'p' (line 12); active 0xffffffff; in loop; struct int4 (16 bytes) whole; scenarios 1; transactions 4, sectors 16
    p = (const int4 *)((const half *)p + 8 * k);
  }
}

// A step that differs per lane is still refused.
__global__ void uneven(const int4 *src, int4 *dst) {
  const int4 *p = src;
  for (int i = 0; i < 4; ++i) {
    dst[threadIdx.x] = *p;
    // CHECK: :[[@LINE-1]]:24: remark: load unknown '*p' width 16; offset unknown, reassigned ('p' steps differently per lane)
    p = (const int4 *)((const half *)p + threadIdx.x);
  }
}

void launch(const int4 *s, int4 *d) {
  walk<<<1, 32>>>(s, d, 64);
  uneven<<<1, 32>>>(s, d);
}
