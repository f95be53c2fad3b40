// Three uncoalesced loads, one per kernel, for the report's figure bound.
__global__ void first(const float *in, float *out) {
  out[threadIdx.x] = in[threadIdx.x * 2];
}
__global__ void second(const float *in, float *out) {
  out[threadIdx.x] = in[threadIdx.x * 4];
}
__global__ void third(const float *in, float *out) {
  out[threadIdx.x] = in[threadIdx.x * 8];
}
void launch(const float *in, float *out) {
  first<<<1, 32>>>(in, out);
  second<<<1, 32>>>(in, out);
  third<<<1, 32>>>(in, out);
}
