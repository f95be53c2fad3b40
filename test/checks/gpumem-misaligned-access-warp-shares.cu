// Issue 39: where the launch's warps start at different offsets, a
// misaligned access is reported only when at least half of the warps pay
// the worst warp's cost, and the note says what share does.
//
// RUN: %check_gpumem_tidy %s gpumem-misaligned-access,gpumem-uncoalesced-access %t

// Packed 3-byte records in 64-thread blocks: warps start 0, 96, 64 and 32
// bytes into a 128-byte block; the two in the middle cross it.
struct __align__(1) Rgb { unsigned char r, g, b; };
__global__ void copyPixels(const Rgb *in, Rgb *out, int n) {
  int i = blockIdx.x * 64 + threadIdx.x;
  if (i < n)
    out[i] = in[i];
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: misaligned global store of 'out[i]': starts 64 bytes past a 128-byte boundary, 2 transactions per warp (37.5% efficiency), 3 sectors; aligned, it would need 1 [gpumem-misaligned-access]
  // CHECK-NOTES: :[[@LINE-2]]:5: note: lanes touch bytes [64, 159] of a base assumed 256-byte aligned (cudaMalloc), crossing a block boundary
  // CHECK-NOTES: :[[@LINE-3]]:5: note: the launch's warps start at different offsets within a 128-byte block ('blockIdx.x' and 'warp.x' move them): the numbers above are the worst warp's, which 50% of the warps pay; over the warps, a mean of 1.5 transactions and 3 sectors per warp
  // CHECK-NOTES: :[[@LINE-6]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE+20]]:3: note: at this launch, blockDim is (64, 1, 1)
  // CHECK-NOTES: :[[@LINE-6]]:14: warning: misaligned global load of 'in[i]': starts 64 bytes past a 128-byte boundary, 2 transactions per warp (37.5% efficiency), 3 sectors; aligned, it would need 1 [gpumem-misaligned-access]
  // CHECK-NOTES: :[[@LINE-7]]:14: note: lanes touch bytes [64, 159] of a base assumed 256-byte aligned (cudaMalloc), crossing a block boundary
  // CHECK-NOTES: :[[@LINE-8]]:14: note: the launch's warps start at different offsets within a 128-byte block ('blockIdx.x' and 'warp.x' move them): the numbers above are the worst warp's, which 50% of the warps pay; over the warps, a mean of 1.5 transactions and 3 sectors per warp
  // CHECK-NOTES: :[[@LINE-11]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE+15]]:3: note: at this launch, blockDim is (64, 1, 1)
}

// OK: a window of 8 two-byte values. A warp reads 64 bytes; the warps that start at
// 0 never cross a 128-byte boundary, those at 64 do for 7 of the 8 passes:
// 7 in 16 pay 2 transactions (a mean of 1.44), most pay 1.
__global__ void window(const unsigned short *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int j = 0; j < 8; ++j)
    s += in[i + j];
  out[i] = s;
}

void launch(const Rgb *a, Rgb *b, const unsigned short *h, float *f, int n) {
  copyPixels<<<n / 64, 64>>>(a, b, n);
  window<<<n / 256, 256>>>(h, f);
}
