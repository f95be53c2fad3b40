// The padding fix-it of gpumem-bank-conflict: how the declaration is
// rewritten (a literal, a macro, a constant, an expression, a template
// parameter), when it is not (inside a macro expansion, an extent in a
// typedef), and that one declaration gets one fix-it.
//
// RUN: %check_gpumem_tidy %s gpumem-bank-conflict %t -- --fix-notes

#define TILE 32
#define DECLARE_TILE(name) __shared__ float name[32][32]
constexpr int Width = 32;
typedef float Row[32];

// A macro extent keeps its name: [TILE][TILE] becomes [TILE][TILE + 1].
__global__ void macroExtent(float *out) {
  __shared__ float tile[TILE][TILE];
  // CHECK-FIXES: __shared__ float tile[TILE][TILE + 1];
  out[threadIdx.x] = tile[threadIdx.x][0];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on 'tile[threadIdx.x][0]': the 32 lanes read 32 distinct words of bank 0; pad to [32][33] [gpumem-bank-conflict]
}

// So does a constexpr constant.
__global__ void constexprExtent(float *out) {
  __shared__ float tile[Width][Width];
  // CHECK-FIXES: __shared__ float tile[Width][Width + 1];
  out[threadIdx.x] = tile[threadIdx.x][0];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on 'tile[threadIdx.x][0]': the 32 lanes read 32 distinct words of bank 0; pad to [32][33] [gpumem-bank-conflict]
}

// An expression: + binds looser than *, so no parentheses; a shift binds
// looser than +, so parentheses. Sixteen rows of 64 words (lanes l and
// l + 16 share a word): 16-way, one word more clears it.
__global__ void expressionExtents(float *out) {
  __shared__ float wide[TILE / 2][2 * TILE];
  // CHECK-FIXES: __shared__ float wide[TILE / 2][2 * TILE + 1];
  __shared__ float shifted[TILE][1 << 5];
  // CHECK-FIXES: __shared__ float shifted[TILE][(1 << 5) + 1];
  out[threadIdx.x] = wide[threadIdx.x % 16][0];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 16-way bank conflict on 'wide[threadIdx.x % 16][0]': the 32 lanes read 16 distinct words of bank 0; pad to [16][65] [gpumem-bank-conflict]
  out[threadIdx.x] = shifted[threadIdx.x][0];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on 'shifted[threadIdx.x][0]': the 32 lanes read 32 distinct words of bank 0; pad to [32][33] [gpumem-bank-conflict]
}

// Three dimensions: the innermost one is padded.
__global__ void threeDimensions(float *out) {
  __shared__ float cube[2][32][32];
  // CHECK-FIXES: __shared__ float cube[2][32][33];
  out[threadIdx.x] = cube[1][threadIdx.x][5];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on 'cube[1][threadIdx.x][5]': the 32 lanes read 32 distinct words of bank 5; pad to [2][32][33] [gpumem-bank-conflict]
}

// A declaration written by a macro: the message still says what to do,
// but nothing inside a macro expansion is rewritten.
__global__ void declaredByMacro(float *out) {
  DECLARE_TILE(tile);
  // CHECK-FIXES: DECLARE_TILE(tile);
  out[threadIdx.x] = tile[threadIdx.x][0];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on 'tile[threadIdx.x][0]': the 32 lanes read 32 distinct words of bank 0; pad to [32][33] [gpumem-bank-conflict]
}

// The innermost extent is in a typedef: padding `tile[32]` would pad the
// wrong dimension, so there is no fix-it.
__global__ void extentInTypedef(float *out) {
  __shared__ Row tile[32];
  // CHECK-FIXES: __shared__ Row tile[32];
  out[threadIdx.x] = tile[threadIdx.x][0];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on 'tile[threadIdx.x][0]': the 32 lanes read 32 distinct words of bank 0; pad to [32][33] [gpumem-bank-conflict]
}

// A template kernel: the instantiations share the declaration, which is
// rewritten once, with the parameter's name; the instantiations share the
// access too, which is reported once.
template <int M> __global__ void templated(float *out) {
  __shared__ float tile[M][M];
  // CHECK-FIXES: __shared__ float tile[M][M + 1];
  out[threadIdx.x] = tile[threadIdx.x][0];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on 'tile[threadIdx.x][0]': the 32 lanes read 32 distinct words of bank 0; pad to [32][33] [gpumem-bank-conflict]
}
template __global__ void templated<32>(float *);
template __global__ void templated<64>(float *);

// Several conflicting accesses to one array get the one padding that
// clears them all, when there is one. The column alone would take 33, but
// the second access (lanes 4q and 4q + 2 on word 32 q, q < 8: 8-way) is
// still 2-way at 33 and 34; at 35 lane l is on bank 3 (l / 4) + 0 or 2,
// all distinct, and the column on bank 3 l mod 32, all distinct.
__global__ void onePaddingForAll(float *out) {
  __shared__ float tile[32][32];
  // CHECK-FIXES: __shared__ float tile[32][35];
  out[threadIdx.x] = tile[threadIdx.x][0];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on 'tile[threadIdx.x][0]': the 32 lanes read 32 distinct words of bank 0; pad to [32][35] [gpumem-bank-conflict]
  out[threadIdx.x] = tile[threadIdx.x / 4][(2 * threadIdx.x) % 4];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 8-way bank conflict on 'tile[threadIdx.x / 4][(2 * threadIdx.x) % 4]': 16 of the 32 active lanes read 8 distinct words of bank 0; pad to [32][35] [gpumem-bank-conflict]
}

// Rows 2 l are 2 (32 + P) words apart whatever the padding P: an even
// stride reaches only half the banks, so the column stays 2-way at best.
__global__ void evenRows(float *out) {
  __shared__ float tile[64][32];
  out[threadIdx.x] = tile[2 * threadIdx.x][1];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on 'tile[2 * threadIdx.x][1]': the 32 lanes read 32 distinct words of bank 1; no padding of the innermost dimension removes it [gpumem-bank-conflict]
}

// OK to pad: references, parentheses and reversed subscripts are still
// plain subscripts.
__global__ void plainSubscripts(float *out) {
  __shared__ float tile[32][32];
  // CHECK-FIXES: __shared__ float tile[32][33];
  float &first = tile[threadIdx.x][0];
  out[0] = first + (tile)[threadIdx.x][1] + threadIdx.x[tile][2];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 32-way bank conflict on 'first': the 32 lanes read 32 distinct words of bank 0; pad to [32][33] [gpumem-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-2]]:20: warning: 32-way bank conflict on '(tile)[threadIdx.x][1]': the 32 lanes read 32 distinct words of bank 1; pad to [32][33] [gpumem-bank-conflict]
  // CHECK-MESSAGES: :[[@LINE-3]]:45: warning: 32-way bank conflict on 'threadIdx.x[tile][2]': the 32 lanes read 32 distinct words of bank 2; pad to [32][33] [gpumem-bank-conflict]
}

// A 2-D row of doubles: the conflict is inside a row, padding cannot help,
// and the message says so.
__global__ void insideRow(double *out) {
  __shared__ double rows[4][64];
  out[threadIdx.x] = rows[0][2 * threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 2-way bank conflict on 'rows[0][2 * threadIdx.x]': 2 of the 16 active lanes read 2 distinct words of bank 0 in one of its 2 phases; no padding of the innermost dimension removes it [gpumem-bank-conflict]
}
