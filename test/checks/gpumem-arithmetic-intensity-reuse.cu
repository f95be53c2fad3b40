// Tiling advice only where tiling helps: the bytes that dominate the hot
// loop must be loads several threads of a block make at one address (a
// matmul). A broadcast next to a row read once (matrix-vector product), the
// scale and shift of a norm, a scatter: bandwidth-bound whatever the
// tiling, reported only with ReportAll and then with what tiling would give.
//
// RUN: %check_gpumem_tidy %s gpumem-arithmetic-intensity %t -- \
// RUN:   -config="{CheckOptions: {GpuPreset: seed}}"
// RUN: %check_gpumem_tidy -check-suffix=ALL %s gpumem-arithmetic-intensity %t -- \
// RUN:   -config="{CheckOptions: {GpuPreset: seed, ReportAll: 'true'}}"

// Positive: one thread per output element on 32x8 blocks, SPEC cell I's
// naive matmul: 2 FLOPs over 8 bytes per thread (a[row][k] a broadcast in
// each warp still counts per thread: the model has no caches). b[k][col]
// is the same for the 8 warps of a block, a[row][k] for the warp's lanes:
// both shared, so a 32-wide tile divides both by 32: 2 / (8 / 32) = 8.
__global__ void productOnWideBlocks(const float *a, const float *b, float *c,
                                    int n) {
  // CHECK-MESSAGES: :[[@LINE-2]]:17: warning: kernel 'productOnWideBlocks' is bandwidth-bound: arithmetic intensity 0.25 FLOP/byte < machine balance 20 (seed, fp32); tiling through shared memory with T = 32 would give 8 FLOP/byte [gpumem-arithmetic-intensity]
  // CHECK-MESSAGES-ALL: :[[@LINE-3]]:17: warning: kernel 'productOnWideBlocks' is bandwidth-bound: {{.*}}; tiling through shared memory with T = 32 would give 8 FLOP/byte
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float sum = 0.0f;
  for (int k = 0; k < n; ++k)
    sum += a[row * n + k] * b[k * n + col];
  c[row * n + col] = sum;
}

// Negative: y = M x, one row per thread. m[row][k] is read by one thread
// only (4 bytes per thread), x[k] is a broadcast (4 bytes per thread in
// the model): a tile could only take x's half, never past 0.485.
__global__ void matrixVector(const float *m, const float *x, float *y,
                             int rows, int n) {
  // CHECK-MESSAGES-ALL: :[[@LINE-2]]:17: warning: kernel 'matrixVector' is bandwidth-bound: arithmetic intensity 0.25 FLOP/byte < machine balance 20 (seed, fp32); the loads threads of a block share are 4 of its 8 bytes per thread; tiling them with T = 32 would give only 0.485 FLOP/byte [gpumem-arithmetic-intensity]
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= rows)
    return;
  float sum = 0.0f;
  for (int k = 0; k < n; ++k)
    sum += m[row * n + k] * x[k];
  y[row] = sum;
}

// Negative: the last pass of a layer norm, one row per block. gamma[i] and
// beta[i] are the same for every row (shared across blocks), but the row
// itself is read once and written once: half the bytes stay.
__global__ void normApply(const float *in, const float *gamma,
                          const float *beta, float *out, float mean,
                          float scale, int n) {
  // CHECK-MESSAGES-ALL: :[[@LINE-3]]:17: warning: kernel 'normApply' is bandwidth-bound: arithmetic intensity 0.25 FLOP/byte < machine balance 20 (seed, fp32); the loads threads of a block share are 8 of its 16 bytes per thread; tiling them with T = 32 would give only 0.485 FLOP/byte [gpumem-arithmetic-intensity]
  const float *src = in + blockIdx.x * n;
  float *dst = out + blockIdx.x * n;
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    dst[i] = (src[i] - mean) * scale * gamma[i] + beta[i];
}

// Negative: a weighted histogram. Where each thread adds is data, so no
// load is known to be shared; the claim "each element is used once" would
// be wrong for the bins.
__global__ void weightedHistogram(const int *bin, const float *w, float *hist,
                                  int n) {
  // CHECK-MESSAGES-ALL: :[[@LINE-2]]:17: warning: kernel 'weightedHistogram' is bandwidth-bound: {{.*}}; whether tiling would help is not known: no load is known to be shared between threads [gpumem-arithmetic-intensity]
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    atomicAdd(&hist[bin[i]], w[i] * 0.5f);
}

// Negative: a streaming loop, each element read once and written once.
__global__ void scaleAll(const float *in, float *out, float s, int n) {
  // CHECK-MESSAGES-ALL: :[[@LINE-1]]:17: warning: kernel 'scaleAll' is bandwidth-bound: arithmetic intensity 0.125 FLOP/byte < machine balance 20 (seed, fp32); each element is used once; the kernel is bound by bandwidth whatever its layout [gpumem-arithmetic-intensity]
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    out[i] = s * in[i];
}

// Negative: one lane sums the partial results of the other blocks. The
// loop's load does not depend on blockIdx, but one lane walking it is
// serial work, not a load threads could share through a tile. Its FLOPs and
// bytes are both charged to the one lane: 1 FLOP per 4 bytes.
__global__ void finalSum(const float *partial, float *out, int count) {
  // CHECK-MESSAGES-ALL: :[[@LINE-1]]:17: warning: kernel 'finalSum' is bandwidth-bound: arithmetic intensity 0.25 FLOP/byte < machine balance 20 (seed, fp32); whether tiling would help is not known: no load is known to be shared between threads [gpumem-arithmetic-intensity]
  if (threadIdx.x == 0) {
    float sum = 0.0f;
    for (int k = 0; k < count; ++k)
      sum += partial[k];
    out[blockIdx.x] = sum;
  }
}

void launch(const float *a, const float *b, float *c, const int *bin, int n) {
  productOnWideBlocks<<<dim3(n / 32, n / 8), dim3(32, 8)>>>(a, b, c, n);
  matrixVector<<<n / 256, 256>>>(a, b, c, n, n);
  normApply<<<n, 256>>>(a, b, b, c, 0.0f, 1.0f, n);
  weightedHistogram<<<n / 256, 256>>>(bin, a, c, n);
  scaleAll<<<n / 256, 256>>>(a, c, 2.0f, n);
  finalSum<<<4, 32>>>(a, c, n);
}
