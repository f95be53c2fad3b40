//===- gpumem_half_types.h - 2-byte float types of the shim ------*- C++ -*-===//
//
// __half, __half2, __nv_bfloat16 and __nv_bfloat162 for static analysis:
// the sizes and alignments of the toolkit's types (2, 4, 2, 4 bytes), their
// conversions, their arithmetic and comparison operators, and the common
// intrinsics by name. Operators take `const T &`, as the toolkit's do, so
// an element of an array used in `a[i] * b[i]` is read by the operator.
// Everything is a declaration: the analysis needs the types and the calls,
// not the arithmetic. cuda_fp16.h and cuda_bf16.h include this file.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CUDA_SHIM_HALF_TYPES_H
#define GPUMEM_CUDA_SHIM_HALF_TYPES_H

#include "cuda_runtime.h"

// One 2-byte type T with its pair type T2 (two T, 4-byte aligned).
#define GPUMEM_SHIM_HALF_TYPE(T, T2, Raw)                                      \
  struct Raw {                                                                 \
    unsigned short x;                                                          \
  };                                                                           \
  struct __align__(2) T {                                                      \
    unsigned short __x;                                                        \
    T() = default;                                                             \
    __host__ __device__ T(const Raw &r);                                       \
    __host__ __device__ T(float f);                                            \
    __host__ __device__ T(double f);                                           \
    __host__ __device__ T(int i);                                              \
    __host__ __device__ T(unsigned int i);                                     \
    __host__ __device__ operator float() const;                                \
    __host__ __device__ operator Raw() const;                                  \
    __host__ __device__ T &operator=(float f);                                 \
    __host__ __device__ T &operator=(const Raw &r);                            \
  };                                                                           \
  struct __align__(4) T2 {                                                     \
    T x, y;                                                                    \
    T2() = default;                                                            \
    __host__ __device__ T2(const T &a, const T &b) : x(a), y(b) {}             \
  };                                                                           \
  __device__ T operator+(const T &a, const T &b);                              \
  __device__ T operator-(const T &a, const T &b);                              \
  __device__ T operator*(const T &a, const T &b);                              \
  __device__ T operator/(const T &a, const T &b);                              \
  __device__ T operator-(const T &a);                                          \
  __device__ T &operator+=(T &a, const T &b);                                  \
  __device__ T &operator-=(T &a, const T &b);                                  \
  __device__ T &operator*=(T &a, const T &b);                                  \
  __device__ T &operator/=(T &a, const T &b);                                  \
  __device__ bool operator==(const T &a, const T &b);                          \
  __device__ bool operator!=(const T &a, const T &b);                          \
  __device__ bool operator<(const T &a, const T &b);                           \
  __device__ bool operator>(const T &a, const T &b);                           \
  __device__ bool operator<=(const T &a, const T &b);                          \
  __device__ bool operator>=(const T &a, const T &b);                          \
  __device__ T2 operator+(const T2 &a, const T2 &b);                           \
  __device__ T2 operator-(const T2 &a, const T2 &b);                           \
  __device__ T2 operator*(const T2 &a, const T2 &b);                           \
  __device__ T2 operator/(const T2 &a, const T2 &b);                           \
  __device__ T2 &operator+=(T2 &a, const T2 &b);                               \
  __device__ T2 &operator-=(T2 &a, const T2 &b);                               \
  __device__ T2 &operator*=(T2 &a, const T2 &b);                               \
  __device__ T2 &operator/=(T2 &a, const T2 &b);

GPUMEM_SHIM_HALF_TYPE(__half, __half2, __half_raw)
GPUMEM_SHIM_HALF_TYPE(__nv_bfloat16, __nv_bfloat162, __nv_bfloat16_raw)
#undef GPUMEM_SHIM_HALF_TYPE

typedef __half half;
typedef __half2 half2;
typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;

// Conversions and arithmetic intrinsics (by value, as the toolkit's).
__host__ __device__ __half __float2half(const float a);
__host__ __device__ __half __float2half_rn(const float a);
__host__ __device__ float __half2float(const __half a);
__host__ __device__ __half2 __float2half2_rn(const float a);
__host__ __device__ __half2 __floats2half2_rn(const float a, const float b);
__host__ __device__ float2 __half22float2(const __half2 a);
__host__ __device__ __half2 __halves2half2(const __half a, const __half b);
__host__ __device__ __half2 __half2half2(const __half a);
__host__ __device__ __half __low2half(const __half2 a);
__host__ __device__ __half __high2half(const __half2 a);
__host__ __device__ float __low2float(const __half2 a);
__host__ __device__ float __high2float(const __half2 a);
__device__ __half __hadd(const __half a, const __half b);
__device__ __half __hsub(const __half a, const __half b);
__device__ __half __hmul(const __half a, const __half b);
__device__ __half __hdiv(const __half a, const __half b);
__device__ __half __hfma(const __half a, const __half b, const __half c);
__device__ __half __hneg(const __half a);
__device__ __half __hmax(const __half a, const __half b);
__device__ __half __hmin(const __half a, const __half b);
__device__ __half2 __hadd2(const __half2 a, const __half2 b);
__device__ __half2 __hsub2(const __half2 a, const __half2 b);
__device__ __half2 __hmul2(const __half2 a, const __half2 b);
__device__ __half2 __h2div(const __half2 a, const __half2 b);
__device__ __half2 __hfma2(const __half2 a, const __half2 b, const __half2 c);
__device__ __half2 __hmax2(const __half2 a, const __half2 b);
__device__ __half2 __hmin2(const __half2 a, const __half2 b);
__device__ __half hexp(const __half a);
__device__ __half hsqrt(const __half a);
__device__ __half hrsqrt(const __half a);
__device__ __half2 h2exp(const __half2 a);
__device__ __half __ldg(const __half *p);
__device__ __half2 __ldg(const __half2 *p);
__device__ __half __shfl_xor_sync(unsigned mask, __half var, int lane,
                                  int width = 32);
__device__ __half2 __shfl_xor_sync(unsigned mask, __half2 var, int lane,
                                   int width = 32);

__host__ __device__ __nv_bfloat16 __float2bfloat16(const float a);
__host__ __device__ __nv_bfloat16 __float2bfloat16_rn(const float a);
__host__ __device__ float __bfloat162float(const __nv_bfloat16 a);
__host__ __device__ __nv_bfloat162 __floats2bfloat162_rn(const float a,
                                                         const float b);
__host__ __device__ __nv_bfloat162 __float2bfloat162_rn(const float a);
__host__ __device__ float2 __bfloat1622float2(const __nv_bfloat162 a);
__host__ __device__ __nv_bfloat162 __halves2bfloat162(const __nv_bfloat16 a,
                                                      const __nv_bfloat16 b);
__host__ __device__ __nv_bfloat16 __low2bfloat16(const __nv_bfloat162 a);
__host__ __device__ __nv_bfloat16 __high2bfloat16(const __nv_bfloat162 a);
__device__ __nv_bfloat16 __hadd(const __nv_bfloat16 a, const __nv_bfloat16 b);
__device__ __nv_bfloat16 __hmul(const __nv_bfloat16 a, const __nv_bfloat16 b);
__device__ __nv_bfloat16 __hfma(const __nv_bfloat16 a, const __nv_bfloat16 b,
                                const __nv_bfloat16 c);
__device__ __nv_bfloat162 __hadd2(const __nv_bfloat162 a,
                                  const __nv_bfloat162 b);
__device__ __nv_bfloat162 __hmul2(const __nv_bfloat162 a,
                                  const __nv_bfloat162 b);
__device__ __nv_bfloat162 __hfma2(const __nv_bfloat162 a,
                                  const __nv_bfloat162 b,
                                  const __nv_bfloat162 c);
__device__ __nv_bfloat16 __ldg(const __nv_bfloat16 *p);
__device__ __nv_bfloat162 __ldg(const __nv_bfloat162 *p);

#endif // GPUMEM_CUDA_SHIM_HALF_TYPES_H
