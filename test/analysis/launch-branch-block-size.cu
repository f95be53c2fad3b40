// Issue 13: host code that picks a template kernel by block size and
// launches it with the size held in a variable. Inside `case 256:` of a
// switch on the variable (entered from the switch, not by falling
// through) or the then-branch of `if (threads == 16)`, the variable is that
// constant, so each instantiation is judged with its own block, unless
// something writes the variable after the test or after the dim3 read it.
//
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump %s -- %cuda_flags \
// RUN:   | FileCheck %s
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump %s -- %cuda_flags \
// RUN:   | FileCheck --check-prefix=NEVER %s

template <unsigned Block>
__global__ void blockSum(const float *in, float *out) {
  __shared__ float partial[Block];
  partial[threadIdx.x] = in[blockIdx.x * Block + threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = partial[0];
}
// CHECK-DAG: remark: kernel 'blockSum': blockDim launch 256x1x1, 4 accesses
// CHECK-DAG: remark: kernel 'blockSum': blockDim launch 128x1x1, 4 accesses
// CHECK-DAG: remark: kernel 'blockSum': blockDim launch 64x1x1, 4 accesses
// CHECK-DAG: remark: kernel 'blockSum': blockDim launch 16x1x1, 4 accesses
// CHECK-DAG: remark: kernel 'blockSum': blockDim launch 8x1x1, 4 accesses
// CHECK-DAG: remark: kernel 'blockSum': blockDim assumed, 4 accesses
// Reached by falling through from case 64, and written after the test:
// NEVER-NOT: launch 32x1x1
// NEVER-NOT: launch 4x1x1
// NEVER-NOT: launch 2x1x1
// NEVER-NOT: launch 1024x1x1

void pick(const float *in, float *out, int threads, int blocks) {
  dim3 block(threads, 1, 1);
  switch (threads) {
  case 256:
    blockSum<256><<<blocks, block>>>(in, out);
    break;
  case 128:
    blockSum<128><<<blocks, threads>>>(in, out);
    break;
  case 64:
    blockSum<64><<<blocks, block>>>(in, out);
    // no break: case 32 is also reached with threads == 64
  case 32:
    blockSum<32><<<blocks, block>>>(in, out);
    break;
  case 4:
    threads = threads / 2;
    blockSum<4><<<blocks, threads>>>(in, out);
    break;
  }
  if (threads == 16) {
    blockSum<16><<<blocks, threads>>>(in, out);
  } else if (threads == 8) {
    blockSum<8><<<blocks, dim3(threads)>>>(in, out);
  }
}

// The dim3 read the variable before a write that the test then sees: the
// block is the old value, not the tested one.
void stale(const float *in, float *out, int threads) {
  dim3 block(threads);
  threads = 1024;
  if (threads == 1024)
    blockSum<1024><<<1, block>>>(in, out);
}

// A write after the launch runs before it again in the loop: the dim3
// holds the value from before the loop.
// NEVER-NOT: launch 512x1x1
void looped(const float *in, float *out, int threads) {
  dim3 block(threads);
  for (int k = 0; k < 2; ++k) {
    if (threads == 512)
      blockSum<512><<<1, block>>>(in, out);
    threads = 512;
  }
}
