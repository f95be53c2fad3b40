// Kernels that need the definitions of the file that includes them (Rows):
// this header does not compile on its own. The including file does not
// call launchGather (another file does).
__global__ void gatherRows(const float *in, float *out, int pitch) {
  out[threadIdx.x] = in[threadIdx.x * pitch * Rows];
}

void launchGather(const float *in, float *out) {
  gatherRows<<<1, 32>>>(in, out, 4);
}
