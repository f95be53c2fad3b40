// gpumem-bank-conflict with 2-D blocks whose shape comes from a constant
// launch in the file: warp w holds threads 32 w .. 32 w + 31, x fastest, so
// in a 16x16 block a warp is two rows (threadIdx.x = l % 16, threadIdx.y =
// 2 w + l / 16). The blockDim note points at the launch.
//
// RUN: %check_gpumem_tidy %s gpumem-bank-conflict %t -- --fix-notes

// 16x16: the row access tile[ty][tx] is conflict-free; the column access
// tile[tx][ty] puts lanes with even tx on bank ty and odd tx on bank
// 16 + ty: 8-way. Padding to 18 would clear it but make the row access
// 2-way (rows 0 and 1 of a warp then overlap banks 18-31 and 0-1); no
// padding clears one without slowing the other, so there is no fix-it.
__global__ void block16x16(float *out) {
  __shared__ float tile[16][16];
  // CHECK-FIXES: __shared__ float tile[16][16];
  int tx = threadIdx.x, ty = threadIdx.y;
  tile[ty][tx] = out[0];
  __syncthreads();
  out[1] = tile[tx][ty];
  // CHECK-NOTES: :[[@LINE-1]]:12: warning: 8-way bank conflict on 'tile[tx][ty]': 8 of the 32 active lanes read 8 distinct words of bank 0; no padding of the innermost dimension removes it without slowing another access to 'tile' [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE-7]]:20: note: 'tile' declared here
  // CHECK-NOTES: :[[@LINE-6]]:25: note: index 'ty' is defined here
  // CHECK-NOTES: :[[@LINE+46]]:3: note: at this launch, blockDim is (16, 16, 1)
}

// The column alone in a 16x16 block: padding by 2 floats (18 words a row)
// puts lane l on word 18 (l % 16) + l / 16, all on distinct banks; by 1 it
// would still be 2-way (lanes 0 and 31 on words 0 and 256, both bank 0).
__global__ void column16x16(float *out) {
  __shared__ float tile[16][16];
  // CHECK-FIXES: __shared__ float tile[16][18];
  out[1] = tile[threadIdx.x][threadIdx.y];
  // CHECK-NOTES: :[[@LINE-1]]:12: warning: 8-way bank conflict on 'tile[threadIdx.x][threadIdx.y]': 8 of the 32 active lanes read 8 distinct words of bank 0; pad to [16][18] [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE-4]]:20: note: pad the innermost dimension of 'tile' to [16][18]
  // CHECK-NOTES: :[[@LINE+35]]:3: note: at this launch, blockDim is (16, 16, 1)
}

// 8x4 (one warp), shape from a dim3 variable. The column access is 8-way
// (lanes with the same ty share bank ty) and clears at 36 words a row; the
// strided row access is 4-way (tx * 4 on banks 0, 4, .., 28 for each ty)
// and clears at 33. No one padding clears both, so each message names its
// own, and the declaration gets the first one's fix-it; neither padding
// makes the other access worse.
__global__ void block8x4(float *out) {
  __shared__ float tile[8][32];
  // CHECK-FIXES: __shared__ float tile[8][36];
  out[0] = tile[threadIdx.x][threadIdx.y];
  // CHECK-NOTES: :[[@LINE-1]]:12: warning: 8-way bank conflict on 'tile[threadIdx.x][threadIdx.y]': 8 of the 32 active lanes read 8 distinct words of bank 0; pad to [8][36] [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE-4]]:20: note: pad the innermost dimension of 'tile' to [8][36]
  // CHECK-NOTES: :[[@LINE+22]]:3: note: at this launch, blockDim is (8, 4, 1)
  out[1] = tile[threadIdx.y][threadIdx.x * 4];
  // CHECK-NOTES: :[[@LINE-1]]:12: warning: 4-way bank conflict on 'tile[threadIdx.y][threadIdx.x * 4]': 4 of the 32 active lanes read 4 distinct words of bank 0; pad to [8][33] [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE-8]]:20: note: pad the innermost dimension of 'tile' to [8][33]
  // CHECK-NOTES: :[[@LINE+18]]:3: note: at this launch, blockDim is (8, 4, 1)
}

// 32x8: a warp is one row, threadIdx.y is the same in all lanes; the
// column access is cell G.
__global__ void block32x8(float *out) {
  __shared__ float tile[32][32];
  // CHECK-FIXES: __shared__ float tile[32][33];
  out[0] = tile[threadIdx.x][threadIdx.y];
  // CHECK-NOTES: :[[@LINE-1]]:12: warning: 32-way bank conflict on 'tile[threadIdx.x][threadIdx.y]': the 32 lanes read 32 distinct words of bank 0; pad to [32][33] [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE-4]]:20: note: pad the innermost dimension of 'tile' to [32][33]
  // CHECK-NOTES: :[[@LINE+8]]:3: note: at this launch, blockDim is (32, 8, 1)
}

void launches(float *p) {
  block16x16<<<1, dim3(16, 16)>>>(p);
  column16x16<<<1, dim3(16, 16)>>>(p);
  dim3 block(8, 4);
  block8x4<<<64, block>>>(p);
  block32x8<<<dim3(4, 4), dim3(32, 8)>>>(p);
}
