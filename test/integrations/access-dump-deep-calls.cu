// Issue 37: a load five helper calls deep left no record at all (the walk
// followed four), and coverage said 100%. Helpers are followed seven deep
// with their arguments (the evaluator's frames); past that, every access
// of the deeper calls is still recorded, as unknown with its reason, so
// the dump and the coverage tool count it. Recursion ends the walk.
//
// RUN: %clang_tidy --checks='-*,debug-gpumem-access-dump' %s -- %cuda_flags | FileCheck %s
// RUN: %clang_tidy --checks='-*,gpumem-uncoalesced-access' %s -- %cuda_flags | FileCheck %s --check-prefix=FIVE

__device__ float five(const float *p, int i) { return p[i * 2]; }
__device__ float four(const float *p, int i) { return five(p, i); }
__device__ float three(const float *p, int i) { return four(p, i); }
__device__ float two(const float *p, int i) { return three(p, i); }
__device__ float one(const float *p, int i) { return two(p, i); }
// FIVE: access-dump-deep-calls.cu:[[@LINE-5]]:55: warning: uncoalesced global load of 'p[i * 2]': stride 8 bytes, 2 transactions per warp
// CHECK-DAG: access-dump-deep-calls.cu:[[@LINE-6]]:55: remark: load global 'p[i * 2]' width 4; offset 8*lane + (256)*warp.x

__device__ float n9(const float *p, int i) { return p[i + 1]; }
// CHECK-DAG: access-dump-deep-calls.cu:[[@LINE-1]]:53: remark: load unknown 'p[i + 1]' width 4; offset unknown, limit (inside the call of 'n8', 8 device functions deep (the analysis follows 7))
__device__ float n8(const float *p, int i) { return n9(p, i); }
__device__ float n7(const float *p, int i) { return n8(p, i); }
__device__ float n6(const float *p, int i) { return n7(p, i); }
__device__ float n5(const float *p, int i) { return n6(p, i); }
__device__ float n4(const float *p, int i) { return n5(p, i); }
__device__ float n3(const float *p, int i) { return n4(p, i); }
__device__ float n2(const float *p, int i) { return n3(p, i); }
__device__ float n1(const float *p, int i) { return n2(p, i); }

// Calls itself: the walk does not follow it forever, nor drop its reads.
__device__ int sumTo(const int *p, int n) { return n <= 0 ? p[0] : sumTo(p, n - 1) + p[n]; }
// CHECK-DAG: access-dump-deep-calls.cu:[[@LINE-1]]:61: remark: load global 'p[0]'

__global__ void deep(const float *in, float *out, const int *q) {
  out[threadIdx.x] = one(in, threadIdx.x) + n1(in, threadIdx.x) + sumTo(q, 3);
}
// CHECK-DAG: remark: kernel 'deep': blockDim launch 256x1x1, 5 accesses

void launch(const float *in, float *out, const int *q) { deep<<<1, 256>>>(in, out, q); }
