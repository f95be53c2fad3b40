// Issue 39: an access no lane of the block's first warp makes (a guard
// `threadIdx.y > 0` or `tid >= 32` in a block of several warps) is priced
// for the first warp whose lanes make it, and the finding says which;
// before, it was priced with no lane at all and said nothing.
//
// RUN: %check_gpumem_tidy %s gpumem-misaligned-access,gpumem-bank-conflict,gpumem-uncoalesced-access %t
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump %s -- %cuda_flags \
// RUN:   2>&1 | FileCheck %s --check-prefix=DUMP

// Rows of 32 threads: the first row skips the store, row 1 stores one
// float past each 128-byte block.
__global__ void laterRows(float *out) {
  if (threadIdx.y >= 1)
    out[threadIdx.y * 1024 + threadIdx.x + 1] = 0.f;
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: misaligned global store of 'out[threadIdx.y * 1024 + threadIdx.x + 1]': starts 4 bytes past a 128-byte boundary, 2 transactions per warp (50.0% efficiency), 5 sectors; aligned, it would need 1 [gpumem-misaligned-access]
  // CHECK-NOTES: :[[@LINE-2]]:5: note: lanes touch bytes [4100, 4227] of a base assumed 256-byte aligned (cudaMalloc), crossing a block boundary
  // CHECK-NOTES: :[[@LINE-3]]:5: note: no lane of the block's first warp makes this access: the numbers are those of the first warp whose lanes do (threads 32 to 63)
  // CHECK-NOTES: :[[@LINE+50]]:3: note: at this launch, blockDim is (32, 8, 1)
}

// A 1-D block whose first warp leaves the work to the others.
__global__ void laterWarps(const float *in, float *out) {
  int t = threadIdx.x;
  if (t >= 64)
    out[blockIdx.x] = in[t * 2];
  // DUMP: :[[@LINE-1]]:23: remark: load global 'in[t * 2]' width 4; offset 512+8*lane; active 0xffffffff in the warp from thread 64; scenarios 1; transactions 2, sectors 8
  // CHECK-NOTES: :[[@LINE-2]]:23: warning: uncoalesced global load of 'in[t * 2]': stride 8 bytes, 2 transactions per warp (50.0% efficiency), 8 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-3]]:23: note: 32 active lanes of 4 bytes each span 252 bytes; the same lanes on consecutive elements would need 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE-4]]:23: note: no lane of the block's first warp makes this access: the numbers are those of the first warp whose lanes do (threads 64 to 95)
  // CHECK-NOTES: :[[@LINE-7]]:7: note: index 't' is defined here
  // CHECK-NOTES: :[[@LINE+38]]:3: note: at this launch, blockDim is (256, 1, 1)
}

// Shared memory: the rows below the first read a column.
__global__ void laterRowsShared(float *out) {
  __shared__ float tile[32][32];
  // CHECK-FIXES: __shared__ float tile[32][33];
  tile[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  if (threadIdx.y != 0)
    out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  // CHECK-NOTES: :[[@LINE-1]]:43: warning: 32-way bank conflict on 'tile[threadIdx.x][threadIdx.y]': the 32 lanes read 32 distinct words of bank 1; pad to [32][33] [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE-7]]:20: note: pad the innermost dimension of 'tile' to [32][33]
  // CHECK-NOTES: :[[@LINE-3]]:43: note: no lane of the block's first warp makes this access: the numbers are those of the first warp whose lanes do (threads 32 to 63)
  // CHECK-NOTES: :[[@LINE+25]]:3: note: at this launch, blockDim is (32, 32, 1)
}

// OK: the warps that make the store store whole rows of floats.
__global__ void laterRowsAligned(float *out) {
  if (threadIdx.y > 0)
    out[threadIdx.y * 1024 + threadIdx.x] = 0.f;
}

// OK: no warp of a block of 256 threads makes the access.
__global__ void noWarp(float *out) {
  if (threadIdx.x >= 256)
    out[threadIdx.x * 2 + 1] = 0.f;
}

// OK: the block is not known, so no other warp is decided: the first
// warp's lanes (none) stand, and nothing is priced.
__global__ void unknownBlock(float *out) {
  if (threadIdx.x >= 32)
    out[threadIdx.x + 1] = 0.f;
}

void launch(float *out, const float *in, int n) {
  laterRows<<<1, dim3(32, 8)>>>(out);
  laterWarps<<<1, 256>>>(in, out);
  laterRowsShared<<<1, dim3(32, 32)>>>(out);
  laterRowsAligned<<<1, dim3(32, 8)>>>(out);
  noWarp<<<1, 256>>>(out);
  unknownBlock<<<1, n>>>(out);
}
