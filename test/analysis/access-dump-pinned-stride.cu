// An offset decided only once the warp's place is a number (`warp % 2`)
// whose lanes still scale with a parameter (`(warp_m * 64 + lane / 4) *
// n`: an mma fragment's rows of the output, stored straight to global
// memory). Each pinned warp gives the same pattern of lanes, the pin only
// moving the warp's base by `warp_m * 64 * n`, so the access is judged by
// its symbolic stride like any other: 8 rows of 4 lanes, 8 transactions
// once n makes the rows a transaction apart (n >= 32 floats). It was unknown ("remainder of
// a symbolic term"): the retry took numbers or nothing. Where the pinned
// warps' patterns differ (the stride itself depends on the warp), it stays
// unknown.
//
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump,gpumem-uncoalesced-access %s -- %cuda_flags \
// RUN:   | FileCheck %s --implicit-check-not='remark: {{load|store}}' --implicit-check-not='warning:'

__global__ void storeFragments(float *c, int n) {
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  int warp_m = warp % 2, warp_n = warp / 2;
  for (int i = 0; i < 2; ++i) {
    int row = blockIdx.y * 128 + warp_m * 64 + i * 16 + lane / 4;
    int col = blockIdx.x * 128 + warp_n * 32 + (lane % 4) * 2;
    c[row * n + col] = 0.0f;
  }
}

// CHECK: remark: kernel 'storeFragments': blockDim launch 256x1x1, 1 accesses
// CHECK: remark: store global 'c[row * n + col]' width 4; offset [0,8,16,24,0,8,16,24,{{.*}}] + {{.*}}([0,0,0,0,4,4,4,4,8,8,8,8,12,12,12,12,16,16,16,16,20,20,20,20,24,24,24,24,28,28,28,28])*n; active 0xffffffff; in loop; symbolic stride n; transactions 8, sectors 8
// Each row's 4 lanes (4 bytes each, 4 bytes apart) fit one sector: 8 rows,
// 8 transactions and 8 sectors for 128 bytes, once rows are 128 bytes apart.
// CHECK: warning: uncoalesced global store of 'c[row * n + col]': lane addresses scale with 'n', up to 8 transactions per warp (12.5% efficiency), 8 sectors, when 'n' >= 32

__global__ void strideByWarp(float *c, int n) {
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  int spread = warp % 2 + 1;
  c[lane * spread * n] = 0.0f;
}

// CHECK: remark: kernel 'strideByWarp': blockDim launch 256x1x1, 1 accesses
// CHECK: remark: store global 'c[lane * spread * n]' width 4; offset unknown, symbolic operation

void launch(float *c, int n) {
  storeFragments<<<dim3(8, 8), 256>>>(c, n);
  strideByWarp<<<1, 256>>>(c, n);
}
