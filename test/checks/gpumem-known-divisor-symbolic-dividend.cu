// Issue 37: a division, remainder or shift by a number whose dividend has
// a part the warp shares that the number does not divide (a symbolic
// pitch times a row, a block's start) was given up ("remainder of a
// symbolic term that is not a multiple of the divisor") and the access
// was not priced. Now:
// - `%` and `/` by d where the warp's lanes span less than d: the lanes
//   are taken as not wrapping around d, as for a divisor the analysis does
//   not know (gpumem-modular-index.cu), with the same note;
// - `/` and `>>` where they span more: the shared part is taken as a
//   multiple of d, the lanes fall in groups of d from the first, and a
//   note says so.
//
// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access %t

// Rows of a symbolic pitch, packed 4 per element: lanes in groups of 4,
// 8 groups 128 bytes apart.
__global__ void packedRows(const float *in, float *out, int pitch) {
  const int row = blockIdx.y;
  const int col = blockIdx.x * 32 + threadIdx.x;
  out[row * 32 + threadIdx.x] = in[((row * pitch + col) >> 2) * 32];
  // CHECK-NOTES: :[[@LINE-1]]:33: warning: uncoalesced global load of 'in[((row * pitch + col) >> 2) * 32]': the warp spans 8 rows of 4 lanes, 8 transactions per warp (3.1% efficiency), 8 sectors; the rows come from the index, not the block's shape: a warp stays in one row only where its 32 lanes take consecutive elements of it [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:33: note: assuming the part of the index the warp's lanes share is a multiple of '4' where it is divided by it (the lanes then fall in groups of '4' from the first); where it is not, the groups shift and a warp may touch one element more
  // CHECK-NOTES: :[[@LINE-5]]:13: note: index 'row' is defined here
  // CHECK-NOTES: :[[@LINE+20]]:3: note: at this launch, blockDim is (32, 1, 1)
}

// A block's start modulo a power of two the warp does not reach across:
// stride 2 floats, 2 transactions.
__global__ void wrappedBlocks(const float *in, float *out) {
  out[blockIdx.x * 32 + threadIdx.x] = in[(blockIdx.x * 32 + threadIdx.x * 2) % 1024];
  // CHECK-NOTES: :[[@LINE-1]]:40: warning: uncoalesced global load of 'in[(blockIdx.x * 32 + threadIdx.x * 2) % 1024]': stride 8 bytes, 2 transactions per warp (50.0% efficiency), 8 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:40: note: 32 active lanes of 4 bytes each span 252 bytes; the same lanes on consecutive elements would need 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE-3]]:40: note: assuming no warp's lanes wrap around '1024' in a '/' or '%' (it is larger than the span of a warp's indices, as a bounds check is taken as not reached); where one does, its lanes split in two
  // CHECK-NOTES: :[[@LINE+11]]:3: note: at this launch, blockDim is (32, 1, 1)
}

// Coalesced either way: no finding.
__global__ void quiet(const float *in, float *out, int pitch) {
  const int col = blockIdx.x * 32 + threadIdx.x;
  out[(blockIdx.y * pitch * 8 + col * 8) >> 3] = in[(blockIdx.x * 64 + threadIdx.x) % 4096];
}

void launch(const float *in, float *out, int pitch) {
  packedRows<<<dim3(4, 4), 32>>>(in, out, pitch);
  wrappedBlocks<<<64, 32>>>(in, out);
  quiet<<<dim3(4, 4), 32>>>(in, out, pitch);
}
