// Issue 39: `threadIdx.y` in an unsigned index wraps around 2^32 in the
// warps where it leaves the index below 0, and only there. With an 8x4
// block, `(threadIdx.y - 1) * 8 + threadIdx.x` is -8..-1 in the first row
// of lanes: as an unsigned int that is 2^32 - 8 and up, 16 GiB past the
// rest, not 32 bytes before them. The warp's row was a symbol, taken to
// bring every lane back in range ("misaligned, 96 bytes past a boundary");
// the index is now priced warp by warp, with the wrap.
//
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump %s -- %cuda_flags \
// RUN:   | FileCheck %s --implicit-check-not='remark: {{load|store}}'

__global__ void rowAbove(float *out, const float *in) {
  out[(threadIdx.y - 1) * 8 + threadIdx.x] = in[threadIdx.y * 8 + threadIdx.x];
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[(threadIdx.y - 1) * 8 + threadIdx.x]' width 4; offset [17179869152,17179869156,17179869160,17179869164,17179869168,17179869172,17179869176,17179869180,0,4,8,12,16,20,24,28,32,36,40,44,48,52,56,60,64,68,72,76,80,84,88,92]; active 0xffffffff; scenarios 1; transactions 2, sectors 4
  // CHECK: :[[@LINE-2]]:46: remark: load global 'in[threadIdx.y * 8 + threadIdx.x]' width 4; offset 4*lane + (128)*warp.y; active 0xffffffff; scenarios 1; transactions 1, sectors 4
}

// A signed index stays below 0 (the row before the buffer's start): no
// wrap, the lanes 32 bytes before the rest.
__global__ void rowAboveSigned(float *out, const float *in) {
  const int y = threadIdx.y, x = threadIdx.x;
  out[(y - 1) * 8 + x + 8] = in[y * 8 + x];
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[(y - 1) * 8 + x + 8]' width 4; offset 4*lane + (128)*warp.y; active 0xffffffff; scenarios 1; transactions 1, sectors 4
  // CHECK: :[[@LINE-2]]:30: remark: load global 'in[y * 8 + x]' width 4; offset 4*lane + (128)*warp.y; active 0xffffffff; scenarios 1; transactions 1, sectors 4
}

void launch(float *o, const float *i) {
  rowAbove<<<1, dim3(8, 4)>>>(o, i);
  rowAboveSigned<<<1, dim3(8, 4)>>>(o, i);
}
