// A device function whose integer reference parameters are bound to
// elements of shared memory (a sorting network's compare-and-swap): reads
// and writes through them are accesses of those elements. They were
// values, and the accesses vanished from the dump (found by
// gpumem-coverage --ptx on a bitonic sort). Bound to a local, a reference
// is still a value.
//
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump %s -- %cuda_flags \
// RUN:   | FileCheck %s --implicit-check-not="'t'"

__device__ void exchange(unsigned &a, unsigned &b) {
  unsigned t = a;
  // CHECK: :[[@LINE-1]]:16: remark: load shared 'a' width 4; offset 4*lane + (128)*warp.x; active 0xffffffff; array keys[1024]; scenarios 1
  a = b;
  // CHECK: :[[@LINE-1]]:3: remark: store shared 'a' width 4; offset 4*lane + (128)*warp.x
  // CHECK: :[[@LINE-2]]:7: remark: load shared 'b' width 4; offset 256+4*lane + (128)*warp.x
  b = t;
  // CHECK: :[[@LINE-1]]:3: remark: store shared 'b' width 4; offset 256+4*lane + (128)*warp.x
}

__global__ void network(unsigned *out) {
  __shared__ unsigned keys[1024];
  exchange(keys[threadIdx.x], keys[threadIdx.x + 64]);
  unsigned x = out[threadIdx.x], y = 0;
  exchange(x, y);
  out[threadIdx.x] = x + y;
}

void launch(unsigned *o) { network<<<1, 32>>>(o); }
