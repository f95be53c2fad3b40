// Issue 28: the AoS check advised a structure of arrays that costs as much
// as the structures ("a structure of arrays would need 32" for an access
// priced at 32 transactions): lanes 32 records apart are 32 elements apart
// in a structure of arrays too. Advice is given only where it gains; the
// stride is then the cause, and the uncoalesced check says so.
//
// RUN: %clang_tidy --checks='-*,gpumem-*' %s -- %cuda_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='gpumem-aos-access'

struct Body {
  float x, y, z, w;
};

__global__ void farApart(const Body *b, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = b[i * 32].x;
  // CHECK: :[[@LINE-1]]:22: warning: uncoalesced global load of 'b[i * 32].x': stride 512 bytes, 32 transactions per warp (3.1% efficiency), 32 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
}

// Neighbouring records: a structure of arrays needs 1 transaction, not 4.
__global__ void neighbours(const Body *b, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = b[i].y;
  // CHECK: :[[@LINE-1]]:17: warning: global load of 'b[i].y' strides over an array of structures: 'Body' is 16 bytes, 4 transactions per warp (25.0% efficiency), 16 sectors; a structure of arrays would need 1 for field 'y' [gpumem-aos-access]
}
