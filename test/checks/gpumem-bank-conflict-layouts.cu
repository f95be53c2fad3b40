// gpumem-bank-conflict on layouts beyond a plain array: XOR swizzles
// (judged lane by lane, not guessed), extern __shared__ buffers and
// pointers cast from them, and structs in shared memory.
//
// RUN: %check_gpumem_tidy %s gpumem-bank-conflict %t -- --fix-notes

// OK: the XOR swizzle. The row write puts lane l of row ty on word
// 32 ty + (l ^ ty) and the column read on word 32 l + (l ^ ty): bank
// l ^ ty, a permutation of the lanes, in every row (threadIdx.y is the
// same in a warp, and each of the 32 rows is judged).
__global__ void swizzled(float *out) {
  __shared__ float tile[32][32];
  int tx = threadIdx.x, ty = threadIdx.y;
  tile[ty][tx ^ ty] = out[0];
  __syncthreads();
  out[1] = tile[tx][tx ^ ty];
}

// A plain column next to the swizzle: any odd padding clears the column
// (word 33 l + ty, bank l + ty) but breaks the swizzled read (lanes 0 and
// 1 of row 1 on words 1 and 33: bank 1 twice), and even ones do not clear
// it. The padding must leave every access to the array no worse, so none
// is offered.
__global__ void swizzleAndColumn(float *out) {
  __shared__ float tile[32][32];
  // CHECK-FIXES: __shared__ float tile[32][32];
  int tx = threadIdx.x, ty = threadIdx.y;
  tile[ty][tx ^ ty] = out[0];
  out[1] = tile[tx][tx ^ ty];
  out[2] = tile[tx][ty];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 32-way bank conflict on 'tile[tx][ty]': the 32 lanes read 32 distinct words of bank 0; no padding of the innermost dimension removes it without slowing another access to 'tile' [gpumem-bank-conflict]
}

// OK: a swizzled column read in a 16x16 block (two rows per warp): lane
// (tx, ty) on word 16 tx + (tx ^ ty). Even columns use banks 0-15, odd
// ones 16-31. Within a row, tx ^ ty takes distinct values; between the
// warp's two rows (ty even, ty odd), columns of the same parity give
// values of different parity.
__global__ void swizzled16(float *out) {
  __shared__ float tile[16][16];
  int tx = threadIdx.x, ty = threadIdx.y;
  tile[tx][tx ^ ty] = out[0];
  out[1] = tile[ty][tx];
}
void launchSwizzled16(float *p) { swizzled16<<<1, dim3(16, 16)>>>(p); }

// extern __shared__: no extents, so no padding; the degree is the same.
// Pointers cast from the buffer keep its memory space; a double pointer
// into it is split into half-warps like a double array.
__global__ void dynamicShared(float *out) {
  extern __shared__ float dyn[];
  out[0] = dyn[threadIdx.x * 32];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 32-way bank conflict on 'dyn[threadIdx.x * 32]': the 32 lanes read 32 distinct words of bank 0 [gpumem-bank-conflict]
  float *p = (float *)dyn;
  out[1] = p[threadIdx.x * 2];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 2-way bank conflict on 'p[threadIdx.x * 2]': 2 of the 32 active lanes read 2 distinct words of bank 0 [gpumem-bank-conflict]
  double *d = reinterpret_cast<double *>(&dyn[64]);
  out[2] = d[threadIdx.x * 16];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 16-way bank conflict on 'd[threadIdx.x * 16]': the 16 lanes read 16 distinct words of bank 0 in one of its 2 phases [gpumem-bank-conflict]
  float4 *q = reinterpret_cast<float4 *>(dyn);
  out[3] = q[threadIdx.x].x;
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: 4-way bank conflict on 'q[threadIdx.x].x': 4 of the 32 active lanes read 4 distinct words of bank 0 [gpumem-bank-conflict]
  // OK: consecutive floats and doubles of the same buffer.
  out[4] = dyn[threadIdx.x] + static_cast<float>(d[threadIdx.x]);
}

// Structs in shared memory: a field of a 16-byte struct is a stride of 4
// words, 4-way, on the bank of its offset; a 12-byte struct is a stride of
// 3 words, conflict-free. Copying a whole 16-byte struct aligned to 4 is
// four 4-byte loads (alignment decides the instruction), each 4-way;
// aligned to 16 it is one 16-byte load per lane: four quarter-warps of 128
// bytes, conflict-free.
struct Particle {
  float x, y, z, w;
};
struct alignas(16) AlignedParticle {
  float x, y, z, w;
};
struct Point {
  float x, y, z;
};
__global__ void structs(float *out) {
  __shared__ Particle ps[64];
  __shared__ Point pts[64];
  out[0] = ps[threadIdx.x].x;
  // CHECK-MESSAGES: :[[@LINE-1]]:28: warning: 4-way bank conflict on 'ps[threadIdx.x].x': 4 of the 32 active lanes read 4 distinct words of bank 0 [gpumem-bank-conflict]
  ps[threadIdx.x].w = out[1];
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: 4-way bank conflict on 'ps[threadIdx.x].w': 4 of the 32 active lanes write 4 distinct words of bank 3 [gpumem-bank-conflict]
  out[2] = pts[threadIdx.x].y;
  Particle whole = ps[threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:20: warning: 4-way bank conflict on 'ps[threadIdx.x]': 4 of the 32 active lanes read 4 distinct words of bank 0 [gpumem-bank-conflict]
  out[3] = whole.x;
  __shared__ AlignedParticle aps[64];
  AlignedParticle vector = aps[threadIdx.x];
  out[4] = vector.y;
}

// A 2-D array of structs pads in elements: 32 Points a row are 96 words,
// a column is 32-way; one more Point (99 words, odd) clears it.
__global__ void structColumn(float *out) {
  __shared__ Point grid[32][32];
  // CHECK-FIXES: __shared__ Point grid[32][33];
  out[0] = grid[threadIdx.x][0].z;
  // CHECK-MESSAGES: :[[@LINE-1]]:33: warning: 32-way bank conflict on 'grid[threadIdx.x][0].z': the 32 lanes read 32 distinct words of bank 2; pad to [32][33] [gpumem-bank-conflict]
}
