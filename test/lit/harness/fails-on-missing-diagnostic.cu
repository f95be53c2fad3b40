// The harness must fail when a diagnostic that the test expects is not
// reported. Here the test expects misc-unused-parameters to flag 'n', but
// the kernel uses 'n'.
//
// RUN: not %check_gpumem_tidy %s misc-unused-parameters %t 2>&1 \
// RUN:   | FileCheck %s --check-prefix=HARNESS
//
// HARNESS: check_gpumem_tidy: FAIL [{{.*}}] CHECK-MESSAGES did not match
// HARNESS: error: CHECK-MESSAGES: expected string not found in input

__global__ void clear(float *out, int n) {
  // CHECK-MESSAGES: :[[@LINE-1]]:39: warning: parameter 'n' is unused [misc-unused-parameters]
  if (threadIdx.x < n)
    out[threadIdx.x] = 0.0f;
}
