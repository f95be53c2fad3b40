// A pointer chosen by a condition (issue 25, measured on a point-cloud
// library's kernels: `dim == 1 ? (float3 *)objects : (float3 *)targets`).
// A choice the warp makes as one, between two kernel pointer parameters at
// the same offset, prices the same either way; a choice that may differ
// between lanes, or between different offsets, is not followed, and says
// so.
//
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump %s -- %cuda_flags \
// RUN:   | FileCheck %s

struct Vec3 { float x, y, z; };

__global__ void chosen(const float *objects, const float *targets, int dim,
                       float *out) {
  const Vec3 *points = dim == 1 ? (const Vec3 *)objects : (const Vec3 *)targets;
  out[threadIdx.x] = points[threadIdx.x].y;
  // CHECK: :[[@LINE-1]]:42: remark: load global 'points[threadIdx.x].y' width 4; offset 4+12*lane + (384)*warp.x; active 0xffffffff; struct Vec3 (12 bytes) field 'y' at 4; scenarios 1
  // A constant condition picks its side.
  const float *fixed = sizeof(Vec3) == 12 ? objects + 32 : targets;
  out[threadIdx.x] += fixed[threadIdx.x];
  // CHECK: :[[@LINE-1]]:23: remark: load global 'fixed[threadIdx.x]' width 4; offset 128+4*lane + (128)*warp.x; active 0xffffffff; scenarios 1
  // Per lane: half the warp in each array.
  const float *split = threadIdx.x % 2 ? objects : targets;
  out[threadIdx.x] += split[threadIdx.x];
  // CHECK: :[[@LINE-1]]:23: remark: load unknown 'split[threadIdx.x]' width 4; offset unknown, not followed (a choice of pointer that may differ between lanes)
  // The same array at two offsets.
  const float *shifted = dim == 1 ? objects : objects + 1;
  out[threadIdx.x] += shifted[threadIdx.x];
  // CHECK: :[[@LINE-1]]:23: remark: load unknown 'shifted[threadIdx.x]' width 4; offset unknown, not followed (a choice between pointers into memory laid out differently)
}

void launch(const float *o, const float *t, int dim, float *out) {
  chosen<<<1, 32>>>(o, t, dim, out);
}
