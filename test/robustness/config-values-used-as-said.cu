// Issue 28: configuration values the warning called invalid were used
// anyway (PeakGBps: inf, MachineBalance: nan), a sector larger than the
// transaction and a 1-byte bank were accepted. Each is now rejected with
// the warning, and the value the warning names is the one used.
//
// An infinite bandwidth and a balance that is not a number: the preset's
// balance (A100, fp32) prices the kernel.
// RUN: %clang_tidy --checks='-*,gpumem-arithmetic-intensity' \
// RUN:   --config="{CheckOptions: {PeakGBps: inf, MachineBalance: nan}}" \
// RUN:   %s -- %cuda_flags 2>&1 | FileCheck %s --check-prefix=RATE
// RATE-DAG: warning: invalid configuration value 'inf' for option 'PeakGBps'; expected 0 or a number from 1 to 1e9; using the preset's [clang-tidy-config]
// RATE-DAG: warning: invalid configuration value 'nan' for option 'MachineBalance'; expected a number from 0 to 1e6; using the preset's [clang-tidy-config]
// RATE-DAG: warning: kernel 'tiled' is bandwidth-bound: arithmetic intensity 4 FLOP/byte < machine balance 9.56 (a100, fp32)
//
// A sector of 256 bytes in a transaction of 128: the preset's sizes.
// RUN: %clang_tidy --checks='-*,gpumem-uncoalesced-access' \
// RUN:   --config="{CheckOptions: {SectorBytes: 256}}" \
// RUN:   %s -- %cuda_flags 2>&1 | FileCheck %s --check-prefix=SIZES
// SIZES-DAG: warning: option 'SectorBytes' (256) is larger than 'TransactionBytes' (128); using the preset's sizes [clang-tidy-config]
// (Odd passes of t start 64 bytes into a block: 3 transactions, issue 24.)
// SIZES-DAG: warning: uncoalesced global load of 'A[ty * n + t * T + tx * 2]': stride 8 bytes, 3 transactions per warp (33.3% efficiency), 8 sectors
//
// A bank one byte wide: the preset's 4, under which the 16x16 tiles have
// no conflict (a 1-byte bank gave each float four banks' conflicts).
// RUN: %clang_tidy --checks='-*,gpumem-bank-conflict' \
// RUN:   --config="{CheckOptions: {BankWidthBytes: 1}}" \
// RUN:   %s -- %cuda_flags 2>&1 | FileCheck %s --check-prefix=BANK \
// RUN:   --implicit-check-not='bank conflict'
// BANK: warning: invalid configuration value '1' for option 'BankWidthBytes'; expected 4 or 8; using the preset's [clang-tidy-config]

#define T 16

__global__ void tiled(const float *A, const float *B, float *C, int n) {
  __shared__ float As[T][T], Bs[T][T];
  int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.0f;
  for (int t = 0; t < n / T; ++t) {
    As[ty][tx] = A[ty * n + t * T + tx * 2];
    Bs[ty][tx] = B[(t * T + ty) * n + tx];
    __syncthreads();
    for (int k = 0; k < T; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[ty * n + tx] = acc;
}
