// The harness must fail when the tool reports a diagnostic that the test
// does not expect: 'scale' is expected, 'unused' is not.
//
// RUN: not %check_gpumem_tidy %s misc-unused-parameters %t 2>&1 \
// RUN:   | FileCheck %s --check-prefix=HARNESS
//
// HARNESS: check_gpumem_tidy: FAIL [{{.*}}] CHECK-MESSAGES did not match
// HARNESS: IMPLICIT-CHECK-NOT: excluded string found in input
// HARNESS: warning: parameter 'unused' is unused [misc-unused-parameters]

__global__ void fill(float *out, float scale, int unused) {
  // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: parameter 'scale' is unused [misc-unused-parameters]
  out[threadIdx.x] = 1.0f;
}
