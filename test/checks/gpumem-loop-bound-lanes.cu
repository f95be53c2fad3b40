// Issue 24: a loop's condition is a guard on its body. A variable that
// starts at the lane (`for (r = threadIdx.x; r < 8; r += blockDim.x)`) runs
// the body only in the lanes below the bound; each pass is priced with the
// lanes that run it. The numbers below were counted by hand per lane (and
// the bank-conflict differential test checks the rule on random indices).
//
// RUN: %check_gpumem_tidy %s gpumem-bank-conflict,gpumem-uncoalesced-access,gpumem-partial-warp-access %t

#define ROWS 8
#define DIM 32

// Lanes 0..7 fill one row each: words 32 apart, all in one bank.
__global__ void loadRows(const float *q, float *o) {
  __shared__ float rows[ROWS][DIM];
  for (int d = 0; d < DIM; ++d)
    for (int r = threadIdx.x; r < ROWS; r += blockDim.x)
      rows[r][d] = q[r * DIM + d];
  // CHECK-NOTES: :[[@LINE-1]]:7: warning: 8-way bank conflict on 'rows[r][d]': the 8 lanes write 8 distinct words of bank 0; pad to [8][36] [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE-5]]:20: note: pad the innermost dimension of 'rows' to [8][36]
  // CHECK-NOTES: :[[@LINE-5]]:12: note: index 'd' is defined here
  // CHECK-NOTES: :[[@LINE+72]]:3: note: at this launch, blockDim is (32, 1, 1)
  // CHECK-NOTES: :[[@LINE-5]]:20: warning: uncoalesced global load of 'q[r * DIM + d]': stride 128 bytes, 8 transactions per warp (3.1% efficiency), 8 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-6]]:20: note: 8 active lanes of 4 bytes each span 900 bytes; the same lanes on consecutive elements would need 1 transaction (25.0% efficiency)
  // CHECK-NOTES: :[[@LINE-8]]:14: note: index 'r' is defined here
  // CHECK-NOTES: :[[@LINE+68]]:3: note: at this launch, blockDim is (32, 1, 1)
  __syncthreads();
  o[threadIdx.x] = rows[threadIdx.x % ROWS][threadIdx.x / ROWS];
  // CHECK-NOTES: :[[@LINE-1]]:20: warning: 8-way bank conflict on 'rows[threadIdx.x % ROWS][threadIdx.x / ROWS]': 8 of the 32 active lanes read 8 distinct words of bank 0; pad to [8][36] [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE-15]]:20: note: pad the innermost dimension of 'rows' to [8][36]
  // CHECK-NOTES: :[[@LINE+63]]:3: note: at this launch, blockDim is (32, 1, 1)
}

// The bound covers every lane of the warp: all 32 rows, as before.
__global__ void loadAllRows(const float *q, float *o) {
  __shared__ float rows[64][DIM];
  for (int r = threadIdx.x; r < 64; r += blockDim.x)
    rows[r][5] = q[r];
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: 32-way bank conflict on 'rows[r][5]': the 32 lanes write 32 distinct words of bank 5; pad to [64][33] [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE-4]]:20: note: pad the innermost dimension of 'rows' to [64][33]
  // CHECK-NOTES: :[[@LINE-4]]:12: note: index 'r' is defined here
  // CHECK-NOTES: :[[@LINE+53]]:3: note: at this launch, blockDim is (32, 1, 1)
  __syncthreads();
  o[threadIdx.x] = rows[threadIdx.x][0];
  // CHECK-NOTES: :[[@LINE-1]]:20: warning: 32-way bank conflict on 'rows[threadIdx.x][0]': the 32 lanes read 32 distinct words of bank 0; pad to [64][33] [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE-10]]:20: note: pad the innermost dimension of 'rows' to [64][33]
  // CHECK-NOTES: :[[@LINE+48]]:3: note: at this launch, blockDim is (32, 1, 1)
}

// A while loop over a lane-started index: lanes 4 and up never enter.
__global__ void fewColumns(float *o) {
  __shared__ float cols[16][DIM];
  int i = threadIdx.x;
  while (i < 4) {
    cols[i][0] = 1.0f;
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: 4-way bank conflict on 'cols[i][0]': the 4 lanes write 4 distinct words of bank 0; pad to [16][33] [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE-5]]:20: note: pad the innermost dimension of 'cols' to [16][33]
  // CHECK-NOTES: :[[@LINE-5]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE+37]]:3: note: at this launch, blockDim is (32, 1, 1)
    i += 32;
  }
  __syncthreads();
  o[threadIdx.x] = cols[threadIdx.x % 16][0];
  // CHECK-NOTES: :[[@LINE-1]]:20: warning: 16-way bank conflict on 'cols[threadIdx.x % 16][0]': the 32 lanes read 16 distinct words of bank 0; pad to [16][33] [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE-13]]:20: note: pad the innermost dimension of 'cols' to [16][33]
  // CHECK-NOTES: :[[@LINE+30]]:3: note: at this launch, blockDim is (32, 1, 1)
}

// 48 items over 32 lanes: the first pass writes consecutive words (no
// conflict); the second runs lanes 0..15 on items 32..47, 32 words apart.
__global__ void twoPasses(float *o) {
  __shared__ float s[48 * 32];
  for (int i = threadIdx.x; i < 48; i += 32)
    s[i + (i / 32) * (i * 31)] = 0.0f;
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: 16-way bank conflict on 's[i + (i / 32) * (i * 31)]': the 16 lanes write 16 distinct words of bank 0 [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE-3]]:12: note: worst on pass 1 of the loop over 'i' (it makes 2 passes, counted from 0, each with the lanes its bound lets in)
  // CHECK-NOTES: :[[@LINE-5]]:20: note: 's' declared here
  // CHECK-NOTES: :[[@LINE-5]]:12: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE+18]]:3: note: at this launch, blockDim is (32, 1, 1)
  __syncthreads();
  o[threadIdx.x] = s[threadIdx.x];
}

__global__ void copies(const float *in, float *out, int k) {
  // OK: each lane makes one pass; 8 lanes copy 8 floats once.
  for (int r = threadIdx.x; r < 8; r += blockDim.x)
    out[r] = in[r];
  // OK: every pass is a whole warp on consecutive floats.
  for (int i = threadIdx.x; i < 1024; i += blockDim.x)
    out[i] = in[i];
}

void launch(const float *q, float *o) {
  loadRows<<<1, 32>>>(q, o);
  loadAllRows<<<1, 32>>>(q, o);
  fewColumns<<<1, 32>>>(o);
  twoPasses<<<1, 32>>>(o);
  copies<<<1, 32>>>(q, o, 3);
}
