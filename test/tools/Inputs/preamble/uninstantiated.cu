// Host code that does not compile after a clean preamble: the template
// kernel nothing instantiates is analysed in an instantiation of the
// analysis's own, made through Sema during the parse, preamble or not.
#include <cuda_runtime.h>
#include "inc/strided_load.h"

template <typename T>
__global__ void everyOther(const T *in, T *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[2 * i];
}

void launchEveryOther(float *in, float *out) {
  helper_that_is_not_declared(in, out);
}
