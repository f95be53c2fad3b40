// Issue 26: a torch extension analysed without torch's headers (here a
// header no machine has, standing for them, since a machine with
// libtorch-dev has torch/extension.h): the host code that instantiates
// the template kernel does not compile, so the kernel never exists, and
// the file gave no kernel and no word. It now says so, under a name of its
// own (gpumem-diagnostic-*: not a finding), and the missing header's
// warning counts the kernels analysed.
// Issue 25: such a kernel is analysed in an instantiation of the
// analysis's own (float for each type parameter, or its default type),
// said in the warning and in every finding's notes; one that cannot be
// made (a value parameter, an instantiation that does not compile) is
// named with the reason, and its errors stay quiet.
//
// RUN: %clang_tidy --checks='-*,gpumem-*' %s -- %cuda_flags > %t.out 2>&1 || true
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not='warning:' --implicit-check-not='error:'
// The standalone tool, the same.
// RUN: %if standalone %{ %gpumem_tidy --checks='-*,gpumem-*' %s -- %cuda_flags > %t.sa 2>&1 || true %}
// RUN: %if standalone %{ FileCheck %s --input-file=%t.sa --implicit-check-not='warning:' --implicit-check-not='error:' %}
//
// Issue 38: a clean file whose template kernel nobody instantiates (a
// header-only library of kernels, run directly) said nothing, and the
// kernel was lost in silence. It is analysed the same way, and the
// diagnostic says the file compiled.
// RUN: %clang_tidy --checks='-*,gpumem-*' %S/Inputs/unused-template-kernel.cu -- %cuda_flags > %t.clean 2>&1
// RUN: FileCheck %s --check-prefix=CLEAN --input-file=%t.clean --implicit-check-not='warning:' --implicit-check-not='error:'
// CLEAN: unused-template-kernel.cu:3:39: warning: 'strided' is never instantiated in this file; it is analysed as 'strided<float>', an instantiation of the analysis's own (float for 'T') [gpumem-diagnostic-uninstantiated-kernel]
// CLEAN: unused-template-kernel.cu:4:3: warning: uncoalesced global store of 'data[threadIdx.x * 2]': stride 8 bytes, 2 transactions per warp
// CLEAN: unused-template-kernel.cu:8:37: warning: 'stepped' is never instantiated in this file, so it is not analysed ('STEP' is a value its launches choose) [gpumem-diagnostic-uninstantiated-kernel]

#include "gpumem-absent/torch_like_extension.h"
// CHECK: :[[@LINE-1]]:10: warning: header 'gpumem-absent/torch_like_extension.h' not found; the file is analysed without it (2 kernels analysed) [gpumem-diagnostic-missing-header]

template <typename T> __device__ T twice(T v) { return v * 2; }

// Every other element of floats: 8 bytes apart, 2 transactions where 1
// would do. The helper template is instantiated with it.
template <typename T> __global__ void scaleKernel(T *data, int n) {
  // CHECK: :[[@LINE-1]]:39: warning: 'scaleKernel' is never instantiated (the file did not compile: 'gpumem-absent/torch_like_extension.h' not found); it is analysed as 'scaleKernel<float>', an instantiation of the analysis's own (float for 'T') [gpumem-diagnostic-uninstantiated-kernel]
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i * 2] = twice(data[i * 2]);
  // CHECK: :[[@LINE-1]]:5: warning: uncoalesced global store of 'data[i * 2]': stride 8 bytes, 2 transactions per warp (50.0% efficiency), 8 sectors
  // CHECK: :[[@LINE-2]]:5: note: in instantiation 'scaleKernel<float>', the analysis's own (float for 'T'): nothing that compiled instantiates the kernel
  // CHECK: :[[@LINE-3]]:25: warning: uncoalesced global load of 'data[i * 2]': stride 8 bytes, 2 transactions per warp (50.0% efficiency), 8 sectors
  // CHECK: :[[@LINE-4]]:25: note: in instantiation 'scaleKernel<float>', the analysis's own (float for 'T'): nothing that compiled instantiates the kernel
}

// A default type is taken as written: doubles 4 apart, lanes 32 bytes
// apart span 1000 bytes: 8 transactions where their 256 bytes need 2.
template <typename Acc = double>
__global__ void stepped(Acc *out) {
  // CHECK: :[[@LINE-1]]:17: warning: 'stepped' is never instantiated (the file did not compile: 'gpumem-absent/torch_like_extension.h' not found); it is analysed as 'stepped<double>', an instantiation of the analysis's own (double for 'Acc') [gpumem-diagnostic-uninstantiated-kernel]
  out[threadIdx.x * 4] = 0;
  // CHECK: :[[@LINE-1]]:3: warning: uncoalesced global store of 'out[threadIdx.x * 4]': stride 32 bytes, 8 transactions per warp (25.0% efficiency), 32 sectors
  // CHECK: :[[@LINE-2]]:3: note: in instantiation 'stepped<double>', the analysis's own (double for 'Acc'): nothing that compiled instantiates the kernel
}

// A block size or a padding is the launches' to choose, default or not
// (a tile unpadded by default may be launched padded): no value is made
// up for it.
template <int Block> __global__ void tiled(float *out) {
  // CHECK: :[[@LINE-1]]:38: warning: 'tiled' is never instantiated, so it is not analysed (the file did not compile: 'gpumem-absent/torch_like_extension.h' not found; 'Block' is a value its launches choose) [gpumem-diagnostic-uninstantiated-kernel]
  out[threadIdx.x * Block] = 0;
}
template <typename T, int Pad = 0> __global__ void padded(const T *in, T *out) {
  // CHECK: :[[@LINE-1]]:52: warning: 'padded' is never instantiated, so it is not analysed (the file did not compile: 'gpumem-absent/torch_like_extension.h' not found; 'Pad' is a value its launches choose) [gpumem-diagnostic-uninstantiated-kernel]
  __shared__ T tile[32][32 + Pad];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

// A type the kernel reads a member type of: float has none, and the
// errors of the attempt are not shown.
template <typename Vec> __global__ void widen(typename Vec::value_type *out) {
  // CHECK: :[[@LINE-1]]:41: warning: 'widen' is never instantiated, so it is not analysed (the file did not compile: 'gpumem-absent/torch_like_extension.h' not found; its instantiation with float for 'Vec' does not compile) [gpumem-diagnostic-uninstantiated-kernel]
  out[threadIdx.x] = 0;
}

void scale(torch::Tensor t) {
  // CHECK: :[[@LINE-1]]:12: error: use of undeclared identifier 'torch'
  scaleKernel<float><<<1, 256>>>(t.data_ptr<float>(), t.numel());
}
