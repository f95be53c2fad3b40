// A check the tool does not have enables no checks; clang-tidy then exits
// non-zero, and the harness must fail rather than pass vacuously.
//
// RUN: not %check_gpumem_tidy %s gpumem-no-such-check %t 2>&1 \
// RUN:   | FileCheck %s --check-prefix=HARNESS
//
// HARNESS: check_gpumem_tidy: FAIL [{{.*}}] the tool exited with 1

__global__ void copy(const float *in, float *out) {
  out[threadIdx.x] = in[threadIdx.x];
}
