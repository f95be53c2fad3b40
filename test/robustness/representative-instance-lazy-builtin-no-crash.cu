// Issue 40: an instantiation the analysis makes at the end of the file
// (of a kernel template the host code never instantiated, because the
// file did not compile) can need a builtin Clang declares only when first
// used: the implicit copy assignment of a record with an array member
// copies the array with __builtin_memcpy. Clang declares it in the
// translation unit's scope, which the parser has already closed: the run
// crashed (segfault in Sema::PushOnScopeChains), and every finding of the
// file was lost with it.
//
// RUN: %clang_tidy --checks='-*,gpumem-*' %s -- %cuda_flags > %t.out 2>&1 || true
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: not grep -E 'Stack dump|PLEASE submit' %t.out

#include "gpumem-absent/quantised_ops.h"
// CHECK: :[[@LINE-1]]:10: warning: header 'gpumem-absent/quantised_ops.h' not found; the file is analysed without it (2 kernels analysed) [gpumem-diagnostic-missing-header]

// A member with a copy assignment of its own makes the record's copy
// assignment non-trivial; its float array is then copied by memcpy.
struct Scale {
  __device__ Scale &operator=(const Scale &);
};
struct Block {
  Scale s;
  float q[4];
};

template <typename T> __global__ void copyBlocks(Block *out, const Block *in) {
  // CHECK: :[[@LINE-1]]:39: warning: 'copyBlocks' is never instantiated (the file did not compile: 'gpumem-absent/quantised_ops.h' not found); it is analysed as 'copyBlocks<float>', an instantiation of the analysis's own (float for 'T') [gpumem-diagnostic-uninstantiated-kernel]
  Block b;
  b = in[threadIdx.x];
  out[threadIdx.x] = b;
}

// Another kernel of the file keeps its finding.
__global__ void everyOther(float *data) {
  data[threadIdx.x * 2] = 0.0f;
  // CHECK: :[[@LINE-1]]:3: warning: uncoalesced global store of 'data[threadIdx.x * 2]': stride 8 bytes, 2 transactions per warp (50.0% efficiency), 8 sectors
}
