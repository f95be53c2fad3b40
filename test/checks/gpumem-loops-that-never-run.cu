// Issue 39: a loop whose counter starts at a constant and fails its
// constant bound at once (`k < ITEMS` in an instantiation with ITEMS at 0)
// runs nothing: its body makes no access, so none is priced or reported, at
// any depth of loops around it. The same template with a loop that runs
// keeps its findings.
//
// RUN: %check_gpumem_tidy %s gpumem-partial-warp-access,gpumem-misaligned-access %t

template <int ITEMS>
__global__ void gather(const float *in, float *out, int rows) {
  for (int r = 0; r < rows; ++r)
    for (int k = 0; k < ITEMS; ++k)
      if (threadIdx.x < 4)
        out[r * 4 + threadIdx.x] += in[k * 4 + threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:9: warning: global read-modify-write of 'out[r * 4 + threadIdx.x]' by 4 of 32 lanes inside a loop: 1 transaction per warp (12.5% efficiency), 1 sector, 16 useful bytes of 128 moved; spread the work over the warp's lanes [gpumem-partial-warp-access]
  // CHECK-MESSAGES: :[[@LINE-2]]:37: warning: global load of 'in[k * 4 + threadIdx.x]' by 4 of 32 lanes inside a loop: 1 transaction per warp (12.5% efficiency), 1 sector, 16 useful bytes of 128 moved; spread the work over the warp's lanes [gpumem-partial-warp-access]
}

// OK for ITEMS at 0: the shifted copy never runs.
template <int ITEMS>
__global__ void shiftedCopy(const float *in, float *out) {
  for (int k = 0; k < ITEMS; ++k)
    out[blockIdx.x * 256 + k * 32 + threadIdx.x] =
        in[blockIdx.x * 256 + k * 32 + threadIdx.x + 1];
}

// OK for PASSES at 0: `k <= PASSES` from 1 fails at once.
template <int PASSES>
__global__ void fromOne(const float *in, float *out) {
  for (int k = 1; k <= PASSES; ++k)
    out[threadIdx.x] = in[threadIdx.x + 3];
}

// A bound the launch does not fix: the loop may run, and is priced.
__global__ void upToN(const float *in, float *out, int n) {
  for (int k = 0; k < n; ++k)
    out[threadIdx.x] = in[threadIdx.x + 3];
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: misaligned global load of 'in[threadIdx.x + 3]': starts 12 bytes past a 128-byte boundary, 2 transactions per warp (50.0% efficiency), 5 sectors; aligned, it would need 1 [gpumem-misaligned-access]
}

void run(const float *in, float *out, int rows) {
  gather<0><<<1, 32>>>(in, out, rows);
  shiftedCopy<0><<<64, 32>>>(in, out);
  fromOne<0><<<1, 32>>>(in, out);
  upToN<<<1, 32>>>(in, out, rows);
}
void runSome(const float *in, float *out, int rows) {
  gather<2><<<1, 32>>>(in, out, rows);
}
