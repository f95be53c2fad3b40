//===- gpumem_cuda_compat.h - what Clang 22 lacks for a real toolkit ------===//
//
// Pre-included by gpumem-tidy (and gpumem-clangd's translated databases)
// when it parses CUDA with a real toolkit, never with the shim. It only
// declares: gpumem-tidy parses and never generates code.
//
//  - Device intrinsics nvcc declares in sm_32_intrinsics.h and Clang 22's
//    CUDA wrapper does not implement (__stcs, __stcg, __stwb, __ldca,
//    __ldlu). They are templates, so an overload the toolkit or a later
//    Clang declares for a type is preferred and nothing is redeclared.
//  - min and max for host code: nvcc declares them host and device, Clang
//    device only.
//  - Host APIs the toolkit removed, declared only for the toolkits that
//    lack them (CUDART_VERSION): cudaConfigureCall, which a Clang older
//    than the toolkit launches kernels with, texture and surface
//    references (CUDA 12),
//    the cudaThread* functions and the device-number forms of
//    cudaMemAdvise and cudaMemPrefetchAsync (CUDA 13). Host code using them
//    is common in projects older than the toolkit installed; without these
//    its errors would hide, or with Clang's error limit end, the analysis
//    of the kernels next to it.
//
// Removed struct fields (cudaDeviceProp::clockRate, ...) cannot be
// declared back; host code reading them still gets an error, which no
// longer stops the analysis.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CUDA_COMPAT_H
#define GPUMEM_CUDA_COMPAT_H

#if defined(__CUDA__) && defined(__cplusplus) && defined(CUDART_VERSION)

template <class T> __device__ T __ldca(const T *ptr);
template <class T> __device__ T __ldlu(const T *ptr);
template <class T, class V> __device__ void __stcg(T *ptr, V value);
template <class T, class V> __device__ void __stcs(T *ptr, V value);
template <class T, class V> __device__ void __stwb(T *ptr, V value);

// min and max on the host. nvcc's math_functions.hpp declares them for
// host and device; under Clang they are device functions only, and host
// code calling max(float, float) (timing printouts, launch-size arithmetic)
// does not parse. The same overloads, host side: non-templates, as nvcc's,
// so they win over std::min/std::max as they do there.
#define GPUMEM_HOST_MIN_MAX(Result, A, B)                                      \
  __host__ Result min(A, B);                                                   \
  __host__ Result max(A, B);
GPUMEM_HOST_MIN_MAX(int, int, int)
GPUMEM_HOST_MIN_MAX(unsigned int, unsigned int, unsigned int)
GPUMEM_HOST_MIN_MAX(unsigned int, int, unsigned int)
GPUMEM_HOST_MIN_MAX(unsigned int, unsigned int, int)
GPUMEM_HOST_MIN_MAX(long, long, long)
GPUMEM_HOST_MIN_MAX(unsigned long, unsigned long, unsigned long)
GPUMEM_HOST_MIN_MAX(unsigned long, long, unsigned long)
GPUMEM_HOST_MIN_MAX(unsigned long, unsigned long, long)
GPUMEM_HOST_MIN_MAX(long long, long long, long long)
GPUMEM_HOST_MIN_MAX(unsigned long long, unsigned long long, unsigned long long)
GPUMEM_HOST_MIN_MAX(unsigned long long, long long, unsigned long long)
GPUMEM_HOST_MIN_MAX(unsigned long long, unsigned long long, long long)
GPUMEM_HOST_MIN_MAX(float, float, float)
GPUMEM_HOST_MIN_MAX(double, double, double)
GPUMEM_HOST_MIN_MAX(double, float, double)
GPUMEM_HOST_MIN_MAX(double, double, float)
#undef GPUMEM_HOST_MIN_MAX

#if CUDART_VERSION >= 12000
template <class T, int Dim = 1,
          enum cudaTextureReadMode Mode = cudaReadModeElementType>
struct __attribute__((device_builtin_texture_type)) texture {
  int normalized;
  enum cudaTextureFilterMode filterMode;
  enum cudaTextureAddressMode addressMode[3];
  struct cudaChannelFormatDesc channelDesc;
};
template <class T, int Dim = 1>
struct __attribute__((device_builtin_surface_type)) surface {
  struct cudaChannelFormatDesc channelDesc;
};

template <class T, int Dim, enum cudaTextureReadMode Mode>
__device__ T tex1Dfetch(texture<T, Dim, Mode> tex, int x);
template <class T, int Dim, enum cudaTextureReadMode Mode>
__device__ T tex1D(texture<T, Dim, Mode> tex, float x);
template <class T, int Dim, enum cudaTextureReadMode Mode>
__device__ T tex2D(texture<T, Dim, Mode> tex, float x, float y);
template <class T, int Dim, enum cudaTextureReadMode Mode>
__device__ T tex3D(texture<T, Dim, Mode> tex, float x, float y, float z);

template <class T, int Dim, enum cudaTextureReadMode Mode>
__host__ cudaError_t cudaBindTexture(size_t *offset,
                                     const texture<T, Dim, Mode> &tex,
                                     const void *devPtr,
                                     size_t size = ~size_t(0));
template <class T, int Dim, enum cudaTextureReadMode Mode>
__host__ cudaError_t cudaBindTexture(size_t *offset,
                                     const texture<T, Dim, Mode> &tex,
                                     const void *devPtr,
                                     const struct cudaChannelFormatDesc &desc,
                                     size_t size = ~size_t(0));
template <class T, int Dim, enum cudaTextureReadMode Mode>
__host__ cudaError_t cudaBindTexture2D(size_t *offset,
                                       const texture<T, Dim, Mode> &tex,
                                       const void *devPtr, size_t width,
                                       size_t height, size_t pitch);
template <class T, int Dim, enum cudaTextureReadMode Mode>
__host__ cudaError_t cudaBindTextureToArray(const texture<T, Dim, Mode> &tex,
                                            cudaArray_const_t array);
template <class T, int Dim, enum cudaTextureReadMode Mode>
__host__ cudaError_t cudaUnbindTexture(const texture<T, Dim, Mode> &tex);
#endif

#if CUDART_VERSION >= 13000
extern "C++" {
__host__ cudaError_t cudaThreadSynchronize(void);
__host__ cudaError_t cudaThreadExit(void);
__host__ cudaError_t cudaThreadSetLimit(enum cudaLimit limit, size_t value);
__host__ cudaError_t cudaThreadGetLimit(size_t *value, enum cudaLimit limit);
__host__ cudaError_t cudaThreadSetCacheConfig(enum cudaFuncCache config);
__host__ cudaError_t cudaThreadGetCacheConfig(enum cudaFuncCache *config);
__host__ cudaError_t cudaMemAdvise(const void *devPtr, size_t count,
                                   enum cudaMemoryAdvise advice, int device);
__host__ cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count,
                                          int dstDevice,
                                          cudaStream_t stream = 0);
}
#endif

// The launch API before CUDA 9.2, which CUDA 12 removed. A Clang that does
// not know the toolkit's version (-target-sdk-version=12.9 is newer than
// its table: Debian's default clangd, 14, reading a translated database)
// lowers `k<<<g, b>>>()` to a call of it, and every launch was an error
// ("use of undeclared identifier cudaConfigureCall"). Clang 22 calls
// __cudaPushCallConfiguration and never this.
#if CUDART_VERSION >= 12000
extern "C" __host__ cudaError_t cudaConfigureCall(dim3 gridDim, dim3 blockDim,
                                                 size_t sharedMem = 0,
                                                 cudaStream_t stream = 0);
#endif

#endif // __CUDA__ && __cplusplus && CUDART_VERSION
#endif // GPUMEM_CUDA_COMPAT_H
