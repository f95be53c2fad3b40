// RUN: %check_gpumem_tidy %s gpumem-misaligned-access %t

// Cell J of SPEC section 2: consecutive floats from a base offset by 64
// bytes touch bytes [64, 191], across the boundary at 128: 2 transactions
// for 128 useful bytes (50%), where the aligned footprint needs 1. Kernel
// pointer parameters come from cudaMalloc (256-byte aligned); a warp-uniform
// term (blockIdx.x * blockDim.x, a parameter) is assumed aligned, so only
// constant offsets are provable. blockDim.x is assumed a multiple of 32.

// Cell J: skip a 16-float header.
__global__ void cellJ(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i + 16];
  // CHECK-NOTES: :[[@LINE-1]]:12: warning: misaligned global load of 'in[i + 16]': starts 64 bytes past a 128-byte boundary, 2 transactions per warp (50.0% efficiency), 4 sectors; aligned, it would need 1 [gpumem-misaligned-access]
  // CHECK-NOTES: :[[@LINE-2]]:12: note: lanes touch bytes [64, 191] of a base assumed 256-byte aligned (cudaMalloc), crossing a block boundary
  // CHECK-NOTES: :[[@LINE-4]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE-6]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'cellJ' in this file; set option 'BlockDim' to fix it)
}

// One float off, either way: bytes [4, 131] and [-4, 123], 5 sectors.
__global__ void offByOne(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i + 1];
  // CHECK-NOTES: :[[@LINE-1]]:12: warning: misaligned global load of 'in[i + 1]': starts 4 bytes past a 128-byte boundary, 2 transactions per warp (50.0% efficiency), 5 sectors; aligned, it would need 1 [gpumem-misaligned-access]
  // CHECK-NOTES: :[[@LINE-2]]:12: note: lanes touch bytes [4, 131] of a base assumed 256-byte aligned (cudaMalloc), crossing a block boundary
  // CHECK-NOTES: :[[@LINE-4]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE-6]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'offByOne' in this file; set option 'BlockDim' to fix it)
  out[i] = in[i - 1];
  // CHECK-NOTES: :[[@LINE-1]]:12: warning: misaligned global load of 'in[i - 1]': starts 124 bytes past a 128-byte boundary, 2 transactions per warp (50.0% efficiency), 5 sectors; aligned, it would need 1 [gpumem-misaligned-access]
  // CHECK-NOTES: :[[@LINE-2]]:12: note: lanes touch bytes [-4, 123] of a base assumed 256-byte aligned (cudaMalloc), crossing a block boundary
  // CHECK-NOTES: :[[@LINE-9]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE-11]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'offByOne' in this file; set option 'BlockDim' to fix it)
}

// Wider elements: 32 doubles from byte 64 cover [64, 319], 3 blocks for
// 256 bytes; 32 float4s from byte 16 cover [16, 527], 5 blocks for 512.
__global__ void wide(const double *d, double *dout, const float4 *v,
                     float4 *vout) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  dout[i] = d[i + 8];
  // CHECK-NOTES: :[[@LINE-1]]:13: warning: misaligned global load of 'd[i + 8]': starts 64 bytes past a 128-byte boundary, 3 transactions per warp (66.7% efficiency), 8 sectors; aligned, it would need 2 [gpumem-misaligned-access]
  // CHECK-NOTES: :[[@LINE-2]]:13: note: lanes touch bytes [64, 319] of a base assumed 256-byte aligned (cudaMalloc), crossing a block boundary
  // CHECK-NOTES: :[[@LINE-4]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE-7]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'wide' in this file; set option 'BlockDim' to fix it)
  vout[i + 1] = v[i];
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: misaligned global store of 'vout[i + 1]': starts 16 bytes past a 128-byte boundary, 5 transactions per warp (80.0% efficiency), 17 sectors; aligned, it would need 4 [gpumem-misaligned-access]
  // CHECK-NOTES: :[[@LINE-2]]:3: note: lanes touch bytes [16, 527] of a base assumed 256-byte aligned (cudaMalloc), crossing a block boundary
  // CHECK-NOTES: :[[@LINE-9]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE-12]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'wide' in this file; set option 'BlockDim' to fix it)
}

// The offset through a pointer: payload = in + 16.
__global__ void headerPointer(const float *in, float *out) {
  const float *payload = in + 16;
  out[threadIdx.x] = payload[threadIdx.x];
  // CHECK-NOTES: :[[@LINE-1]]:22: warning: misaligned global load of 'payload[threadIdx.x]': starts 64 bytes past a 128-byte boundary, 2 transactions per warp (50.0% efficiency), 4 sectors; aligned, it would need 1 [gpumem-misaligned-access]
  // CHECK-NOTES: :[[@LINE-2]]:22: note: lanes touch bytes [64, 191] of a base assumed 256-byte aligned (cudaMalloc), crossing a block boundary
  // CHECK-NOTES: :[[@LINE-5]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'headerPointer' in this file; set option 'BlockDim' to fix it)
}

// Half a warp, off by 24 floats: bytes [96, 159] straddle 128.
__global__ void halfWarp(const float *in, float *out) {
  if (threadIdx.x < 16)
    out[threadIdx.x] = in[threadIdx.x + 24];
  // CHECK-NOTES: :[[@LINE-1]]:24: warning: misaligned global load of 'in[threadIdx.x + 24]': starts 96 bytes past a 128-byte boundary, 2 transactions per warp (25.0% efficiency), 2 sectors; aligned, it would need 1 [gpumem-misaligned-access]
  // CHECK-NOTES: :[[@LINE-2]]:24: note: lanes touch bytes [96, 159] of a base assumed 256-byte aligned (cudaMalloc), crossing a block boundary
  // CHECK-NOTES: :[[@LINE-5]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'halfWarp' in this file; set option 'BlockDim' to fix it)
}

// A __device__ array is aligned as declared: 4 bytes for a float[] (where
// it starts within a block is unknown, so nothing is said), 128 with
// __align__(128).
__device__ float plain[1024];
__device__ __align__(128) float blockAligned[1024];
__global__ void deviceArrays(float *out) {
  out[threadIdx.x] = plain[threadIdx.x + 16];
  out[threadIdx.x] = blockAligned[threadIdx.x + 16];
  // CHECK-NOTES: :[[@LINE-1]]:22: warning: misaligned global load of 'blockAligned[threadIdx.x + 16]': starts 64 bytes past a 128-byte boundary, 2 transactions per warp (50.0% efficiency), 4 sectors; aligned, it would need 1 [gpumem-misaligned-access]
  // CHECK-NOTES: :[[@LINE-2]]:22: note: lanes touch bytes [64, 191] of 'blockAligned', declared 128-byte aligned, crossing a block boundary
  // CHECK-NOTES: :[[@LINE-5]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'deviceArrays' in this file; set option 'BlockDim' to fix it)
}

// Negatives: a whole block of offset (32 floats), a warp-uniform offset
// (assumed aligned), a stride (that is gpumem-uncoalesced-access's), an
// offset inside one block (16 lanes from byte 64 end at 127).
__global__ void notMisaligned(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i + 32];
  out[i] = in[i + n];
  out[i] = in[2 * i + 16];
  if (threadIdx.x < 16)
    out[i] = in[threadIdx.x + 16];
}
