// Issue 39: a bound on a variable at the launch (a loop's `t < 3`, an
// `if (n <= 8)` around it) bounds an argument computed from it when the
// argument grows with the variable (`t + 1`, `2 * n`, `(n + 7) / 8`): the
// finding is priced at the most the launches pass, not at ">= 32", a case
// the program never runs. An argument that does not grow with it (`8 - n`,
// `n * n`, an unsigned `u - 1`, which wraps below 0) keeps the condition.
//
// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access %t

// `t + 1` for t in 0, 1, 2: at most 3.
__global__ void loopPlusOne(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 3 transactions per warp (33.3% efficiency), 12 sectors, when 's' is 3, the most the launches in this file pass; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}

// `2 * n` under `n <= 8`: at most 16.
__global__ void doubled(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 16 transactions per warp (6.2% efficiency), 32 sectors, when 's' is 16, the most the launches in this file pass; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}

// `(n + 7) / 8` under `n <= 64`: at most 8 (71 / 8).
__global__ void rounded(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 8 transactions per warp (12.5% efficiency), 32 sectors, when 's' is 8, the most the launches in this file pass; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}

// `8 - n` under `n <= 4` is at least 4, and unbounded above.
__global__ void reversed(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 's' >= 32; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}

// `n * n` under `n <= 4`: a negative n squares past the bound's square.
__global__ void squared(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 's' >= 32; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}

// `u - 1` of an unsigned `u <= 4`: u = 0 wraps to 4294967295.
__global__ void wrapped(const float *in, float *out, unsigned s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 's' >= 32; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}

void launch(const float *in, float *out, int n, unsigned u) {
  for (int t = 0; t < 3; ++t)
    loopPlusOne<<<1, 32>>>(in, out, t + 1);
  if (n <= 8)
    doubled<<<1, 32>>>(in, out, 2 * n);
  if (n <= 64)
    rounded<<<1, 32>>>(in, out, (n + 7) / 8);
  if (n <= 4) {
    reversed<<<1, 32>>>(in, out, 8 - n);
    squared<<<1, 32>>>(in, out, n * n);
  }
  if (u <= 4)
    wrapped<<<1, 32>>>(in, out, u - 1);
}
