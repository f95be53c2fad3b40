// Strides, spans and record sizes past 2^31 bytes: the messages cut them
// to 32 bits (a 4 GiB stride printed "stride 0 bytes", a record of 2^32 + 12
// bytes "12 bytes"). They are printed as the 64-bit numbers the model has.
//
// RUN: %clang_tidy --checks='-*,gpumem-*' %s -- %cuda_flags 2>&1 \
// RUN:   | FileCheck %s

struct Huge {
  char Pad[4294967296ULL + 8];
  float V;
};

__global__ void hugeRecords(const Huge *in, float *out) {
  out[threadIdx.x] = in[threadIdx.x].V;
}
// CHECK: :[[@LINE-2]]:38: warning: global load of 'in[threadIdx.x].V' strides over an array of structures: 'Huge' is 4294967308 bytes, 32 transactions per warp (3.1% efficiency), 32 sectors; a structure of arrays would need 1 for field 'V' [gpumem-aos-access]

__global__ void fourGiBApart(const float *in, float *out) {
  out[threadIdx.x] = in[threadIdx.x * 1073741824LL];
}
// CHECK: :[[@LINE-2]]:22: warning: uncoalesced global load of 'in[threadIdx.x * 1073741824LL]': stride 4294967296 bytes, 32 transactions per warp (3.1% efficiency), 32 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
