// Issue 37: a local reassigned step by step (`i = i + 1;` 40 times, as
// unrolled index arithmetic is written out) took one level of nesting per
// read and passed the old limit of 96: the access became "nested too
// deeply" and had no finding. The limit is now 256 levels (about 84 such
// steps), the same in every build, with a guard on the stack a query uses
// (6 MiB, which a sanitized build's larger frames do not reach first); a
// chain past it is unknown with its reason, and nothing crashes (a
// generated 3000-step chain, in the sanitized build too).
//
// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access %t
// RUN: %python -c "import sys; print('__global__ void deep(const float *in, float *out) {\n  int i = threadIdx.x;\n' + '  i = i + 1;\n' * 3000 + '  out[threadIdx.x] = in[i];\n}')" > %t.deep.cu
// RUN: %clang_tidy --checks='-*,debug-gpumem-access-dump' %t.deep.cu -- %cuda_flags | FileCheck %s --check-prefix=DEEP
// DEEP: load global 'in[i]' width 4; offset unknown, limit (expression nested too deeply)

__global__ void stepped(const float *in, float *out) {
  int i = threadIdx.x * 2; // after the 40 steps: 160 bytes in, across 3 blocks
  i = i + 1;
  i = i + 1;
  i = i + 1;
  i = i + 1;
  i = i + 1;
  i = i + 1;
  i = i + 1;
  i = i + 1;
  i = i + 1;
  i = i + 1;
  i = i + 1;
  i = i + 1;
  i = i + 1;
  i = i + 1;
  i = i + 1;
  i = i + 1;
  i = i + 1;
  i = i + 1;
  i = i + 1;
  i = i + 1;
  i = i + 1;
  i = i + 1;
  i = i + 1;
  i = i + 1;
  i = i + 1;
  i = i + 1;
  i = i + 1;
  i = i + 1;
  i = i + 1;
  i = i + 1;
  i = i + 1;
  i = i + 1;
  i = i + 1;
  i = i + 1;
  i = i + 1;
  i = i + 1;
  i = i + 1;
  i = i + 1;
  i = i + 1;
  i = i + 1;
  out[threadIdx.x] = in[i];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: uncoalesced global load of 'in[i]': stride 8 bytes, 3 transactions per warp (33.3% efficiency), 8 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
}

void launch(const float *in, float *out) { stepped<<<4, 256>>>(in, out); }
