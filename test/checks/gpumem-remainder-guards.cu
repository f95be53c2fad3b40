// Issue 63: a guard on a remainder by any constant picks its lanes, not
// only a power of two. `threadIdx.x % 5 == 0` keeps lanes 0, 5, ..., 30 of
// the first warp: seven lanes, priced as seven (a loop of them is a partial
// warp; a stride over them moves what seven lanes need).
//
// RUN: %check_gpumem_tidy %s gpumem-partial-warp-access,gpumem-uncoalesced-access %t

__global__ void everyFifthInLoop(const float *in, float *out, int n) {
  for (int k = 0; k < n; ++k)
    if (threadIdx.x % 5 == 0)
      out[k * 32 + threadIdx.x] = in[k * 32 + threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: global store of 'out[k * 32 + threadIdx.x]' by 7 of 32 lanes inside a loop: 1 transaction per warp (21.9% efficiency), 4 sectors, 28 useful bytes of 128 moved; spread the work over the warp's lanes [gpumem-partial-warp-access]
  // CHECK-MESSAGES: :[[@LINE-2]]:35: warning: global load of 'in[k * 32 + threadIdx.x]' by 7 of 32 lanes inside a loop: 1 transaction per warp (21.9% efficiency), 4 sectors, 28 useful bytes of 128 moved; spread the work over the warp's lanes [gpumem-partial-warp-access]
}

// Seven lanes 16 bytes apart: 4 transactions, 7 sectors (all 32 lanes
// would touch 16).
__global__ void everyFifthStrided(const float *in, float *out) {
  int t = threadIdx.x;
  if (t % 5 == 0)
    out[blockIdx.x * 128 + t * 4] = in[blockIdx.x * 32 + t];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: uncoalesced global store of 'out[blockIdx.x * 128 + t * 4]': stride 16 bytes, 4 transactions per warp (5.5% efficiency), 7 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
}

// OK: the constant on the left, and `!=`: two lanes of every three run
// it, 22 of 32, more than a partial warp's 16.
__global__ void twoOfThreeInLoop(const float *in, float *out, int n) {
  for (int k = 0; k < n; ++k)
    if (2 != threadIdx.x % 3)
      out[k * 32 + threadIdx.x] = in[k * 32 + threadIdx.x];
}

// OK: a remainder by a value the kernel is handed decides nothing.
__global__ void everyNth(const float *in, float *out, int n, int m) {
  for (int k = 0; k < n; ++k)
    if (threadIdx.x % m == 0)
      out[k * 32 + threadIdx.x] = in[k * 32 + threadIdx.x];
}
