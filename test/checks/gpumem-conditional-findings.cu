// Issue 39: findings on a condition on a kernel parameter the file never
// fixes. A bank conflict that needs the parameter to be a multiple of 32
// (most values are conflict-free) is no warning unless option
// SymbolicStrideConflicts asks for it; a stride condition is said once per
// kernel and parameter, at its costliest access, with a count of the rest.
//
// RUN: %check_gpumem_tidy %s gpumem-bank-conflict,gpumem-uncoalesced-access %t
// RUN: %check_gpumem_tidy -check-suffix=ASKED %s gpumem-bank-conflict %t -- \
// RUN:   -config="{CheckOptions: {gpumem-bank-conflict.SymbolicStrideConflicts: true}}"

__global__ void points(const float *in, float *out, int dims) {
  __shared__ float cache[256 * 4];
  int t = threadIdx.x;
  for (int d = 0; d < dims; ++d)
    cache[t * dims + d] = in[(blockIdx.x * 256 + t) * dims + d];
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: uncoalesced global load of 'in[(blockIdx.x * 256 + t) * dims + d]': stride 'dims' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 'dims' >= 32; coalesced only when 'dims' is 1 [gpumem-uncoalesced-access]
  // CHECK-MESSAGES-ASKED: :[[@LINE-2]]:5: warning: 32-way bank conflict on 'cache[t * dims + d]' when 'dims' is a multiple of 32: lanes 4 bytes x 'dims' apart share a bank; conflict-free when 'dims' is odd [gpumem-bank-conflict]
  __syncthreads();
  for (int d = 0; d < dims; ++d)
    out[(blockIdx.x * 256 + t) * dims + d] = cache[t * dims + d] * 2.0f;
}

// Another parameter of the same kernel has its own finding.
__global__ void twoParameters(const float *in, float *out, int a, int b) {
  out[threadIdx.x * a] = in[threadIdx.x * b];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: uncoalesced global store of 'out[threadIdx.x * a]': stride 'a' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 'a' >= 32; coalesced only when 'a' is 1 [gpumem-uncoalesced-access]
  // CHECK-MESSAGES: :[[@LINE-2]]:26: warning: uncoalesced global load of 'in[threadIdx.x * b]': stride 'b' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 'b' >= 32; coalesced only when 'b' is 1 [gpumem-uncoalesced-access]
}

// A value a launch passes is priced, with or without the option.
__global__ void launchedRows(float *out, int pitch) {
  __shared__ float rows[32 * 64];
  rows[threadIdx.x * pitch] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 32-way bank conflict on 'rows[threadIdx.x * pitch]' when 'pitch' is 64, as a launch of 'launchedRows' in this file passes it: lanes 4 bytes x 'pitch' apart share a bank; conflict-free when 'pitch' is odd [gpumem-bank-conflict]
  // CHECK-MESSAGES-ASKED: :[[@LINE-2]]:3: warning: 32-way bank conflict on 'rows[threadIdx.x * pitch]' when 'pitch' is 64, as a launch of 'launchedRows' in this file passes it: lanes 4 bytes x 'pitch' apart share a bank; conflict-free when 'pitch' is odd [gpumem-bank-conflict]
  __syncthreads();
  out[threadIdx.x] = rows[threadIdx.x];
}

// OK: the launches pass odd pitches only.
__global__ void oddRows(float *out, int pitch) {
  __shared__ float rows[32 * 64];
  rows[threadIdx.x * pitch] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = rows[threadIdx.x];
}

void launch(float *out, int n) {
  launchedRows<<<1, 32>>>(out, 64);
  launchedRows<<<1, 32>>>(out, 33);
  oddRows<<<1, 32>>>(out, 33);
  oddRows<<<1, 32>>>(out, 17);
}
