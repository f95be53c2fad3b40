// Where gpumem-bank-conflict takes blockDim from when no launch in the file
// fixes it: option BlockDim, else the assumption that blockDim.x is a
// multiple of 32 (a warp is 32 consecutive threadIdx.x of one row). The
// note says which, and the verdict and the padding follow the shape.
//
// RUN: %check_gpumem_tidy %s gpumem-bank-conflict %t -- --fix-notes
// RUN: %check_gpumem_tidy -check-suffix=OPTION %s gpumem-bank-conflict %t \
// RUN:   -- --fix-notes -config="{CheckOptions: {BlockDim: '16,16'}}"

// Assumed: lane l is threadIdx.x = l, cell G, 32-way, pad to 33. With
// blockDim (16, 16): lane l is (l % 16, l / 16), on word 32 (l % 16) +
// l / 16, bank l / 16: 16-way. 33 words a row leave lanes (1, 0) and
// (0, 1) on bank 1; 34 put lane l on bank 2 (l % 16) + l / 16.
__global__ void column(float *out) {
  __shared__ float tile[32][32];
  // CHECK-FIXES: __shared__ float tile[32][33];
  // CHECK-FIXES-OPTION: __shared__ float tile[32][34];
  out[0] = tile[threadIdx.x][threadIdx.y];
  // CHECK-NOTES: :[[@LINE-1]]:12: warning: 32-way bank conflict on 'tile[threadIdx.x][threadIdx.y]': the 32 lanes read 32 distinct words of bank 0; pad to [32][33] [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE-5]]:20: note: pad the innermost dimension of 'tile' to [32][33]
  // CHECK-NOTES: :[[@LINE-7]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'column' in this file; set option 'BlockDim' to fix it)
  // CHECK-NOTES-OPTION: :[[@LINE-4]]:12: warning: 16-way bank conflict on 'tile[threadIdx.x][threadIdx.y]': 16 of the 32 active lanes read 16 distinct words of bank 0; pad to [32][34] [gpumem-bank-conflict]
  // CHECK-NOTES-OPTION: :[[@LINE-8]]:20: note: pad the innermost dimension of 'tile' to [32][34]
  // CHECK-NOTES-OPTION: :[[@LINE-10]]:17: note: from option 'BlockDim', blockDim is (16, 16, 1)
}

// A launch in the file wins over the option.
__global__ void launched(float *out) {
  __shared__ float tile[32][32];
  // CHECK-FIXES: __shared__ float tile[32][33];
  // CHECK-FIXES-OPTION: __shared__ float tile[32][33];
  out[0] = tile[threadIdx.x][threadIdx.y];
  // CHECK-NOTES: :[[@LINE-1]]:12: warning: 32-way bank conflict on 'tile[threadIdx.x][threadIdx.y]': the 32 lanes read 32 distinct words of bank 0; pad to [32][33] [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE-5]]:20: note: pad the innermost dimension of 'tile' to [32][33]
  // CHECK-NOTES: :[[@LINE+7]]:3: note: at this launch, blockDim is (32, 8, 1)
  // CHECK-NOTES-OPTION: :[[@LINE-4]]:12: warning: 32-way bank conflict on 'tile[threadIdx.x][threadIdx.y]': the 32 lanes read 32 distinct words of bank 0; pad to [32][33] [gpumem-bank-conflict]
  // CHECK-NOTES-OPTION: :[[@LINE-8]]:20: note: pad the innermost dimension of 'tile' to [32][33]
  // CHECK-NOTES-OPTION: :[[@LINE+4]]:3: note: at this launch, blockDim is (32, 8, 1)
}

void launch(float *p) {
  launched<<<1, dim3(32, 8)>>>(p);
}
