// Pointers returned by small helpers: a function or a conversion operator
// whose body only returns an expression (after declaring an extern shared
// buffer, as the usual dynamic-shared-memory wrapper does, or initialised
// locals) is inlined; one that computes with statements is not followed,
// and says so.
//
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump %s -- %cuda_flags \
// RUN:   | FileCheck %s

template <typename T> struct DynamicShared {
  __device__ operator T *() {
    extern __shared__ unsigned char pool[];
    return reinterpret_cast<T *>(pool);
  }
};

template <typename T> __global__ void viaConversion(const T *in, T *out) {
  T *buf = DynamicShared<T>();
  buf[threadIdx.x] = in[threadIdx.x];
  // CHECK: :[[@LINE-1]]:3: remark: store shared 'buf[threadIdx.x]' width 8; offset 8*lane + (256)*warp.x; active 0xffffffff; array pool; scenarios 1
  __syncthreads();
  out[threadIdx.x] = buf[2 * threadIdx.x];
  // CHECK: :[[@LINE-1]]:22: remark: load shared 'buf[2 * threadIdx.x]' width 8; offset 16*lane + (512)*warp.x; active 0xffffffff; array pool; scenarios 1
}
template __global__ void viaConversion<double>(const double *, double *);

__device__ const float *rowStart(const float *base, int row, int width) {
  return base + row * width;
}

__device__ const float *scratchRow(const float *base, int row) {
  int skip = row * 3;
  return base + skip;
}

__device__ const float *steppedRow(const float *base, int row) {
  int skip = row;
  skip *= 3;
  return base + skip;
}

__global__ void viaHelpers(const float *in, float *out, int width) {
  out[threadIdx.x] = rowStart(in, blockIdx.x, width)[threadIdx.x];
  // CHECK: :[[@LINE-1]]:22: remark: load global 'rowStart(in, blockIdx.x, width)[threadIdx.x]' width 4; offset 4*lane + (4)*blockIdx.x*width + (128)*warp.x; active 0xffffffff; scenarios 1; transactions 1, sectors 4
  out[threadIdx.x] += scratchRow(in, blockIdx.x)[threadIdx.x];
  // CHECK: :[[@LINE-1]]:23: remark: load global 'scratchRow(in, blockIdx.x)[threadIdx.x]' width 4; offset 4*lane + (12)*blockIdx.x + (128)*warp.x; active 0xffffffff; scenarios 3
  out[threadIdx.x] += steppedRow(in, blockIdx.x)[threadIdx.x];
  // CHECK: :[[@LINE-1]]:23: remark: load unknown 'steppedRow(in, blockIdx.x)[threadIdx.x]' width 4; offset unknown, not followed (pointer returned by a call the analysis does not follow); active 0xffffffff; scenarios 0
}
