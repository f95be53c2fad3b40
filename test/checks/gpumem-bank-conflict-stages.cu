// gpumem-bank-conflict on a shared index that flips between values around
// a loop (a double-buffer stage written as `s = 1 - s`): the check judges
// each value the stage takes and names the one where the degree peaks.
//
// RUN: %check_gpumem_tidy %s gpumem-bank-conflict %t -- \
// RUN:   -config="{CheckOptions: {gpumem-bank-conflict.BlockDim: '32,1,1'}}"

// Stage 0: consecutive words, no conflict. Stage 1: stride 2 words, lanes
// l and l + 16 share a bank: 2-way.
__global__ void flipping(float *out, int trips) {
  __shared__ float ring[64];
  int stage = 0;
  for (int k = 0; k < trips; ++k) {
    ring[threadIdx.x * (stage + 1)] = 1.f;
    // CHECK-NOTES: :[[@LINE-1]]:5: warning: 2-way bank conflict on 'ring[threadIdx.x * (stage + 1)]': 2 of the 32 active lanes write 2 distinct words of bank 0 [gpumem-bank-conflict]
    // CHECK-NOTES: :[[@LINE-4]]:7: note: worst when 'stage' is 1 (it takes 0, 1)
    // CHECK-NOTES: :[[@LINE-6]]:20: note: 'ring' declared here
    // CHECK-NOTES: :[[@LINE-6]]:7: note: index 'stage' is defined here
    // CHECK-NOTES: :[[@LINE-9]]:17: note: from option 'BlockDim', blockDim is (32, 1, 1)
    stage = 1 - stage;
  }
  out[threadIdx.x] = ring[threadIdx.x];
}

// A stage flipped under a branch on the lane is not one value per warp:
// no warning, whatever it would be.
__global__ void flippedPerLane(float *out, int trips) {
  __shared__ float ring[64];
  int stage = 0;
  for (int k = 0; k < trips; ++k) {
    ring[threadIdx.x * (stage + 1)] = 1.f;
    if (threadIdx.x & 1)
      stage = 1 - stage;
  }
  out[threadIdx.x] = ring[threadIdx.x];
}

// A stage computed from a loop counter whose trip count is not known
// (`(k - 1) & 1`, the shape of double-buffered GEMM tiles): one value the
// warp shares, which moves every lane by the same whole tile, so the
// column write conflicts whatever it is. Before, its index was unknown and
// nothing was said.
__global__ void stageFromCounter(const float *in, float *out, int tiles) {
  __shared__ float buffers[2][32][32];
  for (int k = 1; k < tiles; ++k) {
    int stage = (k - 1) & 1;
    buffers[stage][threadIdx.x][0] = in[threadIdx.x];
    // CHECK-NOTES: :[[@LINE-1]]:5: warning: 32-way bank conflict on 'buffers[stage][threadIdx.x][0]': the 32 lanes write 32 distinct words of bank 0; pad to [2][32][33] [gpumem-bank-conflict]
    // CHECK-NOTES: :[[@LINE-5]]:20: note: pad the innermost dimension of 'buffers' to [2][32][33]
    // CHECK-NOTES: :[[@LINE-4]]:9: note: index 'stage' is defined here
    // CHECK-NOTES: :[[@LINE-8]]:17: note: from option 'BlockDim', blockDim is (32, 1, 1)
  }
  out[threadIdx.x] = buffers[0][0][threadIdx.x];
}
