// Scenario cell I (SPEC section 2): tiled matrix multiply, T = 32, on the
// machine of the cell: 20 TFLOP/s, 1 TB/s, machine balance I* = 20 FLOP/byte.
//
// Tiled (T = 32): each element loaded from DRAM is reused T times from
// shared memory, I = T / 4 = 8 FLOP/byte < 20: bandwidth-bound. Reaching
// the balance needs T >= 80 (more than a 32 x 32 block can hold).
// Naive (T = 1): every multiply-add loads two floats, I = 1 / 4 = 0.25
// FLOP/byte.
//
// Expected from gpumem-tidy, with that machine:
//   matmulTiled: warning: ... arithmetic intensity 8 FLOP/byte ...
//     machine balance 20 ... [gpumem-arithmetic-intensity]
//   matmulNaive: warning: ... arithmetic intensity 0.25 FLOP/byte ...
//     machine balance 20 ... [gpumem-arithmetic-intensity]
// The naive kernel runs 16 x 16 blocks, so A[row * n + k] is shared by
// half-warps (each thread still counts its own 4 bytes, giving 0.25) and
// each warp spans two rows: gpumem-uncoalesced-access reports its A load
// and C store (2 transactions per warp where one would do). With 32-wide
// blocks A[row * n + k] is a warp broadcast, whose bytes count once per
// warp, and the intensity would read 0.485. The tiled kernel's accesses are
// coalesced, and its shared loads As[ty][k] (broadcast) and Bs[k][tx]
// (consecutive) are conflict-free.

#include <cuda_runtime.h>

#include <cstdio>

#define TILE 32

// C = A * B for n x n row-major matrices, n a multiple of TILE.
__global__ void matmulTiled(const float *A, const float *B, float *C, int n) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty;
  int col = blockIdx.x * TILE + tx;

  float acc = 0.0f;
  for (int t = 0; t < n / TILE; ++t) {
    As[ty][tx] = A[row * n + t * TILE + tx];
    Bs[ty][tx] = B[(t * TILE + ty) * n + col];
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * n + col] = acc;
}

// The same product with no reuse: every operand comes from DRAM.
__global__ void matmulNaive(const float *A, const float *B, float *C, int n) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < n; ++k)
    acc += A[row * n + k] * B[k * n + col];
  C[row * n + col] = acc;
}

int main() {
  const int n = 2048;
  const size_t bytes = size_t(n) * n * sizeof(float);
  float *A = nullptr, *B = nullptr, *C = nullptr;
  cudaMalloc(&A, bytes);
  cudaMalloc(&B, bytes);
  cudaMalloc(&C, bytes);

  dim3 block(TILE, TILE);
  dim3 grid(n / TILE, n / TILE);
  matmulTiled<<<grid, block>>>(A, B, C, n);
  dim3 naiveBlock(16, 16);
  dim3 naiveGrid(n / 16, n / 16);
  matmulNaive<<<naiveGrid, naiveBlock>>>(A, B, C, n);
  std::printf("matmul: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));

  cudaFree(A);
  cudaFree(B);
  cudaFree(C);
  return 0;
}
