// The warp's threads: lanes follow the linear thread id, x fastest. A
// constant launch in the file fixes blockDim; then threadIdx.x/.y/.z are
// per-lane vectors plus the warp's place in the block (warp.y, warp.z).
// Without one, blockDim.x is assumed a multiple of 32 and threadIdx.y is a
// warp-uniform symbol.
//
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump %s -- %cuda_flags \
// RUN:   | FileCheck %s
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump %s \
// RUN:   --config="{CheckOptions: {BlockDim: '8,4'}}" -- %cuda_flags \
// RUN:   | FileCheck --check-prefix=OPTION %s

// 16 x 16: x = lane % 16, y = 2 * warp.y + lane / 16.
// CHECK: :[[@LINE+1]]:17: remark: kernel 'tile16': blockDim launch 16x16x1, 2 accesses
__global__ void tile16(const float *in, float *out) {
  out[threadIdx.y * 64 + threadIdx.x] = in[threadIdx.x * 64 + threadIdx.y];
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[threadIdx.y * 64 + threadIdx.x]' width 4; offset [0,4,8,12,16,20,24,28,32,36,40,44,48,52,56,60,256,260,264,268,272,276,280,284,288,292,296,300,304,308,312,316] + (512)*warp.y; active 0xffffffff; scenarios 1; transactions 2, sectors 4
  // CHECK: :[[@LINE-2]]:41: remark: load global 'in[threadIdx.x * 64 + threadIdx.y]' width 4; offset [0,256,512,768,1024,1280,1536,1792,2048,2304,2560,2816,3072,3328,3584,3840,4,260,516,772,1028,1284,1540,1796,2052,2308,2564,2820,3076,3332,3588,3844] + (8)*warp.y; active 0xffffffff; scenarios 1; transactions 16, sectors 16
}

// 8 x 32: four rows of 8 per warp.
// CHECK: :[[@LINE+1]]:17: remark: kernel 'rows8': blockDim launch 8x32x1, 1 accesses
__global__ void rows8(float *out) {
  out[threadIdx.y * 64 + threadIdx.x] = 0.0f;
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[threadIdx.y * 64 + threadIdx.x]' width 4; offset [0,4,8,12,16,20,24,28,256,260,264,268,272,276,280,284,512,516,520,524,528,532,536,540,768,772,776,780,784,788,792,796] + (1024)*warp.y; active 0xffffffff; scenarios 1; transactions 4, sectors 4
}

// 4 x 4 x 4: two planes of 16 per warp; the linear id is consecutive.
// CHECK: :[[@LINE+1]]:17: remark: kernel 'cube': blockDim launch 4x4x4, 1 accesses
__global__ void cube(float *out) {
  out[(threadIdx.z * 4 + threadIdx.y) * 4 + threadIdx.x] = 0.0f;
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[(threadIdx.z * 4 + threadIdx.y) * 4 + threadIdx.x]' width 4; offset 4*lane + (128)*warp.z; active 0xffffffff; scenarios 1; transactions 1, sectors 4
}

// 48 x 4: warps straddle rows unevenly; each of the block's 6 warps is
// walked apart (one scenario each); the dump shows the first warp's offset,
// lanes 0..31 of row 0, and the worst warp's cost.
// CHECK: :[[@LINE+1]]:17: remark: kernel 'wide48': blockDim launch 48x4x1, 1 accesses
__global__ void wide48(float *out) {
  out[threadIdx.y * 48 + threadIdx.x] = 0.0f;
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[threadIdx.y * 48 + threadIdx.x]' width 4; offset 4*lane; active 0xffffffff; scenarios 6; transactions 1, sectors 4
}

// 20 threads: lanes 20..31 hold no thread.
// CHECK: :[[@LINE+1]]:17: remark: kernel 'small': blockDim launch 20x1x1, 1 accesses
__global__ void small(float *out) {
  out[threadIdx.x] = 0.0f;
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[threadIdx.x]' width 4; offset [0,4,8,12,16,20,24,28,32,36,40,44,48,52,56,60,64,68,72,76,0,4,8,12,16,20,24,28,32,36,40,44]; active 0x000fffff; scenarios 1; transactions 1, sectors 3
}

// No launch: assumed, or the option's shape (8 x 4: one warp per block).
// CHECK: :[[@LINE+2]]:17: remark: kernel 'assumed': blockDim assumed, 2 accesses
// OPTION: :[[@LINE+1]]:17: remark: kernel 'assumed': blockDim option 8x4x1, 2 accesses
__global__ void assumed(float *out) {
  out[threadIdx.y * 64 + threadIdx.x] = 0.0f;
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[threadIdx.y * 64 + threadIdx.x]' width 4; offset 4*lane + (128)*warp.x + (256)*threadIdx.y; active 0xffffffff; scenarios 1; transactions 1, sectors 4
  out[threadIdx.x * 64 + threadIdx.y] = 0.0f;
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[threadIdx.x * 64 + threadIdx.y]' width 4; offset 256*lane + (8192)*warp.x + (4)*threadIdx.y; active 0xffffffff; scenarios 1; transactions 32, sectors 32
  // OPTION: :[[@LINE-4]]:3: remark: store global 'out[threadIdx.y * 64 + threadIdx.x]' width 4; offset [0,4,8,12,16,20,24,28,256,260,264,268,272,276,280,284,512,516,520,524,528,532,536,540,768,772,776,780,784,788,792,796] + (1024)*warp.y; active 0xffffffff; scenarios 1; transactions 4, sectors 4
  // OPTION: :[[@LINE-3]]:3: remark: store global 'out[threadIdx.x * 64 + threadIdx.y]' width 4; offset [0,256,512,768,1024,1280,1536,1792,4,260,516,772,1028,1284,1540,1796,8,264,520,776,1032,1288,1544,1800,12,268,524,780,1036,1292,1548,1804] + (16)*warp.y; active 0xffffffff; scenarios 1; transactions 8, sectors 8
}

void launch(const float *in, float *out) {
  dim3 block(16, 16);
  tile16<<<1, block>>>(in, out);
  rows8<<<1, dim3(8, 32)>>>(out);
  cube<<<1, dim3(4, 4, 4)>>>(out);
  wide48<<<1, dim3(48, 4)>>>(out);
  small<<<1, 20>>>(out);
}
