// Issue 24: a symbolic stride is priced "up to" a sample of its factor
// (32); where the kernel's own early exit or assert keeps the factor
// smaller, it is priced at the most the kernel allows, and says so.
//
// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access %t

#include <assert.h>

// N <= 16: lanes 64 bytes apart, 16 transactions.
__global__ void exitsAbove(const float *in, float *out, int N) {
  if (N > 16)
    return;
  out[threadIdx.x] = in[threadIdx.x * N];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: uncoalesced global load of 'in[threadIdx.x * N]': stride 'N' x 4 bytes, up to 16 transactions per warp (6.2% efficiency), 32 sectors, when 'N' is 16, the most the kernel allows; coalesced only when 'N' is 1 [gpumem-uncoalesced-access]
}

// assert(N < 5): lanes 16 bytes apart, 4 transactions.
__global__ void asserted(const float *in, float *out, int N) {
  assert(N < 5);
  out[threadIdx.x] = in[threadIdx.x * N];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: uncoalesced global load of 'in[threadIdx.x * N]': stride 'N' x 4 bytes, up to 4 transactions per warp (25.0% efficiency), 16 sectors, when 'N' is 4, the most the kernel allows; coalesced only when 'N' is 1 [gpumem-uncoalesced-access]
}

// A bound that allows more than the sample changes nothing; nor does a
// check under a branch (not every thread passes it).
__global__ void looseBound(const float *in, float *out, int N, int k) {
  if (N >= 4096)
    return;
  if (k > 0) {
    if (N > 2)
      return;
  }
  out[threadIdx.x] = in[threadIdx.x * N];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: uncoalesced global load of 'in[threadIdx.x * N]': stride 'N' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 'N' >= 32; coalesced only when 'N' is 1 [gpumem-uncoalesced-access]
}
