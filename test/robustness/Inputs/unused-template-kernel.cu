// A template kernel no code of this file instantiates (a header of kernels
// run directly): analysed as the analysis's own instantiation, and said.
template <typename T> __global__ void strided(T *data) {
  data[threadIdx.x * 2] = T();
}

// One whose launches choose a value: named, not analysed.
template <int STEP> __global__ void stepped(float *data) {
  data[threadIdx.x * STEP] = 0.0f;
}
