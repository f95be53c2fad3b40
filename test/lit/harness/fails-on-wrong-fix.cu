// The harness must fail when the fixed file differs from CHECK-FIXES.
//
// RUN: not %check_gpumem_tidy %s misc-unused-parameters %t 2>&1 \
// RUN:   | FileCheck %s --check-prefix=HARNESS
//
// HARNESS: check_gpumem_tidy: FAIL [{{.*}}] CHECK-FIXES did not match

__global__ void fill(float *out, float value) {
  // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: parameter 'value' is unused
  // CHECK-FIXES: __global__ void fill(float *out, float value) {
  out[threadIdx.x] = 1.0f;
}
