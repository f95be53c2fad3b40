// A test file without CHECK-MESSAGES, CHECK-NOTES or CHECK-FIXES lines
// asserts that nothing is reported; the harness must fail when something is.
//
// RUN: not %check_gpumem_tidy %s misc-unused-parameters %t 2>&1 \
// RUN:   | FileCheck %s --check-prefix=HARNESS
//
// HARNESS: check_gpumem_tidy: FAIL [{{.*}}] the test has no CHECK-MESSAGES/NOTES/FIXES lines
// HARNESS-NEXT: :[[@LINE+2]]:38: warning: parameter 'n' is unused [misc-unused-parameters]

__global__ void zero(float *out, int n) { out[threadIdx.x] = 0.0f; }
