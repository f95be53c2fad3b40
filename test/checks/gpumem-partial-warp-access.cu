// RUN: %check_gpumem_tidy %s gpumem-partial-warp-access %t

// Cell D of SPEC section 2: a guard on the thread index leaves few lanes of
// the warp active, and the access repeats in a loop. One lane reading one
// float moves a 128-byte transaction for 4 useful bytes (3.1%): an empty
// warp, not a scattered one. Guards are decided for the first warp of the
// block; blockDim.x is assumed a multiple of 32 (no launch in this file).

// Cell D: thread 0 sums the partials; the final store runs once: by
// default, not reported.
__global__ void cellD(const float *partial, float *out, int numPartials) {
  if (threadIdx.x == 0) {
    float sum = 0.0f;
    for (int k = 0; k < numPartials; ++k)
      sum += partial[k];
    // CHECK-NOTES: :[[@LINE-1]]:14: warning: global load of 'partial[k]' by 1 of 32 lanes inside a loop: 1 transaction per warp (3.1% efficiency), 1 sector, 4 useful bytes of 128 moved; spread the work over the warp's lanes [gpumem-partial-warp-access]
    // CHECK-NOTES: :[[@LINE-2]]:14: note: the active lanes come from a guard on the thread index, evaluated for the first warp of the block
    // CHECK-NOTES: :[[@LINE-4]]:14: note: index 'k' is defined here
    // CHECK-NOTES: :[[@LINE-8]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'cellD' in this file; set option 'BlockDim' to fix it)
    out[blockIdx.x] = sum;
  }
}

// Half a warp, a quarter, every other lane; an early return leaving 4.
__global__ void guards(const float *in, float *out, int n) {
  int tid = threadIdx.x;
  for (int k = 0; k < n; ++k) {
    if (tid < 16)
      out[k * 16 + tid] = in[k * 16 + tid];
    // CHECK-NOTES: :[[@LINE-1]]:7: warning: global store of 'out[k * 16 + tid]' by 16 of 32 lanes inside a loop: 1 transaction per warp (50.0% efficiency), 2 sectors, 64 useful bytes of 128 moved; spread the work over the warp's lanes [gpumem-partial-warp-access]
    // CHECK-NOTES: :[[@LINE-2]]:7: note: the active lanes come from a guard on the thread index, evaluated for the first warp of the block
    // CHECK-NOTES: :[[@LINE-5]]:12: note: index 'k' is defined here
    // CHECK-NOTES: :[[@LINE-8]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'guards' in this file; set option 'BlockDim' to fix it)
    // CHECK-NOTES: :[[@LINE-5]]:27: warning: global load of 'in[k * 16 + tid]' by 16 of 32 lanes inside a loop: 1 transaction per warp (50.0% efficiency), 2 sectors, 64 useful bytes of 128 moved; spread the work over the warp's lanes [gpumem-partial-warp-access]
    // CHECK-NOTES: :[[@LINE-6]]:27: note: the active lanes come from a guard on the thread index, evaluated for the first warp of the block
    // CHECK-NOTES: :[[@LINE-9]]:12: note: index 'k' is defined here
    // CHECK-NOTES: :[[@LINE-12]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'guards' in this file; set option 'BlockDim' to fix it)
    if (tid < 8 && k > 0)
      out[k * 8 + tid] += 1.0f;
    // CHECK-NOTES: :[[@LINE-1]]:7: warning: global read-modify-write of 'out[k * 8 + tid]' by 8 of 32 lanes inside a loop: 1 transaction per warp (25.0% efficiency), 1 sector, 32 useful bytes of 128 moved; spread the work over the warp's lanes [gpumem-partial-warp-access]
    // CHECK-NOTES: :[[@LINE-2]]:7: note: the active lanes come from a guard on the thread index, evaluated for the first warp of the block
    // CHECK-NOTES: :[[@LINE-15]]:12: note: index 'k' is defined here
    // CHECK-NOTES: :[[@LINE-18]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'guards' in this file; set option 'BlockDim' to fix it)
    // Every other lane: 16 floats 8 bytes apart in one block (64 of 128
    // bytes); the guard does not depend on the warp.
    if (tid % 2 == 0)
      out[k * 32 + tid] = 0.0f;
    // CHECK-NOTES: :[[@LINE-1]]:7: warning: global store of 'out[k * 32 + tid]' by 16 of 32 lanes inside a loop: 1 transaction per warp (50.0% efficiency), 4 sectors, 64 useful bytes of 128 moved; spread the work over the warp's lanes [gpumem-partial-warp-access]
    // CHECK-NOTES: :[[@LINE-22]]:12: note: index 'k' is defined here
    // CHECK-NOTES: :[[@LINE-25]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'guards' in this file; set option 'BlockDim' to fix it)
  }
}

__global__ void earlyReturn(const float *in, float *out, int n) {
  int tid = threadIdx.x;
  if (tid >= 4)
    return;
  for (int k = 0; k < n; ++k)
    out[k * 4 + tid] = in[k * 4 + tid];
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: global store of 'out[k * 4 + tid]' by 4 of 32 lanes inside a loop: 1 transaction per warp (12.5% efficiency), 1 sector, 16 useful bytes of 128 moved; spread the work over the warp's lanes [gpumem-partial-warp-access]
  // CHECK-NOTES: :[[@LINE-2]]:5: note: the active lanes come from a guard on the thread index, evaluated for the first warp of the block
  // CHECK-NOTES: :[[@LINE-4]]:12: note: index 'k' is defined here
  // CHECK-NOTES: :[[@LINE-9]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'earlyReturn' in this file; set option 'BlockDim' to fix it)
  // CHECK-NOTES: :[[@LINE-5]]:24: warning: global load of 'in[k * 4 + tid]' by 4 of 32 lanes inside a loop: 1 transaction per warp (12.5% efficiency), 1 sector, 16 useful bytes of 128 moved; spread the work over the warp's lanes [gpumem-partial-warp-access]
  // CHECK-NOTES: :[[@LINE-6]]:24: note: the active lanes come from a guard on the thread index, evaluated for the first warp of the block
  // CHECK-NOTES: :[[@LINE-8]]:12: note: index 'k' is defined here
  // CHECK-NOTES: :[[@LINE-13]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'earlyReturn' in this file; set option 'BlockDim' to fix it)
}

// Negatives: a bounds check on a parameter (the whole warp runs it), more
// lanes than PartialWarpMaxLanes (17 > 16), a block of 16 threads (no
// guard: the launch, not the code, leaves the lanes empty), a one-shot
// access, and a scattered access by few lanes (16 lanes 128 bytes apart:
// that is gpumem-uncoalesced-access's).
__global__ void notPartial(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < n; ++k) {
    if (i < n)
      out[i] += in[k * n + i];
    if (threadIdx.x < 17)
      out[k * 32 + threadIdx.x] = 0.0f;
    if (threadIdx.x < 16)
      out[threadIdx.x * 32 + k] = 0.0f;
  }
  if (threadIdx.x == 0)
    out[blockIdx.x] = in[blockIdx.x];
}

__global__ void sixteenThreads(const float *in, float *out, int n) {
  for (int k = 0; k < n; ++k)
    out[k * 16 + threadIdx.x] = in[k * 16 + threadIdx.x];
}

void launch(const float *in, float *out, int n) {
  sixteenThreads<<<1, 16>>>(in, out, n);
}

// Issue 13: one lane writing one scalar per iteration, chosen inside the
// loop (a row's result after the lanes reduced it, a solver's per-step
// value), is nothing the warp could share: not reported (it was).
__global__ void rowResults(const float *m, float *out, int rows, int n) {
  for (int row = 0; row < rows; ++row) {
    float sum = 0.0f;
    for (int k = threadIdx.x; k < n; k += 32)
      sum += m[row * n + k];
    // OK: one value per row, after the (omitted) warp reduction.
    if (threadIdx.x == 0)
      out[row] = sum;
  }
}

// Issue 25: the same whatever the guard's form: two lanes writing the two
// columns' results of each row after a shuffle reduction (kept in an
// array by an unrolled loop of 2), or four lanes writing their total, are
// not reported.
__device__ float warpSum(float v) {
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_xor_sync(0xffffffff, v, offset);
  return v;
}

__global__ void pairResults(const float *m, float *out, int rows, int n) {
  for (int row = 0; row < rows; ++row) {
    float sums[2];
#pragma unroll
    for (int half = 0; half < 2; ++half)
      sums[half] = warpSum(m[(row * 2 + half) * 32 + threadIdx.x]);
    // OK: the row's two results, once the lanes combined theirs.
    if (threadIdx.x < 2)
      out[row * 2 + threadIdx.x] = threadIdx.x == 0 ? sums[0] : sums[1];
    float total = sums[0] + sums[1];
    if (threadIdx.x < 4)
      out[rows * 2 + row * 4 + threadIdx.x] = total;
  }
}

// Sixteen lanes chosen inside the loop copying data they did not reduce:
// the loop's rows could share the warp; reported.
__global__ void halfWarpRows(const float *rowSums, float *out, int rows) {
  for (int row = 0; row < rows; ++row)
    if (threadIdx.x < 16)
      out[row * 16 + threadIdx.x] = rowSums[row * 16 + threadIdx.x];
  // CHECK-NOTES: :[[@LINE-1]]:7: warning: global store of 'out[row * 16 + threadIdx.x]' by 16 of 32 lanes inside a loop: 1 transaction per warp (50.0% efficiency), 2 sectors, 64 useful bytes of 128 moved; spread the work over the warp's lanes [gpumem-partial-warp-access]
  // CHECK-NOTES: :[[@LINE-2]]:7: note: the active lanes come from a guard on the thread index, evaluated for the first warp of the block
  // CHECK-NOTES: :[[@LINE-5]]:12: note: index 'row' is defined here
  // CHECK-NOTES: :[[@LINE-7]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'halfWarpRows' in this file; set option 'BlockDim' to fix it)
  // CHECK-NOTES: :[[@LINE-5]]:37: warning: global load of 'rowSums[row * 16 + threadIdx.x]' by 16 of 32 lanes inside a loop: 1 transaction per warp (50.0% efficiency), 2 sectors, 64 useful bytes of 128 moved; spread the work over the warp's lanes [gpumem-partial-warp-access]
  // CHECK-NOTES: :[[@LINE-6]]:37: note: the active lanes come from a guard on the thread index, evaluated for the first warp of the block
  // CHECK-NOTES: :[[@LINE-9]]:12: note: index 'row' is defined here
  // CHECK-NOTES: :[[@LINE-11]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'halfWarpRows' in this file; set option 'BlockDim' to fix it)
}

// The same lane walking the rows' results inside its guard can be spread
// over the warp: reported.
__global__ void oneLaneWalks(const float *rowSums, float *out, int rows) {
  if (threadIdx.x == 0)
    for (int row = 0; row < rows; ++row)
      out[row] = rowSums[row] * 2.0f;
  // CHECK-NOTES: :[[@LINE-1]]:7: warning: global store of 'out[row]' by 1 of 32 lanes inside a loop: 1 transaction per warp (3.1% efficiency), 1 sector, 4 useful bytes of 128 moved; spread the work over the warp's lanes [gpumem-partial-warp-access]
  // CHECK-NOTES: :[[@LINE-2]]:7: note: the active lanes come from a guard on the thread index, evaluated for the first warp of the block
  // CHECK-NOTES: :[[@LINE-4]]:14: note: index 'row' is defined here
  // CHECK-NOTES: :[[@LINE-7]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'oneLaneWalks' in this file; set option 'BlockDim' to fix it)
  // CHECK-NOTES: :[[@LINE-5]]:18: warning: global load of 'rowSums[row]' by 1 of 32 lanes inside a loop: 1 transaction per warp (3.1% efficiency), 1 sector, 4 useful bytes of 128 moved; spread the work over the warp's lanes [gpumem-partial-warp-access]
  // CHECK-NOTES: :[[@LINE-6]]:18: note: the active lanes come from a guard on the thread index, evaluated for the first warp of the block
  // CHECK-NOTES: :[[@LINE-8]]:14: note: index 'row' is defined here
  // CHECK-NOTES: :[[@LINE-11]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'oneLaneWalks' in this file; set option 'BlockDim' to fix it)
}

// A condition on a template parameter is no guard on the thread index: in
// a one-thread block, the lone lane comes from the launch, not from a
// guard, and this check (about guards) says nothing. It said the lanes
// came from a guard.
template <bool Enabled>
__global__ void serialSum(const float *in, float *out, int n) {
  if (Enabled) {
    float sum = 0.0f;
    for (int k = 0; k < n; ++k)
      sum += in[k]; // OK: no guard narrows the warp
    out[blockIdx.x] = sum;
  }
}

void launchSerial(const float *in, float *out, int n) {
  serialSum<true><<<4, 1>>>(in, out, n);
}

// A loop that every active lane leaves after one pass (its counter starts
// at the lane's index below 8 and steps by 8 past the bound 8) makes each
// access once: not a loop the lanes could share. The same loop with a
// bound of 32 runs four times: reported.
__global__ void onePassPerLane(const float *b, float *out, int n) {
  if (threadIdx.x < 8) {
    int k = threadIdx.x;
    for (int i = k + blockIdx.x * 8; k < 8 && i < n; k += 8, i += 8)
      out[i] = b[i]; // OK: one pass
    for (int j = threadIdx.x; j < 32; j += 8)
      out[j] = 0.0f;
    // CHECK-NOTES: :[[@LINE-1]]:7: warning: global store of 'out[j]' by 8 of 32 lanes inside a loop: 1 transaction per warp (25.0% efficiency), 1 sector, 32 useful bytes of 128 moved; spread the work over the warp's lanes [gpumem-partial-warp-access]
    // CHECK-NOTES: :[[@LINE-2]]:7: note: the active lanes come from a guard on the thread index, evaluated for the first warp of the block
    // CHECK-NOTES: :[[@LINE-4]]:14: note: index 'j' is defined here
    // CHECK-NOTES: :[[@LINE-10]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'onePassPerLane' in this file; set option 'BlockDim' to fix it)
  }
}
