// min and max in an index. Where the analysis can compare the two sides per
// lane, each lane takes its own side: a bound on the thread index is
// decided for the first warp, one on a global index for the second block,
// as `if` guards are. A lane's index clamped to a bound it cannot compare
// with (a parameter: `min(x, w - 1)`) is a bounds check written as
// arithmetic: like `if (x < w)`, it is taken as not reached for the whole
// warp, so the clamped index is the lane's own. Two values the lanes share
// give one per warp; two that vary with bounds it cannot compare stay
// unknown.
//
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump %s -- %cuda_flags \
// RUN:   | FileCheck %s

// CHECK: :[[@LINE+1]]:17: remark: kernel 'clamped': blockDim assumed, 10 accesses
__global__ void clamped(const float *src, float *dst, int w, int h,
                        int pitch, const int *lo) {
  __shared__ float edge[64];
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y;

  // The edge-clamped read of an image row: the lane's own column.
  dst[y * pitch + x] = src[min(x, w - 1) + min(y, h - 1) * pitch];
  // CHECK: :[[@LINE-1]]:24: remark: load global 'src[min(x, w - 1) + min(y, h - 1) * pitch]' width 4; offset 4*lane + (128)*blockIdx.x*blockDim.x/32 + (128)*warp.x + (4)*pitch*(min(y, h - 1)); active 0xffffffff; scenarios 1; transactions 1, sectors 4

  // The bound on the other side, and max: the same.
  dst[max(0, x - 1)] = src[min(w + 3, x)];
  // CHECK: :[[@LINE-1]]:3: remark: store global 'dst[max(0, x - 1)]' width 4; offset -4+4*lane + (128)*blockIdx.x*blockDim.x/32 + (128)*warp.x; active 0xffffffff; scenarios 1; transactions 2, sectors 5
  // CHECK: :[[@LINE-2]]:24: remark: load global 'src[min(w + 3, x)]' width 4; offset 4*lane + (128)*blockIdx.x*blockDim.x/32 + (128)*warp.x; active 0xffffffff; scenarios 1; transactions 1, sectors 4

  // Compared per lane: lanes 16 to 31 share the last element.
  edge[min((int)threadIdx.x % 32, 15)] = 0.f;
  // CHECK: :[[@LINE-1]]:3: remark: store shared 'edge[min((int)threadIdx.x % 32, 15)]' width 4; offset [0,4,8,12,16,20,24,28,32,36,40,44,48,52,56,60,60,60,60,60,60,60,60,60,60,60,60,60,60,60,60,60]; active 0xffffffff; array edge[64]; scenarios 1
  // A bound that splits the first warp but not the others: which lanes
  // it splits depends on the warp, so the index is unknown.
  edge[min((int)threadIdx.x, 15)] = 0.f;
  // CHECK: :[[@LINE-1]]:3: remark: store shared 'edge[min((int)threadIdx.x, 15)]' width 4; offset unknown, symbolic operation (min/max of symbolic values); active 0xffffffff; array edge[64]; scenarios 0

  // Both sides shared by the warp: one value per warp.
  dst[min(w, h)] = 1.f;
  // CHECK: :[[@LINE-1]]:3: remark: store global 'dst[min(w, h)]' width 4; offset 0 + (4)*(min(w, h)); active 0xffffffff; scenarios 1; transactions 1, sectors 1

  // Both sides vary, and a bound read from memory: unknown.
  dst[min(x, 2 * x - w)] = 2.f;
  // CHECK: :[[@LINE-1]]:3: remark: store global 'dst[min(x, 2 * x - w)]' width 4; offset unknown, symbolic operation (min/max of symbolic values); active 0xffffffff; scenarios 0; transactions 0, sectors 0
  dst[min(x, lo[x])] = 3.f;
  // CHECK: :[[@LINE-1]]:3: remark: store global 'dst[min(x, lo[x])]' width 4; offset unknown, data-dependent (index reads memory (data-dependent)); active 0xffffffff; scenarios 0; transactions 0, sectors 0
}
