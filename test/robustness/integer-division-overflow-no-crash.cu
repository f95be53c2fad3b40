// Found by the lane-algebra fuzzer (test/fuzz/LaneAlgebraFuzzer.cpp):
// dividing INT64_MIN by a per-lane divisor that is -1 in some lane trapped
// (SIGFPE, x86 idiv) inside LaneValue::divide; the remainder the same. The
// quotient does not fit: the index is unknown, and nothing is reported; the
// remainder is exact (INT64_MIN % -1 is 0).
//
// RUN: %clang_tidy --checks='-*,gpumem-*,debug-gpumem-access-dump' %s -- \
// RUN:   %cuda_flags 2>&1 | FileCheck %s

__global__ void quotient(float *p) {
  long long d = threadIdx.x % 2 ? 1 : -1;
  p[(-9223372036854775807LL - 1) / d] = 0.0f;
  // CHECK: :[[@LINE-1]]:3: remark: store global {{.*}}; offset unknown, arithmetic (integer overflow in index arithmetic)
  // CHECK-NOT: :[[@LINE-2]]:3: warning:
}

__global__ void remainder(float *p) {
  long long d = threadIdx.x % 2 ? 3 : -1;
  p[(-9223372036854775807LL - 1) % d + 64] = 0.0f;
  // CHECK-DAG: :[[@LINE-1]]:3: remark: store global {{.*}}; offset [256,248,
  // CHECK-DAG: :[[@LINE-2]]:3: warning: misaligned global store
}
