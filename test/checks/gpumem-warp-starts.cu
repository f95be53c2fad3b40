// Issue 24: the warp-uniform part of an index moves each warp's start
// within a 128-byte block. A row index times a pitch that is not a
// multiple of 32 floats, or a loop's shift over a small window, starts
// most warps past a boundary: the worst warp is priced and a note gives
// the mean over the warps. A term over a value the analysis does not know
// (a parameter pitch) is assumed to keep the warps aligned, and the note
// says what it costs otherwise. The numbers were counted by hand for each
// residue (and the global differential test counts every warp).
//
// RUN: %check_gpumem_tidy %s gpumem-misaligned-access,gpumem-uncoalesced-access %t

#define K 1000

// A 32x32 block: each warp is one row, 4000 bytes after the one before;
// 4000 mod 128 is 32, so rows start 0, 32, 64 and 96 bytes into a block:
// one in four is aligned (1 transaction), the others need 2.
__global__ void rowsOfA(const float *a, float *out) {
  int row = blockIdx.y * 32 + threadIdx.y;
  float s = 0.0f;
  for (int i = 0; i < K; i += 32)
    s += a[row * K + i + threadIdx.x];
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: misaligned global load of 'a[row * K + i + threadIdx.x]': starts 32 bytes past a 128-byte boundary, 2 transactions per warp (50.0% efficiency), 4 sectors; aligned, it would need 1 [gpumem-misaligned-access]
  // CHECK-NOTES: :[[@LINE-2]]:10: note: lanes touch bytes [32, 159] of a base assumed 256-byte aligned (cudaMalloc), crossing a block boundary
  // CHECK-NOTES: :[[@LINE-3]]:10: note: the launch's warps start at different offsets within a 128-byte block ('threadIdx.y' moves them): the numbers above are the worst warp's, which 75% of the warps pay; over the warps, a mean of 1.75 transactions and 4 sectors per warp
  // CHECK-NOTES: :[[@LINE-7]]:7: note: index 'row' is defined here
  // CHECK-NOTES: :[[@LINE+41]]:3: note: at this launch, blockDim is (32, 32, 1)
  out[row * 32 + threadIdx.x] = s;
}

// OK: a pitch of 1024 floats keeps every row aligned.
__global__ void rowsAligned(const float *a, float *out) {
  int row = blockIdx.y * 32 + threadIdx.y;
  float s = 0.0f;
  for (int i = 0; i < 1024; i += 32)
    s += a[row * 1024 + i + threadIdx.x];
  out[row * 32 + threadIdx.x] = s;
}

// A window of 5 around i: the passes j = 0, 1, 3, 4 start 8 or 4 bytes off
// a boundary (2 transactions, 5 sectors); j = 2 is aligned (1, 4).
__global__ void convolve(const float *in, const float *w, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int j = 0; j < 5; ++j)
    s += in[i - 2 + j] * w[j];
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: misaligned global load of 'in[i - 2 + j]': starts 120 bytes past a 128-byte boundary, 2 transactions per warp (50.0% efficiency), 5 sectors; aligned, it would need 1 [gpumem-misaligned-access]
  // CHECK-NOTES: :[[@LINE-2]]:10: note: lanes touch bytes [-8, 119] of a base assumed 256-byte aligned (cudaMalloc), crossing a block boundary
  // CHECK-NOTES: :[[@LINE-3]]:10: note: the launch's warps start at different offsets within a 128-byte block ('j' moves them): the numbers above are the worst warp's, which 80% of the warps pay; over the warps, a mean of 1.8 transactions and 4.8 sectors per warp
  // CHECK-NOTES: :[[@LINE-7]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE+19]]:3: note: at this launch, blockDim is (256, 1, 1)
  out[i] = s;
}

// The pitch is a parameter: its rows are assumed aligned; the column read
// strides 8 floats and the note says what an unaligned pitch costs.
__global__ void columns(const float *in, float *out, int pitch) {
  int row = blockIdx.x;
  out[row * 32 + threadIdx.x] = in[row * pitch + threadIdx.x * 8];
  // CHECK-NOTES: :[[@LINE-1]]:33: warning: uncoalesced global load of 'in[row * pitch + threadIdx.x * 8]': stride 32 bytes, 8 transactions per warp (12.5% efficiency), 32 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:33: note: 32 active lanes of 4 bytes each span 996 bytes; the same lanes on consecutive elements would need 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE-3]]:33: note: assuming 'pitch' keeps each warp's start 128-byte aligned (a multiple of 32); otherwise up to 9 transactions and 32 sectors per warp
  // CHECK-NOTES: :[[@LINE-5]]:7: note: index 'row' is defined here
  // CHECK-NOTES: :[[@LINE+7]]:3: note: at this launch, blockDim is (32, 1, 1)
}

void launch(const float *a, float *o, int n) {
  rowsOfA<<<dim3(1, 8), dim3(32, 32)>>>(a, o);
  rowsAligned<<<dim3(1, 8), dim3(32, 32)>>>(a, o);
  convolve<<<64, 256>>>(a, a, o);
  columns<<<64, 32>>>(a, o, n);
}
