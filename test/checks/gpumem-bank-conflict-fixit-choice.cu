// Issue 40: a declaration gets one fix-it, and it went with the first
// conflict reported, whatever the others. Where no one padding clears
// every conflict of an array, it now goes with the padding that removes
// the most conflict ways over all of them (on a tie, the first access's).
//
// RUN: %check_gpumem_tidy %s gpumem-bank-conflict %t -- --fix-notes

// A 4-way conflict first (4 lanes a row apart in each of 8 columns:
// cleared at 40 words a row), then a 32-way one (a column: cleared at
// 33). At 40 the column is still 8-way (3 + 24 = 27 ways removed); at 33
// the first read stays 4-way (0 + 31 = 31 removed): the fix-it pads to 33.
__global__ void columnsAndRows(float *out) {
  __shared__ float t[32][32];
  // CHECK-FIXES: __shared__ float t[32][33];
  out[0] = t[threadIdx.x % 4][threadIdx.x / 4];
  // CHECK-NOTES: :[[@LINE-1]]:12: warning: 4-way bank conflict on 't[threadIdx.x % 4][threadIdx.x / 4]': {{.*}}; pad to [32][40] [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE-4]]:20: note: pad the innermost dimension of 't' to [32][40]
  // CHECK-NOTES: :[[@LINE+7]]:25: note: at this launch, blockDim is (32, 1, 1)
  out[1] = t[threadIdx.x][0];
  // CHECK-NOTES: :[[@LINE-1]]:12: warning: 32-way bank conflict on 't[threadIdx.x][0]': {{.*}}; pad to [32][33] [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE-8]]:20: note: pad the innermost dimension of 't' to [32][33]
  // CHECK-NOTES: :[[@LINE+3]]:25: note: at this launch, blockDim is (32, 1, 1)
}

void launch(float *p) { columnsAndRows<<<1, 32>>>(p); }
