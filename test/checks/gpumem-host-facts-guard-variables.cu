// Issue 39: a thread-index guard kept in a variable masks the lanes as the
// same guard written in the `if` does. `bool lead = lane == 0; if (lead)`
// is one lane, not the whole warp.
//
// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access %t

// OK: one lane of each warp reads; nothing to coalesce.
__global__ void leaderReads(const float *rows, float *firsts) {
  const int lane = threadIdx.x % 32;
  bool lead = lane == 0;
  if (lead)
    firsts[blockIdx.x] = rows[(blockIdx.x * blockDim.x + threadIdx.x) * 64];
}

// OK: the early exit through a flag leaves lane 0 too.
__global__ void leaderExits(const float *rows, float *firsts) {
  const bool follower = (threadIdx.x & 31) != 0;
  if (follower)
    return;
  firsts[blockIdx.x] = rows[(blockIdx.x * blockDim.x + threadIdx.x) * 64];
}

// A flag on a size, not on the thread index, keeps every lane: the stride
// of 64 floats is priced for the whole warp.
__global__ void sizeFlag(const float *rows, float *firsts, int n) {
  const bool nonEmpty = n > 0;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (nonEmpty)
    firsts[i] = rows[i * 64];
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: uncoalesced global load of 'rows[i * 64]': stride 256 bytes, 32 transactions per warp (3.1% efficiency), 32 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
}

// Half the warp through a flag: 16 lanes 256 bytes apart, 16 transactions.
__global__ void halfFlag(const float *rows, float *out) {
  bool lower = threadIdx.x % 32 < 16;
  if (lower)
    out[threadIdx.x] = rows[threadIdx.x * 64];
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: uncoalesced global load of 'rows[threadIdx.x * 64]': stride 256 bytes, 16 transactions per warp (3.1% efficiency), 16 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
}

void launch(const float *r, float *f, int n) {
  leaderReads<<<8, 256>>>(r, f);
  leaderExits<<<8, 256>>>(r, f);
  sizeFlag<<<8, 256>>>(r, f, n);
  halfFlag<<<8, 256>>>(r, f);
}
