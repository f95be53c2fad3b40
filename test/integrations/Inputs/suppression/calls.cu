#include "strided.cuh"

// Silenced at the call.
__global__ void silencedAtCall(float *p) {
  everyOther(p, threadIdx.x); // NOLINT(gpumem-uncoalesced-access)
}

__global__ void silencedOnLineBefore(float *p) {
  // NOLINTNEXTLINE(gpumem-uncoalesced-access)
  everyThird(p, threadIdx.x);
}

// Not silenced: reported at the helper's line.
__global__ void reported(float *p) { everyFifth(p, threadIdx.x); }

__global__ void silencedInHelper(float *p) { quiet(p, threadIdx.x); }
