// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access %t

// threadIdx.y and .z: the warp's lanes follow the linear thread id, x
// fastest, so the block's shape decides which threads share a warp. A
// constant launch in the same file fixes blockDim (a dim3 variable, a dim3
// temporary with macros, a plain integer); otherwise blockDim.x is assumed
// a multiple of 32. The note says which.

#define TILE 16

// dim3 block(32, 8): each warp is one row of 32 threads. The row-major
// store is coalesced; the transposed read puts lanes 1024 floats apart.
__global__ void rowPerWarp(const float *in, float *out) {
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 8 + threadIdx.y;
  out[y * 1024 + x] = in[x * 1024 + y];
  // CHECK-NOTES: :[[@LINE-1]]:23: warning: uncoalesced global load of 'in[x * 1024 + y]': stride 4096 bytes, 32 transactions per warp (3.1% efficiency), 32 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:23: note: 32 active lanes of 4 bytes each span 126980 bytes; the same lanes on consecutive elements would need 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE-5]]:7: note: index 'x' is defined here
  // CHECK-NOTES: :[[@LINE+79]]:3: note: at this launch, blockDim is (32, 8, 1)
}

// dim3 block(16, 16): a warp holds two rows of 16 threads. Row-major
// accesses touch two 64-byte pieces 4096 bytes apart: 2 transactions where
// 1 would do; the transposed read, 16 columns of 2 floats: 16.
__global__ void twoRowsPerWarp(const float *in, float *out) {
  int x = blockIdx.x * 16 + threadIdx.x;
  int y = blockIdx.y * 16 + threadIdx.y;
  out[y * 1024 + x] = in[y * 1024 + x];
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: uncoalesced global store of 'out[y * 1024 + x]': the warp spans 2 rows of 16 lanes, 2 transactions per warp (50.0% efficiency), 4 sectors; a block 32 threads wide keeps each warp in one row [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-3]]:7: note: index 'y' is defined here
  // CHECK-NOTES: :[[@LINE+69]]:3: note: at this launch, blockDim is (16, 16, 1)
  // CHECK-NOTES: :[[@LINE-4]]:23: warning: uncoalesced global load of 'in[y * 1024 + x]': the warp spans 2 rows of 16 lanes, 2 transactions per warp (50.0% efficiency), 4 sectors; a block 32 threads wide keeps each warp in one row [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-6]]:7: note: index 'y' is defined here
  // CHECK-NOTES: :[[@LINE+66]]:3: note: at this launch, blockDim is (16, 16, 1)
}

// <<<grid, dim3(TILE, TILE)>>>, TILE a macro: the same 16 x 16 shape.
__global__ void transposeTile(const float *in, float *out) {
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  out[x * 1024 + y] = in[y * 1024 + x];
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: uncoalesced global store of 'out[x * 1024 + y]': irregular lane pattern, 16 transactions per warp (6.2% efficiency), 16 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:3: note: 32 active lanes of 4 bytes each span 61448 bytes; the same lanes on consecutive elements would need 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE-5]]:7: note: index 'x' is defined here
  // CHECK-NOTES: :[[@LINE+56]]:3: note: at this launch, blockDim is (16, 16, 1)
  // CHECK-NOTES: :[[@LINE-5]]:23: warning: uncoalesced global load of 'in[y * 1024 + x]': the warp spans 2 rows of 16 lanes, 2 transactions per warp (50.0% efficiency), 4 sectors; a block 32 threads wide keeps each warp in one row [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-7]]:7: note: index 'y' is defined here
  // CHECK-NOTES: :[[@LINE+53]]:3: note: at this launch, blockDim is (16, 16, 1)
}

// <<<grid, 256>>>: threadIdx.y is 0, only threadIdx.x varies.
__global__ void flat256(const float *in, float *out) {
  out[threadIdx.y * 64 + threadIdx.x] = in[threadIdx.x * 64 + threadIdx.y];
  // CHECK-NOTES: :[[@LINE-1]]:41: warning: uncoalesced global load of 'in[threadIdx.x * 64 + threadIdx.y]': stride 256 bytes, 32 transactions per warp (3.1% efficiency), 32 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:41: note: 32 active lanes of 4 bytes each span 7940 bytes; the same lanes on consecutive elements would need 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE+46]]:3: note: at this launch, blockDim is (256, 1, 1)
}

// dim3(8, 2, 2): one warp is the whole block; z splits it in two planes.
// The linear thread id reads consecutive floats; planes 1024 floats apart
// are two pieces of 16 lanes.
__global__ void planes(const float *in, float *out) {
  int t = (threadIdx.z * 2 + threadIdx.y) * 8 + threadIdx.x;
  out[t] = in[t];
  out[t] = in[threadIdx.z * 1024 + threadIdx.y * 8 + threadIdx.x];
  // CHECK-NOTES: :[[@LINE-1]]:12: warning: uncoalesced global load of 'in[threadIdx.z * 1024 + threadIdx.y * 8 + threadIdx.x]': the warp spans 2 rows of 16 lanes, 2 transactions per warp (50.0% efficiency), 4 sectors; a block 32 threads wide keeps each warp in one row [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE+36]]:3: note: at this launch, blockDim is (8, 2, 2)
}

// No launch in this file: blockDim.x is assumed a multiple of 32, so
// threadIdx.y is the same in every lane of a warp.
__global__ void noLaunch(const float *in, float *out) {
  out[threadIdx.y * 32 + threadIdx.x] = in[threadIdx.x * 32 + threadIdx.y];
  // CHECK-NOTES: :[[@LINE-1]]:41: warning: uncoalesced global load of 'in[threadIdx.x * 32 + threadIdx.y]': stride 128 bytes, 32 transactions per warp (3.1% efficiency), 32 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:41: note: 32 active lanes of 4 bytes each span 3972 bytes; the same lanes on consecutive elements would need 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE-4]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'noLaunch' in this file; set option 'BlockDim' to fix it)
}

// Launches that disagree fix nothing: the assumption again, saying why.
__global__ void twoShapes(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[2 * i];
  // CHECK-NOTES: :[[@LINE-1]]:12: warning: uncoalesced global load of 'in[2 * i]': stride 8 bytes, 2 transactions per warp (50.0% efficiency), 8 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:12: note: 32 active lanes of 4 bytes each span 252 bytes; the same lanes on consecutive elements would need 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE-4]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE-6]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'twoShapes' in this file, its launches disagree; set option 'BlockDim' to fix it)
}

// A block size only known at run time fixes nothing either.
__global__ void runtimeShape(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}

void launch(const float *in, float *out, int threads) {
  dim3 grid(32, 32);
  dim3 rows(32, 8);
  rowPerWarp<<<grid, rows>>>(in, out);
  dim3 block(16, 16);
  twoRowsPerWarp<<<grid, block>>>(in, out);
  transposeTile<<<grid, dim3(TILE, TILE)>>>(in, out);
  flat256<<<grid, 256>>>(in, out);
  planes<<<1, dim3(8, 2, 2)>>>(in, out);
  twoShapes<<<grid, 256>>>(in, out);
  twoShapes<<<grid, 128>>>(in, out);
  runtimeShape<<<grid, threads>>>(in, out);
}
