//===- vector_types.h - forwards to the gpumem CUDA shim --------*- C++ -*-===//
//
// The shim keeps everything in cuda_runtime.h; this name exists so that
// `#include <vector_types.h>` in user code finds it.
//
//===----------------------------------------------------------------------===//
#include "cuda_runtime.h"
