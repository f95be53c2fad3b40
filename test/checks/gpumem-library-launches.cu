// Issue 62: launches library code writes that were not read: the block
// is read at each now, with the near form that must stay unread.
//
// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access %t
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump %s -- %cuda_flags \
// RUN:   2>&1 | FileCheck %s --check-prefix=DUMP

// A launch helper picks an instantiation into a local, then launches it:
// the block (8, 4) is read at that launch. 4 rows of 8 lanes, 8 bytes
// apart: 4 transactions where one row of consecutive elements needs 1.
template <typename T, int Pitch>
__global__ void pickedKernel(const T *in, T *out) {
  const int i = threadIdx.y * Pitch + threadIdx.x * 2;
  out[i] = in[i];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced global store of 'out[i]': irregular lane pattern, 4 transactions per warp (25.0% efficiency), 8 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-2]]:12: warning: uncoalesced global load of 'in[i]': irregular lane pattern, 4 transactions per warp (25.0% efficiency), 8 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
}
// DUMP: remark: kernel 'pickedKernel': blockDim launch 8x4x1
void launchPicked(const float *in, float *out) {
  auto kernel = pickedKernel<float, 64>;
  kernel<<<1, dim3(8, 4)>>>(in, out);
}

// The local is written again before the launch: which kernel runs is not
// read, so the block is not taken from this launch.
__global__ void reassignedKernel(const float *in, float *out) {
  out[threadIdx.y * 64 + threadIdx.x] = in[threadIdx.y * 64 + threadIdx.x];
}
__global__ void otherKernel(const float *in, float *out) {}
// DUMP: remark: kernel 'reassignedKernel': blockDim assumed
void launchReassigned(const float *in, float *out, bool other) {
  void (*kernel)(const float *, float *) = reassignedKernel;
  if (other)
    kernel = otherKernel;
  kernel<<<1, dim3(8, 4)>>>(in, out);
}

// A dim3 declared and filled inside an `if` body is that launch's block:
// rows of 8 lanes at a pitch of 64 floats, 4 transactions.
__global__ void blockFilledInBranch(const float *in, float *out) {
  out[threadIdx.y * 64 + threadIdx.x] = in[threadIdx.y * 64 + threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced global store of 'out[threadIdx.y * 64 + threadIdx.x]': the warp spans 4 rows of 8 lanes, 4 transactions per warp (25.0% efficiency), 4 sectors; a block 32 threads wide keeps each warp in one row [gpumem-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-2]]:41: warning: uncoalesced global load of 'in[threadIdx.y * 64 + threadIdx.x]': the warp spans 4 rows of 8 lanes, 4 transactions per warp (25.0% efficiency), 4 sectors; a block 32 threads wide keeps each warp in one row [gpumem-uncoalesced-access]
}
// DUMP: remark: kernel 'blockFilledInBranch': blockDim launch 8x4x1
void launchFilledInBranch(const float *in, float *out, bool big) {
  if (big) {
    dim3 block;
    block.x = 8;
    block.y = 4;
    blockFilledInBranch<<<1, block>>>(in, out);
  }
}

// Filled under a further condition inside that body: not one shape.
__global__ void blockFilledConditionally(const float *in, float *out) {
  out[threadIdx.y * 64 + threadIdx.x] = in[threadIdx.y * 64 + threadIdx.x];
}
// DUMP: remark: kernel 'blockFilledConditionally': blockDim assumed
void launchFilledConditionally(const float *in, float *out, bool big,
                               bool wide) {
  if (big) {
    dim3 block;
    block.x = 8;
    if (wide)
      block.y = 4;
    blockFilledConditionally<<<1, block>>>(in, out);
  }
}
