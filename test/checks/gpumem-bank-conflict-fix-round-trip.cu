// The padding fix-its of gpumem-bank-conflict, applied with --fix-notes,
// leave a file that still compiles and on which the check is silent: each
// padding clears every conflict on its array. Issue 26: the fix-it is the
// warning's, so plain --fix applies the same 9 fixes (it applied none: the
// fix was on a note).
//
// RUN: rm -rf %t.fix && mkdir -p %t.fix && cp %s %t.fix/padded.cu
// RUN: %clang_tidy --checks=-*,gpumem-bank-conflict --fix \
// RUN:   %t.fix/padded.cu -- %cuda_flags 2>&1 | FileCheck %s --check-prefix=FIX
// RUN: FileCheck %s --check-prefix=PADDED --input-file=%t.fix/padded.cu
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: cp %s %t/padded.cu
// RUN: %clang -fsyntax-only -Werror %cuda_flags %t/padded.cu
// RUN: %clang_tidy --checks=-*,gpumem-bank-conflict --fix-notes \
// RUN:   %t/padded.cu -- %cuda_flags 2>&1 | FileCheck %s --check-prefix=FIX
// RUN: FileCheck %s --check-prefix=PADDED --input-file=%t/padded.cu
// RUN: %clang -fsyntax-only -Werror %cuda_flags %t/padded.cu
// RUN: %clang_tidy --checks=-*,gpumem-bank-conflict --warnings-as-errors='*' \
// RUN:   %t/padded.cu -- %cuda_flags 2>&1 | FileCheck %s --allow-empty \
// RUN:   --check-prefix=SILENT --implicit-check-not='warning:' \
// RUN:   --implicit-check-not='error:'
//
// FIX: clang-tidy applied 9 of 9 suggested fixes.
// SILENT-NOT: bank conflict

#define TILE 32
constexpr int Rows = 16;

// PADDED: {{^}}  __shared__ float tile[TILE][TILE + 1];
__global__ void transpose(float *out, const float *in, int n) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  out[x * n + y] = tile[threadIdx.x][threadIdx.y];
}

// PADDED: {{^}}  __shared__ double d[32][33];
// PADDED: {{^}}  __shared__ float4 q[32][33];
// PADDED: {{^}}  __shared__ char c[32][132];
__global__ void widths(double *od, float4 *oq, char *oc) {
  __shared__ double d[32][32];
  __shared__ float4 q[32][32];
  __shared__ char c[32][128];
  od[threadIdx.x] = d[threadIdx.x][0];
  oq[threadIdx.x] = q[threadIdx.x][1];
  oc[threadIdx.x] = c[threadIdx.x][2];
}

// PADDED: {{^}}  __shared__ float cube[2][Rows][2 * Rows + 1];
__global__ void threeDimensions(float *out) {
  __shared__ float cube[2][Rows][2 * Rows];
  out[threadIdx.x] = cube[1][threadIdx.x % Rows][0];
}

// PADDED: {{^}}  __shared__ float tile[32][35];
__global__ void twoAccesses(float *out) {
  __shared__ float tile[32][32];
  out[threadIdx.x] = tile[threadIdx.x][0];
  out[threadIdx.x] += tile[threadIdx.x / 4][(2 * threadIdx.x) % 4];
}

// PADDED: {{^}}  __shared__ float tile[M][M + 1];
template <int M> __global__ void templated(float *out) {
  __shared__ float tile[M][M];
  out[threadIdx.x] = tile[threadIdx.x][0];
}
template __global__ void templated<32>(float *);

// PADDED: {{^}}  __shared__ float tile[16][18];
__global__ void column16x16(float *out) {
  __shared__ float tile[16][16];
  out[0] = tile[threadIdx.x][threadIdx.y];
}

// PADDED: {{^}}  __shared__ char rows[46][48];
__global__ void charRows(char *out) {
  __shared__ char rows[46][37];
  out[threadIdx.x] = rows[threadIdx.y * 3][threadIdx.x];
}

void launch(float *p, char *c) {
  transpose<<<dim3(8, 8), dim3(32, 8)>>>(p, p, 256);
  column16x16<<<1, dim3(16, 16)>>>(p);
  charRows<<<1, dim3(16, 16)>>>(c);
}
