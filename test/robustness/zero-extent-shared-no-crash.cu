// A shared array with an extent of 0, which Clang accepts: the padding
// fix-it divided by its row pitch of 0 (SIGFPE, exit 136, in the standalone
// tool and in the --load module). Such an array holds no element and has no
// row to pad: the conflict of the lanes' addresses is still priced, and no
// padding is offered.
//
// RUN: %clang_tidy --checks='-*,gpumem-bank-conflict' %s -- %cuda_flags 2>&1 \
// RUN:   | FileCheck %s
// RUN: %if standalone %{ env GPUMEM_NO_CUDA_TOOLKIT=1 %gpumem_tidy --checks='-*,gpumem-bank-conflict' %s 2>&1 | FileCheck %s %}

__global__ void emptyRows(float *out) {
  __shared__ float t[4][0];
  out[threadIdx.x] = t[0][threadIdx.x * 32];
}

// CHECK: zero-extent-shared-no-crash.cu:[[@LINE-3]]:22: warning: 32-way bank conflict on 't[0][threadIdx.x * 32]': the 32 lanes read 32 distinct words of bank 0 [gpumem-bank-conflict]
// CHECK-NOT: pad
// CHECK: note: 't' declared here
