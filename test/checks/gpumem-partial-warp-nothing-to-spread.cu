// Issue 61: a loop that few lanes run is reported only where the other
// lanes could take a share of its work. Not reported: lanes that write the
// results a collective step of each pass leaves them (as many writers as
// results), a lane polling one flag (the repetition is waiting), and a few
// constant passes whose elements all fit one warp's access. Still
// reported: one lane walking an array, a constant loop longer than a warp
// could take at once, a few lanes copying a slice each pass.
//
// RUN: %check_gpumem_tidy %s gpumem-partial-warp-access %t

__device__ float warpThenBlockSum(float v, float *partial) {
  for (int d = 16; d > 0; d >>= 1)
    v += __shfl_down_sync(0xffffffffu, v, d);
  if ((threadIdx.x & 31) == 0)
    partial[threadIdx.x / 32] = v;
  __syncthreads();
  return threadIdx.x < 8 ? partial[threadIdx.x] : 0.0f;
}

// OK: each pass reduces over the block (shuffles and a barrier in the
// helper); the four lanes holding the pass's four sums add them.
__global__ void ownersAfterReduction(const float *in, float *sums, int rows,
                                     int cols) {
  __shared__ float partial[8];
  for (int row = blockIdx.x; row < rows; row += gridDim.x) {
    float v = 0.0f;
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
      v += in[row * cols + c];
    v = warpThenBlockSum(v, partial);
    if (threadIdx.x < 4)
      atomicAdd(&sums[row * 4 + threadIdx.x], v);
  }
}

// OK: the pass's barrier gathers the tile; two lanes write its two
// results.
__global__ void ownersAfterBarrier(const float *in, float *ends, int tiles) {
  __shared__ float tile[256];
  for (int t = 0; t < tiles; ++t) {
    tile[threadIdx.x] = in[t * 256 + threadIdx.x];
    __syncthreads();
    if (threadIdx.x < 2)
      ends[t * 2 + threadIdx.x] = tile[threadIdx.x * 255];
    __syncthreads();
  }
}

// OK: lane 0 waits on a flag, with a volatile read and with an atomic.
__global__ void waitForOthers(volatile int *arrived, int *ticket, float *out,
                              int blocks) {
  if (threadIdx.x == 0) {
    while (*arrived < blocks) {
    }
    do {
    } while (atomicAdd(ticket, 0) < blocks);
  }
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = 1.0f;
}

// OK: a block's two results, written by lane 0 in two constant passes.
__global__ void twoResults(const float *in, float *out) {
  __shared__ float pair[2];
  if (threadIdx.x < 2)
    pair[threadIdx.x] = in[blockIdx.x * 2 + threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0)
    for (int k = 0; k < 2; ++k)
      out[blockIdx.x * 2 + k] = pair[k] * 2.0f;
}

// Lane 0 walks the whole array: the warp could take 32 elements a pass.
__global__ void serialCopy(const float *in, float *out, int n) {
  if (threadIdx.x == 0)
    for (int k = 0; k < n; ++k)
      out[k] = in[k] * 2.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: global store of 'out[k]' by 1 of 32 lanes inside a loop: 1 transaction per warp (3.1% efficiency), 1 sector, 4 useful bytes of 128 moved; spread the work over the warp's lanes [gpumem-partial-warp-access]
  // CHECK-MESSAGES: :[[@LINE-2]]:16: warning: global load of 'in[k]' by 1 of 32 lanes inside a loop: 1 transaction per warp (3.1% efficiency), 1 sector, 4 useful bytes of 128 moved; spread the work over the warp's lanes [gpumem-partial-warp-access]
}

// Lane 0 scans for the first free slot: the address moves each pass.
__global__ void scanSlots(const int *slots, int *first) {
  if (threadIdx.x == 0) {
    int s = 0;
    while (slots[s] != 0)
      ++s;
    // CHECK-MESSAGES: :[[@LINE-2]]:12: warning: global load of 'slots[s]' by 1 of 32 lanes inside a loop: 1 transaction per warp (3.1% efficiency), 1 sector, 4 useful bytes of 128 moved; spread the work over the warp's lanes [gpumem-partial-warp-access]
    first[blockIdx.x] = s;
  }
}

// 256 constant passes: more elements than one warp's access.
__global__ void clearRow(float *out) {
  if (threadIdx.x == 0)
    for (int k = 0; k < 256; ++k)
      out[blockIdx.x * 256 + k] = 0.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: global store of 'out[blockIdx.x * 256 + k]' by 1 of 32 lanes inside a loop: 1 transaction per warp (3.1% efficiency), 1 sector, 4 useful bytes of 128 moved; spread the work over the warp's lanes [gpumem-partial-warp-access]
}

// Four lanes copy a slice each pass and nothing else runs in the loop.
__global__ void fourLaneCopy(const float *in, float *out, int n) {
  for (int k = 0; k < n; ++k)
    if (threadIdx.x < 4)
      out[k * 4 + threadIdx.x] = in[k * 4 + threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: global store of 'out[k * 4 + threadIdx.x]' by 4 of 32 lanes inside a loop: 1 transaction per warp (12.5% efficiency), 1 sector, 16 useful bytes of 128 moved; spread the work over the warp's lanes [gpumem-partial-warp-access]
  // CHECK-MESSAGES: :[[@LINE-2]]:34: warning: global load of 'in[k * 4 + threadIdx.x]' by 4 of 32 lanes inside a loop: 1 transaction per warp (12.5% efficiency), 1 sector, 16 useful bytes of 128 moved; spread the work over the warp's lanes [gpumem-partial-warp-access]
}

// A barrier in the outer loop does not make the inner loop's elements
// results: lane 0 still walks them alone.
__global__ void serialAfterBarrier(const float *in, float *out, int n,
                                   int passes) {
  __shared__ float scale;
  for (int p = 0; p < passes; ++p) {
    if (threadIdx.x == 0)
      scale = in[p];
    __syncthreads();
    if (threadIdx.x == 0)
      for (int k = 0; k < n; ++k)
        out[p * n + k] *= scale;
    // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: global read-modify-write of 'out[p * n + k]' by 1 of 32 lanes inside a loop: 1 transaction per warp (3.1% efficiency), 1 sector, 4 useful bytes of 128 moved; spread the work over the warp's lanes [gpumem-partial-warp-access]
    __syncthreads();
  }
}

// OK: the poll sits in a helper, an acquire load in inline PTX; the
// address it is handed is the same each pass.
__device__ int acquireLoad(const int *flag) {
  int v;
  asm volatile("ld.acquire.gpu.b32 %0, [%1];" : "=r"(v) : "l"(flag));
  return v;
}
__global__ void waitThroughHelper(const int *ready, float *out) {
  if (threadIdx.x == 0)
    while (acquireLoad(&ready[blockIdx.x]) == 0) {
    }
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = 2.0f;
}

// A helper the loop hands its counter: lane 0 still walks the array.
__device__ void storeAt(float *to, int at, float v) { to[at] = v; }
// CHECK-MESSAGES: :[[@LINE-1]]:55: warning: global store of 'to[at]' by 1 of 32 lanes inside a loop: 1 transaction per warp (3.1% efficiency), 1 sector, 4 useful bytes of 128 moved; spread the work over the warp's lanes [gpumem-partial-warp-access]
__global__ void serialThroughHelper(float *out, int n) {
  if (threadIdx.x == 0)
    for (int k = 0; k < n; ++k)
      storeAt(out, k, 3.0f);
}
