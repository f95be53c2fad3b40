// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access %t

// __device__ functions called from a kernel are analysed with the caller's
// arguments (pointers, indices, references), per call; a note points at
// the call. An access in a device function is reported once, for the
// costliest call (the most sectors beyond what its bytes need).

__device__ float loadAt(const float *p, int i) { return p[i]; }
// CHECK-NOTES: :[[@LINE-1]]:57: warning: uncoalesced global load of 'p[i]': stride 16 bytes, 4 transactions per warp (25.0% efficiency), 16 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
// CHECK-NOTES: :[[@LINE-2]]:57: note: 32 active lanes of 4 bytes each span 500 bytes; the same lanes on consecutive elements would need 1 transaction (100.0% efficiency)
// CHECK-NOTES: :[[@LINE+11]]:13: note: with the arguments of this call to 'loadAt' in kernel 'scaled'
// CHECK-NOTES: :[[@LINE+8]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'scaled' in this file; set option 'BlockDim' to fix it)

__device__ void storeEveryOther(float *p, int i, float v) { p[2 * i] = v; }
// CHECK-NOTES: :[[@LINE-1]]:61: warning: uncoalesced global store of 'p[2 * i]': stride 8 bytes, 3 transactions per warp (33.3% efficiency), 9 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
// CHECK-NOTES: :[[@LINE-2]]:61: note: 32 active lanes of 4 bytes each span 252 bytes; the same lanes on consecutive elements would need 1 transaction (100.0% efficiency)
// CHECK-NOTES: :[[@LINE+9]]:3: note: with the arguments of this call to 'storeEveryOther' in kernel 'scaled'
// CHECK-NOTES: :[[@LINE+2]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'scaled' in this file; set option 'BlockDim' to fix it)

__global__ void scaled(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = loadAt(in, i * 4);
  storeEveryOther(out, i, v);
  // The same access shifted by one element: the warp's 252 bytes now span
  // three blocks, so this call is the one reported, above.
  storeEveryOther(out, i + 1, v);
  // A unit-stride call of the same helper is fine.
  out[i] = loadAt(in, i);
}

// A row pointer passed down, indexed by the lane inside the helper: the
// helper's own index variable is noted.
__device__ float sumColumn(const float *row, int count) {
  int lane = threadIdx.x % 32;
  int column = lane * 8;
  float s = 0.0f;
  for (int k = 0; k < count; ++k)
    s += row[column + k];
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: uncoalesced global load of 'row[column + k]': stride 32 bytes, 8 transactions per warp (12.5% efficiency), 32 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:10: note: 32 active lanes of 4 bytes each span 996 bytes; the same lanes on consecutive elements would need 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE-3]]:10: note: assuming 'n' keeps each warp's start 128-byte aligned (a multiple of 32); otherwise up to 9 transactions and 32 sectors per warp
  // CHECK-NOTES: :[[@LINE-7]]:7: note: index 'column' is defined here
  // CHECK-NOTES: :[[@LINE+6]]:40: note: with the arguments of this call to 'sumColumn' in kernel 'rows'
  // CHECK-NOTES: :[[@LINE+4]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'rows' in this file; set option 'BlockDim' to fix it)
  return s;
}

__global__ void rows(const float *in, float *out, int n) {
  out[blockIdx.x * 32 + threadIdx.x] = sumColumn(in + blockIdx.x * n, 8);
}

// A reference parameter aliases the caller's lvalue.
__device__ void bump(float &x) { x += 1.0f; }
// CHECK-NOTES: :[[@LINE-1]]:34: warning: uncoalesced global read-modify-write of 'x': stride 128 bytes, 32 transactions per warp (3.1% efficiency), 32 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
// CHECK-NOTES: :[[@LINE-2]]:34: note: 32 active lanes of 4 bytes each span 3972 bytes; the same lanes on consecutive elements would need 1 transaction (100.0% efficiency)
// CHECK-NOTES: :[[@LINE+4]]:3: note: with the arguments of this call to 'bump' in kernel 'bumpColumn'
// CHECK-NOTES: :[[@LINE+2]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'bumpColumn' in this file; set option 'BlockDim' to fix it)

__global__ void bumpColumn(float *out) {
  bump(out[threadIdx.x * 32]);
  bump(out[threadIdx.x]);
}

// Data-dependent arguments stay unknown: no warning.
__device__ float gather(const float *p, int i) { return p[i]; }
__global__ void indirect(const float *in, float *out, const int *idx) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = gather(in, idx[i]);
}
