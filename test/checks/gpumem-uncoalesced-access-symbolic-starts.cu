// Issue 39: a stride known only as a symbol ('w') is priced "up to", with
// the rows its factor sets apart in transactions of their own. Where a
// block's start moves the warps across a 128-byte boundary (blockIdx.x
// times 14 or 24 floats), the starts are priced too: the worst where at
// least half the warps pay it, else what most pay, the rest in a note.
//
// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access %t

// blockDim (24, 4): warp 0 is 24 floats of one row and 8 of the next;
// blocks start 96 bytes apart, so in half of them the 24-float run
// crosses a boundary: 3 transactions (the mean over the starts 2.5).
__global__ void straddled(const float *in, float *out, int w) {
  int x = threadIdx.x, y = threadIdx.y;
  out[blockIdx.x] = in[(blockIdx.y * 4 + y) * w + blockIdx.x * 24 + x];
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[(blockIdx.y * 4 + y) * w + blockIdx.x * 24 + x]': lane addresses scale with 'w', up to 3 transactions per warp (33.3% efficiency), 4 sectors, when 'w' >= 64 [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:21: note: the launch's warps start at different offsets within a 128-byte block ('blockIdx.x' moves them): the numbers above are the worst warp's, which 50% of the warps pay; over the warps, a mean of 2.5 transactions and 4 sectors per warp
  // CHECK-NOTES: :[[@LINE-4]]:24: note: index 'y' is defined here
  // CHECK-NOTES: :[[@LINE+42]]:3: note: at this launch, blockDim is (24, 4, 1); warps straddle rows, each of its 3 warps is priced
}

// blockDim (16, 16), blocks 14 floats apart (a halo of one each side):
// two rows of 64 bytes; 7 of the 16 starts put each row across a
// boundary (4 transactions), the other 9 do not (2): 2 is the number.
__global__ void halo(const float *in, float *out, int w) {
  int x = blockIdx.x * 14 + threadIdx.x, y = blockIdx.y * 14 + threadIdx.y;
  out[blockIdx.x] = in[y * w + x];
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[y * w + x]': the warp spans 2 rows of 16 lanes 'w' elements apart, 2 transactions per warp (50.0% efficiency), 4 sectors when 'w' >= 32; a block 32 threads wide keeps each warp in one row [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:21: note: the launch's warps start at different offsets within a 128-byte block ('blockIdx.x' moves them): the numbers above are what 56.25% of the warps pay; the worst start, 43.75% of them, costs 4 transactions and 6 sectors; over the warps, a mean of 2.88 transactions and 5.5 sectors per warp
  // CHECK-NOTES: :[[@LINE-4]]:42: note: index 'y' is defined here
  // CHECK-NOTES: :[[@LINE+31]]:3: note: at this launch, blockDim is (16, 16, 1)
}

// A column per lane: each lane's float stays in its own transaction at
// every start, so the starts change nothing and the sample stays 32.
__global__ void column(const float *in, float *out, int w) {
  int x = blockIdx.x * 3 + threadIdx.x;
  out[x] = in[x * w];
  // CHECK-NOTES: :[[@LINE-1]]:12: warning: uncoalesced global load of 'in[x * w]': stride 'w' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 'w' >= 32; coalesced only when 'w' is 1 [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:12: note: with 'w' = 1 the warp needs 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE-4]]:7: note: index 'x' is defined here
  // CHECK-NOTES: :[[@LINE+21]]:3: note: at this launch, blockDim is (32, 1, 1)
}

// The same block with the width a constant: the starts' note speaks of
// the blocks' starts, the straddled warps' note of the warps of a block
// at the worst start (3 transactions in each of its 3 warps).
__global__ void straddledKnown(const float *in, float *out, int w) {
  int x = threadIdx.x, y = threadIdx.y;
  out[blockIdx.x] = in[(blockIdx.y * 4 + y) * w + blockIdx.x * 24 + x];
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[(blockIdx.y * 4 + y) * w + blockIdx.x * 24 + x]': irregular lane pattern, 3 transactions per warp (33.3% efficiency), 4 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:21: note: 32 active lanes of 4 bytes each span 4128 bytes; the same lanes on consecutive elements would need 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE-3]]:21: note: the launch's warps start at different offsets within a 128-byte block ('blockIdx.x' moves them): the numbers above are the worst warp's, which 50% of the warps pay; over the warps, a mean of 2.5 transactions and 4 sectors per warp
  // CHECK-NOTES: :[[@LINE-4]]:21: note: blockDim.x = 24 starts rows inside the block's warps, so each warp has other lanes and each is priced: the numbers above are warp 0's (threads 0 to 31), which 3 of the 3 warps that run the access pay in a block at the worst start; over the block's warps, a mean of 3.00 transactions
  // CHECK-NOTES: :[[@LINE-6]]:24: note: index 'y' is defined here
  // CHECK-NOTES: :[[@LINE+8]]:3: note: 'w' is 1024 at every launch of 'straddledKnown' in this file
  // CHECK-NOTES: :[[@LINE+7]]:3: note: at this launch, blockDim is (24, 4, 1); warps straddle rows, each of its 3 warps is priced
}

void launch(const float *in, float *out, int w) {
  straddled<<<dim3(w / 24, w / 4), dim3(24, 4)>>>(in, out, w);
  halo<<<dim3(w / 14, w / 14), dim3(16, 16)>>>(in, out, w);
  column<<<w / 3, 32>>>(in, out, w);
  straddledKnown<<<dim3(1024 / 24, 1024 / 4), dim3(24, 4)>>>(in, out, 1024);
}
