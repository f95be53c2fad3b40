// Issue 39: a guard whose divisor is a loop variable (`tid % (2 * s) ==
// 0` in an interleaved reduction) is decided per pass of the loop, as a
// guard comparing the loop variable is: each pass is priced with the lanes
// it lets in, not with the whole warp.
//
// RUN: %check_gpumem_tidy %s gpumem-misaligned-access,gpumem-uncoalesced-access %t

// OK: in the pass of s, the lanes that are multiples of 2s read data[tid +
// s]: never past the warp's 128 bytes. With every lane it would be
// misaligned (lanes 1..32, 2 transactions).
__global__ void interleaved(float *data) {
  unsigned tid = threadIdx.x;
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0)
      data[tid] += data[tid + s];
    __syncthreads();
  }
}

// The first pass lets in the 16 even lanes: 16 transactions, not 32.
__global__ void everyOther(const float *in, float *out) {
  unsigned tid = threadIdx.x;
  for (unsigned s = 1; s < 32; s *= 2)
    if (tid % (2 * s) == 0)
      out[tid] = in[tid * 32];
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: uncoalesced global load of 'in[tid * 32]': stride 128 bytes, 16 transactions per warp (3.1% efficiency), 16 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
}

void launch(float *d, const float *in) {
  interleaved<<<1, 256>>>(d);
  everyOther<<<1, 256>>>(in, d);
}
