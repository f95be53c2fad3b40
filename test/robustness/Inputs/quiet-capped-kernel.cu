// A kernel whose first accesses are all coalesced, and whose strided one
// comes after the cap (robustness/access-cap.cu).

__global__ void sumNeighbours(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
  out[i] += in[i * 2];
}
