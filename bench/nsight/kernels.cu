// Kernels for the hardware check (docs/hardware-check.md): each one is a
// memory access pattern whose cost gpumem-tidy predicts, launched once by
// runBenchKernels() with the block shape written at its launch, so that the
// analysis and the GPU see the same warps. Every index is computed from the
// thread and block indices: no data-dependent address, so the counters
// measure what the model prices. Sizes are multiples of the block sizes (no
// partial warps except where a kernel is about them).
//
// One kernel per pattern: 2-D blocks, arrays of structures, float4 and
// __half2, misaligned bases, partial warps, shared-memory bank conflicts of
// degree 2, 4, 8 and 32, broadcasts and multicasts, padding, an XOR
// swizzle, 8- and 16-byte shared accesses, two reduction loops, a tiled
// SGEMM and a naive one.

#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cstdio>

namespace bench {

constexpr int kElements = 1 << 20; // per buffer, in 16-byte units
constexpr int kWidth = 1024;       // 2-D kernels: kWidth x kWidth floats

struct Vec3 {
  float x, y, z;
};
struct Body {
  float4 position;
  float4 velocity;
};

// --- global memory --------------------------------------------------------

__global__ void copyRows2d(const float *in, float *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  out[y * kWidth + x] = in[y * kWidth + x];
}

__global__ void copyHalfRows2d(const float *in, float *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  out[y * kWidth + x] = in[y * kWidth + x];
}

__global__ void transposeNaive(const float *in, float *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  out[x * kWidth + y] = in[y * kWidth + x];
}

__global__ void readStride2(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[2 * i];
}

__global__ void readStride32(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[32 * threadIdx.x + blockIdx.x];
}

__global__ void vec3Field(const Vec3 *points, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = points[i].y;
}

__global__ void bodyField(const Body *bodies, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = bodies[i].velocity.x;
}

__global__ void copyFloat4(const float4 *in, float4 *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}

__global__ void scaleHalf2(const __half2 *in, __half2 *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}

__global__ void copyDouble(const double *in, double *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}

__global__ void copyBytes(const char *in, char *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}

__global__ void shiftByOne(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i + 1];
}

__global__ void shiftByFour(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i + 4];
}

__global__ void fewLanesInLoop(const float *in, float *out) {
  if (threadIdx.x < 8)
    for (int k = 0; k < 64; ++k)
      out[blockIdx.x * 512 + k * 8 + threadIdx.x] =
          in[blockIdx.x * 512 + k * 8 + threadIdx.x];
}

__global__ void gridStrideCopy(const float *in, float *out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    out[i] = in[i];
}

// --- shared memory --------------------------------------------------------

__global__ void sharedStride2(float *out) {
  __shared__ float words[64];
  words[threadIdx.x] = threadIdx.x;
  words[threadIdx.x + 32] = threadIdx.x;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = words[2 * threadIdx.x];
}

__global__ void sharedStride4(float *out) {
  __shared__ float words[128];
  for (int k = threadIdx.x; k < 128; k += 32)
    words[k] = k;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = words[4 * threadIdx.x];
}

__global__ void sharedStride8(float *out) {
  __shared__ float words[256];
  for (int k = threadIdx.x; k < 256; k += 32)
    words[k] = k;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = words[8 * threadIdx.x];
}

__global__ void sharedColumn(float *out) {
  __shared__ float tile[32][32];
  for (int r = 0; r < 32; ++r)
    tile[r][threadIdx.x] = r;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = tile[threadIdx.x][3];
}

__global__ void sharedColumnPadded(float *out) {
  __shared__ float tile[32][33];
  for (int r = 0; r < 32; ++r)
    tile[r][threadIdx.x] = r;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = tile[threadIdx.x][3];
}

__global__ void sharedBroadcast(float *out) {
  __shared__ float words[32];
  words[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = words[5];
}

__global__ void sharedMulticast(float *out) {
  __shared__ float words[32];
  words[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = words[threadIdx.x / 4];
}

__global__ void sharedSwizzle(float *out) {
  __shared__ float tile[32][32];
  for (int r = 0; r < 32; ++r)
    tile[r][threadIdx.x ^ r] = r;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = tile[threadIdx.x][threadIdx.x ^ 3];
}

__global__ void sharedDouble(double *out) {
  __shared__ double words[32];
  words[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = words[31 - threadIdx.x];
}

__global__ void sharedFloat4(float4 *out) {
  __shared__ float4 words[32];
  words[threadIdx.x] = make_float4(1, 2, 3, 4);
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = words[threadIdx.x];
}

// Sequential addressing: active lanes read consecutive words.
__global__ void reduceSequential(const float *in, float *out) {
  __shared__ float partial[256];
  partial[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];
  __syncthreads();
  for (int s = 128; s > 0; s >>= 1) {
    if (threadIdx.x < s)
      partial[threadIdx.x] += partial[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    out[blockIdx.x] = partial[0];
}

// Interleaved addressing: the stride between active lanes doubles.
__global__ void reduceInterleaved(const float *in, float *out) {
  __shared__ float partial[256];
  partial[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];
  __syncthreads();
  for (int s = 1; s < 256; s *= 2) {
    int k = 2 * s * threadIdx.x;
    if (k < 256)
      partial[k] += partial[k + s];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    out[blockIdx.x] = partial[0];
}

// --- matrix products ------------------------------------------------------

constexpr int kTile = 16;

__global__ void sgemmTiled(const float *A, const float *B, float *C) {
  __shared__ float a[kTile][kTile];
  __shared__ float b[kTile][kTile];
  int row = blockIdx.y * kTile + threadIdx.y;
  int col = blockIdx.x * kTile + threadIdx.x;
  float sum = 0;
  for (int t = 0; t < kWidth / kTile; ++t) {
    a[threadIdx.y][threadIdx.x] = A[row * kWidth + t * kTile + threadIdx.x];
    b[threadIdx.y][threadIdx.x] = B[(t * kTile + threadIdx.y) * kWidth + col];
    __syncthreads();
    for (int k = 0; k < kTile; ++k)
      sum += a[threadIdx.y][k] * b[k][threadIdx.x];
    __syncthreads();
  }
  C[row * kWidth + col] = sum;
}

__global__ void sgemmNaive(const float *A, const float *B, float *C) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0;
  for (int k = 0; k < kWidth; ++k)
    sum += A[row * kWidth + k] * B[k * kWidth + col];
  C[row * kWidth + col] = sum;
}

// --- launches -------------------------------------------------------------

/// Launches every kernel above once; returns the first CUDA error.
cudaError_t runBenchKernels() {
  const size_t Bytes = size_t(kElements) * 16;
  char *pool[2] = {nullptr, nullptr};
  for (char *&p : pool) {
    cudaError_t err = cudaMalloc(&p, Bytes);
    if (err != cudaSuccess)
      return err;
    cudaMemset(p, 0, Bytes);
  }
  const float *in = reinterpret_cast<const float *>(pool[0]);
  float *out = reinterpret_cast<float *>(pool[1]);
  const int n = kElements; // floats used by the 1-D kernels
  const int blocks = n / 256;

  dim3 wide(32, 8);
  dim3 square(16, 16);
  dim3 grid2d(kWidth / 32, kWidth / 8);
  dim3 gridSquare(kWidth / 16, kWidth / 16);
  copyRows2d<<<grid2d, wide>>>(in, out);
  copyHalfRows2d<<<gridSquare, square>>>(in, out);
  transposeNaive<<<grid2d, wide>>>(in, out);
  readStride2<<<blocks / 2, 256>>>(in, out);
  readStride32<<<blocks, 256>>>(in, out);
  vec3Field<<<blocks / 4, 256>>>(reinterpret_cast<const Vec3 *>(in), out);
  bodyField<<<blocks / 8, 256>>>(reinterpret_cast<const Body *>(in), out);
  copyFloat4<<<blocks, 256>>>(reinterpret_cast<const float4 *>(in),
                              reinterpret_cast<float4 *>(out));
  scaleHalf2<<<blocks, 256>>>(reinterpret_cast<const __half2 *>(in),
                              reinterpret_cast<__half2 *>(out));
  copyDouble<<<blocks, 256>>>(reinterpret_cast<const double *>(in),
                              reinterpret_cast<double *>(out));
  copyBytes<<<blocks, 256>>>(pool[0], pool[1]);
  shiftByOne<<<blocks - 1, 256>>>(in, out);
  shiftByFour<<<blocks - 1, 256>>>(in, out);
  fewLanesInLoop<<<blocks / 2, 32>>>(in, out);
  gridStrideCopy<<<128, 256>>>(in, out, n);
  sharedStride2<<<512, 32>>>(out);
  sharedStride4<<<512, 32>>>(out);
  sharedStride8<<<512, 32>>>(out);
  sharedColumn<<<512, 32>>>(out);
  sharedColumnPadded<<<512, 32>>>(out);
  sharedBroadcast<<<512, 32>>>(out);
  sharedMulticast<<<512, 32>>>(out);
  sharedSwizzle<<<512, 32>>>(out);
  sharedDouble<<<512, 32>>>(reinterpret_cast<double *>(out));
  sharedFloat4<<<512, 32>>>(reinterpret_cast<float4 *>(out));
  reduceSequential<<<blocks, 256>>>(in, out);
  reduceInterleaved<<<blocks, 256>>>(in, out);
  dim3 tile(kTile, kTile);
  dim3 tiles(kWidth / kTile, kWidth / kTile);
  sgemmTiled<<<tiles, tile>>>(in, in, out);
  sgemmNaive<<<tiles, tile>>>(in, in, out);

  cudaError_t err = cudaDeviceSynchronize();
  if (err == cudaSuccess)
    err = cudaGetLastError();
  for (char *p : pool)
    cudaFree(p);
  return err;
}

} // namespace bench
