// The roofline counting on its own, through debug-gpumem-kernel-work:
// FLOPs per precision and global bytes per thread over the hot loop, inner
// constant loops multiplied out, warp broadcasts counted once per warp,
// guarded work charged to the lanes the guard leaves active, and the bytes
// split into loads threads share, loads no two threads share, and stores.
//
// RUN: %clang_tidy --checks=-*,debug-gpumem-kernel-work %s -- %cuda_flags 2>&1 \
// RUN:   | FileCheck %s

#define T 16

__global__ void tiled(const float *A, const float *B, float *C, int n) {
  __shared__ float As[T][T], Bs[T][T];
  int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.0f;
  for (int t = 0; t < n / T; ++t) {
    As[ty][tx] = A[ty * n + t * T + tx];
    Bs[ty][tx] = B[(t * T + ty) * n + tx];
    __syncthreads();
    for (int k = 0; k < T; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[ty * n + tx] = acc;
}
// CHECK: :[[@LINE-14]]:17: remark: work of 'tiled': hot loop at line [[#@LINE-10]]; flops fp16 0 fp32 32 fp64 0; global bytes 8; tile 16; shared loads 0 (0 if not shared); unshared loads 8; stores 0; complete

// An FMA counts 2; the store and the load count 4 bytes each.
__global__ void fmaLoop(const double *x, double *y, int n) {
  for (int i = threadIdx.x; i < n; i += 32)
    y[i] = fma(x[i], 2.0, 1.0);
}
// CHECK: :[[@LINE-4]]:17: remark: work of 'fmaLoop': hot loop at line [[#@LINE-3]]; flops fp16 0 fp32 0 fp64 2; global bytes 16; tile 0; shared loads 0 (0 if not shared); unshared loads 8; stores 8; complete

// Every lane reads coef[k]: a broadcast, shared, and still 4 bytes per
// thread (the model has no caches: every thread's load is a request of its
// size, as SPEC cell I's naive matmul); x[k * 32 + lane] is coalesced: 4
// bytes. Inner loop of 4 trips.
__global__ void broadcast(const float *coef, const float *x, float *y, int n) {
  float acc = 0.0f;
  for (int k = 0; k < n; ++k)
    for (int j = 0; j < 4; ++j)
      acc += coef[k] * x[k * 32 + threadIdx.x];
  y[threadIdx.x] = acc;
}
// CHECK: :[[@LINE-7]]:17: remark: work of 'broadcast': hot loop at line [[#@LINE-5]]; flops fp16 0 fp32 8 fp64 0; global bytes 32; tile 0; shared loads 16 (16 if not shared); unshared loads 16; stores 0; complete

// An inner loop of unknown trip count doing work: no trustworthy estimate.
__global__ void unknownInner(const float *x, float *y, int n, int m) {
  for (int i = 0; i < n; ++i) {
    float v = x[i * 32 + threadIdx.x];
    for (int j = 0; j < m; ++j)
      v = v * v + 1.0f;
    y[i * 32 + threadIdx.x] = v;
  }
}
// CHECK: :[[@LINE-8]]:17: remark: work of 'unknownInner': hot loop at line [[#@LINE-7]]; flops fp16 0 fp32 0 fp64 0; global bytes 8; tile 0; shared loads 0 (0 if not shared); unshared loads 4; stores 4; incomplete

// No loop: the body is counted.
__global__ void saxpy(float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  y[i] = a * x[i] + y[i];
}
// CHECK: :[[@LINE-4]]:17: remark: work of 'saxpy': no hot loop; flops fp16 0 fp32 2 fp64 0; global bytes 12; tile 0; shared loads 0 (0 if not shared); unshared loads 8; stores 4; complete

// Under `if (lane < 8)` a quarter of the lanes load and multiply: 4 bytes and
// 2 FLOPs each, 1 byte and 0.5 FLOPs per thread of the warp. The store of
// a read-modify-write counts as a store, its load half as a load. x[k * 8 +
// lane] is the same in every block (acc's index shows the grid spans x): a
// shared load.
__global__ void quarterLanes(const float *x, float *acc, int n) {
  int lane = threadIdx.x % 32;
  for (int k = 0; k < n; ++k)
    if (lane < 8)
      acc[blockIdx.x * 8 + lane] += x[k * 8 + lane] * 2.0f;
}
// CHECK: :[[@LINE-6]]:17: remark: work of 'quarterLanes': hot loop at line [[#@LINE-4]]; flops fp16 0 fp32 0.5 fp64 0; global bytes 3; tile 0; shared loads 1 (1 if not shared); unshared loads 0; stores 1; complete

// Rows of a matrix-vector product: m[row * n + k] has a symbolic stride but
// a lane of its own, and each warp its own rows; x[k] is a broadcast (4
// bytes per thread all the same).
__global__ void rowsTimesVector(const float *m, const float *x, float *y,
                                int n) {
  int row = blockIdx.x * 64 + threadIdx.x;
  float sum = 0.0f;
  for (int k = 0; k < n; ++k)
    sum += m[row * n + k] * x[k];
  y[row] = sum;
}
// CHECK: :[[@LINE-8]]:17: remark: work of 'rowsTimesVector': hot loop at line [[#@LINE-4]]; flops fp16 0 fp32 2 fp64 0; global bytes 8; tile 0; shared loads 4 (4 if not shared); unshared loads 4; stores 0; complete

void launchQuarter(const float *x, float *acc, float *y, int n) {
  quarterLanes<<<n, 32>>>(x, acc, n);
  rowsTimesVector<<<n / 64, 64>>>(x, x, y, n);
}
