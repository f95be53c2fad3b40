// Issue 38: a header run directly (gpumem-tidy kernels.cuh, the editor)
// that does not compile on its own, because it uses what its includers
// include first, had errors and the kernels that parse, with no word that
// the rest is analysed only through a file that includes it. It says so
// once, at its first line. Run as a header (-x cuda on a .cuh copy).
//
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/needs_includer.cuh
// RUN: %clang_tidy --checks='-*,gpumem-*' %t/needs_includer.cuh -- %cuda_flags > %t/out.txt 2>&1 || true
// RUN: FileCheck %s --input-file=%t/out.txt --implicit-check-not='warning:'
// CHECK: needs_includer.cuh:1:1: warning: this header does not compile on its own (it has errors); its kernels are analysed as far as it parses here, and fully where a file that includes it is analysed [gpumem-diagnostic-header-alone]
// CHECK: needs_includer.cuh:{{[0-9]+}}:35: warning: uncoalesced global store of 's[threadIdx.x * 2]'
//
// The same text as a .cu file: not a header, nothing to say beyond the error.
// RUN: cp %s %t/alone.cu
// RUN: %clang_tidy --checks='-*,gpumem-*' %t/alone.cu -- %cuda_flags > %t/alone.txt 2>&1 || true
// RUN: FileCheck %s --check-prefix=SOURCE --implicit-check-not='gpumem-diagnostic-header-alone' --input-file=%t/alone.txt
// SOURCE: alone.cu:{{[0-9]+}}:35: warning: uncoalesced global store of 's[threadIdx.x * 2]'
__global__ void plain(float *s) { s[threadIdx.x * 2] = 0.0f; }
__global__ void usesStage(float *s) { s[threadIdx.x * StageWidthFromIncluder] = 0.0f; }
