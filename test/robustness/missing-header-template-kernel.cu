// Issue 15: one missing header (omp.h, a project header not on the path)
// used to be fatal: clang instantiated no template after it, and template
// kernels disappeared without a word. Now the header is skipped and named
// in a warning, and the template kernel is analysed. The error its absence
// causes later (an undeclared function) stays an error, and does not stop
// the analysis either.
//
// RUN: %clang_tidy --checks=-*,gpumem-uncoalesced-access,gpumem-diagnostic-* %s -- %cuda_flags > %t.out 2>&1 || true
// RUN: FileCheck %s --input-file=%t.out

#include <omp.h>
// CHECK: missing-header-template-kernel.cu:[[@LINE-1]]:10: warning: header 'omp.h' not found; the file is analysed without it (1 kernel analysed) [gpumem-diagnostic-missing-header]
#include "project/settings.h"
// CHECK: :[[@LINE-1]]:10: warning: header 'project/settings.h' not found; the file is analysed without it (1 kernel analysed) [gpumem-diagnostic-missing-header]

template <int Stride>
__global__ void strided(float *out) {
  out[threadIdx.x * Stride] = 1.0f;
  // CHECK: :[[@LINE-1]]:3: warning: uncoalesced global store of 'out[threadIdx.x * Stride]': stride 8 bytes
}

void launch(float *out) {
  int threads = omp_get_max_threads();
  // CHECK: :[[@LINE-1]]:17: error: use of undeclared identifier 'omp_get_max_threads'
  strided<2><<<threads, 256>>>(out);
}
