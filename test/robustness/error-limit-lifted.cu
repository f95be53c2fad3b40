// Issue 15: Clang stops after 20 errors ("too many errors emitted"), and a
// file whose host code uses APIs the toolkit removed never reached its
// kernels. The checks lift the limit: the kernel after 30 errors is still
// analysed. Issue 28: but the output keeps Clang's limit, 20 errors, and
// one line counts the rest.
//
// RUN: %clang_tidy --checks=-*,gpumem-uncoalesced-access %s -- %cuda_flags > %t.out 2>&1 || true
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not='too many errors'
// RUN: grep -c 'error: use of undeclared identifier' %t.out | FileCheck %s --check-prefix=COUNT
// COUNT: 20
// CHECK: :[[@LINE+23]]:3: error: 10 more errors not shown; the analysis went on past them [clang-diagnostic-error]

void oldHostCode() {
  removedApi0();
  removedApi1();
  removedApi2();
  removedApi3();
  removedApi4();
  removedApi5();
  removedApi6();
  removedApi7();
  removedApi8();
  removedApi9();
  removedApi10();
  removedApi11();
  removedApi12();
  removedApi13();
  removedApi14();
  removedApi15();
  removedApi16();
  removedApi17();
  removedApi18();
  removedApi19();
  removedApi20();
  removedApi21();
  removedApi22();
  removedApi23();
  removedApi24();
  removedApi25();
  removedApi26();
  removedApi27();
  removedApi28();
  removedApi29();
}

__global__ void strided(float *out) {
  out[threadIdx.x * 2] = 1.0f;
  // CHECK: :[[@LINE-1]]:3: warning: uncoalesced global store of 'out[threadIdx.x * 2]'
}
