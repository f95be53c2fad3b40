// Issue 13: every constant extent of a launch's block counts, however the
// dim3 is written, as long as the constant ones say which thread each lane
// of a warp is.
//
// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access %t

constexpr int kRows = 8;

// dim3 block = {4, kRows, depth}: a warp is one z plane of 8 rows of 4
// threads, whatever depth is. Rows 1024 floats apart: 8 pieces.
__global__ void planeOfRows(const float *in, float *out) {
  out[(threadIdx.z * 8 + threadIdx.y) * 4 + threadIdx.x] =
      in[threadIdx.y * 1024 + threadIdx.x];
  // CHECK-NOTES: :[[@LINE-1]]:7: warning: uncoalesced global load of 'in[threadIdx.y * 1024 + threadIdx.x]': the warp spans 8 rows of 4 lanes, 8 transactions per warp (12.5% efficiency), 8 sectors; a block 32 threads wide keeps each warp in one row [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE+57]]:3: note: at this launch, blockDim is (4, 8, not a constant); which thread each lane is does not depend on blockDim.z
}

// OK: column-major over a 4x8 plane is a permutation of 32 consecutive
// floats (with rows of 32 threads it would be a stride of 8 floats).
__global__ void columnMajor(const float *in, float *out) {
  out[(threadIdx.z * 8 + threadIdx.y) * 4 + threadIdx.x] =
      in[threadIdx.x * 8 + threadIdx.y];
}

// block.x and block.y assigned once, in order, before the launch: 16x16.
__global__ void assignedTile(const float *in, float *out) {
  int x = blockIdx.x * 16 + threadIdx.x;
  int y = blockIdx.y * 16 + threadIdx.y;
  out[y * 1024 + x] = in[y * 1024 + x];
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: uncoalesced global store of 'out[y * 1024 + x]': the warp spans 2 rows of 16 lanes, 2 transactions per warp (50.0% efficiency), 4 sectors; a block 32 threads wide keeps each warp in one row [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-3]]:7: note: index 'y' is defined here
  // CHECK-NOTES: :[[@LINE+45]]:3: note: at this launch, blockDim is (16, 16, 1)
  // CHECK-NOTES: :[[@LINE-4]]:23: warning: uncoalesced global load of 'in[y * 1024 + x]': the warp spans 2 rows of 16 lanes, 2 transactions per warp (50.0% efficiency), 4 sectors; a block 32 threads wide keeps each warp in one row [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-6]]:7: note: index 'y' is defined here
  // CHECK-NOTES: :[[@LINE+42]]:3: note: at this launch, blockDim is (16, 16, 1)
}

// block.x = 128 and a row count known at run time: each warp is 32
// threads of one row.
__global__ void wideRows(const float *in, float *out) {
  out[threadIdx.y * 128 + threadIdx.x] = in[threadIdx.y * 128 + threadIdx.x * 2];
  // CHECK-NOTES: :[[@LINE-1]]:42: warning: uncoalesced global load of 'in[threadIdx.y * 128 + threadIdx.x * 2]': stride 8 bytes, 2 transactions per warp (50.0% efficiency), 8 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:42: note: 32 active lanes of 4 bytes each span 252 bytes; the same lanes on consecutive elements would need 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE+37]]:3: note: at this launch, blockDim is (128, not a constant, 1); which thread each lane is does not depend on blockDim.y
}

// A width assigned under a condition fixes nothing.
__global__ void maybeWide(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[2 * i];
  // CHECK-NOTES: :[[@LINE-1]]:12: warning: uncoalesced global load of 'in[2 * i]': stride 8 bytes, 2 transactions per warp (50.0% efficiency), 8 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:12: note: 32 active lanes of 4 bytes each span 252 bytes; the same lanes on consecutive elements would need 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE-4]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE+31]]:18: note: the block of 'maybeWide' is a value of the run at this launch ('maybe'): assuming blockDim.x is a multiple of 32; set option 'BlockDim' to fix it
}

// A width known only at run time fixes nothing, even with a constant
// height. Each warp is one row y of the block: 'threadIdx.y' moves its
// start by 4 bytes a row, and the rows 8 and up (mod 32) cross one more
// 128-byte block (issue 24; it was priced at row 0 only: 8 transactions).
__global__ void runtimeWidth(const float *in, float *out) {
  out[threadIdx.y * 64 + threadIdx.x] = in[threadIdx.x * 8 + threadIdx.y];
  // CHECK-NOTES: :[[@LINE-1]]:41: warning: uncoalesced global load of 'in[threadIdx.x * 8 + threadIdx.y]': stride 32 bytes, 9 transactions per warp (11.1% efficiency), 32 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:41: note: 32 active lanes of 4 bytes each span 996 bytes; the same lanes on consecutive elements would need 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE-3]]:41: note: the launch's warps start at different offsets within a 128-byte block ('threadIdx.y' moves them): the numbers above are the worst warp's, which 75% of the warps pay; over the warps, a mean of 8.75 transactions and 32 sectors per warp
  // CHECK-NOTES: :[[@LINE+20]]:21: note: the block of 'runtimeWidth' is a value of the run at this launch ('dim3(width, 4)'): assuming blockDim.x is a multiple of 32; set option 'BlockDim' to fix it
}

void launch(const float *in, float *out, int depth, int rows, int width,
            bool big) {
  dim3 block = {4, kRows, static_cast<unsigned>(depth)};
  planeOfRows<<<1, block>>>(in, out);
  columnMajor<<<1, block>>>(in, out);
  dim3 tile;
  tile.x = 16;
  tile.y = 16;
  assignedTile<<<dim3(64, 64), tile>>>(in, out);
  dim3 wide(1, 1);
  wide.x = 128;
  wide.y = rows;
  wideRows<<<1, wide>>>(in, out);
  dim3 maybe(32);
  if (big)
    maybe.x = 64;
  maybeWide<<<8, maybe>>>(in, out);
  runtimeWidth<<<1, dim3(width, 4)>>>(in, out);
}

// A 1-D block of 256 threads whose index makes rows of 8 (tid / 8, tid % 8,
// a GEMM tile's loads): a wider block would change nothing, so the advice
// is about the index, not the block (before: "a block 32 threads wide").
__global__ void tileRowsFromIndex(const float *a, float *out, int k) {
  out[threadIdx.x] = a[(threadIdx.x / 8) * k + threadIdx.x % 8];
  // CHECK-NOTES: :[[@LINE-1]]:22: warning: uncoalesced global load of 'a[(threadIdx.x / 8) * k + threadIdx.x % 8]': the warp spans 4 rows of 8 lanes 'k' elements apart, 4 transactions per warp (25.0% efficiency), 4 sectors when 'k' >= 32; the rows come from the index, not the block's shape: a warp stays in one row only where its 32 lanes take consecutive elements of it [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE+4]]:3: note: at this launch, blockDim is (256, 1, 1)
}

void launchOneDimensional(const float *a, float *out, int k) {
  tileRowsFromIndex<<<1, 256>>>(a, out, k);
}
