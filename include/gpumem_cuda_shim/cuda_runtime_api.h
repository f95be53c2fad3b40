//===- cuda_runtime_api.h - CUDA shim: forwards to cuda_runtime.h ---------*- C++ -*-===//
//
// The gpumem CUDA shim keeps everything in one header; this name exists so
// that `#include <cuda_runtime_api.h>` in user code finds it. See cuda_runtime.h.
//
//===----------------------------------------------------------------------===//
#include "cuda_runtime.h"
