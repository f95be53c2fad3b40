// Issue 28: a column walked through the first row's subscript
// (t[0][threadIdx.x * 32] in float t[32][32]) got "pad to [32][33]"; after
// --fix-notes the tool itself still reported 32 ways, and the padded array
// read other words than before. An array one of whose accesses runs past
// the end of its row is not padded, and the note says which access.
//
// RUN: %clang_tidy --checks='-*,gpumem-bank-conflict' %s -- %cuda_flags 2>&1 \
// RUN:   | FileCheck %s
//
// Applying the notes' fixes pads u, not t; run again, u's conflict is gone
// and t's, which no padding removes, is still reported.
// RUN: cp %s %t.cu
// RUN: %clang_tidy --checks='-*,gpumem-bank-conflict' --fix-notes %t.cu -- %cuda_flags > /dev/null 2>&1 || true
// RUN: grep -c '__shared__ float t\[32\]\[32\];' %t.cu
// RUN: grep -c '__shared__ float u\[32\]\[33\];' %t.cu
// RUN: %clang_tidy --checks='-*,gpumem-bank-conflict' %t.cu -- %cuda_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=AGAIN
// AGAIN: warning: 32-way bank conflict on 't[0][threadIdx.x * 32]'
// AGAIN-NOT: bank conflict on 'u

__global__ void firstRow(float *out) {
  __shared__ float t[32][32];
  t[threadIdx.y][threadIdx.x] = 1;
  __syncthreads();
  out[threadIdx.x] = t[0][threadIdx.x * 32];
  // CHECK: :[[@LINE-1]]:22: warning: 32-way bank conflict on 't[0][threadIdx.x * 32]': the 32 lanes read 32 distinct words of bank 0 [gpumem-bank-conflict]
  // CHECK-NOT: pad to
  // CHECK: note: 't' declared here; it is not padded: 't[0][threadIdx.x * 32]' runs past the end of a row, and padding would move it
}

// The same column through its own subscripts is padded.
__global__ void column(float *out) {
  __shared__ float u[32][32];
  u[threadIdx.y][threadIdx.x] = 1;
  __syncthreads();
  out[threadIdx.x] = u[threadIdx.x][0];
  // CHECK: :[[@LINE-1]]:22: warning: 32-way bank conflict on 'u[threadIdx.x][0]': the 32 lanes read 32 distinct words of bank 0; pad to [32][33] [gpumem-bank-conflict]
}

void launch(float *out) {
  firstRow<<<1, dim3(32, 32)>>>(out);
  column<<<1, dim3(32, 32)>>>(out);
}
