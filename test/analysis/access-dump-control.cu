// Control flow in the lane analysis: the active-lane mask of guards and
// early returns (decided for the first warp of the block), loop variables
// as symbols (enumerated when their bounds are numbers), grid-stride loops,
// and variables the analysis cannot follow (unknown, with the reason).
// blockDim.x is assumed a multiple of 32.
//
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump %s -- %cuda_flags \
// RUN:   | FileCheck %s

__global__ void guards(float *out, int n) {
  int tid = threadIdx.x;
  if (tid == 0)
    out[0] = 0.0f;
    // CHECK: :[[@LINE-1]]:5: remark: store global 'out[0]' width 4; offset 0; active 0x00000001; scenarios 1; transactions 1, sectors 1
  if (tid < 16)
    out[tid] = 1.0f;
    // CHECK: :[[@LINE-1]]:5: remark: store global 'out[tid]' width 4; offset 4*lane + (128)*warp.x; active 0x0000ffff; scenarios 1; transactions 1, sectors 2
  if (tid % 2 == 0)
    out[tid] = 2.0f;
    // CHECK: :[[@LINE-1]]:5: remark: store global 'out[tid]' width 4; offset 4*lane + (128)*warp.x; active 0x55555555; scenarios 1; transactions 1, sectors 4
  if (tid >= 8 && tid < 12)
    out[tid] = 3.0f;
    // CHECK: :[[@LINE-1]]:5: remark: store global 'out[tid]' width 4; offset 4*lane + (128)*warp.x; active 0x00000f00; scenarios 1; transactions 1, sectors 1
  if (!(tid < 24))
    out[tid] = 4.0f;
    // CHECK: :[[@LINE-1]]:5: remark: store global 'out[tid]' width 4; offset 4*lane + (128)*warp.x; active 0xff000000; scenarios 1; transactions 1, sectors 1
  // A bounds check on a parameter keeps the whole warp.
  if (tid < n)
    out[tid] = 5.0f;
    // CHECK: :[[@LINE-1]]:5: remark: store global 'out[tid]' width 4; offset 4*lane + (128)*warp.x; active 0xffffffff; scenarios 1; transactions 1, sectors 4
  if (tid % 32 == 31)
    return;
  out[tid] = 6.0f;
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[tid]' width 4; offset 4*lane + (128)*warp.x; active 0x7fffffff; scenarios 1; transactions 1, sectors 4
}

__global__ void loops(const float *in, float *out, int n) {
  // Constant bounds: k takes 0..3, but k * 32 moves the whole warp, so
  // it is dropped with the other uniform terms: one scenario.
  for (int k = 0; k < 4; ++k)
    out[k * 32 + threadIdx.x] = 0.0f;
    // CHECK: :[[@LINE-1]]:5: remark: store global 'out[k * 32 + threadIdx.x]' width 4; offset 4*lane + (128)*warp.x + (128)*k; active 0xffffffff; in loop; scenarios 1; transactions 1, sectors 4
  // A parameter bound: k is a plain symbol.
  for (int k = 0; k < n; ++k)
    out[k * 32 + threadIdx.x] = in[k];
    // CHECK: :[[@LINE-1]]:5: remark: store global 'out[k * 32 + threadIdx.x]' width 4; offset 4*lane + (128)*warp.x + (128)*k; active 0xffffffff; in loop; scenarios 1; transactions 1, sectors 4
    // CHECK: :[[@LINE-2]]:33: remark: load global 'in[k]' width 4; offset 0 + (4)*k; active 0xffffffff; in loop; scenarios 1; transactions 1, sectors 1
  // A grid-stride loop: lane-varying, the symbol counts iterations.
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    out[i] = 0.0f;
    // CHECK: :[[@LINE-1]]:5: remark: store global 'out[i]' width 4; offset 4*lane + (128)*blockIdx.x*blockDim.x/32 + (128)*gridDim.x*blockDim.x/32*iteration of 'i' + (128)*warp.x; active 0xffffffff; in loop; scenarios 1; transactions 1, sectors 4
  // A doubling stride scales the lanes: s in {1, 2, 4, 8, 16}, five
  // scenarios, the worst (s = 16) priced.
  for (int s = 1; s < 32; s *= 2)
    out[threadIdx.x * s] = 0.0f;
    // CHECK: :[[@LINE-1]]:5: remark: store global 'out[threadIdx.x * s]' width 4; offset 0 + (128)*warp.x*s + (4*lane)*s; active 0xffffffff; in loop; scenarios 5; transactions 16, sectors 32
}

__global__ void notFollowed(float *out, const int *perm, int n) {
  int i = threadIdx.x;
  if (n > 0)
    i = perm[i];
    // CHECK: :[[@LINE-1]]:9: remark: load global 'perm[i]' width 4; offset 4*lane + (128)*warp.x; active 0xffffffff; scenarios 1; transactions 1, sectors 4
  out[i] = 0.0f;
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[i]' width 4; offset unknown, data-dependent (index reads memory (data-dependent)); active 0xffffffff; scenarios 0; transactions 0, sectors 0
  // A step under a condition that reads memory is not followed.
  int j = threadIdx.x;
  while (j < n) {
    out[j] = 0.0f;
    // CHECK: :[[@LINE-1]]:5: remark: store global 'out[j]' width 4; offset unknown, reassigned ('j' is stepped a number of times that differs between lanes); active 0xffffffff; in loop; scenarios 0; transactions 0, sectors 0
    if (perm[j] > 64)
      j += 32;
    else
      j += 64;
  }
  for (int k = 0; k < n; k = perm[k])
    out[k] = 0.0f;
    // CHECK: :[[@LINE-1]]:5: remark: store global 'out[k]' width 4; offset unknown, reassigned (loop variable 'k' changes in a way the analysis does not follow); active 0xffffffff; in loop; scenarios 0; transactions 0, sectors 0
  // A continue may skip a step in some lanes only.
  int m = threadIdx.x;
  while (m < n) {
    out[m] = 0.0f;
    // CHECK: :[[@LINE-1]]:5: remark: store global 'out[m]' width 4; offset unknown, reassigned ('m' is stepped on paths that differ between lanes (continue or break)); active 0xffffffff; in loop; scenarios 0; transactions 0, sectors 0
    m += 32;
    if (m == 64)
      continue;
  }
}

// Steps in a switch or in an arm of ?: on a warp-uniform value: every lane
// of the warp takes the same arm, so the sum stays uniform.
__global__ void conditionalSteps(float *out, int n) {
  int a = threadIdx.x;
  while (a < n) {
    out[a] = 0.0f;
    // CHECK: :[[@LINE-1]]:5: remark: store global 'out[a]' width 4; offset 4*lane + (128)*warp.x + (4)*steps of 'a' (line [[@LINE-2]]); active 0xffffffff; in loop; scenarios 1; transactions 1, sectors 4
    switch (n) {
    case 1:
      a += 32;
      break;
    default:
      a += 64;
    }
  }
  int b = threadIdx.x;
  while (b < n) {
    out[b] = 0.0f;
    // CHECK: :[[@LINE-1]]:5: remark: store global 'out[b]' width 4; offset 4*lane + (128)*warp.x + (4)*steps of 'b' (line [[@LINE-2]]); active 0xffffffff; in loop; scenarios 1; transactions 1, sectors 4
    n > 64 ? b += 32 : b += 64;
  }
  // The same on the lane: lanes step by different amounts.
  int d = threadIdx.x;
  while (d < n) {
    out[d] = 0.0f;
    // CHECK: :[[@LINE-1]]:5: remark: store global 'out[d]' width 4; offset unknown, reassigned ('d' is stepped a number of times that differs between lanes); active 0xffffffff; in loop; scenarios 0; transactions 0, sectors 0
    threadIdx.x % 2 ? d += 32 : d += 64;
  }
}

// A variable whose every write adds a warp-uniform amount, none under a
// condition: the lanes still in the loop have all added the same sum, so it
// is its start plus a uniform symbol.
__global__ void stepped(float *out, int n, int start) {
  int j = threadIdx.x;
  while (j < n) {
    out[j] = 0.0f;
    // CHECK: :[[@LINE-1]]:5: remark: store global 'out[j]' width 4; offset 4*lane + (128)*warp.x + (4)*steps of 'j' (line [[@LINE-2]]); active 0xffffffff; in loop; scenarios 1; transactions 1, sectors 4
    j += 32;
  }
  do {
    out[2 * start] = 0.0f;
    // CHECK: :[[@LINE-1]]:5: remark: store global 'out[2 * start]' width 4; offset 0 + (8)*start + (8)*steps of 'start' (line [[@LINE-2]]); active 0xffffffff; in loop; scenarios 1; transactions 1, sectors 1
    ++start;
  } while (start < n);
  // The step reads the lane: not a uniform step.
  int v = threadIdx.x;
  while (v < n) {
    out[v] = 0.0f;
    // CHECK: :[[@LINE-1]]:5: remark: store global 'out[v]' width 4; offset unknown, reassigned ('v' steps differently per lane); active 0xffffffff; in loop; scenarios 0; transactions 0, sectors 0
    v += threadIdx.x + 1;
  }
}

// Two variables stepped in one increment (a comma): each loop variable
// takes its own step; one stepped twice there is not followed.
__global__ void commaSteps(const double *b, double *out, int n) {
  int k = 0;
  for (int i = blockIdx.x * 64 + threadIdx.x; k < 4 && i < n; ++k, i += 32) {
    out[i] = b[i];
    // CHECK: :[[@LINE-1]]:5: remark: store global 'out[i]' width 8; offset 8*lane + (512)*blockIdx.x + (256)*warp.x + (256)*iteration of 'i'; active 0xffffffff; in loop; scenarios 1; transactions 2, sectors 8
    // CHECK: :[[@LINE-2]]:14: remark: load global 'b[i]' width 8; offset 8*lane + (512)*blockIdx.x + (256)*warp.x + (256)*iteration of 'i'; active 0xffffffff; in loop; scenarios 1; transactions 2, sectors 8
  }
  for (int i = threadIdx.x; i < n; i += 32, i *= 2) {
    out[i] = 0.0;
    // CHECK: :[[@LINE-1]]:5: remark: store global 'out[i]' width 8; offset unknown, reassigned (loop variable 'i' changes in a way the analysis does not follow); active 0xffffffff; in loop; scenarios 0; transactions 0, sectors 0
  }
}
