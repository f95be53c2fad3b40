// Issue 13/15: a finding in a system header's device function is reported
// at the user's call that reaches it, with a note into the header (before:
// reported inside the header, or dropped with it by clang-tidy's system
// header filter).
//
// RUN: %clang_tidy --checks=-*,gpumem-uncoalesced-access %s -- %cuda_flags \
// RUN:   -isystem %S/Inputs/system | FileCheck %s --implicit-check-not='{{warning|error}}:'

#include <vendor_rng.h>

__global__ void draw(const float *state, float *out) {
  out[threadIdx.x] = vendorPick(state, threadIdx.x);
  // CHECK: gpumem-system-header-call-site.cu:[[@LINE-1]]:22: warning: uncoalesced global load of 'state[lane * 8]': stride 32 bytes, 8 transactions per warp (12.5% efficiency), 32 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK: vendor_rng.h:7:10: note: the access 'state[lane * 8]' is here, in 'vendorPick', analysed with the arguments of the call in kernel 'draw'
}

void launch(const float *state, float *out) { draw<<<1, 256>>>(state, out); }
