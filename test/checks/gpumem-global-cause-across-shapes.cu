// Issue 24: with the block shape unknown, a global finding is kept when
// some global finding holds under every shape tried, whichever check owns
// it there; the finding reported is the assumed shape's. A row read one
// float past a 128-byte boundary is misaligned in a 1-D block (blockDim.x
// assumed a multiple of 32) and two rows apart in a 16x16 block: both are
// problems, so the misaligned finding stands.
//
// RUN: %check_gpumem_tidy %s gpumem-misaligned-access,gpumem-uncoalesced-access %t

__global__ void shifted(const float *in, float *out, int w) {
  out[threadIdx.y * w + threadIdx.x] = in[threadIdx.y * w + threadIdx.x + 1];
  // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: misaligned global load of 'in[threadIdx.y * w + threadIdx.x + 1]': starts 4 bytes past a 128-byte boundary, 2 transactions per warp (50.0% efficiency), 5 sectors; aligned, it would need 1 [gpumem-misaligned-access]
}

// OK: coalesced in a 1-D block; a 16x16 block would split the warp over
// two rows, but the assumed shape has no finding to report.
__global__ void aligned(const float *in, float *out, int w) {
  out[threadIdx.y * w + threadIdx.x] = in[threadIdx.y * w + threadIdx.x];
}
