// Issue 13: a shared index with a symbolic stride (a kernel argument, as an
// attention kernel's head size) is reported like a symbolic global stride:
// at a multiple of the bank period every lane of a phase lands on one bank.
// It used to be silent.
//
// Issue 39: a condition that needs a value the file never passes to be a
// multiple of the bank period is not a warning a user can act on (most
// values are conflict-free); it is said only where option
// SymbolicStrideConflicts asks for it, once per kernel and parameter.
//
// RUN: %check_gpumem_tidy %s gpumem-bank-conflict %t -- \
// RUN:   -config="{CheckOptions: {gpumem-bank-conflict.SymbolicStrideConflicts: true}}"
// RUN: %check_gpumem_tidy -check-suffix=DEFAULT %s gpumem-bank-conflict %t

__global__ void rowsOfD(const float *K, float *out, int d) {
  extern __shared__ float Kj[];
  int tx = threadIdx.x;
  float s = 0;
  for (int x = 0; x < d; ++x)
    s += Kj[tx * d + x];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: 32-way bank conflict on 'Kj[tx * d + x]' when 'd' is a multiple of 32: lanes 4 bytes x 'd' apart share a bank; conflict-free when 'd' is odd [gpumem-bank-conflict]
  out[tx] = s;
}

// Doubles: two half-warp phases, 16-way at a multiple of 16.
__global__ void doubleRows(double *out, int d) {
  extern __shared__ double Dj[];
  out[threadIdx.x] = Dj[threadIdx.x * d];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 16-way bank conflict on 'Dj[threadIdx.x * d]' when 'd' is a multiple of 16: lanes 8 bytes x 'd' apart share a bank; conflict-free when 'd' is odd [gpumem-bank-conflict]
}

// OK: d only shifts the warp; consecutive lanes stay on consecutive banks.
__global__ void shifted(float *out, int d) {
  extern __shared__ float S[];
  out[threadIdx.x] = S[threadIdx.x + d];
}

void launch(const float *k, float *o, double *od, int d) {
  rowsOfD<<<8, 32, 8192>>>(k, o, d);
  doubleRows<<<8, 32, 8192>>>(od, d);
  shifted<<<8, 32, 8192>>>(o, d);
}
