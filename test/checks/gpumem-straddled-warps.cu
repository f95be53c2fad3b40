// Issue 39: a block whose warps straddle its rows (blockDim.x not a
// multiple of 32 and more than 32 threads) gives each warp other lanes, so
// the first warp speaks for no other. Each warp of the block is priced
// (one walk each); a finding reports the worst warp, says which it is, how
// many of the warps pay as much and the mean over them. The numbers are
// checked against a per-warp brute-force count of the launch.
//
// RUN: %check_gpumem_tidy %s gpumem-bank-conflict,gpumem-uncoalesced-access %t

// blockDim (48, 2): warp 0 is row 0's threads 0..31, warp 1 is row 0's
// 32..47 then row 1's 0..15, warp 2 is row 1's 16..47.
__global__ void rows48(const float *in, float *out) {
  // Row pitch 49: warp 1's two half rows meet on banks 0 and 16 (2-way);
  // warps 0 and 2 keep to one row each and are conflict-free.
  __shared__ float halo[2][49];
  // Row pitch 48, the block's width: consecutive threads, consecutive
  // words in every warp; no finding.
  __shared__ float flat[2][48];
  halo[threadIdx.y][threadIdx.x] = in[threadIdx.y * 48 + threadIdx.x];
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: 2-way bank conflict on 'halo[threadIdx.y][threadIdx.x]': 2 of the 32 active lanes write 2 distinct words of bank 0; pad to [2][80] [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE-2]]:3: note: blockDim.x = 48 starts rows inside the block's warps, so each warp has other lanes and each is priced: the numbers above are warp 1's (threads 32 to 63), which 1 of the 3 warps that run the access pay; over the block's warps, a mean of 1.33 words on the busiest bank
  // CHECK-NOTES: :[[@LINE-7]]:20: note: pad the innermost dimension of 'halo' to [2][80]
  // CHECK-NOTES: :[[@LINE+35]]:3: note: at this launch, blockDim is (48, 2, 1); warps straddle rows, each of its 3 warps is priced
  flat[threadIdx.y][threadIdx.x] = in[threadIdx.y * 48 + threadIdx.x];
  __syncthreads();
  // Row pitch 64 in global memory: warp 0 reads one 128-byte block, warps
  // 1 and 2 two each (the first warp alone said coalesced).
  out[threadIdx.y * 64 + threadIdx.x] = flat[threadIdx.y][threadIdx.x];
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: uncoalesced global store of 'out[threadIdx.y * 64 + threadIdx.x]': the warp spans 2 rows of 16 lanes, 2 transactions per warp (50.0% efficiency), 4 sectors; blockDim.x = 48 starts rows inside warps; a block a multiple of 32 threads wide keeps each warp in one row [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:3: note: blockDim.x = 48 starts rows inside the block's warps, so each warp has other lanes and each is priced: the numbers above are warp 1's (threads 32 to 63), which 2 of the 3 warps that run the access pay; over the block's warps, a mean of 1.67 transactions
  // CHECK-NOTES: :[[@LINE+27]]:3: note: at this launch, blockDim is (48, 2, 1); warps straddle rows, each of its 3 warps is priced
}

// blockDim (24, 4): a column of 8 words per thread row; words 8x + y put 6
// lanes on one bank in warps 0 and 2, 4 in warp 1.
__global__ void cols24(float *out) {
  __shared__ float col[24][8];
  col[threadIdx.x][threadIdx.y] = out[threadIdx.y * 24 + threadIdx.x];
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: 6-way bank conflict on 'col[threadIdx.x][threadIdx.y]': 6 of the 32 active lanes write 6 distinct words of bank 0; no padding of the innermost dimension removes it [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE-2]]:3: note: blockDim.x = 24 starts rows inside the block's warps, so each warp has other lanes and each is priced: the numbers above are warp 0's (threads 0 to 31), which 2 of the 3 warps that run the access pay; over the block's warps, a mean of 5.33 words on the busiest bank
  // CHECK-NOTES: :[[@LINE-4]]:20: note: 'col' declared here
  // CHECK-NOTES: :[[@LINE+17]]:3: note: at this launch, blockDim is (24, 4, 1); warps straddle rows, each of its 3 warps is priced
}

// Row 1 only: warp 0 (all of row 0) does not run the store, warp 1's
// lanes 16..31 (row 1's threads 0..15) take one 128-byte block, warp 2
// (row 1's threads 16..47, every other element) two.
__global__ void rowOne(float *out) {
  if (threadIdx.y == 1)
    out[threadIdx.x * 2] = 0.0f;
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: uncoalesced global store of 'out[threadIdx.x * 2]': stride 8 bytes, 2 transactions per warp (50.0% efficiency), 8 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:5: note: 32 active lanes of 4 bytes each span 252 bytes; the same lanes on consecutive elements would need 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE-3]]:5: note: blockDim.x = 48 starts rows inside the block's warps, so each warp has other lanes and each is priced: the numbers above are warp 2's (threads 64 to 95), which 1 of the 2 warps that run the access pay; over the block's warps, a mean of 1.50 transactions
  // CHECK-NOTES: :[[@LINE+6]]:3: note: at this launch, blockDim is (48, 2, 1); warps straddle rows, each of its 3 warps is priced
}

void host(const float *a, float *d) {
  rows48<<<1, dim3(48, 2)>>>(a, d);
  cols24<<<1, dim3(24, 4)>>>(d);
  rowOne<<<1, dim3(48, 2)>>>(d);
}
