// Issue 26: a torch extension analysed without torch's headers (here a
// header no machine has, standing for them, since a machine with
// libtorch-dev has torch/extension.h): the host
// code that instantiates the template kernel does not compile, so the
// kernel never exists, and the file gave no kernel and no word. It now
// says so, under a name of its own (gpumem-diagnostic-*: not a finding),
// and the missing header's warning counts the kernels analysed.
//
// RUN: %clang_tidy --checks='-*,gpumem-*' %s -- %cuda_flags > %t.out 2>&1 || true
// RUN: FileCheck %s --input-file=%t.out
//
// A clean file whose template kernel nobody instantiates (a header-only
// library) says nothing.
// RUN: %clang_tidy --checks='-*,gpumem-*' %S/Inputs/unused-template-kernel.cu -- %cuda_flags > %t.clean 2>&1
// RUN: not grep -E 'warning|error' %t.clean

#include "gpumem-absent/torch_like_extension.h"
// CHECK: :[[@LINE-1]]:10: warning: header 'gpumem-absent/torch_like_extension.h' not found; the file is analysed without it (0 kernels analysed) [gpumem-diagnostic-missing-header]

template <typename T> __global__ void scaleKernel(T *data, int n) {
  // CHECK: :[[@LINE-1]]:39: warning: no kernel analysed in this file: 'scaleKernel' is never instantiated, so it is not analysed (the file did not compile: 'gpumem-absent/torch_like_extension.h' not found) [gpumem-diagnostic-uninstantiated-kernel]
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i * 2] *= 2;
}

void scale(torch::Tensor t) {
  scaleKernel<float><<<1, 256>>>(t.data_ptr<float>(), t.numel());
}
