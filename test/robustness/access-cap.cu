// Issue 28: a kernel's accesses past the 4,096th were never analysed and
// nothing said so. The cap is an option (MaxAccessesPerKernel); a finding
// in a capped kernel notes it, the dump's kernel line says where the
// analysis stopped, and the coverage tool counts the kernel as a limit.
//
// RUN: %clang_tidy --checks='-*,gpumem-uncoalesced-access,debug-gpumem-access-dump' \
// RUN:   --config="{CheckOptions: {MaxAccessesPerKernel: 5}}" %s -- %cuda_flags 2>&1 \
// RUN:   | FileCheck %s
// CHECK: :[[@LINE+5]]:17: remark: kernel 'big': blockDim assumed, 5 accesses (the analysis stops there: MaxAccessesPerKernel) [debug-gpumem-access-dump]
// CHECK: warning: uncoalesced global load of 'in[i * 2 + 0]'
// CHECK: :[[@LINE+3]]:17: note: only the first 5 accesses of 'big' are analysed; the others are left out (option MaxAccessesPerKernel)
// CHECK-NOT: in[i * 2 + 3]

__global__ void big(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] += in[i * 2 + 0];
  out[i] += in[i * 2 + 1];
  out[i] += in[i * 2 + 2];
  out[i] += in[i * 2 + 3];
}

// RUN: rm -rf %t && mkdir -p %t && cp %s %t/big.cu
// RUN: printf 'CheckOptions:\n  MaxAccessesPerKernel: 5\n' > %t/.clang-tidy
// RUN: %python %S/../../tools/gpumem-coverage.py --gpumem-tidy "%clang_tidy" \
// RUN:   %t/big.cu -- %cuda_flags | FileCheck %s --check-prefix=COVERAGE
// COVERAGE: 6 accesses, 5 analysed (83.3%), 1 not
// COVERAGE: 1  limit: {{.*}}big.cu:14
// COVERAGE: 1  more accesses in the kernel than MaxAccessesPerKernel
//
// Issue 40: a capped kernel with no finding in its first accesses was cut
// in silence; the cut is said once per kernel, under a name of its own.
// RUN: %clang_tidy --checks='-*,gpumem-*' \
// RUN:   --config="{CheckOptions: {MaxAccessesPerKernel: 2}}" %S/Inputs/quiet-capped-kernel.cu -- %cuda_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=QUIET --implicit-check-not='warning:'
// QUIET: quiet-capped-kernel.cu:4:17: warning: only the first 2 accesses of 'sumNeighbours' are analysed; the others are left out (option MaxAccessesPerKernel) [gpumem-diagnostic-access-limit]
