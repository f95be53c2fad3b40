// Issue 13: a kernel that states its block shape (a guard that returns
// unless blockDim is a constant, an assert) is judged with that shape when
// no launch in the file fixes it, never as a warp of 32 for a 4-thread
// block, and the note names the statement.
//
// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access %t

#include <cassert>

// Four threads: stride 2 spans 28 bytes, one transaction; the assumed
// 32-lane warp would have reported 2 transactions (it did, before).
__global__ void fourThreads(const float *in, float *out) {
  assert(blockDim.x == 4);
  for (int k = 0; k < 64; ++k)
    out[k * 4 + threadIdx.x] = in[(k * 4 + threadIdx.x) * 2];
}

// 128 threads: four full warps, stride 2 is 2 transactions.
__global__ void guarded(const float *in, float *out) {
  if (blockDim.x != 128)
    return;
  out[threadIdx.x] = in[threadIdx.x * 2];
  // CHECK-NOTES: :[[@LINE-1]]:22: warning: uncoalesced global load of 'in[threadIdx.x * 2]': stride 8 bytes, 2 transactions per warp (50.0% efficiency), 8 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:22: note: 32 active lanes of 4 bytes each span 252 bytes; the same lanes on consecutive elements would need 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE-5]]:3: note: as the kernel states here, blockDim is (128, 1, 1)
}

// A 16x16 tile read by rows: each warp reads two rows of 16 floats, 64
// bytes apart from its neighbour's, both in one 128-byte block.
// OK: coalesced with the stated shape.
__global__ void rows(const float *in, float *out) {
  if (blockDim.x != 16 || blockDim.y != 16)
    return;
  out[threadIdx.y * 16 + threadIdx.x] = in[threadIdx.y * 16 + threadIdx.x];
}

// OK: threadIdx.y is read but only blockDim.x is stated: no shape is
// taken from the statement (the assumption applies, with its usual care).
__global__ void partial(const float *in, float *out) {
  if (blockDim.x != 16)
    return;
  out[threadIdx.x] = in[threadIdx.y * 1024 + threadIdx.x];
}
