// Issue 13: guards the analysis used to take as true for the whole warp.
// A guard on a global index (i == 0, i = blockIdx.x * blockDim.x +
// threadIdx.x) that lets in the first block only is decided for it; one
// that lets in the blocks after the first (a border, x > 0) is decided for
// those, as every block inside the border sees it; a guard
// that compares the thread index with a loop variable (tx > m) is decided
// for each value of the variable.
//
// RUN: %check_gpumem_tidy %s gpumem-partial-warp-access,gpumem-uncoalesced-access %t

// One thread of the whole grid walks the partial sums: one lane of 32.
__global__ void sumOfPartials(const float *partial, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i == 0) {
    float s = 0.0f;
    for (int k = 0; k < n; ++k)
      s += partial[k];
  // CHECK-NOTES: :[[@LINE-1]]:12: warning: global load of 'partial[k]' by 1 of 32 lanes inside a loop: 1 transaction per warp (3.1% efficiency), 1 sector, 4 useful bytes of 128 moved; spread the work over the warp's lanes [gpumem-partial-warp-access]
  // CHECK-NOTES: :[[@LINE-2]]:12: note: the active lanes come from a guard on the thread index, evaluated for the first warp of the first block
  // CHECK-NOTES: :[[@LINE-4]]:14: note: index 'k' is defined here
  // CHECK-NOTES: :[[@LINE-9]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'sumOfPartials' in this file; set option 'BlockDim' to fix it)
    *out = s;
  }
}

// OK: the first block runs the loop with all its lanes.
__global__ void firstBlockCopies(const float *in, float *out, int n) {
  if (blockIdx.x == 0)
    for (int k = 0; k < n; ++k)
      out[k * 32 + threadIdx.x] = in[k * 32 + threadIdx.x];
}

// OK: a bounds check on a parameter still leaves the whole warp.
__global__ void boundsChecked(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < n; ++k)
    if (i < n)
      out[i] += in[k * n + i];
}

// A triangular sweep: at step m the lanes above m store at stride 2. The
// worst step (m = 0) has 31 lanes in 2 transactions.
__global__ void sweep(float *upper, float *diag, const float *col) {
  int tx = threadIdx.x;
  for (int m = 0; m < 32; ++m) {
    // OK: lanes 0..m read consecutive floats.
    if (tx <= m)
      diag[tx] += col[m];
    if (tx > m)
      upper[tx * 2] = 1.0f;
  // CHECK-NOTES: :[[@LINE-1]]:7: warning: uncoalesced global store of 'upper[tx * 2]': stride 8 bytes, 2 transactions per warp (48.4% efficiency), 8 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:7: note: 31 active lanes of 4 bytes each span 244 bytes; the same lanes on consecutive elements would need 1 transaction (96.9% efficiency)
  // CHECK-NOTES: :[[@LINE-9]]:7: note: index 'tx' is defined here
  // CHECK-NOTES: :[[@LINE+26]]:3: note: at this launch, blockDim is (32, 1, 1)
  }
}

// A border check on an 8x8 block: the first block loses its row y = 0 and
// its column x = 0, every other block runs all 32 lanes of the warp (4 rows
// of 8), which is what is priced: 4 transactions, not the first block's 3.
// The three accesses depend on 'w' alike: one warning, at the costliest.
// Each block starts 8 floats further: in one block of 4 the rows of
// h[y * w + x + 1] start 100 bytes into a 128-byte block and cross it (8
// transactions); the 4 most warps pay is the number, the rest in a note.
__global__ void gradientInside(const float *h, float *g, int w, int rows) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x > 0 && y > 0 && x < w - 1 && y < rows - 1)
    g[y * w + x] = h[y * w + x + 1] - h[y * w + x];
  // CHECK-NOTES: :[[@LINE-1]]:20: warning: uncoalesced global load of 'h[y * w + x + 1]': the warp spans 4 rows of 8 lanes 'w' elements apart, 4 transactions per warp (25.0% efficiency), 8 sectors when 'w' >= 32; a block 32 threads wide keeps each warp in one row [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:20: note: the launch's warps start at different offsets within a 128-byte block ('blockIdx.x' moves them): the numbers above are what 75% of the warps pay; the worst start, 25% of them, costs 8 transactions and 8 sectors; over the warps, a mean of 5 transactions and 8 sectors per warp
  // CHECK-NOTES: :[[@LINE-5]]:7: note: index 'y' is defined here
  // CHECK-NOTES: :[[@LINE+8]]:3: note: at this launch, blockDim is (8, 8, 1)
  // CHECK-NOTES: :[[@LINE-5]]:20: note: 2 more accesses of 'gradientInside' have a finding under the same condition on 'w'; this warning speaks for them
  // CHECK-NOTES: :[[@LINE-6]]:5: note: this access has the same finding under the condition on 'w', said once at the warning
  // CHECK-NOTES: :[[@LINE-7]]:39: note: this access has the same finding under the condition on 'w', said once at the warning
}

void launch(float *a, float *b, const float *c, int n) {
  sweep<<<1, 32>>>(a, b, c);
  gradientInside<<<dim3(n / 8, n / 8), dim3(8, 8)>>>(c, a, n, n);
}


