// Issue 39: the host computes a launch's numbers from locals that are not
// `const` (`int bx = 8; int by = 256 / bx;`), which Clang does not fold.
// A local set where it is declared and never written again is the value
// its initializer folds to over constants and other such locals: a block
// shape, a pointer offset at the launch and a helper's argument are read
// through them. A local written again, or a fold C++ leaves undefined,
// fixes nothing.
//
// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access,gpumem-misaligned-access %t

// The block is (8, 32): each warp spans 4 rows of 8 lanes.
__global__ void rowsOfEight(const float *in, float *out) {
  int i = threadIdx.y * 1024 + threadIdx.x;
  out[blockIdx.x] = in[i];
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[i]': the warp spans 4 rows of 8 lanes, 4 transactions per warp (25.0% efficiency), 4 sectors; a block 32 threads wide keeps each warp in one row [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-3]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE+82]]:3: note: at this launch, blockDim is (8, 32, 1)
}

// `in + skip`, skip folded to 3: the loads start 12 bytes off.
__global__ void shifted(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i];
  // CHECK-NOTES: :[[@LINE-1]]:14: warning: misaligned global load of 'in[i]': starts 12 bytes past a 128-byte boundary, 2 transactions per warp (50.0% efficiency), 5 sectors; aligned, it would need 1 [gpumem-misaligned-access]
  // CHECK-NOTES: :[[@LINE-2]]:14: note: lanes touch bytes [12, 139] of a base assumed 256-byte aligned (cudaMalloc), crossing a block boundary
  // CHECK-NOTES: :[[@LINE-5]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE+74]]:3: note: 'in' points 12 bytes past the start of its buffer at every launch of 'shifted' in this file
  // CHECK-NOTES: :[[@LINE+73]]:3: note: at this launch, blockDim is (256, 1, 1)
}

// OK: the helper's one caller passes `elems / 2`, which is 1: a unit
// stride, coalesced (before, "up to 32 transactions when 's' >= 32").
__global__ void strided(const float *in, float *out, int s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * s];
}
static void launchStrided(const float *in, float *out, int s) {
  strided<<<64, 256>>>(in, out, s);
}

// OK: `wx` is written under a branch, which may or may not run; the
// block is not read, and the 2-D index is no finding under the assumed
// 1-D block.
__global__ void rowsWritten(const float *in, float *out) {
  int i = threadIdx.y * 1024 + threadIdx.x;
  out[blockIdx.x] = in[i];
}

// OK: a division by zero folds to nothing.
__global__ void rowsByZero(const float *in, float *out) {
  int i = threadIdx.y * 1024 + threadIdx.x;
  out[blockIdx.x] = in[i];
}

// OK: `w - 9` wraps in unsigned arithmetic; no shape is read from it.
__global__ void rowsWrapped(const float *in, float *out) {
  int i = threadIdx.y * 1024 + threadIdx.x;
  out[blockIdx.x] = in[i];
}

// A field of a local aggregate never written after its declaration is
// what its initializer (or its default member initializer) gives: the
// block from `cfg.block`, a unit stride from `opts.stride`.
struct LaunchConfig {
  dim3 grid;
  dim3 block;
};
struct Options {
  int stride = 1;
};
__global__ void rowsFromConfig(const float *in, float *out) {
  int i = threadIdx.y * 1024 + threadIdx.x;
  out[blockIdx.x] = in[i];
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[i]': the warp spans 4 rows of 8 lanes, 4 transactions per warp (25.0% efficiency), 4 sectors; a block 32 threads wide keeps each warp in one row [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-3]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE+37]]:3: note: at this launch, blockDim is (8, 4, 1)
}
// OK: `opts.stride` is 1.
__global__ void stridedByOption(const float *in, float *out, int s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * s];
}
// A field assigned after the declaration, before the launch, is what the
// launch reads (launch/FieldWrites.h): (8, 4), not the braced (32). Before,
// such a write fixed nothing and the block was assumed 1-D.
__global__ void rowsFromLateConfig(const float *in, float *out) {
  int i = threadIdx.y * 1024 + threadIdx.x;
  out[blockIdx.x] = in[i];
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[i]': the warp spans 4 rows of 8 lanes, 4 transactions per warp (25.0% efficiency), 4 sectors; a block 32 threads wide keeps each warp in one row [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-3]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE+27]]:3: note: at this launch, blockDim is (8, 4, 1)
}

void run(const float *in, float *out, int n) {
  int bx = 8;
  int by = 256 / bx;
  dim3 block(bx, by);
  rowsOfEight<<<16, block>>>(in, out);
  int halo = 1;
  int skip = 2 * halo + 1;
  shifted<<<(n + 255) / 256, 256>>>(in + skip, out, n);
  int elems = 2;
  launchStrided(in, out, elems / 2);
  int wx = 8;
  if (n > 4096)
    wx *= 2;
  rowsWritten<<<16, dim3(wx, 4)>>>(in, out);
  int zero = 0;
  rowsByZero<<<16, dim3(32 / zero, 4)>>>(in, out);
  unsigned w = 8u;
  rowsWrapped<<<16, dim3(w - 9, 4)>>>(in, out);
  LaunchConfig cfg{dim3(16), dim3(8, 4)};
  rowsFromConfig<<<cfg.grid, cfg.block>>>(in, out);
  Options opts;
  stridedByOption<<<64, 256>>>(in, out, opts.stride);
  LaunchConfig late{dim3(16), dim3(32)};
  late.block = dim3(8, 4);
  rowsFromLateConfig<<<late.grid, late.block>>>(in, out);
}
