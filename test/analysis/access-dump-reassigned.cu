// Variables and pointers written more than once: at each read, the value of
// the writes that reach it (reaching definitions over Clang's CFG).
// Straight-line rewrites are exact; steps by warp-uniform amounts around a
// loop keep the lane part and add a uniform symbol; a number cycled
// through a few values is a symbol that takes each; values from different
// paths are told apart only where the warp takes one path. Everything else
// stays unknown, with the kind.
//
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump %s -- %cuda_flags \
// RUN:   | FileCheck %s

// Two halves of a transpose that reuse the same index variables.
__global__ void rewritten(float *dst, const float *src, int w, int h) {
  __shared__ float block[32][33];
  int col = blockIdx.x * 32 + threadIdx.x;
  int row = blockIdx.y * 32 + threadIdx.y;
  block[threadIdx.y][threadIdx.x] = src[row * w + col];
  // CHECK: :[[@LINE-1]]:37: remark: load global 'src[row * w + col]' width 4; offset 4*lane + (128)*blockIdx.x + (128)*blockIdx.y*w + (128)*warp.x + (4)*threadIdx.y*w; active 0xffffffff; scenarios 1; transactions 1, sectors 4
  __syncthreads();
  col = blockIdx.y * 32 + threadIdx.x;
  row = blockIdx.x * 32 + threadIdx.y;
  dst[row * h + col] = block[threadIdx.x][threadIdx.y];
  // CHECK: :[[@LINE-1]]:3: remark: store global 'dst[row * h + col]' width 4; offset 4*lane + (128)*blockIdx.x*h + (128)*blockIdx.y + (128)*warp.x + (4)*threadIdx.y*h; active 0xffffffff; scenarios 1; transactions 1, sectors 4
}

// Block tiling: the pointers are moved to the block's rows before the loop
// and by one tile inside it. The lane part of 'a[r * n + c]' stays.
template <int Rows, int Step>
__global__ void tiles(const float *a, float *out, int n) {
  a += blockIdx.y * Rows * n;
  out += blockIdx.y * Rows * n;
  int c = threadIdx.x % Step, r = threadIdx.x / Step;
  float sum = 0.f;
  for (int t = 0; t < n; t += Step) {
    sum += a[r * n + c];
    // CHECK: :[[@LINE-1]]:12: remark: load global 'a[r * n + c]' width 4; offset [0,4,8,12,16,20,24,28,0,4,8,12,16,20,24,28,0,4,8,12,16,20,24,28,0,4,8,12,16,20,24,28] + (256)*blockIdx.y*n + (16)*warp.x*n + ([0,0,0,0,0,0,0,0,4,4,4,4,4,4,4,4,8,8,8,8,8,8,8,8,12,12,12,12,12,12,12,12])*n + (1)*steps of 'a' (line [[@LINE-2]]); active 0xffffffff; in loop; symbolic stride n; transactions 4, sectors 4
    a += Step;
  }
  out[threadIdx.x] = sum;
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[threadIdx.x]' width 4; offset 4*lane + (256)*blockIdx.y*n + (128)*warp.x; active 0xffffffff; scenarios 1; transactions 1, sectors 4
}
template __global__ void tiles<64, 8>(const float *, float *, int);

// A grid-stride while loop whose body branches on data: the step itself is
// not under the branch.
__global__ void strided(float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  while (i < n) {
    if (v[i] < 0.f)
    // CHECK: :[[@LINE-1]]:9: remark: load global 'v[i]' width 4; offset 4*lane + (128)*blockIdx.x*blockDim.x/32 + (128)*warp.x + (4)*steps of 'i' (line [[@LINE-2]]); active 0xffffffff; in loop; scenarios 1; transactions 1, sectors 4
      v[i] = 0.f;
    i += blockDim.x * gridDim.x;
  }
}

// Double buffering: the stage flips between 0 and 1 (two spellings).
__global__ void flipped(float *out, int trips) {
  int phase = 0;
  for (int k = 0; k < trips; ++k) {
    out[threadIdx.x * (phase + 1)] = 1.f;
    // CHECK: :[[@LINE-1]]:5: remark: store global 'out[threadIdx.x * (phase + 1)]' width 4; offset 4*lane + (128)*warp.x + (128)*warp.x*phase + (4*lane)*phase; active 0xffffffff; in loop; scenarios 2; transactions 2, sectors 8
    phase ^= 1;
  }
  int other = 1;
  for (int k = 0; k < trips; ++k) {
    out[threadIdx.x * other] = 1.f;
    // CHECK: :[[@LINE-1]]:5: remark: store global 'out[threadIdx.x * other]' width 4; offset 0 + (128)*warp.x*other + (4*lane)*other; active 0xffffffff; in loop; scenarios 2; transactions 2, sectors 8
    other = 3 - other;
  }
}

// Scaled around a loop whose trip count is not known (the up-sweep of a
// scan doubles its spacing each level): too many values to enumerate, but
// a uniform start scaled by uniform amounts stays one number per warp, so
// the stride is symbolic. Scaled by a lane's own value, it is not.
__global__ void doubling(float *data, int n, int levels) {
  unsigned spacing = 1;
  for (int active = n / 2; active > 0; active /= 2) {
    data[spacing * (2 * threadIdx.x + 1) - 1] += 1.f;
    // CHECK: :[[@LINE-1]]:5: remark: read-modify-write global 'data[spacing * (2 * threadIdx.x + 1) - 1]' width 4; offset -4 + (256)*warp.x*spacing + (4+8*lane)*spacing; active 0xffffffff; in loop; symbolic stride spacing
    spacing *= 2;
  }
  // Then back down: the value entering this loop is the first loop's.
  for (int active = 2; active < n; active *= 2) {
    spacing >>= 1;
    data[spacing * (threadIdx.x + 1) - 1] += 1.f;
    // CHECK: :[[@LINE-1]]:5: remark: read-modify-write global 'data[spacing * (threadIdx.x + 1) - 1]' width 4; offset -4 + (128)*warp.x*spacing + (4+4*lane)*spacing; active 0xffffffff; in loop; symbolic stride spacing
  }
  int width = n;
  while (width > 1) {
    data[threadIdx.x * width] = 0.f;
    // CHECK: :[[@LINE-1]]:5: remark: store global 'data[threadIdx.x * width]' width 4; offset 0 + (128)*warp.x*width + (4*lane)*width; active 0xffffffff; in loop; symbolic stride width
    width >>= levels;
  }
  unsigned perLane = 1;
  for (int k = 0; k < n; ++k) {
    data[perLane] = 0.f;
    // CHECK: :[[@LINE-1]]:5: remark: store global 'data[perLane]' width 4; offset unknown, reassigned ('perLane' changes by a different amount in each lane around its loop); active 0xffffffff; in loop; scenarios 0; transactions 0, sectors 0
    perLane *= threadIdx.x + 2;
  }
  int fromLane = threadIdx.x;
  for (int k = 0; k < n; ++k) {
    data[fromLane] = 0.f;
    // CHECK: :[[@LINE-1]]:5: remark: store global 'data[fromLane]' width 4; offset unknown, reassigned ('fromLane' changes around a loop in a way the analysis does not follow); active 0xffffffff; in loop; scenarios 0; transactions 0, sectors 0
    fromLane <<= 1;
  }
}

// Paths: a warp-uniform branch picks one value per warp, judged at its
// worst; a branch on the lane mixes them, which is not followed.
__global__ void branches(float *out, const int *sel, int n) {
  int at = threadIdx.x;
  if (n > 64)
    at = 2 * threadIdx.x;
  out[at] = 0.f;
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[at]' width 4; offset 8*lane + (256)*warp.x + (-128)*warp.x*path to 'at' at line [[@LINE-1]] + (-4*lane)*path to 'at' at line [[@LINE-1]]; active 0xffffffff; scenarios 2; transactions 2, sectors 8
  int mixed = threadIdx.x;
  if (threadIdx.x % 2)
    mixed = 2 * threadIdx.x;
  out[mixed] = 0.f;
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[mixed]' width 4; offset unknown, reassigned ('mixed' is set under a condition that differs between lanes); active 0xffffffff; scenarios 0; transactions 0, sectors 0
  int loaded = threadIdx.x;
  if (n > 0)
    loaded = sel[loaded];
  out[loaded] = 0.f;
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[loaded]' width 4; offset unknown, data-dependent (index reads memory (data-dependent)); active 0xffffffff; scenarios 0; transactions 0, sectors 0
}

// After a loop: a uniform count of steps is one symbol; a count that
// depends on the lane is not.
__global__ void afterLoops(float *out, int n) {
  int uniform = 0;
  while (uniform < n)
    ++uniform;
  out[uniform + threadIdx.x] = 0.f;
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[uniform + threadIdx.x]' width 4; offset 4*lane + (128)*warp.x + (4)*steps of 'uniform' (line [[@LINE-3]]); active 0xffffffff; scenarios 1; transactions 1, sectors 4
  int perLane = 0;
  while (perLane < threadIdx.x)
    ++perLane;
  out[perLane] = 0.f;
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[perLane]' width 4; offset unknown, reassigned ('perLane' is stepped a number of times that differs between lanes); active 0xffffffff; scenarios 0; transactions 0, sectors 0
}

// A helper that moves its own parameter before indexing.
__device__ void shifted(float *p, int i, int by) {
  i += by;
  p[i] = 0.f;
  // CHECK: :[[@LINE-1]]:3: remark: store global 'p[i]' width 4; offset 4*lane + (128)*warp.x + (4)*by; active 0xffffffff; scenarios 1; transactions 1, sectors 4
}
__global__ void callsShifted(float *out, int by) { shifted(out, threadIdx.x, by); }

// Writes through the variable's address are not followed.
__device__ void bump(int *p) { *p += 1; }
__global__ void aliased(float *out) {
  int i = threadIdx.x;
  bump(&i);
  out[i] = 0.f;
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[i]' width 4; offset unknown, reassigned ('i' is reassigned); active 0xffffffff; scenarios 0; transactions 0, sectors 0
}

// A loop's counter read after its loop holds the value that ended it
// (here 4: an aligned row), none of those the loop ran (0 to 3, a quarter
// row apart): unknown, not priced as the loop's.
__global__ void readAfterLoop(float *out) {
  int j;
  for (j = 0; j < 4; ++j)
    out[j * 8 + threadIdx.x] = 0.0f;
  // CHECK: :[[@LINE-1]]:5: remark: store global 'out[j * 8 + threadIdx.x]' width 4; offset 4*lane + (128)*warp.x + (32)*j; active 0xffffffff; in loop; scenarios 2; transactions 2, sectors 4
  out[j * 8 + threadIdx.x] = 1.0f;
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[j * 8 + threadIdx.x]' width 4; offset unknown, reassigned ('j' is read after its loop); active 0xffffffff; scenarios 0
}

void launchReadAfterLoop(float *out) { readAfterLoop<<<1, 32>>>(out); }
