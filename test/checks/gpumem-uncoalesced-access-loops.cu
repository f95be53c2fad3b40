// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access %t

// Loops. A loop variable whose start and step are warp-uniform is a symbol
// that shifts every lane alike (enumerated when its bounds are numbers); a
// grid-stride loop's variable is lane-varying with stride 1; a variable
// written in a way the analysis cannot follow is unknown: silence, never a
// guess. blockDim.x is assumed a multiple of 32 (no launch in this file).

// Grid-stride loops, with the stride written out or in a const variable.
__global__ void gridStride(const float *in, float *out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    out[i] = in[2 * i];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: uncoalesced global load of 'in[2 * i]': stride 8 bytes, 2 transactions per warp (50.0% efficiency), 8 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  const int stride = blockDim.x * gridDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    out[i] = in[3 * i];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: uncoalesced global load of 'in[3 * i]': stride 12 bytes, 3 transactions per warp (33.3% efficiency), 12 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    out[i] = in[i];
}

// A counter loop with constant bounds: k is enumerated (0..7) and every
// value gives lane l the bytes [32l + 4k, 32l + 4k + 4): 8 blocks.
__global__ void counterLoop(const float *in, float *out) {
  int t = threadIdx.x;
  for (int k = 0; k < 8; ++k)
    out[k * 256 + t] = in[t * 8 + k];
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: uncoalesced global load of 'in[t * 8 + k]': stride 32 bytes, 8 transactions per warp (12.5% efficiency), 32 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
}

// A counter up to a parameter is a plain uniform symbol: the store is
// coalesced for every k; the load's stride is the symbol n.
__global__ void parameterBound(const float *in, float *out, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  for (int k = 0; k < n; ++k) {
    out[k * n + t] = 0.0f;
    sum += in[t * n + k];
    // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: uncoalesced global load of 'in[t * n + k]': stride 'n' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 'n' >= 32; coalesced only when 'n' is 1 [gpumem-uncoalesced-access]
  }
  out[t] = sum;
}

// A loop that starts at the lane and steps by a warp: lane-varying, stride
// 1 element of its own; doubled here.
__global__ void warpStrided(const float *in, float *out) {
  for (int k = threadIdx.x; k < 1024; k += 32)
    out[k] = in[k * 2];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: uncoalesced global load of 'in[k * 2]': stride 8 bytes, 2 transactions per warp (50.0% efficiency), 8 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
}

// A doubling stride, s in {1, 2, 4, 8, 16}: priced at its worst value,
// s = 16, 64 bytes apart, 2048 bytes in 16 blocks.
__global__ void doublingStride(const float *in, float *out) {
  for (int s = 1; s < 32; s <<= 1)
    out[threadIdx.x] += in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:25: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 64 bytes, 16 transactions per warp (6.2% efficiency), 32 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
}

// Variables reassigned in a way the analysis does not follow (from memory,
// by steps under a condition that reads memory) are unknown: no warning,
// whatever they would be.
__global__ void reassigned(const float *in, float *out, const int *perm,
                           int flag) {
  int i = threadIdx.x;
  if (flag)
    i = perm[i];
  out[i] = in[i * 2];
  int k = threadIdx.x;
  while (k < 1024) {
    out[k] = in[k * 32];
    if (in[k] > 0.0f)
      k += 32;
    else
      k += 64;
  }
}

// A reassignment in straight-line code is exact at each read: the second
// write is the only one that reaches 'out[j]'.
__global__ void reassignedOnce(const float *in, float *out) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  out[j] = in[j];
  j = j * 32;
  out[j] = in[j];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced global store of 'out[j]': stride 128 bytes, 32 transactions per warp (3.1% efficiency), 32 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-2]]:12: warning: uncoalesced global load of 'in[j]': stride 128 bytes, 32 transactions per warp (3.1% efficiency), 32 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
}

// A grid-stride loop written as a while loop: every write to 'i' adds a
// warp-uniform amount and none is under a condition, so the lanes still in
// the loop have all added the same sum; 'i' is lane-varying as its start
// is. So is a variable stepped once by a constant (the uniform shift is
// taken as aligned, as blockIdx terms are).
__global__ void whileGridStride(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  while (i < n) {
    out[i] = in[2 * i];
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: uncoalesced global load of 'in[2 * i]': stride 8 bytes, 2 transactions per warp (50.0% efficiency), 8 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
    i += blockDim.x * gridDim.x;
  }
  int k = threadIdx.x;
  k += 5;
  out[k] = in[k * 32];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: uncoalesced global load of 'in[k * 32]': stride 128 bytes, 32 transactions per warp (3.1% efficiency), 32 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
}

// Coalesced loops stay silent: a warp-uniform walk over rows, and a sum
// whose index is the same in every lane (a broadcast).
__global__ void coalescedLoops(const float *in, float *out, int rows) {
  float acc = 0.0f;
  for (int r = 0; r < rows; ++r)
    acc += in[r * 32 + threadIdx.x];
  for (int k = 0; k < 64; ++k)
    acc += in[k];
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
