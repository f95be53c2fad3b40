// Issue 40: a block shape a kernel states is one a launch can have: an
// axis of at most 1024 threads (64 in z), 1024 in all. `blockDim.x !=
// 4294967295u` (an unsigned -1) was taken as a stated block of 4294967295
// threads, and its accesses priced in that block. Such a statement is now
// no statement of a shape: it is a guard no launch passes, and what it
// guards never runs, so nothing after it is priced.
//
// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access %t
// RUN: %clang_tidy --checks='-*,gpumem-uncoalesced-access' %s -- %cuda_flags 2>&1 | not grep -e 4294967295 -e 2048

__global__ void minusOne(float *out) {
  if (blockDim.x != 4294967295u)
    return;
  out[threadIdx.x * 2] = 0;
}

// Each axis possible, the block is not: 2048 threads.
__global__ void tooMany(float *out) {
  if (blockDim.x != 64 || blockDim.y != 32)
    return;
  out[(threadIdx.y * 64 + threadIdx.x) * 2] = 0;
}

// A launch bound past 1024 bounds nothing: the block is assumed as where
// there is none.
__global__ void __launch_bounds__(4096) bounded(float *out) {
  out[threadIdx.x * 2] = 0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced global store of 'out[threadIdx.x * 2]': stride 8 bytes, 2 transactions per warp (50.0% efficiency), 8 sectors
}
