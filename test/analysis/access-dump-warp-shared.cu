// Values every lane of a warp shares, though the lane algebra cannot keep
// them exact: an operation on uniform operands ((k - 1) & 1, n / d), a load
// the whole warp makes from one address in global, shared or constant
// memory, a pointer loaded so from a table. Each becomes a symbol of its
// own, so the access around it is judged; what varies between lanes stays
// unknown with its reason. And the integer fields of local aggregates
// (dim3 t = threadIdx, make_int2, braces, cooperative groups' dim3
// queries) and of a kernel's by-value struct parameter.
//
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump %s -- %cuda_flags \
// RUN:   | FileCheck %s

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

struct Params {
  int stride;
  int first;
};

struct Coord {
  int x, y;
};

__constant__ int c_shift;
__device__ const float *d_rows[64];

__global__ void uniformValues(const float *in, float *out, const int *offsets,
                              const float *const *rows, int n, int d,
                              Params p) {
  __shared__ float tile[2][32][33];
  int tid = threadIdx.x;
  // A double-buffer stage: the loop's trip count is not known, the stage
  // is the same for the whole warp.
  for (int k = 1; k < n; ++k) {
    int stage = (k - 1) & 1;
    tile[stage][tid][0] = in[tid];
    // CHECK: :[[@LINE-1]]:5: remark: store shared 'tile[stage][tid][0]' width 4; offset 132*lane + (4224)*warp.x + (4224)*((k - 1) & 1); active 0xffffffff; in loop; array tile[2][32][33]; scenarios 1
  }
  out[n / d + tid] = 1.0f;
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[n / d + tid]' width 4; offset 4*lane + (128)*warp.x + (4)*(n / d); active 0xffffffff; scenarios 1; transactions 1, sectors 4
  out[tid / d] = 2.0f;
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[tid / d]' width 4; offset 0 + (4)*tid / d; active 0xffffffff; scenarios 1; transactions 1, sectors 1

  // One row offset per block, loaded once by the warp.
  int base = offsets[blockIdx.x];
  out[base + tid] = 3.0f;
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[base + tid]' width 4; offset 4*lane + (128)*warp.x + (4)*offsets[blockIdx.x]; active 0xffffffff; scenarios 1; transactions 1, sectors 4
  int own = offsets[tid];
  out[own] = 4.0f;
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[own]' width 4; offset unknown, data-dependent (index reads memory (data-dependent))
  // Each lane's own local array: not a value the lanes share; its element
  // chosen by a symbol is not followed (test/analysis/access-dump-local-arrays.cu).
  int regs[4] = {1, 2, 3, 4};
  out[regs[n & 3] + tid] = 5.0f;
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[regs[n & 3] + tid]' width 4; offset unknown, not followed (element of the per-thread array 'regs' chosen by a value that is not a number)
  out[c_shift + tid] = 6.0f;
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[c_shift + tid]' width 4; offset 4*lane + (128)*warp.x + (4)*c_shift; active 0xffffffff; scenarios 1; transactions 1, sectors 4

  // A table of rows: the pointer the warp loads points into global memory.
  const float *row = rows[blockIdx.x];
  out[tid] = row[tid];
  // CHECK: :[[@LINE-1]]:14: remark: load global 'row[tid]' width 4; offset 4*lane + (128)*warp.x + (1)*rows[blockIdx.x]; active 0xffffffff; scenarios 1; transactions 1, sectors 4
  out[tid] = d_rows[blockIdx.x][tid];
  // CHECK: :[[@LINE-1]]:14: remark: load global 'd_rows[blockIdx.x][tid]' width 4; offset 4*lane + (128)*warp.x + (1)*d_rows[blockIdx.x]; active 0xffffffff; scenarios 1; transactions 1, sectors 4
  out[tid] = rows[tid % 4][tid];
  // CHECK: :[[@LINE-1]]:14: remark: load unknown 'rows[tid % 4][tid]' width 4; offset unknown, data-dependent (pointer is read from memory)

  // A struct loaded by the whole warp, field by field; and one per lane.
  int4 span = reinterpret_cast<const int4 *>(offsets)[blockIdx.x];
  out[span.y + tid] = 8.0f;
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[span.y + tid]' width 4; offset 4*lane + (128)*warp.x + (4)*span.y; active 0xffffffff; scenarios 1
  int4 mine = reinterpret_cast<const int4 *>(offsets)[tid];
  out[mine.y] = 9.0f;
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[mine.y]' width 4; offset unknown, data-dependent (index reads memory (data-dependent))

  // The kernel's struct parameter is the same in every lane.
  out[p.first + tid * p.stride] = 7.0f;
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[p.first + tid * p.stride]' width 4; offset 0 + (128)*warp.x*p.stride + (4)*p.first + (4*lane)*p.stride; active 0xffffffff; symbolic stride p.stride
}

__device__ float pick(const float *in, Coord c) { return in[c.x]; }
// CHECK: :[[@LINE-1]]:58: remark: load global 'in[c.x]' width 4; offset unknown, not followed (field of the helper's parameter 'c')

__global__ void localAggregates(const float *in, float *out) {
  __shared__ float grid[32][32];
  dim3 t = threadIdx;
  out[t.x] = in[t.x];
  // CHECK: :[[@LINE-1]]:14: remark: load global 'in[t.x]' width 4; offset 4*lane + (128)*warp.x; active 0xffffffff; scenarios 1; transactions 1, sectors 4
  cg::thread_block block = cg::this_thread_block();
  dim3 u = block.thread_index();
  grid[u.x][u.y] = 1.0f;
  // CHECK: :[[@LINE-1]]:3: remark: store shared 'grid[u.x][u.y]' width 4; offset 128*lane + (4096)*warp.x + (4)*threadIdx.y; active 0xffffffff; array grid[32][32]; scenarios 1
  int2 c = make_int2(threadIdx.x, 3);
  out[c.x * 2] = 0.0f;
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[c.x * 2]' width 4; offset 8*lane + (256)*warp.x; active 0xffffffff; scenarios 1; transactions 2, sectors 8
  Coord braced{static_cast<int>(threadIdx.x), 0};
  out[braced.x + braced.y] = 0.0f;
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[braced.x + braced.y]' width 4; offset 4*lane + (128)*warp.x; active 0xffffffff; scenarios 1
  Coord moved{static_cast<int>(threadIdx.x), 0};
  moved.x += 1;
  out[moved.x] = 0.0f;
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[moved.x]' width 4; offset unknown, reassigned ('moved' is reassigned)
  out[threadIdx.x] = pick(in, Coord{static_cast<int>(threadIdx.x), 0});
}

void launch(float *o) { localAggregates<<<1, dim3(32, 32)>>>(o, o); }
