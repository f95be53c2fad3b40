// Function objects handed to a kernel template (issue 37): `f(i)` on a
// struct with an operator() is entered as a member call is, its fields
// read from the object (the kernel's by-value parameter). Before, the call
// was not entered and its accesses vanished: "0 accesses".
//
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump,gpumem-uncoalesced-access %s -- %cuda_flags \
// RUN:   | FileCheck %s --implicit-check-not='remark: {{load|store}}' --implicit-check-not='warning:'

template <typename F>
__global__ void forEach(int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    f(i);
}

struct Halve {
  float *out;
  const float *in;
  __device__ void operator()(int i) const { out[i] = 0.5f * in[i * 2]; }
};
// CHECK: :[[@LINE-2]]:45: remark: store global 'out[i]' width 4; offset 4*lane + (1024)*blockIdx.x + (128)*warp.x; active 0xffffffff; scenarios 1; transactions 1, sectors 4
// CHECK: :[[@LINE-3]]:61: remark: load global 'in[i * 2]' width 4; offset 8*lane + (2048)*blockIdx.x + (256)*warp.x; active 0xffffffff; scenarios 1; transactions 2, sectors 8
// CHECK: :[[@LINE-4]]:61: warning: uncoalesced global load of 'in[i * 2]': stride 8 bytes, 2 transactions per warp (50.0% efficiency), 8 sectors

// An accessor's operator() returns the element: the access is the call
// itself, read where it is used.
struct Rows {
  const float *data;
  int pitch;
  __device__ const float &operator()(int r, int c) const { return data[r * pitch + c]; }
};
__global__ void firstColumn(float *out, Rows a) {
  out[threadIdx.x] = a(threadIdx.x, 0);
}
// CHECK: :[[@LINE-2]]:3: remark: store global 'out[threadIdx.x]'
// CHECK: :[[@LINE-3]]:22: remark: load global 'a(threadIdx.x, 0)' width 4; offset 0 + (128)*warp.x*a.pitch + (4*lane)*a.pitch; active 0xffffffff; symbolic stride a.pitch; transactions 32, sectors 32
// CHECK: :[[@LINE-4]]:22: warning: uncoalesced global load of 'a(threadIdx.x, 0)': stride 'a.pitch' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 'a.pitch' >= 32

void run(float *out, const float *in, int n) {
  forEach<<<(n + 255) / 256, 256>>>(n, Halve{out, in});
}
