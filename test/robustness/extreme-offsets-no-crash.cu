// Offsets at both ends of the 64-bit range: the access dump computed the
// step between lanes with a signed overflow (LaneValue::str), and the cost
// model the span of the warp and the end of the last lane's bytes
// (computeGlobalCost, computeBankConflict), found by the model fuzzer
// (test/fuzz/ModelFuzzer.cpp). Undefined behaviour that UBSan stops on in
// the sanitized build; now the span saturates and bytes past the end of the
// address space do not exist.
//
// RUN: %clang_tidy --checks='-*,gpumem-*,debug-gpumem-access-dump' %s -- \
// RUN:   %cuda_flags 2>&1 | FileCheck %s

__global__ void farApart(float *p) {
  long long i = (threadIdx.x % 2) ? 2305843009213693951LL
                                  : -2305843009213693951LL;
  p[i] = 0.0f;
  // CHECK: :[[@LINE-1]]:3: remark: store global 'p[i]' width 4; offset [-9223372036854775804,9223372036854775804,
}

__global__ void atTheEnd(char *p) {
  p[9223372036854775807LL - 40 + threadIdx.x] = 0;
  // CHECK: :[[@LINE-1]]:3: remark: store global {{.*}} width 1; offset 9223372036854775767+1*lane
}

__global__ void sharedAtTheEnd(char *out) {
  __shared__ char s[64];
  out[threadIdx.x] = s[9223372036854775807LL - 31 + threadIdx.x];
  // CHECK: :[[@LINE-1]]:22: remark: load shared {{.*}} width 1; offset 9223372036854775776+1*lane
}
