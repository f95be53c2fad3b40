// Issue 38: a library function handed only an object of the library's own
// type (a generator's per-thread state) writes its fields 32 bytes apart
// per lane; the layout is the library's, and the user cannot make it a
// structure of arrays. One warning per field, all on the user's one call,
// was noise (27% of the findings of a samples folder). Such findings are
// left out, as clang-tidy leaves out findings in system headers, unless
// --system-headers is given. A library call handed the user's own array
// still reports, once per call, at its costliest access; one handed both
// (the user's table and the library's state) leaves out the findings on
// the state's fields.
//
// RUN: %clang_tidy --checks=-*,gpumem-aos-access,gpumem-uncoalesced-access %s -- %cuda_flags \
// RUN:   -isystem %S/Inputs/system | FileCheck %s --implicit-check-not='{{warning|error}}:'
// RUN: %clang_tidy --system-headers --checks=-*,gpumem-aos-access %s -- %cuda_flags \
// RUN:   -isystem %S/Inputs/system | FileCheck %s --check-prefix=ALL

#include <vendor_state.h>

__global__ void seedAll(VendorState *states, unsigned long long seed) {
  unsigned id = blockIdx.x * blockDim.x + threadIdx.x;
  vendorSeed(seed, id, &states[id]);
  // ALL: gpumem-system-header-library-object.cu:[[@LINE-1]]:3: warning: global store of 'st->counter' strides over an array of structures: 'VendorState' is 32 bytes
  // ALL: note: 2 more accesses inside 'vendorSeed' through this call have a finding of this check; this warning speaks for them
}

// The user's table is one argument, but the findings are on the state's
// fields: the library's layout all the same.
__global__ void seedFromTable(VendorState *states, const unsigned *table) {
  unsigned id = blockIdx.x * blockDim.x + threadIdx.x;
  vendorSeedFrom(table, &states[id]);
  // ALL: gpumem-system-header-library-object.cu:[[@LINE-1]]:3: warning: global store of 'st->counter' strides over an array of structures
}

__global__ void mix(const float *table, float *out) {
  out[threadIdx.x] = vendorMix(table, threadIdx.x);
  // CHECK: gpumem-system-header-library-object.cu:[[@LINE-1]]:22: warning: uncoalesced global load of 'table[lane * 8]': stride 32 bytes, 8 transactions per warp
  // CHECK: note: 1 more access inside 'vendorMix' through this call has a finding of this check; this warning speaks for it
}

void launch(VendorState *s, const float *t, float *o) {
  seedAll<<<4, 256>>>(s, 7);
  seedFromTable<<<4, 256>>>(s, nullptr);
  mix<<<1, 256>>>(t, o);
}
