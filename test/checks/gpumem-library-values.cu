// Issue 62: values library code builds indices and pointers with, priced
// now, each with the near form that must stay unknown.
//
// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access %t
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump %s -- %cuda_flags \
// RUN:   2>&1 | FileCheck %s --check-prefix=DUMP

// A shift count that differs between lanes (`1 << (lane & 7)`): each lane's
// element is known, 8 distinct ones spread over 512 bytes.
__global__ void laneShift(const float *in, float *out) {
  const int lane = threadIdx.x & 31;
  out[threadIdx.x] = in[1 << (lane & 7)];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: uncoalesced global load of 'in[1 << (lane & 7)]': irregular lane pattern, 4 transactions per warp (6.2% efficiency), 6 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
}
// DUMP: load global 'in[1 << (lane & 7)]' width 4; offset [4,8,16,32,64,128,256,512,4,

// A per-thread index array zero-filled, then assigned in the block that
// declares it: the read after the assignment sees it (8 floats apart), the
// read before it the zero.
__global__ void zeroFilledThenSet(const float *in, float *out) {
  int at[4] = {0};
  out[threadIdx.x] = in[at[0]];
  at[0] = threadIdx.x * 8;
  out[threadIdx.x + 32] = in[at[0]];
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: uncoalesced global load of 'in[at[0]]': stride 32 bytes, 8 transactions per warp (12.5% efficiency), 32 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
}
// DUMP: load global 'in[at[0]]' width 4; offset 0;
// DUMP: load global 'in[at[0]]' width 4; offset 32*lane

// Set only under a condition: either value may be read.
__global__ void zeroFilledMaybeSet(const float *in, float *out, int c) {
  int at[4] = {0};
  if (c > 2)
    at[0] = threadIdx.x * 8;
  out[threadIdx.x] = in[at[0]];
}
// DUMP: load global 'in[at[0]]' width 4; offset unknown, not followed (element of the per-thread array 'at' written more than once)

// A pointer chosen by a condition the warp shares, between a kernel's
// pointer and one read from a table the host fills: the lanes lie alike
// from either, 16 bytes apart.
__global__ void chosenPointer(const float *single,
                              const float *const *batched, float *out,
                              int batch) {
  const float *p = batched == nullptr ? single : batched[batch];
  out[threadIdx.x] = p[threadIdx.x * 4];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: uncoalesced global load of 'p[threadIdx.x * 4]': stride 16 bytes, 4 transactions per warp (25.0% efficiency), 16 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
}

// The two pointers' lanes lie differently (one a lane further): not one
// pattern, not priced.
__global__ void chosenPointerShifted(const float *a, const float *b,
                                     float *out, int c) {
  const float *p = c > 0 ? a + threadIdx.x : b;
  out[threadIdx.x] = p[threadIdx.x * 4];
}
// DUMP: load unknown 'p[threadIdx.x * 4]' width 4; offset unknown, not followed (a choice between pointers into memory laid out differently)

void launchAll(const float *in, const float *const *batched, float *out,
               int c) {
  laneShift<<<1, 32>>>(in, out);
  zeroFilledThenSet<<<1, 32>>>(in, out);
  zeroFilledMaybeSet<<<1, 32>>>(in, out, c);
  chosenPointer<<<1, 32>>>(in, batched, out, c);
  chosenPointerShifted<<<1, 32>>>(in, in, out, c);
}
