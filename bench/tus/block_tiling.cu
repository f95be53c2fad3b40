// bench/tus: block-tiled matrix kernels, the shape of GEMM tutorials and
// their many variants: tile pointers bumped along K, shared tiles loaded
// cooperatively, register tiles, float4 loads, a double-buffered stage.
// Written for the benchmark (docs/performance.md); parsed, never run.
#include <cuda_runtime.h>

namespace bench {

#define AT(row, col, ld) ((row) * (ld) + (col))
#define AS_FLOAT4(ref) (reinterpret_cast<float4 *>(&(ref))[0])

// One output per thread, tiles of TILE x TILE.
template <int TILE>
__global__ void tiledGemm(const float *A, const float *B, float *C, int M,
                          int N, int K) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int row = blockIdx.y * TILE + threadIdx.y;
  int col = blockIdx.x * TILE + threadIdx.x;
  A += blockIdx.y * TILE * K;
  B += blockIdx.x * TILE;
  float acc = 0.f;
  for (int k0 = 0; k0 < K; k0 += TILE) {
    As[threadIdx.y][threadIdx.x] = A[AT(threadIdx.y, threadIdx.x, K)];
    Bs[threadIdx.y][threadIdx.x] = B[AT(threadIdx.y, threadIdx.x, N)];
    __syncthreads();
    A += TILE;
    B += TILE * N;
    for (int k = 0; k < TILE; ++k)
      acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  if (row < M && col < N)
    C[AT(row, col, N)] = acc;
}

// A 1-D block computing a TM-tall column of outputs per thread.
template <int BM, int BN, int BK, int TM>
__global__ void columnTiles(const float *A, const float *B, float *C, int M,
                            int N, int K) {
  __shared__ float As[BM * BK];
  __shared__ float Bs[BK * BN];
  const int threadCol = threadIdx.x % BN;
  const int threadRow = threadIdx.x / BN;
  const int innerColA = threadIdx.x % BK, innerRowA = threadIdx.x / BK;
  const int innerColB = threadIdx.x % BN, innerRowB = threadIdx.x / BN;
  A += blockIdx.y * BM * K;
  B += blockIdx.x * BN;
  C += blockIdx.y * BM * N + blockIdx.x * BN;
  float results[TM] = {0.f};
  for (int block = 0; block < K; block += BK) {
    As[innerRowA * BK + innerColA] = A[innerRowA * K + innerColA];
    Bs[innerRowB * BN + innerColB] = B[innerRowB * N + innerColB];
    __syncthreads();
    A += BK;
    B += BK * N;
    for (int dot = 0; dot < BK; ++dot) {
      float b = Bs[dot * BN + threadCol];
      for (int r = 0; r < TM; ++r)
        results[r] += As[(threadRow * TM + r) * BK + dot] * b;
    }
    __syncthreads();
  }
  for (int r = 0; r < TM; ++r)
    C[(threadRow * TM + r) * N + threadCol] = results[r];
}

// 2-D register tiles with float4 loads and a double-buffered shared stage.
template <int BM, int BN, int BK, int TM, int TN>
__global__ void vectorTiles(const float *A, const float *B, float *C, int M,
                            int N, int K) {
  __shared__ float As[2][BK][BM];
  __shared__ float Bs[2][BK][BN];
  const int tid = threadIdx.x;
  const int rowA = tid / (BK / 4), colA = tid % (BK / 4) * 4;
  const int rowB = tid / (BN / 4), colB = tid % (BN / 4) * 4;
  const int tRow = tid / (BN / TN), tCol = tid % (BN / TN);
  A += blockIdx.y * BM * K;
  B += blockIdx.x * BN;
  float acc[TM][TN] = {};
  float regA[TM], regB[TN];
  int stage = 0;
  for (int k0 = 0; k0 < K; k0 += BK) {
    float4 a = AS_FLOAT4(const_cast<float &>(A[rowA * K + colA]));
    As[stage][colA + 0][rowA] = a.x;
    As[stage][colA + 1][rowA] = a.y;
    As[stage][colA + 2][rowA] = a.z;
    As[stage][colA + 3][rowA] = a.w;
    AS_FLOAT4(Bs[stage][rowB][colB]) =
        AS_FLOAT4(const_cast<float &>(B[rowB * N + colB]));
    __syncthreads();
    for (int k = 0; k < BK; ++k) {
      for (int i = 0; i < TM; i += 4)
        AS_FLOAT4(regA[i]) = AS_FLOAT4(As[stage][k][tRow * TM + i]);
      for (int j = 0; j < TN; j += 4)
        AS_FLOAT4(regB[j]) = AS_FLOAT4(Bs[stage][k][tCol * TN + j]);
      for (int i = 0; i < TM; ++i)
        for (int j = 0; j < TN; ++j)
          acc[i][j] += regA[i] * regB[j];
    }
    A += BK;
    B += BK * N;
    stage ^= 1;
  }
  for (int i = 0; i < TM; ++i)
    for (int j = 0; j < TN; j += 4)
      AS_FLOAT4(C[(blockIdx.y * BM + tRow * TM + i) * N + blockIdx.x * BN +
                  tCol * TN + j]) = AS_FLOAT4(acc[i][j]);
}

// A naive kernel and a transposed-read one, as tutorials start with.
__global__ void naiveGemm(const float *A, const float *B, float *C, int M,
                          int N, int K) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  int col = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= M || col >= N)
    return;
  float acc = 0.f;
  for (int k = 0; k < K; ++k)
    acc += A[row * K + k] * B[k * N + col];
  C[row * N + col] = acc;
}

} // namespace bench

void runAll(float *A, float *B, float *C, int M, int N, int K) {
  using namespace bench;
  naiveGemm<<<dim3(M / 32, N / 32), dim3(32, 32)>>>(A, B, C, M, N, K);
  tiledGemm<16><<<dim3(N / 16, M / 16), dim3(16, 16)>>>(A, B, C, M, N, K);
  tiledGemm<32><<<dim3(N / 32, M / 32), dim3(32, 32)>>>(A, B, C, M, N, K);
  columnTiles<64, 64, 8, 8><<<dim3(N / 64, M / 64), 512>>>(A, B, C, M, N, K);
  columnTiles<128, 32, 8, 16><<<dim3(N / 32, M / 128), 256>>>(A, B, C, M, N, K);
  vectorTiles<128, 128, 8, 8, 8><<<dim3(N / 128, M / 128), 256>>>(A, B, C, M, N, K);
  vectorTiles<64, 64, 8, 4, 4><<<dim3(N / 64, M / 64), 256>>>(A, B, C, M, N, K);
}
