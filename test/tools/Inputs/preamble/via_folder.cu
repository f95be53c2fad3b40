// A file whose header is found only through the command's -I folder.
#include "strided_load.h"

__global__ void viaFolder(float *out, const float *in) {
  out[threadIdx.x] = loadEvery(in, threadIdx.x, 2);
}
