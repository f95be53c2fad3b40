// A device helper of a library installed as a system header (-isystem),
// the way a toolkit's curand_kernel.h is: its accesses are analysed, but a
// finding is the user's to act on at their call.
#pragma once

__device__ inline float vendorPick(const float *state, int lane) {
  return state[lane * 8];
}
