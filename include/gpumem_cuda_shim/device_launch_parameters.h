//===- device_launch_parameters.h - forwards to the CUDA shim ---*- C++ -*-===//
//
// The shim keeps everything in cuda_runtime.h; this name exists so that
// `#include <device_launch_parameters.h>` in user code finds it.
//
//===----------------------------------------------------------------------===//
#include "cuda_runtime.h"
