// A template kernel no code of this file instantiates: nothing to say.
template <typename T> __global__ void strided(T *data) {
  data[threadIdx.x * 2] = T();
}
