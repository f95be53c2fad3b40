// Accesses through objects: a member function's `this` is the object of
// its call, a base class sits at its offset in the derived one, a getter
// that returns a reference is inlined, and a value bound to a const
// reference parameter is the thread's own temporary (no memory access).
// Before, each of these had an unknown memory space. And a loop variable
// halved from an unknown start holds one value per iteration in every lane.
//
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump %s -- %cuda_flags \
// RUN:   | FileCheck %s --implicit-check-not='load unknown'

struct Tile {
  float cells[32][32];
  __device__ float column(int lane) const { return cells[lane][0]; }
  // CHECK: :[[@LINE-1]]:52: remark: load shared 'cells[lane][0]' width 4; offset 128*lane + (4096)*warp.x; active 0xffffffff; scenarios 1
};

struct Counts {
  unsigned bins[32];
};
struct Histogram : Counts {
  unsigned total;
};

struct Range {
  int lo, hi;
  __device__ const int &low() const { return lo; }
};

__device__ float sum(const float4 &v) { return v.x + v.y + v.z + v.w; }

__global__ void objects(float *out, int n) {
  __shared__ Tile tile;
  __shared__ Histogram histogram;
  __shared__ Range ranges[32];
  out[threadIdx.x] = tile.column(threadIdx.x);
  histogram.bins[threadIdx.x] = 0;
  // CHECK: :[[@LINE-1]]:3: remark: store shared 'histogram.bins[threadIdx.x]' width 4; offset 4*lane + (128)*warp.x; active 0xffffffff; scenarios 1
  const int &low = ranges[threadIdx.x].low();
  out[threadIdx.x] = low;
  // CHECK: :[[@LINE-1]]:22: remark: load shared 'low' width 4; offset 8*lane + (256)*warp.x; active 0xffffffff; array ranges[32]; scenarios 1
  out[threadIdx.x] = sum(make_float4(1.f, 2.f, 3.f, 4.f));
}

__global__ void halving(float *out, int n) {
  __shared__ float partial[1024];
  for (int s = n / 2; s > 0; s >>= 1)
    partial[threadIdx.x] += partial[threadIdx.x + s];
  // CHECK: :[[@LINE-1]]:29: remark: load shared 'partial[threadIdx.x + s]' width 4; offset 4*lane + (128)*warp.x + (4)*s; active 0xffffffff; in loop; array partial[1024]; scenarios 1
  out[threadIdx.x] = partial[threadIdx.x];
}
