// A warning of Clang's in the preamble: it would be lost with a PCH.
#include "inc/strided_load.h"
#warning "kept for the old launcher"

__global__ void everyFourth(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[4 * i];
}
