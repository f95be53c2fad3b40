// -expect-clang-tidy-error: the tool must fail, and the error is checked
// like any other message.
//
// RUN: %check_gpumem_tidy -expect-clang-tidy-error %s misc-unused-parameters %t

__global__ void broken(float *out) {
  out[threadIdx.x] = undeclared;
  // CHECK-MESSAGES: :[[@LINE-1]]:22: error: use of undeclared identifier 'undeclared' [clang-diagnostic-error]
}
