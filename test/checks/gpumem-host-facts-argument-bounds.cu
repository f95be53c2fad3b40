// Issue 39: a size the host keeps small where it launches (`if (n <= 16)`
// around the launch, `if (n > 16) return;` before it) is priced at that
// bound, as the kernel's own early exit is; a size no launch bounds keeps
// the sample's ">= 32".
//
// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access %t

__global__ void smallStride(const float *in, float *out, int n) {
  out[threadIdx.x] = in[threadIdx.x * n];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: uncoalesced global load of 'in[threadIdx.x * n]': stride 'n' x 4 bytes, up to 16 transactions per warp (6.2% efficiency), 32 sectors, when 'n' is 16, the most the launches in this file pass; coalesced only when 'n' is 1 [gpumem-uncoalesced-access]
}

__global__ void checkedStride(const float *in, float *out, int n) {
  out[threadIdx.x] = in[threadIdx.x * n];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: uncoalesced global load of 'in[threadIdx.x * n]': stride 'n' x 4 bytes, up to 8 transactions per warp (12.5% efficiency), 32 sectors, when 'n' is 8, the most the launches in this file pass; coalesced only when 'n' is 1 [gpumem-uncoalesced-access]
}

// Each comparison of an `&&` chain bounds what the branch launches.
__global__ void chainBounded(const float *in, float *out, int n) {
  out[threadIdx.x] = in[threadIdx.x * n];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: uncoalesced global load of 'in[threadIdx.x * n]': stride 'n' x 4 bytes, up to 4 transactions per warp (25.0% efficiency), 16 sectors, when 'n' is 4, the most the launches in this file pass; coalesced only when 'n' is 1 [gpumem-uncoalesced-access]
}

// One launch is bounded, the other is not: nothing bounds 'n'.
__global__ void someBounded(const float *in, float *out, int n) {
  out[threadIdx.x] = in[threadIdx.x * n];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: uncoalesced global load of 'in[threadIdx.x * n]': stride 'n' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 'n' >= 32; coalesced only when 'n' is 1 [gpumem-uncoalesced-access]
}

// OK: every launch keeps n at 1.
__global__ void unitStride(const float *in, float *out, int n) {
  out[threadIdx.x] = in[threadIdx.x * n];
}

void launch(const float *in, float *out, int n) {
  if (n <= 16)
    smallStride<<<1, 32>>>(in, out, n);
  if (16 >= n && n > 0)
    someBounded<<<1, 32>>>(in, out, n);
  someBounded<<<1, 32>>>(in, out, n);
  if (n > 0 && 4 >= n)
    chainBounded<<<1, 32>>>(in, out, n);
  if (n < 2)
    unitStride<<<1, 32>>>(in, out, n);
}

int checked(const float *in, float *out, int n) {
  if (n > 8)
    return 1;
  checkedStride<<<1, 32>>>(in, out, n);
  return 0;
}
