// Issue 13: with no launch in the file, blockDim.x is assumed a multiple
// of 32. When the index reads threadIdx.y, that assumption decides which
// lanes share a row; a warning that flips under another plausible shape
// (16x16 or 8x8 threads) is not given: silence beats a wrong warning.
//
// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access %t

// 32 lanes of one row would read two runs 4 KiB apart (the assumption);
// a 16x16 block reads 32 consecutive floats: it flips, no warning.
__global__ void flips(const float *in, float *out) {
  int i = (threadIdx.x / 16) * 1024 + threadIdx.x % 16 + threadIdx.y * 16;
  out[threadIdx.y * 32 + threadIdx.x] = in[i];
}

// The same kernel launched 32x8: the shape is known, the warp spans two
// runs, and the warning stands. The block is 32 wide already: the rows
// come from the index (threadIdx.x / 16), and the advice says so.
__global__ void launched(const float *in, float *out) {
  int i = (threadIdx.x / 16) * 1024 + threadIdx.x % 16 + threadIdx.y * 16;
  out[threadIdx.y * 32 + threadIdx.x] = in[i];
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: uncoalesced global load of 'in[i]': the warp spans 2 rows of 16 lanes, 2 transactions per warp (50.0% efficiency), 4 sectors; the rows come from the index, not the block's shape: a warp stays in one row only where its 32 lanes take consecutive elements of it [gpumem-uncoalesced-access]
}

// A transpose's column read is uncoalesced under every shape: reported on
// the assumption, which the note states.
__global__ void column(const float *in, float *out) {
  out[threadIdx.y * 32 + threadIdx.x] = in[threadIdx.x * 1024 + threadIdx.y];
  // CHECK-MESSAGES: :[[@LINE-1]]:41: warning: uncoalesced global load of 'in[threadIdx.x * 1024 + threadIdx.y]': stride 4096 bytes, 32 transactions per warp (3.1% efficiency), 32 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
}

void launch(const float *in, float *out) {
  launched<<<1, dim3(32, 8)>>>(in, out);
}
