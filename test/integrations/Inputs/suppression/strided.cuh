// Helpers with strided stores: each finding is at the helper's line,
// analysed with the arguments of its call.
__device__ void everyOther(float *p, int i) { p[i * 2] = 1.0f; }
__device__ void everyThird(float *p, int i) { p[i * 3] = 1.0f; }
__device__ void everyFifth(float *p, int i) { p[i * 5] = 1.0f; }

// A helper whose author silenced its finding where it is.
__device__ void quiet(float *p, int i) {
  p[i * 4] = 1.0f; // NOLINT(gpumem-uncoalesced-access)
}
