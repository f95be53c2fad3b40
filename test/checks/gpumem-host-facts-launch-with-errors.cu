// Issue 39: a launch one of whose arguments does not compile (a member of
// a class only declared, as a torch extension's tensors are where its
// headers do not parse) is still read: Clang marks the argument dependent,
// as it marks a template's, but the launch is no template's, and its
// block (8, 4) is the kernel's. (Launches in a template's own body whose
// arguments depend on its parameters are read in the instantiations
// instead: gpumem-host-facts-dependent-launches.cu.)
//
// RUN: %gpumem_tidy --checks='-*,gpumem-uncoalesced-access' --clang-errors=warning %s 2>&1 | FileCheck %s

__global__ void brokenArgument(const float *in, float *out) {
  out[blockIdx.x] = in[threadIdx.y * 64 + threadIdx.x];
  // CHECK: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.y * 64 + threadIdx.x]': the warp spans 4 rows of 8 lanes, 4 transactions per warp (25.0% efficiency), 4 sectors; a block 32 threads wide keeps each warp in one row [gpumem-uncoalesced-access]
  // CHECK: :[[@LINE+6]]:3: note: at this launch, blockDim is (8, 4, 1)
}

struct Opaque;
void launchBroken(Opaque &t, float *out) {
  dim3 block(8, 4);
  brokenArgument<<<1, block>>>(reinterpret_cast<const float *>(t.data_ptr()), out);
  // CHECK: :[[@LINE-1]]:{{[0-9]+}}: error: member access into incomplete type 'Opaque'
}
