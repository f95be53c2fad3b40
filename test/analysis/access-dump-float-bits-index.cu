// An index kept in a float array and read back with __float_as_int
// (issue 25, measured on a sphere renderer that stores sphere ids among
// its float outputs): the index reads memory, data-dependent as an integer
// read directly is, not "a call the analysis does not follow". The bits of
// a float the kernel did not read from memory are still not followed.
//
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump %s -- %cuda_flags \
// RUN:   | FileCheck %s

struct Item { float x, y, z, w; };

__global__ void gatherById(const float *ids, const Item *items, Item *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int id = __float_as_int(ids[i]);
  out[i] = items[id];
}
// CHECK-DAG: :[[@LINE-2]]:12: remark: load global 'items[id]' width 16; offset unknown, data-dependent (index reads memory (data-dependent))

__global__ void gatherByUnsigned(const float *ids, const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[__float_as_uint(ids[i])];
}
// CHECK-DAG: :[[@LINE-2]]:12: remark: load global 'in[__float_as_uint(ids[i])]' width 4; offset unknown, data-dependent (index reads memory (data-dependent))

__global__ void fromBits(float scale, const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[__float_as_int(scale * 2.f) + i];
}
// CHECK-DAG: :[[@LINE-2]]:12: remark: load global 'in[__float_as_int(scale * 2.f) + i]' width 4; offset unknown, symbolic operation (the bits of a floating-point value)
