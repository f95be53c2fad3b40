// Issue 38: a kernel template whose only instantiation does not compile
// (the launch gives it a record the body cannot divide) was dropped with
// no word but Clang's error; the kernels around it are analysed, and it is
// named, with the instantiation that failed.
//
// RUN: %clang_tidy --checks='-*,gpumem-*' %s -- %cuda_flags > %t.out 2>&1 || true
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not='warning:'

struct Pair {
  float first, second;
};

template <typename T> __global__ void halve(T *p) {
  // CHECK-DAG: :[[@LINE-1]]:39: warning: 'halve' is not analysed: its one instantiation, 'halve<Pair>', does not compile [gpumem-diagnostic-uninstantiated-kernel]
  p[threadIdx.x * 2] = p[threadIdx.x] / 2;
}

// Two instantiations, neither compiles.
template <typename T> __global__ void negate(T *p) { p[threadIdx.x] = -p[threadIdx.x]; }
// CHECK-DAG: :[[@LINE-1]]:39: warning: 'negate' is not analysed: none of its 2 instantiations compiles ('negate<Pair>' is one) [gpumem-diagnostic-uninstantiated-kernel]

struct Other {
  int v;
};

__global__ void spread(float *q) { q[threadIdx.x * 4] = 0.0f; }
// CHECK-DAG: :[[@LINE-1]]:36: warning: uncoalesced global store of 'q[threadIdx.x * 4]'

void launch(Pair *p, Other *o, float *q) {
  halve<<<1, 32>>>(p);
  negate<<<1, 32>>>(p);
  negate<<<1, 32>>>(o);
  spread<<<1, 32>>>(q);
}
