// The library's header first, the project's own (through -Iinc) after.
#include <cuda_runtime.h>
#include "strided_load.h"

__global__ void libraryFirst(float *out, const float *in) {
  out[threadIdx.x] = loadEvery(in, threadIdx.x, 4);
}
