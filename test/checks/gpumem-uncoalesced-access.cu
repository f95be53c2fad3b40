// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access %t
// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access %t -- -- --cuda-host-only

// Cells A, B, C and E of SPEC section 2, and the index shapes real kernels
// write, each next to a negative. Every number below is a brute-force count
// of the aligned 128-byte blocks (and 32-byte sectors) that the 32 lanes'
// bytes fall in, on a base that cudaMalloc aligns. With no launch in this
// file blockDim.x is assumed a multiple of 32: a warp is 32 consecutive
// threadIdx.x values of one row.

// Cell A: consecutive floats, 1 transaction, 100%: no warning.
__global__ void cellA(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}

// Cell B: stride 2 floats. Lane l reads bytes [8l, 8l + 4): span 252,
// blocks 0 and 1, sectors 0..7.
__global__ void cellB(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * 2];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: uncoalesced global load of 'in[i * 2]': stride 8 bytes, 2 transactions per warp (50.0% efficiency), 8 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
}

// Cell C: stride 32 floats, one block per lane: 32 transactions, 4 / 128.
__global__ void cellC(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * 32];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: uncoalesced global load of 'in[i * 32]': stride 128 bytes, 32 transactions per warp (3.1% efficiency), 32 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
}

// A strided store is reported as a store.
__global__ void stridedStore(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i * 2] = in[i];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced global store of 'out[i * 2]': stride 8 bytes, 2 transactions per warp (50.0% efficiency), 8 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  out[i * 4] += 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced global read-modify-write of 'out[i * 4]': stride 16 bytes, 4 transactions per warp (25.0% efficiency), 16 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
}

// Cell E: every lane reads one address (1 transaction, 3.1%), a broadcast,
// not a stride: no warning. Nor for a warp-uniform index.
__global__ void cellE(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[0];
  out[i] = in[blockIdx.x];
  out[i] = in[n];
}

// 32 contiguous chars: 1 transaction at 25%, the ideal for 32 bytes: no
// warning. Nor for doubles (2 transactions, 256 bytes) or float4 (4, 512).
__global__ void smallAndWideElements(const char *c, char *co,
                                     const double *d, double *dout,
                                     const float4 *v, float4 *vout) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  co[i] = c[i];
  dout[i] = d[i];
  vout[i] = v[i];
}

// Strides of wider elements: doubles 2 apart span 504 bytes (4 blocks, 256
// useful); chars 4 apart stay in one block (ideal 1): no warning there.
__global__ void stridedWideAndNarrow(const double *d, double *dout,
                                     const char *c, char *co) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  dout[i] = d[2 * i];
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: uncoalesced global load of 'd[2 * i]': stride 16 bytes, 4 transactions per warp (50.0% efficiency), 16 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  co[i] = c[4 * i];
}

// An index built in steps, from const and constexpr values, a macro, and
// casts: all stride 2 (cell B's numbers).
#define EVERY_OTHER(x) ((x) * 2)
constexpr int Two = 2;
__global__ void indexForms(const float *in, float *out) {
  int tid = threadIdx.x;
  int base = blockIdx.x * blockDim.x;
  int i = base + tid;
  const int stride = 2;
  out[i] = in[i * stride];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: uncoalesced global load of 'in[i * stride]': stride 8 bytes, 2 transactions per warp (50.0% efficiency), 8 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  out[i] = in[i * Two];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: uncoalesced global load of 'in[i * Two]': stride 8 bytes, 2 transactions per warp (50.0% efficiency), 8 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  out[i] = in[EVERY_OTHER(i)];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: uncoalesced global load of 'in[EVERY_OTHER(i)]': stride 8 bytes, 2 transactions per warp (50.0% efficiency), 8 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  out[i] = in[(size_t)i * 2];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: uncoalesced global load of 'in[(size_t)i * 2]': stride 8 bytes, 2 transactions per warp (50.0% efficiency), 8 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  out[i] = in[static_cast<unsigned>(i) * 2u];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: uncoalesced global load of 'in[static_cast<unsigned>(i) * 2u]': stride 8 bytes, 2 transactions per warp (50.0% efficiency), 8 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  out[i] = in[i << 1];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: uncoalesced global load of 'in[i << 1]': stride 8 bytes, 2 transactions per warp (50.0% efficiency), 8 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // Shifted back by one float pair: bytes [-8, 244) touch 3 blocks.
  out[i] = in[2 * i - 2];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: uncoalesced global load of 'in[2 * i - 2]': stride 8 bytes, 3 transactions per warp (33.3% efficiency), 9 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // The same steps with unit stride: no warning.
  out[i] = in[(size_t)base + tid];
  out[i] = in[static_cast<unsigned>(i)];
}

// Per-lane arithmetic with constants.
__global__ void laneArithmetic(const float *in, float *out) {
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + tid;
  // tid % 16 and tid / 8 revisit words (16 and 4 distinct floats), tid ^ 1
  // swaps neighbours, (tid & 15) | 16 is the upper half of one block: all
  // inside one 128-byte block, so no warning.
  out[i] = in[tid % 16];
  out[i] = in[tid / 8];
  out[i] = in[tid ^ 1];
  out[i] = in[(tid & 15) | 16];
  // (tid % 8) * 32 + tid / 8: lanes 0..7 one block each, lanes 8..15 one
  // float further: 8 blocks for 128 bytes.
  out[i] = in[(tid % 8) * 32 + tid / 8];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: uncoalesced global load of 'in[(tid % 8) * 32 + tid / 8]': irregular lane pattern, 8 transactions per warp (12.5% efficiency), 8 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // (tid ^ 16) * 8: lanes swapped by halves, still 8 bytes apart.
  out[i] = in[(tid ^ 16) * 2];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: uncoalesced global load of 'in[(tid ^ 16) * 2]': irregular lane pattern, 2 transactions per warp (50.0% efficiency), 8 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
}

// Multi-dimensional __device__ arrays: a row is 64 floats (256 bytes).
__device__ float grid2[64][64];
__device__ float grid3[4][8][32];
__global__ void multiDimensional(float *out) {
  int tid = threadIdx.x;
  int i = blockIdx.x * blockDim.x + tid;
  out[i] = grid2[0][tid];
  out[i] = grid3[1][2][tid];
  out[i] = grid2[tid][0];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: uncoalesced global load of 'grid2[tid][0]': stride 256 bytes, 32 transactions per warp (3.1% efficiency), 32 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  out[i] = grid3[1][tid % 8][tid / 8];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: uncoalesced global load of 'grid3[1][tid % 8][tid / 8]': irregular lane pattern, 8 transactions per warp (12.5% efficiency), 8 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
}

// Pointer arithmetic: a row pointer offset by a warp-uniform amount.
__global__ void rowPointer(const float *in, float *out, int n) {
  int tid = threadIdx.x;
  const float *row = in + blockIdx.x * n;
  out[blockIdx.x * n + tid] = row[tid];
  out[blockIdx.x * n + tid] = row[tid * 2];
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: uncoalesced global load of 'row[tid * 2]': stride 8 bytes, 2 transactions per warp (50.0% efficiency), 8 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  out[blockIdx.x * n + tid] = *(row + 32 * tid);
  // CHECK-MESSAGES: :[[@LINE-1]]:31: warning: uncoalesced global load of '*(row + 32 * tid)': stride 128 bytes, 32 transactions per warp (3.1% efficiency), 32 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
}

// Vector loads: reinterpret_cast<float4 *> and float2 copies are 16 and 8
// bytes per lane, contiguous: no warning. __ldg reads what it points to.
__global__ void vectorAndLdg(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = reinterpret_cast<const float4 *>(in)[i];
  reinterpret_cast<float4 *>(out)[i] = v;
  float2 w = reinterpret_cast<const float2 *>(in)[i];
  reinterpret_cast<float2 *>(out)[i] = w;
  out[i] = __ldg(&in[i]);
  out[i] = __ldg(&in[i * 2]);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: uncoalesced global load of 'in[i * 2]': stride 8 bytes, 2 transactions per warp (50.0% efficiency), 8 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  out[i] = __ldg(in + 32 * i);
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: uncoalesced global load of '__ldg(in + 32 * i)': stride 128 bytes, 32 transactions per warp (3.1% efficiency), 32 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // Lanes 2 float4s apart: 32 bytes, 8 blocks for 512 useful bytes.
  float4 u = reinterpret_cast<const float4 *>(in)[2 * i];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: uncoalesced global load of 'reinterpret_cast<const float4 *>(in)[2 * i]': stride 32 bytes, 8 transactions per warp (50.0% efficiency), 32 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  reinterpret_cast<float4 *>(out)[i] = u;
}

// Data-dependent indices are unknown: no guess, no warning (the load of
// idx[i] itself is coalesced).
__global__ void indirect(const float *in, float *out, const int *idx) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[idx[i]];
  out[i] = in[idx[i] * 32];
  int j = idx[i];
  out[i] = in[j * 2];
}

// A bounds check on a parameter keeps the whole warp: the cells' numbers
// stay, and the coalesced copy stays silent.
__global__ void guardedButFine(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i];
  if (i < n / 2)
    out[i] = in[2 * i];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: uncoalesced global load of 'in[2 * i]': stride 8 bytes, 2 transactions per warp (50.0% efficiency), 8 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
}

// Local arrays and __constant__ memory are not global memory.
__constant__ float table[1024];
__global__ void notGlobal(float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float local[64];
  local[threadIdx.x % 2 * 32] = 1.0f;
  out[i] = table[threadIdx.x * 32] + local[0];
}
