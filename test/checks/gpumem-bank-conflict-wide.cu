// gpumem-bank-conflict by access width. 8-byte accesses run as two
// half-warps and 16-byte accesses as four quarter-warps (the default
// PhaseRule, by-access-width; docs/model.md gives its source); conflicts
// count only inside a phase. Narrow accesses on one word are served
// together (multicast).
//
// RUN: %check_gpumem_tidy %s gpumem-bank-conflict %t -- --fix-notes

// OK: consecutive doubles: each half-warp puts 16 x 2 words on 32 banks.
// Consecutive float2s and float4s likewise fill their phase exactly.
__global__ void consecutiveWide(double *d, float2 *f2, float4 *f4) {
  __shared__ double dline[64];
  __shared__ float2 vline[64];
  __shared__ float4 qline[64];
  __shared__ double drows[32][32];
  d[threadIdx.x] = dline[threadIdx.x] + drows[1][threadIdx.x];
  f2[threadIdx.x] = vline[threadIdx.x];
  f4[threadIdx.x] = qline[threadIdx.x];
}

// A column of doubles: lane l of a half-warp is on words 64 l and 64 l + 1,
// so 16 lanes on bank 0 (and 1); padded to 33 doubles (66 words), lane l is
// on banks 2 l and 2 l + 1.
__global__ void doubleColumn(double *out) {
  __shared__ double d[32][32];
  // CHECK-FIXES: __shared__ double d[32][33];
  out[threadIdx.x] = d[threadIdx.x][0];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 16-way bank conflict on 'd[threadIdx.x][0]': the 16 lanes read 16 distinct words of bank 0 in one of its 2 phases; pad to [32][33] [gpumem-bank-conflict]
}

// Stride 2 doubles (16 bytes): lanes l and l + 8 of a half-warp share a
// bank, 2-way; the same for float2.
__global__ void wideStrideTwo(double *out, float2 *out2) {
  __shared__ double d[64];
  __shared__ float2 v[64];
  out[threadIdx.x] = d[2 * threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 2-way bank conflict on 'd[2 * threadIdx.x]': 2 of the 16 active lanes read 2 distinct words of bank 0 in one of its 2 phases [gpumem-bank-conflict]
  v[2 * threadIdx.x] = out2[threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 2-way bank conflict on 'v[2 * threadIdx.x]': 2 of the 16 active lanes write 2 distinct words of bank 0 in one of its 2 phases [gpumem-bank-conflict]
}

// float4: a quarter-warp of 8 lanes. A column of [32][32] float4s puts the
// 8 lanes on banks 0-3, 8-way; stride 2 (32 bytes) is 2-way.
__global__ void float4Cases(float4 *out) {
  __shared__ float4 q[32][32];
  // CHECK-FIXES: __shared__ float4 q[32][33];
  __shared__ float4 line[64];
  out[threadIdx.x] = q[threadIdx.x][0];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 8-way bank conflict on 'q[threadIdx.x][0]': the 8 lanes read 8 distinct words of bank 0 in one of its 4 phases; pad to [32][33] [gpumem-bank-conflict]
  out[threadIdx.x] = line[2 * threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 2-way bank conflict on 'line[2 * threadIdx.x]': 2 of the 8 active lanes read 2 distinct words of bank 0 in one of its 4 phases [gpumem-bank-conflict]
}

// OK: char and short multicast. Lane i reads byte i: four lanes per word,
// eight words on eight banks; one char per word; two lanes per char;
// two shorts per word.
__global__ void narrowMulticast(char *out, short *out2) {
  __shared__ char line[128];
  __shared__ short h[64];
  out[threadIdx.x] = line[threadIdx.x] + line[4 * threadIdx.x] +
                     line[threadIdx.x / 2];
  out2[threadIdx.x] = h[threadIdx.x];
}

// A column of chars, rows of 128 bytes: 32-way. One byte of padding is not
// enough (lane l lands on word 32 l + l / 4: 4-way); four bytes are one
// word, and lane l is then on bank l.
__global__ void charColumn(char *out) {
  __shared__ char c[32][128];
  // CHECK-FIXES: __shared__ char c[32][132];
  out[threadIdx.x] = c[threadIdx.x][0];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on 'c[threadIdx.x][0]': the 32 lanes read 32 distinct words of bank 0; pad to [32][132] [gpumem-bank-conflict]
}

// Rows of 37 chars in a 16x16 block, lane l of warp w on row 3 ty. Warp 0
// (rows 0 and 3, bytes 0-15 and 111-126) is conflict-free. Warp 1 (rows 6
// and 9) starts at byte 222, not on a word: lanes 0-1 read word 55 and lane
// 31 word 87, both on bank 23, 2-way. The check takes the worst warp. Rows
// of 38 to 47 bytes conflict in every warp; 48 clear them all.
__global__ void charRowsOffWords(char *out) {
  __shared__ char c[46][37];
  // CHECK-FIXES: __shared__ char c[46][48];
  out[threadIdx.x] = c[threadIdx.y * 3][threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 2-way bank conflict on 'c[threadIdx.y * 3][threadIdx.x]': 3 of the 32 active lanes read 2 distinct words of bank 23; pad to [46][48] [gpumem-bank-conflict]
}
void launchCharRows(char *p) { charRowsOffWords<<<1, dim3(16, 16)>>>(p); }
