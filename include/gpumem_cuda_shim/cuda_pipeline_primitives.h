//===- cuda_pipeline_primitives.h - the toolkit's cp.async in C++ (shim) --===//
//
// What the toolkit's header of the same name declares for device code:
// __pipeline_memcpy_async copies 4, 8 or 16 bytes from global to shared
// memory without the registers (cp.async); the commits and waits order
// the copies. Declarations only: the analysis reads the calls.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_SHIM_CUDA_PIPELINE_PRIMITIVES_H
#define GPUMEM_SHIM_CUDA_PIPELINE_PRIMITIVES_H

#include "cuda_runtime.h"

__device__ void __pipeline_memcpy_async(void *dst_shared,
                                        const void *src_global,
                                        size_t size_and_align,
                                        size_t zfill = 0);
__device__ void __pipeline_commit();
__device__ void __pipeline_wait_prior(size_t prior);

#endif // GPUMEM_SHIM_CUDA_PIPELINE_PRIMITIVES_H
