// RUN: %check_gpumem_tidy %s gpumem-arithmetic-intensity %t -- \
// RUN:   -config="{CheckOptions: {GpuPreset: seed}}"

// Cell I of SPEC section 2 on the seed's machine (20 TFLOP/s, 1 TB/s,
// balance 20): a tiled matmul has intensity T/4 (fp32), 8 at T = 32; the
// naive one 0.25; a tile of 80 would cross the balance.

#define TILE16 16
constexpr int Tile32 = 32;

__global__ void tiled16(const float *A, const float *B, float *C, int n) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: kernel 'tiled16' is bandwidth-bound: arithmetic intensity 4 FLOP/byte < machine balance 20 (seed, fp32); a tile of at least 80 would be compute-bound; consider register blocking [gpumem-arithmetic-intensity]
  __shared__ float As[TILE16][TILE16];
  __shared__ float Bs[TILE16][TILE16];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE16 + ty, col = blockIdx.x * TILE16 + tx;
  float acc = 0.0f;
  for (int t = 0; t < n / TILE16; ++t) {
    As[ty][tx] = A[row * n + t * TILE16 + tx];
    Bs[ty][tx] = B[(t * TILE16 + ty) * n + col];
    __syncthreads();
    for (int k = 0; k < TILE16; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * n + col] = acc;
}

__global__ void tiled32(const float *A, const float *B, float *C, int n) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: kernel 'tiled32' is bandwidth-bound: arithmetic intensity 8 FLOP/byte < machine balance 20 (seed, fp32); a tile of at least 80 would be compute-bound; consider register blocking [gpumem-arithmetic-intensity]
  __shared__ float As[Tile32][Tile32];
  __shared__ float Bs[Tile32][Tile32];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * Tile32 + ty, col = blockIdx.x * Tile32 + tx;
  float acc = 0.0f;
  for (int t = 0; t < n / Tile32; ++t) {
    As[ty][tx] = A[row * n + t * Tile32 + tx];
    Bs[ty][tx] = B[(t * Tile32 + ty) * n + col];
    __syncthreads();
    for (int k = 0; k < Tile32; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * n + col] = acc;
}

// Naive: every multiply-add loads its two operands from DRAM (16 x 16
// blocks: A[row * n + k] is shared by half-warps, not a warp broadcast).
__global__ void naive(const float *A, const float *B, float *C, int n) {
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: kernel 'naive' is bandwidth-bound: arithmetic intensity 0.25 FLOP/byte < machine balance 20 (seed, fp32); tiling through shared memory with T = 32 would give 8 FLOP/byte [gpumem-arithmetic-intensity]
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < n; ++k)
    acc += A[row * n + k] * B[k * n + col];
  C[row * n + col] = acc;
}

// Compute-bound: 64 fused multiply-adds (128 FLOPs) per 4-byte load: I = 32.
__global__ void polynomial(const float *x, float *y, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x) {
    float v = x[i], acc = 0.0f;
    for (int k = 0; k < 64; ++k)
      acc = fmaf(acc, v, 1.0f);
    y[i] = acc;
  }
}

// Streaming: each element is used once, nothing to tile: not reported by
// default (see the ReportAll test).
__global__ void saxpy(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

void launch(const float *A, const float *B, float *C, int n) {
  tiled16<<<dim3(n / 16, n / 16), dim3(16, 16)>>>(A, B, C, n);
  tiled32<<<dim3(n / 32, n / 32), dim3(32, 32)>>>(A, B, C, n);
  naive<<<dim3(n / 16, n / 16), dim3(16, 16)>>>(A, B, C, n);
  polynomial<<<n / 256, 256>>>(A, C, n);
  saxpy<<<n / 256, 256>>>(2.0f, A, C, n);
}
