// Issue 39: a torch extension run without torch's headers launches on
// torch's stream (`at::cuda::getCurrentCUDAStream()`). With the header
// missing, Clang dropped the statement, the launch with it, and the block
// shape was assumed 1-D: the 8x4 block's four rows per warp were priced
// as one. A call `ns::...::f(...)` whose first name nothing declares is
// now taken as a call into the missing header, returning a value that
// converts to the launch's stream, and the launch is read.
//
// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access %t

#include "ext_runtime/cuda_context.h"

__global__ void rowsOnStream(float *out, const float *in, int w) {
  const int r = blockIdx.x * blockDim.y + threadIdx.y;
  out[r * w + threadIdx.x] = in[r * w + threadIdx.x];
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: uncoalesced global store of 'out[r * w + threadIdx.x]': the warp spans 4 rows of 8 lanes, 4 transactions per warp (25.0% efficiency), 4 sectors; a block 32 threads wide keeps each warp in one row [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-3]]:13: note: index 'r' is defined here
  // CHECK-NOTES: :[[@LINE+23]]:3: note: 'w' is 1024 at every launch of 'rowsOnStream' in this file
  // CHECK-NOTES: :[[@LINE+22]]:3: note: at this launch, blockDim is (8, 4, 1)
  // CHECK-NOTES: :[[@LINE-5]]:30: warning: uncoalesced global load of 'in[r * w + threadIdx.x]': the warp spans 4 rows of 8 lanes, 4 transactions per warp (25.0% efficiency), 4 sectors; a block 32 threads wide keeps each warp in one row [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-7]]:13: note: index 'r' is defined here
  // CHECK-NOTES: :[[@LINE+19]]:3: note: 'w' is 1024 at every launch of 'rowsOnStream' in this file
  // CHECK-NOTES: :[[@LINE+18]]:3: note: at this launch, blockDim is (8, 4, 1)
}

__global__ void rowsOnLocalStream(float *out, const float *in, int w) {
  const int r = blockIdx.x * blockDim.y + threadIdx.y;
  out[r * w + threadIdx.x] = in[r * w + threadIdx.x];
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: uncoalesced global store of 'out[r * w + threadIdx.x]': the warp spans 4 rows of 8 lanes
  // CHECK-NOTES: :[[@LINE-3]]:13: note: index 'r' is defined here
  // CHECK-NOTES: :[[@LINE+12]]:3: note: 'w' is 1024 at every launch of 'rowsOnLocalStream' in this file
  // CHECK-NOTES: :[[@LINE+11]]:3: note: at this launch, blockDim is (8, 4, 1)
  // CHECK-NOTES: :[[@LINE-5]]:30: warning: uncoalesced global load of 'in[r * w + threadIdx.x]': the warp spans 4 rows of 8 lanes
  // CHECK-NOTES: :[[@LINE-7]]:13: note: index 'r' is defined here
  // CHECK-NOTES: :[[@LINE+8]]:3: note: 'w' is 1024 at every launch of 'rowsOnLocalStream' in this file
  // CHECK-NOTES: :[[@LINE+7]]:3: note: at this launch, blockDim is (8, 4, 1)
}

void launch(float *out, const float *in) {
  dim3 block(8, 4);
  rowsOnStream<<<64, block, 0, at::cuda::getCurrentCUDAStream()>>>(out, in, 1024);
  cudaStream_t stream = c10::cuda::getCurrentCUDAStream(0);
  rowsOnLocalStream<<<64, block, 0, stream>>>(out, in, 1024);
}
