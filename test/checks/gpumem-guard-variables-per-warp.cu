// Issue 39: a guard kept in a variable that is never written again is
// decided as the comparison it holds: at each pass of the loop around it
// (`const bool active = (tid & (2 * s - 1)) == 0;`) and for each warp of a
// launched block, as the same guard written in the `if` is.
//
// RUN: %check_gpumem_tidy %s gpumem-misaligned-access,gpumem-uncoalesced-access %t

// OK: at pass s, lanes that are multiples of 2s read element tid + s of
// their block's run: 16 lanes over bytes 4..127 at s = 1, fewer later;
// one 128-byte transaction each pass. Priced with every lane (the flag's
// first pass not followed), the reads cross into the next block: 2.
__global__ void treePasses(const float *in, float *out) {
  int tid = threadIdx.x;
  for (int s = 1; s < 256; s <<= 1) {
    const bool active = (tid & (2 * s - 1)) == 0;
    if (active)
      out[blockIdx.x * 256 + tid] += in[blockIdx.x * 256 + tid + s];
  }
}

// Only the last warp passes the flag: it is priced for that warp, whose
// stores start one float past a 128-byte block.
__global__ void lastWarpFlag(float *out) {
  int tid = threadIdx.x;
  const bool tail = tid >= 224;
  if (tail)
    out[tid + 1] = 0.f;
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: misaligned global store of 'out[tid + 1]': starts 4 bytes past a 128-byte boundary, 2 transactions per warp (50.0% efficiency), 5 sectors; aligned, it would need 1 [gpumem-misaligned-access]
  // CHECK-NOTES: :[[@LINE-2]]:5: note: lanes touch bytes [900, 1027] of a base assumed 256-byte aligned (cudaMalloc), crossing a block boundary
  // CHECK-NOTES: :[[@LINE-3]]:5: note: no lane of the block's first warp makes this access: the numbers are those of the first warp whose lanes do (threads 224 to 255)
  // CHECK-NOTES: :[[@LINE-7]]:7: note: index 'tid' is defined here
  // CHECK-NOTES: :[[@LINE+15]]:3: note: at this launch, blockDim is (256, 1, 1)
}

// OK: a flag written again after its declaration is not read through; its
// value for the first warp (no lane) stands, as before.
__global__ void rewrittenFlag(float *out, bool flip) {
  int tid = threadIdx.x;
  bool tail = tid >= 224;
  tail = tail && flip;
  if (tail)
    out[tid + 1] = 0.f;
}

void launch(const float *in, float *out, bool flip) {
  treePasses<<<8, 256>>>(in, out);
  lastWarpFlag<<<8, 256>>>(out);
  rewrittenFlag<<<8, 256>>>(out, flip);
}
