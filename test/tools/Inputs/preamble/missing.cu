// A header no machine has, in the preamble.
#include "inc/strided_load.h"
#include "gpumem-absent/not_installed.h"

__global__ void everyFourth(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[4 * i];
}
