// A local view changed after it is built (issue 39): a member function that
// writes the object it is called on (a setter, or one that calls a setter)
// writes the variable, so the fields its initializer gave no longer hold
// and the access through it is not priced at the first stride (it was: a
// false "32 transactions" where the setter makes the stride 1). A member
// function that only reads the object (even one not declared const)
// writes nothing, and the view keeps its fields.
//
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump,gpumem-uncoalesced-access %s -- %cuda_flags \
// RUN:   | FileCheck %s --implicit-check-not='remark: {{load|store}}' --implicit-check-not='warning:'

struct View {
  float *data;
  int step;
  __device__ float &at(int i) { return data[i * step]; }
  __device__ int pitch() { return step; }
  __device__ void setStep(int s) { step = s; }
  __device__ void reset() { setStep(1); }
};

__global__ void setter(float *d) {
  View v{d, 32};
  v.setStep(1);
  v.at(threadIdx.x) = 0.0f;
  // CHECK: :[[@LINE-1]]:5: remark: store unknown 'v.at(threadIdx.x)' width 4; offset unknown
}

__global__ void setterTwoCallsDeep(float *d) {
  View v{d, 32};
  v.reset();
  v.at(threadIdx.x) = 0.0f;
  // CHECK: :[[@LINE-1]]:5: remark: store unknown 'v.at(threadIdx.x)' width 4; offset unknown
}

// pitch() and at() are not const but write nothing: the stride stays 32.
__global__ void readersOnly(float *d) {
  View v{d, 32};
  int p = v.pitch();
  v.at(threadIdx.x) = static_cast<float>(p);
  // CHECK: :[[@LINE-1]]:5: remark: store global 'v.at(threadIdx.x)' width 4; offset 128*lane + (4096)*warp.x; active 0xffffffff; scenarios 1; transactions 32, sectors 32
  // CHECK: :[[@LINE-2]]:5: warning: uncoalesced global store of 'v.at(threadIdx.x)': stride 128 bytes, 32 transactions per warp (3.1% efficiency), 32 sectors
}

void host(float *d) {
  setter<<<1, 32>>>(d);
  setterTwoCallsDeep<<<1, 32>>>(d);
  readersOnly<<<1, 32>>>(d);
}
