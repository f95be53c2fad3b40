// An offset the analysis decides only once the warp's place is a number
// (`warp % 2`) is evaluated again with the enumerable symbols pinned. A
// kernel that also flips buffer indices each pass (`s ^= 1`, two values
// each) has many more enumerable symbols than the offset reads: all their
// combinations passed the scenario cap, and the access stayed unknown (a
// GEMM's ldmatrix loads behind a dozen toggled register-buffer indices).
// Only the symbols the evaluation uses are enumerated now: the warp (8
// values) and the inner loop's pass (4), 32 scenarios.
//
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump,gpumem-bank-conflict %s -- %cuda_flags \
// RUN:   | FileCheck %s --implicit-check-not='remark: {{load|store}}' --implicit-check-not='warning:'

__global__ void pingPong(float *out, int tiles) {
  __shared__ float stage[6][256];
  __shared__ float tile[128 * 32];
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  int half = warp % 2;
  int s0 = 0, s1 = 1, s2 = 0, s3 = 1, s4 = 0, s5 = 1;
  float acc = 0.0f;
  for (int k = 0; k < tiles; ++k) {
    s0 ^= 1; s1 ^= 1; s2 ^= 1; s3 ^= 1; s4 ^= 1; s5 ^= 1;
    stage[s0][threadIdx.x] = acc;
    stage[s1 + 2][threadIdx.x] = acc;
    stage[s2 + 4][threadIdx.x] = acc;
    acc += stage[s3][threadIdx.x] + stage[s4 + 2][threadIdx.x] +
           stage[s5 + 4][threadIdx.x];
    for (int i = 0; i < 4; ++i) {
      int row = half * 64 + i * 16 + lane % 16;
      int col = (lane / 16) * 8;
      // Bank col ^ 8 * ((row / 4) % 4): lanes 0-3 on bank 0, 4-7 on 8,
      // 8-11 on 16, 12-15 on 24, and lanes 16-31 on the same four banks:
      // 8 rows on each bank.
      acc += tile[row * 32 + (col ^ ((row >> 2) % 4 * 8))];
    }
  }
  out[threadIdx.x] = acc;
}

// CHECK: remark: kernel 'pingPong': blockDim launch 256x1x1, 8 accesses
// CHECK-COUNT-6: remark: {{load|store}} shared 'stage[
// CHECK: warning: 8-way bank conflict on 'tile[row * 32 + (col ^ ((row >> 2) % 4 * 8))]': 8 of the 32 active lanes read 8 distinct words of bank 0
// CHECK: remark: load shared 'tile[row * 32 + (col ^ ((row >> 2) % 4 * 8))]' width 4; offset [0,128,256,384,544,672,800,928,1088,1216,1344,1472,1632,1760,1888,2016,32,160,288,416,512,640,768,896,1120,1248,1376,1504,1600,1728,1856,1984]; active 0xffffffff; in loop; array tile[4096]; scenarios 32
// CHECK: remark: store global 'out[threadIdx.x]'

void launch(float *out, int tiles) { pingPong<<<1, 256>>>(out, tiles); }
