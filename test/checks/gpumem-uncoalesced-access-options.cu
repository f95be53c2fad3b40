// Options, global (shared by every gpumem check) or local to the check.
//
// RUN: %check_gpumem_tidy -check-suffix=DEFAULT %s gpumem-uncoalesced-access %t
// RUN: %check_gpumem_tidy -check-suffix=THRESHOLD %s gpumem-uncoalesced-access %t -- \
// RUN:   -config="{CheckOptions: {EfficiencyThreshold: 50}}"
// RUN: %check_gpumem_tidy -check-suffix=THRESHOLD %s gpumem-uncoalesced-access %t -- \
// RUN:   -config="{CheckOptions: {gpumem-uncoalesced-access.EfficiencyThreshold: 50}}"
// RUN: %check_gpumem_tidy -check-suffix=SECTORS %s gpumem-uncoalesced-access %t -- \
// RUN:   -config="{CheckOptions: {TransactionBytes: 32}}"
// RUN: %check_gpumem_tidy -check-suffix=BLOCKDIM %s gpumem-uncoalesced-access %t -- \
// RUN:   -config="{CheckOptions: {BlockDim: '16,16'}}"

// Cell B (50%) and cell C (3.1%) with 128-byte transactions; with
// EfficiencyThreshold 50 only what is below 50% is reported. With 32-byte
// transactions the same footprints count 8 and 32 (bytes [0, 252) touch 8
// sectors; 32 lanes 128 bytes apart touch 32), against an ideal of 4.
__global__ void strides(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * 2];
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:12: warning: uncoalesced global load of 'in[i * 2]': stride 8 bytes, 2 transactions per warp (50.0% efficiency), 8 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK-MESSAGES-SECTORS: :[[@LINE-2]]:12: warning: uncoalesced global load of 'in[i * 2]': stride 8 bytes, 8 transactions per warp (50.0% efficiency), 8 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  out[i] = in[i * 32];
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:12: warning: uncoalesced global load of 'in[i * 32]': stride 128 bytes, 32 transactions per warp (3.1% efficiency), 32 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK-MESSAGES-THRESHOLD: :[[@LINE-2]]:12: warning: uncoalesced global load of 'in[i * 32]': stride 128 bytes, 32 transactions per warp (3.1% efficiency), 32 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK-MESSAGES-SECTORS: :[[@LINE-3]]:12: warning: uncoalesced global load of 'in[i * 32]': stride 128 bytes, 32 transactions per warp (12.5% efficiency), 32 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // In 16 x 16 blocks the warp's two rows read the same 16 floats, one
  // block each: 16 transactions for 64 useful bytes.
  // CHECK-MESSAGES-BLOCKDIM: :[[@LINE-6]]:12: warning: uncoalesced global load of 'in[i * 32]': irregular lane pattern, 16 transactions per warp (3.1% efficiency), 16 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
}

// BlockDim '16,16' stands for the launch this file does not have: a warp
// holds two rows of 16 threads. Without it, threadIdx.y is warp-uniform and
// the row-major load is coalesced; the transposed one has every lane in a
// block of its own.
__global__ void tile(const float *in, float *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  out[y * 1024 + x] = in[x * 1024 + y];
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:23: warning: uncoalesced global load of 'in[x * 1024 + y]': stride 4096 bytes, 32 transactions per warp (3.1% efficiency), 32 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK-MESSAGES-THRESHOLD: :[[@LINE-2]]:23: warning: uncoalesced global load of 'in[x * 1024 + y]': stride 4096 bytes, 32 transactions per warp (3.1% efficiency), 32 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK-MESSAGES-SECTORS: :[[@LINE-3]]:23: warning: uncoalesced global load of 'in[x * 1024 + y]': stride 4096 bytes, 32 transactions per warp (12.5% efficiency), 32 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK-MESSAGES-BLOCKDIM: :[[@LINE-4]]:3: warning: uncoalesced global store of 'out[y * 1024 + x]': the warp spans 2 rows of 16 lanes, 2 transactions per warp (50.0% efficiency), 4 sectors; a block 32 threads wide keeps each warp in one row [gpumem-uncoalesced-access]
  // CHECK-MESSAGES-BLOCKDIM: :[[@LINE-5]]:23: warning: uncoalesced global load of 'in[x * 1024 + y]': irregular lane pattern, 16 transactions per warp (6.2% efficiency), 16 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
}

// The option names blockDim for strides too: in 16 x 16 blocks the two
// rows of cell B's warp read the same 16 elements (64 bytes, 1 block).
__global__ void rowsRepeat(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[2 * i];
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:12: warning: uncoalesced global load of 'in[2 * i]': stride 8 bytes, 2 transactions per warp (50.0% efficiency), 8 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK-MESSAGES-SECTORS: :[[@LINE-2]]:12: warning: uncoalesced global load of 'in[2 * i]': stride 8 bytes, 8 transactions per warp (50.0% efficiency), 8 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
}
