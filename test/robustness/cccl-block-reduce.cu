// A kernel built on cub::BlockReduce from the CUDA toolkit's CCCL, parsed
// with the real toolkit (docs/cuda-setup.md): the run ends within the time
// limit, the user's loads are analysed with the launch's blockDim, and no
// diagnostic is located in a system header (the collector follows calls into
// CUB's device functions; clang-tidy's header filtering keeps what it finds
// there out of the output).
//
// REQUIRES: cuda-toolkit
// RUN: %timeout_slow %clang_tidy \
// RUN:   --checks='-*,gpumem-*,debug-gpumem-access-dump' %s -- \
// RUN:   %cuda_toolkit_flags --cuda-device-only > %t.out 2>&1
// RUN: FileCheck %s < %t.out
// RUN: not grep -E "^/usr/local/cuda[^:]*:[0-9]+:[0-9]+: (warning|error|remark|note)" %t.out

#include <cuda_runtime.h>
#include <cub/block/block_reduce.cuh>

template <int BlockThreads>
__global__ void blockSum(const float *In, float *Out, int Stride) {
  // CHECK: cccl-block-reduce.cu:[[@LINE-1]]:17: remark: kernel 'blockSum': blockDim launch 256x1x1
  using BlockReduce = cub::BlockReduce<float, BlockThreads>;
  __shared__ typename BlockReduce::TempStorage Storage;
  float X = In[(blockIdx.x * BlockThreads + threadIdx.x) * Stride];
  // Stride is 2 at the one launch: the analysis takes it as that constant.
  // CHECK-DAG: cccl-block-reduce.cu:[[@LINE-2]]:13: remark: load global 'In[(blockIdx.x * BlockThreads + threadIdx.x) * Stride]' width 4; offset 8*lane {{.*}}; transactions 2, sectors 8
  // CHECK-DAG: cccl-block-reduce.cu:[[@LINE-3]]:13: warning: uncoalesced global load of 'In[(blockIdx.x * BlockThreads + threadIdx.x) * Stride]': stride 8 bytes
  // CHECK-DAG: note: 'Stride' is 2 at every launch of 'blockSum' in this file
  float Y = In[blockIdx.x * BlockThreads + threadIdx.x];
  // CHECK: cccl-block-reduce.cu:[[@LINE-1]]:13: remark: load global 'In[blockIdx.x * BlockThreads + threadIdx.x]' width 4; offset 4*lane {{.*}}; transactions 1, sectors 4
  float Sum = BlockReduce(Storage).Sum(X + Y);
  if (threadIdx.x == 0)
    Out[blockIdx.x] = Sum;
}

void launch(const float *In, float *Out, int N) {
  blockSum<256><<<N / 256, 256>>>(In, Out, 2);
}
