// bench/tus: template kernels with many instantiations, the shape of a
// library of reductions and elementwise operations generic over the element
// type, the block size and a few flags. Written for the benchmark
// (docs/performance.md, "Real-code-shaped TUs"); it is parsed, never run.
#include <cuda_runtime.h>
#include <cuda_fp16.h>

namespace bench {

// Dynamic shared memory typed per element: a conversion helper whose body
// is an extern buffer, as reduction libraries write it.
template <typename T> struct DynamicShared {
  __device__ T *get() {
    extern __shared__ unsigned char dynamicBytes[];
    return reinterpret_cast<T *>(dynamicBytes);
  }
  __device__ operator T *() { return get(); }
};

template <typename T> struct Sum {
  __device__ T operator()(T a, T b) const { return a + b; }
  static __device__ T identity() { return T(0); }
};
template <typename T> struct Max {
  __device__ T operator()(T a, T b) const { return a > b ? a : b; }
  static __device__ T identity() { return T(-1e30); }
};

template <typename T> __device__ float widen(T v) { return float(v); }
template <> __device__ float widen<__half>(__half v) { return __half2float(v); }

template <typename T, typename Op>
__device__ T warpReduce(T value, Op op) {
  for (int offset = 16; offset > 0; offset /= 2)
    value = op(value, __shfl_down_sync(0xffffffffu, value, offset));
  return value;
}

// Tree reduction in shared memory, unrolled by the block size.
template <typename T, unsigned BlockSize, typename Op, bool CheckBounds>
__global__ void reduceBlocks(const T *in, T *out, unsigned n) {
  T *partial = DynamicShared<T>();
  Op op;
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * (BlockSize * 2) + threadIdx.x;
  unsigned gridSize = BlockSize * 2 * gridDim.x;
  T acc = Op::identity();
  while (i < n) {
    acc = op(acc, in[i]);
    if (!CheckBounds || i + BlockSize < n)
      acc = op(acc, in[i + BlockSize]);
    i += gridSize;
  }
  partial[tid] = acc;
  __syncthreads();
  if (BlockSize >= 512 && tid < 256)
    partial[tid] = acc = op(acc, partial[tid + 256]);
  __syncthreads();
  if (BlockSize >= 256 && tid < 128)
    partial[tid] = acc = op(acc, partial[tid + 128]);
  __syncthreads();
  if (BlockSize >= 128 && tid < 64)
    partial[tid] = acc = op(acc, partial[tid + 64]);
  __syncthreads();
  if (tid < 32) {
    if (BlockSize >= 64)
      acc = op(acc, partial[tid + 32]);
    acc = warpReduce(acc, op);
  }
  if (tid == 0)
    out[blockIdx.x] = acc;
}

// An interleaved-addressing variant, kept by many codes for small inputs.
template <typename T, unsigned BlockSize, typename Op>
__global__ void reduceInterleaved(const T *in, T *out, unsigned n) {
  __shared__ T partial[BlockSize];
  Op op;
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * BlockSize + tid;
  partial[tid] = i < n ? in[i] : Op::identity();
  __syncthreads();
  for (unsigned stride = 1; stride < BlockSize; stride *= 2) {
    unsigned index = 2 * stride * tid;
    if (index < BlockSize)
      partial[index] = op(partial[index], partial[index + stride]);
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = partial[0];
}

// Elementwise kernels over a vector width.
template <typename T, int Width>
__global__ void scaleAdd(const T *x, const T *y, T *z, float alpha, int n) {
  int base = (blockIdx.x * blockDim.x + threadIdx.x) * Width;
#pragma unroll
  for (int k = 0; k < Width; ++k) {
    int i = base + k;
    if (i < n)
      z[i] = T(alpha * widen(x[i]) + widen(y[i]));
  }
}

template <typename T, int Columns>
__global__ void rowNorms(const T *matrix, float *norms, int rows) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= rows)
    return;
  float acc = 0.f;
  for (int c = 0; c < Columns; ++c) {
    float v = widen(matrix[row * Columns + c]);
    acc += v * v;
  }
  norms[row] = acc;
}

template <typename T, unsigned BlockSize, typename Op>
void launchReduce(const T *in, T *out, unsigned n, unsigned blocks) {
  size_t bytes = BlockSize * sizeof(T);
  if (n % (BlockSize * 2) == 0)
    reduceBlocks<T, BlockSize, Op, false><<<blocks, BlockSize, bytes>>>(in, out, n);
  else
    reduceBlocks<T, BlockSize, Op, true><<<blocks, BlockSize, bytes>>>(in, out, n);
  reduceInterleaved<T, BlockSize, Op><<<blocks, BlockSize>>>(in, out, n);
}

template <typename T, typename Op>
void reduceAnySize(const T *in, T *out, unsigned n, unsigned threads,
                   unsigned blocks) {
  switch (threads) {
  case 512: launchReduce<T, 512, Op>(in, out, n, blocks); break;
  case 256: launchReduce<T, 256, Op>(in, out, n, blocks); break;
  case 128: launchReduce<T, 128, Op>(in, out, n, blocks); break;
  case 64: launchReduce<T, 64, Op>(in, out, n, blocks); break;
  case 32: launchReduce<T, 32, Op>(in, out, n, blocks); break;
  }
}

template <typename T> void elementwise(const T *x, const T *y, T *z, int n) {
  scaleAdd<T, 1><<<(n + 255) / 256, 256>>>(x, y, z, 2.f, n);
  scaleAdd<T, 2><<<(n + 511) / 512, 256>>>(x, y, z, 2.f, n);
  scaleAdd<T, 4><<<(n + 1023) / 1024, 256>>>(x, y, z, 2.f, n);
  scaleAdd<T, 8><<<(n + 2047) / 2048, 256>>>(x, y, z, 2.f, n);
  rowNorms<T, 16><<<(n + 127) / 128, 128>>>(x, nullptr, n / 16);
  rowNorms<T, 64><<<(n + 127) / 128, 128>>>(x, nullptr, n / 64);
  rowNorms<T, 128><<<(n + 127) / 128, 128>>>(x, nullptr, n / 128);
}

} // namespace bench

void runAll(void *in, void *out, unsigned n) {
  using namespace bench;
  reduceAnySize<float, Sum<float>>((float *)in, (float *)out, n, 256, 64);
  reduceAnySize<float, Max<float>>((float *)in, (float *)out, n, 128, 64);
  reduceAnySize<double, Sum<double>>((double *)in, (double *)out, n, 256, 64);
  reduceAnySize<double, Max<double>>((double *)in, (double *)out, n, 512, 64);
  reduceAnySize<int, Sum<int>>((int *)in, (int *)out, n, 64, 64);
  reduceAnySize<int, Max<int>>((int *)in, (int *)out, n, 32, 64);
  reduceAnySize<unsigned, Sum<unsigned>>((unsigned *)in, (unsigned *)out, n, 256, 64);
  reduceAnySize<long long, Sum<long long>>((long long *)in, (long long *)out, n, 256, 64);
  elementwise<float>((float *)in, (float *)in, (float *)out, (int)n);
  elementwise<double>((double *)in, (double *)in, (double *)out, (int)n);
  elementwise<__half>((__half *)in, (__half *)in, (__half *)out, (int)n);
  elementwise<int>((int *)in, (int *)in, (int *)out, (int)n);
}
