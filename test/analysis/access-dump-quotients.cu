// Quotients and remainders by a value the analysis does not know, taken
// as not wrapping within a warp (issue 24): `tid / n` is one value per
// warp and `tid % n` is tid minus n times it, so a row and column split
// and put back together is the thread index again (issue 25's
// `(tid / n) * n + tid % n`). By a known constant they are exact per lane.
//
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump %s -- %cuda_flags \
// RUN:   | FileCheck %s

__global__ void recombine(const float *in, float *out, int n) {
  int tid = threadIdx.x;
  int i = (tid / n) * n + tid % n;
  out[i] = in[i];
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[i]' width 4; offset 4*lane + (128)*warp.x; active 0xffffffff; scenarios 1; transactions 1, sectors 4
  int w = threadIdx.x / 32, l = threadIdx.x % 32;
  out[w * 32 + l + 1024] = in[w * 32 + l];
  // CHECK: :[[@LINE-1]]:28: remark: load global 'in[w * 32 + l]' width 4; offset 4*lane + (128)*warp.x; active 0xffffffff; scenarios 1; transactions 1, sectors 4
}
