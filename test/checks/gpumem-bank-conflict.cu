// gpumem-bank-conflict on the seed's cells: G (a column of a 32x32 tile,
// 32-way, padded to [32][33]) and E (a broadcast, no conflict), and the
// linear strides of the CUDA C++ Programming Guide's figure (1, 2, 3 words).
// The padding is a fix-it on a note, applied with --fix-notes.
//
// RUN: %check_gpumem_tidy %s gpumem-bank-conflict %t -- --fix-notes

// Cell G: lane i reads tile[i][0], byte 128 i, word 32 i: all 32 lanes on
// bank 0, 32 distinct words, 32 cycles. With [32][33] lane i is on word
// 33 i, bank i: conflict-free.
__global__ void cellG(float *out) {
  __shared__ float tile[32][32];
  // CHECK-FIXES: __shared__ float tile[32][33];
  out[threadIdx.x] = tile[threadIdx.x][0];
  // CHECK-NOTES: :[[@LINE-1]]:22: warning: 32-way bank conflict on 'tile[threadIdx.x][0]': the 32 lanes read 32 distinct words of bank 0; pad to [32][33] [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE-4]]:20: note: pad the innermost dimension of 'tile' to [32][33]
  // CHECK-NOTES: :[[@LINE-6]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'cellG' in this file; set option 'BlockDim' to fix it)
}

// The classic transpose: the row write is conflict-free, the column read is
// cell G again; one padding serves both, and the note that carries the fix
// is the first one.
__global__ void transpose(float *out, const float *in, int n) {
  __shared__ float tile[32][32];
  // CHECK-FIXES: __shared__ float tile[32][33];
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 32 + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  out[x * n + y] = tile[threadIdx.x][threadIdx.y];
  // CHECK-NOTES: :[[@LINE-1]]:20: warning: 32-way bank conflict on 'tile[threadIdx.x][threadIdx.y]': the 32 lanes read 32 distinct words of bank 0; pad to [32][33] [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE-8]]:20: note: pad the innermost dimension of 'tile' to [32][33]
  // CHECK-NOTES: :[[@LINE-10]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'transpose' in this file; set option 'BlockDim' to fix it)
}

// Cell G through an index variable: its definition is a note. The store
// and the load both conflict; the one padding clears both, and the fix-it
// is on the first note only (clang-tidy applies none of overlapping fixes).
__global__ void cellGIndexVariable(float *out) {
  __shared__ float tile[32][32];
  // CHECK-FIXES: __shared__ float tile[32][33];
  int i = threadIdx.x;
  tile[i][0] = 1.0f;
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: 32-way bank conflict on 'tile[i][0]': the 32 lanes write 32 distinct words of bank 0; pad to [32][33] [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE-5]]:20: note: pad the innermost dimension of 'tile' to [32][33]
  // CHECK-NOTES: :[[@LINE-4]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE-8]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'cellGIndexVariable' in this file; set option 'BlockDim' to fix it)
  out[i] = tile[i][0] + tile[0][i];
  // CHECK-NOTES: :[[@LINE-1]]:12: warning: 32-way bank conflict on 'tile[i][0]': the 32 lanes read 32 distinct words of bank 0; pad to [32][33] [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE-10]]:20: note: pad the innermost dimension of 'tile' to [32][33]
  // CHECK-NOTES: :[[@LINE-9]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE-13]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'cellGIndexVariable' in this file; set option 'BlockDim' to fix it)
}

// OK: cell G padded by hand.
__global__ void cellGPadded(float *out) {
  __shared__ float tile[32][33];
  out[threadIdx.x] = tile[threadIdx.x][0];
  out[threadIdx.x + 32] = tile[0][threadIdx.x];
}

// OK: cell E, every lane on one word: a broadcast, one cycle.
__global__ void cellE(float *out, int k) {
  __shared__ float s[256];
  __shared__ float tile[32][32];
  out[threadIdx.x] = s[0] + s[k] + tile[k][7];
}

// Stride 2 words: lanes l and l + 16 share a bank, 2-way. A 1-D array has
// no innermost dimension to pad.
__global__ void strideTwo(float *out) {
  __shared__ float s[64];
  out[threadIdx.x] = s[2 * threadIdx.x];
  // CHECK-NOTES: :[[@LINE-1]]:22: warning: 2-way bank conflict on 's[2 * threadIdx.x]': 2 of the 32 active lanes read 2 distinct words of bank 0 [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE-3]]:20: note: 's' declared here
  // CHECK-NOTES: :[[@LINE-5]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'strideTwo' in this file; set option 'BlockDim' to fix it)
}

// OK: stride 3 words is odd, so coprime with 32 banks: conflict-free; so
// is stride 1, and stride 33 in a 2-D array.
__global__ void strideThree(float *out) {
  __shared__ float s[96];
  __shared__ float t[32][33];
  out[threadIdx.x] = s[3 * threadIdx.x] + s[threadIdx.x];
  out[threadIdx.x + 32] = t[threadIdx.x][1];
}

// Stride 2 in the row of a 2-D array: padding rows cannot help.
__global__ void strideTwoInRow(float *out) {
  __shared__ float rows[4][64];
  out[threadIdx.x] = rows[1][2 * threadIdx.x];
  // CHECK-NOTES: :[[@LINE-1]]:22: warning: 2-way bank conflict on 'rows[1][2 * threadIdx.x]': 2 of the 32 active lanes read 2 distinct words of bank 0; no padding of the innermost dimension removes it [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE-3]]:20: note: 'rows' declared here
  // CHECK-NOTES: :[[@LINE-5]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'strideTwoInRow' in this file; set option 'BlockDim' to fix it)
}

// Lane l on word 32 (l / 4) + 8 (l % 4): four banks, eight lanes each,
// 8-way. Padded by one word, lane l is on bank (l / 4) + 8 (l % 4), all
// distinct.
__global__ void strideEight(float *out) {
  __shared__ float s[8][32];
  // CHECK-FIXES: __shared__ float s[8][33];
  int row = threadIdx.x / 4;
  int col = (threadIdx.x % 4) * 8;
  out[threadIdx.x] = s[row][col];
  // CHECK-NOTES: :[[@LINE-1]]:22: warning: 8-way bank conflict on 's[row][col]': 8 of the 32 active lanes read 8 distinct words of bank 0; pad to [8][33] [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE-6]]:20: note: pad the innermost dimension of 's' to [8][33]
  // CHECK-NOTES: :[[@LINE-4]]:7: note: index 'col' is defined here
  // CHECK-NOTES: :[[@LINE-9]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'strideEight' in this file; set option 'BlockDim' to fix it)
}

// The instantiations of a template share the access's location: the
// highest degree is reported, whichever instantiation comes first. S = 2
// is 2-way; S = 16 puts the even lanes on bank 0 and the odd ones on bank
// 16, 16 words each.
template <int S> __global__ void strideOf(float *out) {
  __shared__ float s[32 * 32];
  s[threadIdx.x * S] = 1.0f;
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: 16-way bank conflict on 's[threadIdx.x * S]': 16 of the 32 active lanes write 16 distinct words of bank 0 [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE-3]]:20: note: 's' declared here
  // CHECK-NOTES: :[[@LINE-5]]:34: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'strideOf' in this file; set option 'BlockDim' to fix it)
  // CHECK-NOTES: :[[@LINE-4]]:3: note: in instantiation 'strideOf<16>'
  out[threadIdx.x] = s[threadIdx.x];
}
template __global__ void strideOf<2>(float *);
template __global__ void strideOf<16>(float *);
