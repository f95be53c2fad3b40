//===- cuda_fp16.h - forwards to the gpumem CUDA shim ----------------*- C++ -*-===//
//
// The shim's 2-byte float types (__half and __nv_bfloat16 with their pair
// types) are in gpumem_half_types.h; this name exists so that `#include
// <cuda_fp16.h>` in user code finds them.
//
//===----------------------------------------------------------------------===//
#include "gpumem_half_types.h"
