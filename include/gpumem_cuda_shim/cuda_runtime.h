//===- cuda_runtime.h - CUDA runtime shim for static analysis ---*- C++ -*-===//
//
// A stand-in for the CUDA toolkit's <cuda_runtime.h> that lets Clang parse
// .cu files without a toolkit installed. Use it as
//
//   -x cuda -nocudainc -nocudalib --cuda-gpu-arch=sm_70 -std=c++17
//   --cuda-path=<repo>/test/Inputs/fake-cuda-toolkit
//   -isystem <this dir> -include <this dir>/cuda_runtime.h
//   --cuda-device-only   (or --cuda-host-only)
//
// (docs/cuda-setup.md explains each flag.) The shim is written for static
// analysis, not for code generation: it declares what kernels and their host
// launch code name (qualifiers, builtin variables, dim3, vector types,
// intrinsics, math, the runtime API) with the types and alignments of the CUDA
// 12 headers, and gives bodies only where the body is trivial and exact
// (make_*, math through Clang builtins). Everything else is a declaration.
//
// It pretends to be the runtime API of CUDA 12.8 (CUDART_VERSION 12080).
//
//===----------------------------------------------------------------------===//

#ifndef GPUMEM_CUDA_SHIM_CUDA_RUNTIME_H
#define GPUMEM_CUDA_SHIM_CUDA_RUNTIME_H

#if !defined(__CUDA__)
#error "the gpumem CUDA shim needs CUDA mode: compile with -x cuda"
#endif

// Tell user code which headers it sees, as the toolkit's own headers do.
#define GPUMEM_CUDA_SHIM 1
#ifndef __CUDACC__
#define __CUDACC__ 1
#endif
#ifndef CUDA_VERSION
#define CUDA_VERSION 12080
#endif
#ifndef CUDART_VERSION
#define CUDART_VERSION 12080
#endif

#include <stddef.h> // size_t

//===----------------------------------------------------------------------===//
// Execution-space and memory-space qualifiers
//===----------------------------------------------------------------------===//

// __noinline__ and __restrict__ are keywords in Clang's CUDA mode already;
// defining __noinline__ as a macro would break libstdc++'s
// __attribute__((__noinline__)), so it is deliberately left alone.
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
// Clang accepts the managed attribute only for HIP and ignores it, with a
// warning, for CUDA. A managed variable is a __device__ variable that host
// code may touch as well, which Clang allows for __device__ variables.
#define __managed__ __attribute__((device))
#define __grid_constant__ __attribute__((grid_constant))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __align__(n) __attribute__((aligned(n)))
#define __device_builtin__
#define __cudart_builtin__
#define CUDARTAPI

// threadIdx, blockIdx, blockDim, gridDim and warpSize, as Clang defines them
// for its own CUDA headers. It forward-declares uint3 and dim3, defined below.
#include <__clang_cuda_builtin_vars.h>

//===----------------------------------------------------------------------===//
// Vector types (vector_types.h)
//===----------------------------------------------------------------------===//

// One family per element type, with the toolkit's alignments: the 1-, 2- and
// 4-element types are aligned to their size (capped at 16), the 3-element
// types only to their element. A1, A2, A4 are those alignments.
#define GPUMEM_SHIM_VECTOR_FAMILY(Name, T, A1, A2, A4)                         \
  struct __align__(A1) Name##1 {                                               \
    T x;                                                                       \
  };                                                                           \
  struct __align__(A2) Name##2 {                                               \
    T x, y;                                                                    \
  };                                                                           \
  struct Name##3 {                                                             \
    T x, y, z;                                                                 \
  };                                                                           \
  struct __align__(A4) Name##4 {                                               \
    T x, y, z, w;                                                              \
  };                                                                           \
  typedef struct Name##1 Name##1;                                              \
  typedef struct Name##2 Name##2;                                              \
  typedef struct Name##3 Name##3;                                              \
  typedef struct Name##4 Name##4;                                              \
  static __inline__ __host__ __device__ Name##1 make_##Name##1(T x) {          \
    Name##1 R;                                                                 \
    R.x = x;                                                                   \
    return R;                                                                  \
  }                                                                            \
  static __inline__ __host__ __device__ Name##2 make_##Name##2(T x, T y) {     \
    Name##2 R;                                                                 \
    R.x = x;                                                                   \
    R.y = y;                                                                   \
    return R;                                                                  \
  }                                                                            \
  static __inline__ __host__ __device__ Name##3 make_##Name##3(T x, T y,       \
                                                               T z) {          \
    Name##3 R;                                                                 \
    R.x = x;                                                                   \
    R.y = y;                                                                   \
    R.z = z;                                                                   \
    return R;                                                                  \
  }                                                                            \
  static __inline__ __host__ __device__ Name##4 make_##Name##4(T x, T y, T z,  \
                                                               T w) {          \
    Name##4 R;                                                                 \
    R.x = x;                                                                   \
    R.y = y;                                                                   \
    R.z = z;                                                                   \
    R.w = w;                                                                   \
    return R;                                                                  \
  }

GPUMEM_SHIM_VECTOR_FAMILY(char, signed char, 1, 2, 4)
GPUMEM_SHIM_VECTOR_FAMILY(uchar, unsigned char, 1, 2, 4)
GPUMEM_SHIM_VECTOR_FAMILY(short, short, 2, 4, 8)
GPUMEM_SHIM_VECTOR_FAMILY(ushort, unsigned short, 2, 4, 8)
GPUMEM_SHIM_VECTOR_FAMILY(int, int, 4, 8, 16)
GPUMEM_SHIM_VECTOR_FAMILY(uint, unsigned int, 4, 8, 16)
GPUMEM_SHIM_VECTOR_FAMILY(long, long, sizeof(long), 2 * sizeof(long), 16)
GPUMEM_SHIM_VECTOR_FAMILY(ulong, unsigned long, sizeof(long), 2 * sizeof(long),
                          16)
GPUMEM_SHIM_VECTOR_FAMILY(longlong, long long, 8, 16, 16)
GPUMEM_SHIM_VECTOR_FAMILY(ulonglong, unsigned long long, 8, 16, 16)
GPUMEM_SHIM_VECTOR_FAMILY(float, float, 4, 8, 16)
GPUMEM_SHIM_VECTOR_FAMILY(double, double, 8, 16, 16)
#undef GPUMEM_SHIM_VECTOR_FAMILY

// CUDA 13 spells the 32-byte-aligned 4-vectors out; the 16-byte ones are the
// layout of the plain names above.
#define GPUMEM_SHIM_VECTOR4_ALIGNED(Name, T)                                   \
  struct __align__(16) Name##4_16a {                                           \
    T x, y, z, w;                                                              \
  };                                                                           \
  struct __align__(32) Name##4_32a {                                           \
    T x, y, z, w;                                                              \
  };                                                                           \
  typedef struct Name##4_16a Name##4_16a;                                      \
  typedef struct Name##4_32a Name##4_32a;
GPUMEM_SHIM_VECTOR4_ALIGNED(long, long)
GPUMEM_SHIM_VECTOR4_ALIGNED(ulong, unsigned long)
GPUMEM_SHIM_VECTOR4_ALIGNED(longlong, long long)
GPUMEM_SHIM_VECTOR4_ALIGNED(ulonglong, unsigned long long)
GPUMEM_SHIM_VECTOR4_ALIGNED(double, double)
#undef GPUMEM_SHIM_VECTOR4_ALIGNED

static_assert(sizeof(float4) == 16 && alignof(float4) == 16, "float4 layout");
static_assert(sizeof(float3) == 12 && alignof(float3) == 4, "float3 layout");
static_assert(sizeof(float2) == 8 && alignof(float2) == 8, "float2 layout");
static_assert(sizeof(double2) == 16 && alignof(double2) == 16, "double2");
static_assert(sizeof(char4) == 4 && alignof(char4) == 4, "char4 layout");
static_assert(sizeof(int4) == 16 && alignof(int4) == 16, "int4 layout");

/// Grid and block extents. Unlike uint3, its components default to 1.
struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ constexpr dim3(unsigned int X = 1, unsigned int Y = 1,
                                     unsigned int Z = 1)
      : x(X), y(Y), z(Z) {}
  __host__ __device__ constexpr dim3(uint3 V) : x(V.x), y(V.y), z(V.z) {}
  __host__ __device__ constexpr operator uint3() const { return {x, y, z}; }
};
typedef struct dim3 dim3;

// The conversions that __clang_cuda_builtin_vars.h declares.
__device__ inline __cuda_builtin_threadIdx_t::operator dim3() const {
  return dim3(x, y, z);
}
__device__ inline __cuda_builtin_threadIdx_t::operator uint3() const {
  return {x, y, z};
}
__device__ inline __cuda_builtin_blockIdx_t::operator dim3() const {
  return dim3(x, y, z);
}
__device__ inline __cuda_builtin_blockIdx_t::operator uint3() const {
  return {x, y, z};
}
__device__ inline __cuda_builtin_blockDim_t::operator dim3() const {
  return dim3(x, y, z);
}
__device__ inline __cuda_builtin_blockDim_t::operator uint3() const {
  return {x, y, z};
}
__device__ inline __cuda_builtin_gridDim_t::operator dim3() const {
  return dim3(x, y, z);
}
__device__ inline __cuda_builtin_gridDim_t::operator uint3() const {
  return {x, y, z};
}

//===----------------------------------------------------------------------===//
// Runtime types (driver_types.h)
//===----------------------------------------------------------------------===//

enum cudaError {
  cudaSuccess = 0,
  cudaErrorInvalidValue = 1,
  cudaErrorMemoryAllocation = 2,
  cudaErrorInitializationError = 3,
  cudaErrorInvalidConfiguration = 9,
  cudaErrorInvalidDevicePointer = 17,
  cudaErrorInvalidMemcpyDirection = 21,
  cudaErrorNoDevice = 100,
  cudaErrorInvalidDevice = 101,
  cudaErrorNotReady = 600,
  cudaErrorLaunchFailure = 719,
  cudaErrorUnknown = 999
};
typedef enum cudaError cudaError_t;

enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0,
  cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4
};

enum cudaFuncAttribute {
  cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
  cudaFuncAttributePreferredSharedMemoryCarveout = 9
};

enum cudaFuncCache {
  cudaFuncCachePreferNone = 0,
  cudaFuncCachePreferShared = 1,
  cudaFuncCachePreferL1 = 2,
  cudaFuncCachePreferEqual = 3
};

typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;

#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaEventDefault 0x00
#define cudaEventBlockingSync 0x01
#define cudaEventDisableTiming 0x02
#define cudaHostAllocDefault 0x00
#define cudaMemAttachGlobal 0x01

/// The fields of cudaDeviceProp that sizing code commonly reads.
struct cudaDeviceProp {
  char name[256];
  size_t totalGlobalMem;
  size_t sharedMemPerBlock;
  int regsPerBlock;
  int warpSize;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  size_t totalConstMem;
  int major;
  int minor;
  int multiProcessorCount;
  int memoryBusWidth;
  int l2CacheSize;
  int maxThreadsPerMultiProcessor;
  size_t sharedMemPerMultiprocessor;
  size_t sharedMemPerBlockOptin;
};

//===----------------------------------------------------------------------===//
// Host runtime API (cuda_runtime_api.h), host side only
//===----------------------------------------------------------------------===//

extern "C" {
cudaError_t cudaMalloc(void **devPtr, size_t size);
cudaError_t cudaMallocManaged(void **devPtr, size_t size,
                              unsigned int flags = cudaMemAttachGlobal);
cudaError_t cudaMallocHost(void **ptr, size_t size);
cudaError_t cudaMallocPitch(void **devPtr, size_t *pitch, size_t width,
                            size_t height);
cudaError_t cudaFree(void *devPtr);
cudaError_t cudaFreeHost(void *ptr);
cudaError_t cudaMemcpy(void *dst, const void *src, size_t count,
                       enum cudaMemcpyKind kind);
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count,
                            enum cudaMemcpyKind kind, cudaStream_t stream = 0);
cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src,
                         size_t spitch, size_t width, size_t height,
                         enum cudaMemcpyKind kind);
cudaError_t cudaMemset(void *devPtr, int value, size_t count);
cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count,
                            cudaStream_t stream = 0);
cudaError_t
cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count,
                   size_t offset = 0,
                   enum cudaMemcpyKind kind = cudaMemcpyHostToDevice);
cudaError_t
cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count,
                     size_t offset = 0,
                     enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost);

cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaDeviceReset(void);
cudaError_t cudaGetLastError(void);
cudaError_t cudaPeekAtLastError(void);
const char *cudaGetErrorString(cudaError_t error);
const char *cudaGetErrorName(cudaError_t error);
cudaError_t cudaGetDeviceCount(int *count);
cudaError_t cudaGetDevice(int *device);
cudaError_t cudaSetDevice(int device);
cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device);

cudaError_t cudaStreamCreate(cudaStream_t *stream);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *stream, unsigned int flags);
cudaError_t cudaStreamDestroy(cudaStream_t stream);
cudaError_t cudaStreamSynchronize(cudaStream_t stream);

cudaError_t cudaEventCreate(cudaEvent_t *event);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags);
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream = 0);
cudaError_t cudaEventQuery(cudaEvent_t event);
cudaError_t cudaEventSynchronize(cudaEvent_t event);
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end);
cudaError_t cudaEventDestroy(cudaEvent_t event);

cudaError_t cudaFuncSetAttribute(const void *func, enum cudaFuncAttribute attr,
                                 int value);
cudaError_t cudaFuncSetCacheConfig(const void *func,
                                   enum cudaFuncCache cacheConfig);
cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim,
                             void **args, size_t sharedMem,
                             cudaStream_t stream);
cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 gridDim,
                                        dim3 blockDim, void **args,
                                        size_t sharedMem, cudaStream_t stream);
// cudaLaunchKernelEx's configuration; the attributes stay opaque.
typedef struct cudaLaunchAttribute_st cudaLaunchAttribute;
typedef struct cudaLaunchConfig_st {
  dim3 gridDim;
  dim3 blockDim;
  size_t dynamicSmemBytes;
  cudaStream_t stream;
  cudaLaunchAttribute *attrs;
  unsigned int numAttrs;
} cudaLaunchConfig_t;
cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *config,
                                const void *func, void **args);

// What Clang needs for `kernel<<<grid, block, shmem, stream>>>(args)`. Sema
// resolves the launch configuration through one of two names, picked from
// the CUDA SDK version it is told (-target-sdk-version, which the driver
// passes when it found a toolkit, to the device side only when it also links
// libdevice, so never with -nocudalib): 9.2 and later use
// __cudaPushCallConfiguration, no version or an older one cudaConfigureCall.
// Declaring both makes the shim parse under every combination. Code
// generation on the host side also calls __cudaPopCallConfiguration and
// cudaLaunchKernel.
unsigned __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim,
                                     size_t sharedMem = 0,
                                     cudaStream_t stream = 0);
cudaError_t __cudaPopCallConfiguration(dim3 *gridDim, dim3 *blockDim,
                                       size_t *sharedMem, void *stream);
cudaError_t cudaConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0,
                              cudaStream_t stream = 0);
} // extern "C"

// The typed conveniences of cuda_runtime.h.
template <class T>
static __inline__ __host__ cudaError_t cudaMalloc(T **devPtr, size_t size) {
  return ::cudaMalloc((void **)(void *)devPtr, size);
}
template <class T>
static __inline__ __host__ cudaError_t cudaMallocManaged(
    T **devPtr, size_t size, unsigned int flags = cudaMemAttachGlobal) {
  return ::cudaMallocManaged((void **)(void *)devPtr, size, flags);
}
template <class T>
static __inline__ __host__ cudaError_t cudaMallocHost(T **ptr, size_t size) {
  return ::cudaMallocHost((void **)(void *)ptr, size);
}
template <class T>
static __inline__ __host__ cudaError_t cudaMemcpyToSymbol(
    const T &symbol, const void *src, size_t count, size_t offset = 0,
    enum cudaMemcpyKind kind = cudaMemcpyHostToDevice) {
  return ::cudaMemcpyToSymbol((const void *)&symbol, src, count, offset, kind);
}
template <class T>
static __inline__ __host__ cudaError_t cudaMemcpyFromSymbol(
    void *dst, const T &symbol, size_t count, size_t offset = 0,
    enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost) {
  return ::cudaMemcpyFromSymbol(dst, (const void *)&symbol, count, offset,
                                kind);
}
template <class T>
static __inline__ __host__ cudaError_t
cudaFuncSetAttribute(T *func, enum cudaFuncAttribute attr, int value) {
  return ::cudaFuncSetAttribute((const void *)func, attr, value);
}
template <class T>
static __inline__ __host__ cudaError_t
cudaLaunchKernel(T *func, dim3 gridDim, dim3 blockDim, void **args,
                 size_t sharedMem = 0, cudaStream_t stream = 0) {
  return ::cudaLaunchKernel((const void *)func, gridDim, blockDim, args,
                            sharedMem, stream);
}
template <class T>
static __inline__ __host__ cudaError_t
cudaLaunchCooperativeKernel(T *func, dim3 gridDim, dim3 blockDim, void **args,
                            size_t sharedMem = 0, cudaStream_t stream = 0) {
  return ::cudaLaunchCooperativeKernel((const void *)func, gridDim, blockDim,
                                       args, sharedMem, stream);
}
template <typename... ExpTypes, typename... ActTypes>
static __inline__ __host__ cudaError_t
cudaLaunchKernelEx(const cudaLaunchConfig_t *config,
                   void (*kernel)(ExpTypes...), ActTypes &&...args) {
  return [&](ExpTypes... coercedArgs) {
    void *pArgs[] = {&coercedArgs...};
    return ::cudaLaunchKernelExC(config, (const void *)kernel, pArgs);
  }(static_cast<ActTypes &&>(args)...);
}

//===----------------------------------------------------------------------===//
// Device-side C library (what Clang's own CUDA wrapper provides)
//===----------------------------------------------------------------------===//

extern "C" {
__device__ int printf(const char *, ...);
__device__ int vprintf(const char *, const char *);
__device__ void *malloc(size_t) __attribute__((nothrow));
__device__ void free(void *) __attribute__((nothrow));
__device__ void __assertfail(const char *message, const char *file,
                             unsigned line, const char *function,
                             size_t charSize);
// glibc's assert() expands to __assert_fail; give device code one.
__device__ static __inline__ void __assert_fail(const char *message,
                                                const char *file, unsigned line,
                                                const char *function) {
  __assertfail(message, file, line, function, sizeof(char));
}
} // extern "C"

//===----------------------------------------------------------------------===//
// Synchronisation, memory fences, warp-level primitives
//===----------------------------------------------------------------------===//

__device__ void __syncthreads(void);
__device__ int __syncthreads_count(int predicate);
__device__ int __syncthreads_and(int predicate);
__device__ int __syncthreads_or(int predicate);
__device__ void __syncwarp(unsigned int mask = 0xffffffffu);
__device__ void __threadfence(void);
__device__ void __threadfence_block(void);
__device__ void __threadfence_system(void);
__device__ void __nanosleep(unsigned int ns);
__device__ long long clock64(void);

__device__ unsigned int __activemask(void);
__device__ unsigned int __ballot_sync(unsigned int mask, int predicate);
__device__ int __all_sync(unsigned int mask, int predicate);
__device__ int __any_sync(unsigned int mask, int predicate);
__device__ unsigned int __match_any_sync(unsigned int mask, int value);

#define GPUMEM_SHIM_SHUFFLES(T)                                                \
  __device__ T __shfl_sync(unsigned int mask, T var, int srcLane,              \
                           int width = 32);                                    \
  __device__ T __shfl_up_sync(unsigned int mask, T var, unsigned int delta,    \
                              int width = 32);                                 \
  __device__ T __shfl_down_sync(unsigned int mask, T var, unsigned int delta,  \
                                int width = 32);                               \
  __device__ T __shfl_xor_sync(unsigned int mask, T var, int laneMask,         \
                               int width = 32);
GPUMEM_SHIM_SHUFFLES(int)
GPUMEM_SHIM_SHUFFLES(unsigned int)
GPUMEM_SHIM_SHUFFLES(long)
GPUMEM_SHIM_SHUFFLES(unsigned long)
GPUMEM_SHIM_SHUFFLES(long long)
GPUMEM_SHIM_SHUFFLES(unsigned long long)
GPUMEM_SHIM_SHUFFLES(float)
GPUMEM_SHIM_SHUFFLES(double)
#undef GPUMEM_SHIM_SHUFFLES

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

__device__ int atomicAdd(int *address, int val);
__device__ unsigned int atomicAdd(unsigned int *address, unsigned int val);
__device__ unsigned long long atomicAdd(unsigned long long *address,
                                        unsigned long long val);
__device__ float atomicAdd(float *address, float val);
__device__ double atomicAdd(double *address, double val);
__device__ int atomicSub(int *address, int val);
__device__ unsigned int atomicSub(unsigned int *address, unsigned int val);
__device__ int atomicExch(int *address, int val);
__device__ unsigned int atomicExch(unsigned int *address, unsigned int val);
__device__ unsigned long long atomicExch(unsigned long long *address,
                                         unsigned long long val);
__device__ float atomicExch(float *address, float val);
__device__ int atomicMin(int *address, int val);
__device__ unsigned int atomicMin(unsigned int *address, unsigned int val);
__device__ long long atomicMin(long long *address, long long val);
__device__ unsigned long long atomicMin(unsigned long long *address,
                                        unsigned long long val);
__device__ int atomicMax(int *address, int val);
__device__ unsigned int atomicMax(unsigned int *address, unsigned int val);
__device__ long long atomicMax(long long *address, long long val);
__device__ unsigned long long atomicMax(unsigned long long *address,
                                        unsigned long long val);
__device__ unsigned int atomicInc(unsigned int *address, unsigned int val);
__device__ unsigned int atomicDec(unsigned int *address, unsigned int val);
__device__ int atomicCAS(int *address, int compare, int val);
__device__ unsigned int atomicCAS(unsigned int *address, unsigned int compare,
                                  unsigned int val);
__device__ unsigned long long atomicCAS(unsigned long long *address,
                                        unsigned long long compare,
                                        unsigned long long val);
__device__ unsigned short atomicCAS(unsigned short *address,
                                    unsigned short compare, unsigned short val);
__device__ int atomicAnd(int *address, int val);
__device__ unsigned int atomicAnd(unsigned int *address, unsigned int val);
__device__ int atomicOr(int *address, int val);
__device__ unsigned int atomicOr(unsigned int *address, unsigned int val);
__device__ int atomicXor(int *address, int val);
__device__ unsigned int atomicXor(unsigned int *address, unsigned int val);

//===----------------------------------------------------------------------===//
// Cache-hinted loads and stores: __ldg and friends
//===----------------------------------------------------------------------===//

// __ldg reads through the read-only data cache; __ldcg/__ldca/__ldcs/__ldlu/
// __ldcv choose other cache policies. For the analysis they are all plain
// global loads of *Ptr, with the width of the pointee.
#define GPUMEM_SHIM_CACHED_LOAD(Name, T) __device__ T Name(const T *Ptr);
#define GPUMEM_SHIM_CACHED_STORE(Name, T) __device__ void Name(T *Ptr, T Value);
#define GPUMEM_SHIM_FOR_EACH_LDG_TYPE(X, Name)                                 \
  X(Name, char)                                                                \
  X(Name, signed char) X(Name, short) X(Name, int) X(Name, long)               \
      X(Name, long long) X(Name, unsigned char) X(Name, unsigned short)        \
          X(Name, unsigned int) X(Name, unsigned long)                         \
              X(Name, unsigned long long) X(Name, float) X(Name, double)       \
                  X(Name, char2) X(Name, char4) X(Name, short2)                \
                      X(Name, short4) X(Name, int2) X(Name, int4)              \
                          X(Name, longlong2) X(Name, uchar2) X(Name, uchar4)   \
                              X(Name, ushort2) X(Name, ushort4) X(Name, uint2) \
                                  X(Name, uint4) X(Name, ulonglong2)           \
                                      X(Name, float2) X(Name, float4)          \
                                          X(Name, double2)
GPUMEM_SHIM_FOR_EACH_LDG_TYPE(GPUMEM_SHIM_CACHED_LOAD, __ldg)
GPUMEM_SHIM_FOR_EACH_LDG_TYPE(GPUMEM_SHIM_CACHED_LOAD, __ldcg)
GPUMEM_SHIM_FOR_EACH_LDG_TYPE(GPUMEM_SHIM_CACHED_LOAD, __ldca)
GPUMEM_SHIM_FOR_EACH_LDG_TYPE(GPUMEM_SHIM_CACHED_LOAD, __ldcs)
GPUMEM_SHIM_FOR_EACH_LDG_TYPE(GPUMEM_SHIM_CACHED_LOAD, __ldlu)
GPUMEM_SHIM_FOR_EACH_LDG_TYPE(GPUMEM_SHIM_CACHED_LOAD, __ldcv)
GPUMEM_SHIM_FOR_EACH_LDG_TYPE(GPUMEM_SHIM_CACHED_STORE, __stwb)
GPUMEM_SHIM_FOR_EACH_LDG_TYPE(GPUMEM_SHIM_CACHED_STORE, __stcg)
GPUMEM_SHIM_FOR_EACH_LDG_TYPE(GPUMEM_SHIM_CACHED_STORE, __stcs)
GPUMEM_SHIM_FOR_EACH_LDG_TYPE(GPUMEM_SHIM_CACHED_STORE, __stwt)
#undef GPUMEM_SHIM_FOR_EACH_LDG_TYPE
#undef GPUMEM_SHIM_CACHED_STORE
#undef GPUMEM_SHIM_CACHED_LOAD

//===----------------------------------------------------------------------===//
// Address conversions for inline PTX (sm_20_intrinsics.h in the toolkit)
//===----------------------------------------------------------------------===//

// A generic pointer as an address of a state space: inline PTX takes a
// shared address as the 32-bit integer __cvta_generic_to_shared gives.
__device__ size_t __cvta_generic_to_shared(const void *ptr);
__device__ size_t __cvta_generic_to_global(const void *ptr);
__device__ void *__cvta_shared_to_generic(size_t rawbits);
__device__ void *__cvta_global_to_generic(size_t rawbits);

//===----------------------------------------------------------------------===//
// Integer and type-punning intrinsics
//===----------------------------------------------------------------------===//

__device__ int __popc(unsigned int x);
__device__ int __popcll(unsigned long long x);
__device__ int __clz(int x);
__device__ int __clzll(long long x);
__device__ int __ffs(int x);
__device__ int __ffsll(long long x);
__device__ unsigned int __brev(unsigned int x);
__device__ int __mul24(int x, int y);
__device__ unsigned int __umul24(unsigned int x, unsigned int y);
__device__ int __mulhi(int x, int y);
__device__ unsigned int __umulhi(unsigned int x, unsigned int y);
__device__ unsigned int __funnelshift_l(unsigned int lo, unsigned int hi,
                                        unsigned int shift);
__device__ unsigned int __funnelshift_r(unsigned int lo, unsigned int hi,
                                        unsigned int shift);
__device__ int __float_as_int(float x);
__device__ unsigned int __float_as_uint(float x);
__device__ float __int_as_float(int x);
__device__ float __uint_as_float(unsigned int x);
__device__ long long __double_as_longlong(double x);
__device__ double __longlong_as_double(long long x);
__device__ int __float2int_rn(float x);
__device__ int __float2int_rz(float x);
__device__ unsigned int __float2uint_rn(float x);
__device__ float __int2float_rn(int x);
__device__ float __uint2float_rn(unsigned int x);
__device__ float __double2float_rn(double x);
__device__ int __double2int_rn(double x);

//===----------------------------------------------------------------------===//
// Math (math_functions.h, device_functions.h)
//===----------------------------------------------------------------------===//

// Device overloads of the C math library, as Clang's own CUDA headers define
// them: static, so they overload (by execution space) the host declarations
// of <math.h> instead of clashing with their C linkage. The bodies are Clang
// builtins, exact enough for analysis.
#define GPUMEM_SHIM_MATH static __device__ __forceinline__

GPUMEM_SHIM_MATH float sqrtf(float x) { return __builtin_sqrtf(x); }
GPUMEM_SHIM_MATH float rsqrtf(float x) { return 1.0f / __builtin_sqrtf(x); }
GPUMEM_SHIM_MATH float cbrtf(float x) { return __builtin_cbrtf(x); }
GPUMEM_SHIM_MATH float expf(float x) { return __builtin_expf(x); }
GPUMEM_SHIM_MATH float exp2f(float x) { return __builtin_exp2f(x); }
GPUMEM_SHIM_MATH float expm1f(float x) { return __builtin_expm1f(x); }
GPUMEM_SHIM_MATH float logf(float x) { return __builtin_logf(x); }
GPUMEM_SHIM_MATH float log2f(float x) { return __builtin_log2f(x); }
GPUMEM_SHIM_MATH float log10f(float x) { return __builtin_log10f(x); }
GPUMEM_SHIM_MATH float log1pf(float x) { return __builtin_log1pf(x); }
GPUMEM_SHIM_MATH float powf(float x, float y) { return __builtin_powf(x, y); }
GPUMEM_SHIM_MATH float sinf(float x) { return __builtin_sinf(x); }
GPUMEM_SHIM_MATH float cosf(float x) { return __builtin_cosf(x); }
GPUMEM_SHIM_MATH float tanf(float x) { return __builtin_tanf(x); }
GPUMEM_SHIM_MATH void sincosf(float x, float *s, float *c) {
  *s = __builtin_sinf(x);
  *c = __builtin_cosf(x);
}
GPUMEM_SHIM_MATH float asinf(float x) { return __builtin_asinf(x); }
GPUMEM_SHIM_MATH float acosf(float x) { return __builtin_acosf(x); }
GPUMEM_SHIM_MATH float atanf(float x) { return __builtin_atanf(x); }
GPUMEM_SHIM_MATH float atan2f(float y, float x) {
  return __builtin_atan2f(y, x);
}
GPUMEM_SHIM_MATH float sinhf(float x) { return __builtin_sinhf(x); }
GPUMEM_SHIM_MATH float coshf(float x) { return __builtin_coshf(x); }
GPUMEM_SHIM_MATH float tanhf(float x) { return __builtin_tanhf(x); }
GPUMEM_SHIM_MATH float erff(float x) { return __builtin_erff(x); }
GPUMEM_SHIM_MATH float hypotf(float x, float y) {
  return __builtin_hypotf(x, y);
}
GPUMEM_SHIM_MATH float fabsf(float x) { return __builtin_fabsf(x); }
GPUMEM_SHIM_MATH float fminf(float x, float y) { return __builtin_fminf(x, y); }
GPUMEM_SHIM_MATH float fmaxf(float x, float y) { return __builtin_fmaxf(x, y); }
GPUMEM_SHIM_MATH float fmodf(float x, float y) { return __builtin_fmodf(x, y); }
GPUMEM_SHIM_MATH float floorf(float x) { return __builtin_floorf(x); }
GPUMEM_SHIM_MATH float ceilf(float x) { return __builtin_ceilf(x); }
GPUMEM_SHIM_MATH float roundf(float x) { return __builtin_roundf(x); }
GPUMEM_SHIM_MATH float truncf(float x) { return __builtin_truncf(x); }
GPUMEM_SHIM_MATH float copysignf(float x, float y) {
  return __builtin_copysignf(x, y);
}
GPUMEM_SHIM_MATH float fmaf(float x, float y, float z) {
  return __builtin_fmaf(x, y, z);
}

GPUMEM_SHIM_MATH double sqrt(double x) { return __builtin_sqrt(x); }
GPUMEM_SHIM_MATH double rsqrt(double x) { return 1.0 / __builtin_sqrt(x); }
GPUMEM_SHIM_MATH double cbrt(double x) { return __builtin_cbrt(x); }
GPUMEM_SHIM_MATH double exp(double x) { return __builtin_exp(x); }
GPUMEM_SHIM_MATH double exp2(double x) { return __builtin_exp2(x); }
GPUMEM_SHIM_MATH double log(double x) { return __builtin_log(x); }
GPUMEM_SHIM_MATH double log2(double x) { return __builtin_log2(x); }
GPUMEM_SHIM_MATH double log10(double x) { return __builtin_log10(x); }
GPUMEM_SHIM_MATH double pow(double x, double y) { return __builtin_pow(x, y); }
GPUMEM_SHIM_MATH double sin(double x) { return __builtin_sin(x); }
GPUMEM_SHIM_MATH double cos(double x) { return __builtin_cos(x); }
GPUMEM_SHIM_MATH double tan(double x) { return __builtin_tan(x); }
GPUMEM_SHIM_MATH double atan2(double y, double x) {
  return __builtin_atan2(y, x);
}
GPUMEM_SHIM_MATH double tanh(double x) { return __builtin_tanh(x); }
GPUMEM_SHIM_MATH double erf(double x) { return __builtin_erf(x); }
GPUMEM_SHIM_MATH double fabs(double x) { return __builtin_fabs(x); }
GPUMEM_SHIM_MATH double fmin(double x, double y) {
  return __builtin_fmin(x, y);
}
GPUMEM_SHIM_MATH double fmax(double x, double y) {
  return __builtin_fmax(x, y);
}
GPUMEM_SHIM_MATH double fmod(double x, double y) {
  return __builtin_fmod(x, y);
}
GPUMEM_SHIM_MATH double floor(double x) { return __builtin_floor(x); }
GPUMEM_SHIM_MATH double ceil(double x) { return __builtin_ceil(x); }
GPUMEM_SHIM_MATH double round(double x) { return __builtin_round(x); }
GPUMEM_SHIM_MATH double trunc(double x) { return __builtin_trunc(x); }
GPUMEM_SHIM_MATH double fma(double x, double y, double z) {
  return __builtin_fma(x, y, z);
}

// Intrinsics with an explicit rounding mode or reduced precision. For
// analysis, each is its plain operation.
GPUMEM_SHIM_MATH float __fmaf_rn(float x, float y, float z) {
  return __builtin_fmaf(x, y, z);
}
GPUMEM_SHIM_MATH float __fmaf_rz(float x, float y, float z) {
  return __builtin_fmaf(x, y, z);
}
GPUMEM_SHIM_MATH float __fadd_rn(float x, float y) { return x + y; }
GPUMEM_SHIM_MATH float __fsub_rn(float x, float y) { return x - y; }
GPUMEM_SHIM_MATH float __fmul_rn(float x, float y) { return x * y; }
GPUMEM_SHIM_MATH float __fdiv_rn(float x, float y) { return x / y; }
GPUMEM_SHIM_MATH float __fdividef(float x, float y) { return x / y; }
GPUMEM_SHIM_MATH float __frcp_rn(float x) { return 1.0f / x; }
GPUMEM_SHIM_MATH float __fsqrt_rn(float x) { return __builtin_sqrtf(x); }
GPUMEM_SHIM_MATH float __frsqrt_rn(float x) {
  return 1.0f / __builtin_sqrtf(x);
}
GPUMEM_SHIM_MATH float __expf(float x) { return __builtin_expf(x); }
GPUMEM_SHIM_MATH float __exp10f(float x) { return __builtin_powf(10.0f, x); }
GPUMEM_SHIM_MATH float __logf(float x) { return __builtin_logf(x); }
GPUMEM_SHIM_MATH float __log2f(float x) { return __builtin_log2f(x); }
GPUMEM_SHIM_MATH float __powf(float x, float y) { return __builtin_powf(x, y); }
GPUMEM_SHIM_MATH float __sinf(float x) { return __builtin_sinf(x); }
GPUMEM_SHIM_MATH float __cosf(float x) { return __builtin_cosf(x); }
GPUMEM_SHIM_MATH float __tanf(float x) { return __builtin_tanf(x); }
GPUMEM_SHIM_MATH void __sincosf(float x, float *s, float *c) {
  *s = __builtin_sinf(x);
  *c = __builtin_cosf(x);
}
GPUMEM_SHIM_MATH float __saturatef(float x) {
  return x < 0.0f ? 0.0f : (x > 1.0f ? 1.0f : x);
}
GPUMEM_SHIM_MATH double __fma_rn(double x, double y, double z) {
  return __builtin_fma(x, y, z);
}
GPUMEM_SHIM_MATH double __dadd_rn(double x, double y) { return x + y; }
GPUMEM_SHIM_MATH double __dmul_rn(double x, double y) { return x * y; }
GPUMEM_SHIM_MATH double __drcp_rn(double x) { return 1.0 / x; }
#undef GPUMEM_SHIM_MATH

// min and max: CUDA declares these host and device, for every arithmetic
// type pair; the common same-type ones suffice here.
#define GPUMEM_SHIM_MINMAX(T)                                                  \
  static __inline__ __host__ __device__ T min(T a, T b) {                      \
    return a < b ? a : b;                                                      \
  }                                                                            \
  static __inline__ __host__ __device__ T max(T a, T b) {                      \
    return a < b ? b : a;                                                      \
  }
GPUMEM_SHIM_MINMAX(int)
GPUMEM_SHIM_MINMAX(unsigned int)
GPUMEM_SHIM_MINMAX(long)
GPUMEM_SHIM_MINMAX(unsigned long)
GPUMEM_SHIM_MINMAX(long long)
GPUMEM_SHIM_MINMAX(unsigned long long)
GPUMEM_SHIM_MINMAX(float)
GPUMEM_SHIM_MINMAX(double)
#undef GPUMEM_SHIM_MINMAX

#endif // GPUMEM_CUDA_SHIM_CUDA_RUNTIME_H
