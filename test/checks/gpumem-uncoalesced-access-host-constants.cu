// Issue 24: kernel arguments the host fixes where the launch reads them.
// A local set once from a constant (`int nx = 3;` in host code) and a
// local that an earlier check pins (`if (K != 16) throw ...;`, `if (K !=
// 64) return 1;`) are constants at the launch, as a literal argument is;
// a local written again (doubled in a loop) is not.
//
// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access %t

#include <stdexcept>

// Two rows of 16 lanes per warp, K elements apart. OK at K = 16: the two
// rows are one run of 32 floats.
__global__ void rows(const float *A, float *y, int K) {
  int k = threadIdx.x % 16;
  int m = blockIdx.x * 2 + threadIdx.x / 16;
  y[m] = A[m * K + k];
}

// At K = 64 the rows are 256 bytes apart: 2 transactions.
__global__ void rows64(const float *A, float *y, int K) {
  int k = threadIdx.x % 16;
  int m = blockIdx.x * 2 + threadIdx.x / 16;
  y[m] = A[m * K + k];
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: uncoalesced global load of 'A[m * K + k]': the warp spans 2 rows of 16 lanes, 2 transactions per warp (50.0% efficiency), 4 sectors; the rows come from the index, not the block's shape: a warp stays in one row only where its 32 lanes take consecutive elements of it [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-3]]:7: note: index 'm' is defined here
  // CHECK-NOTES: :[[@LINE+35]]:3: note: 'K' is 64 at every launch of 'rows64' in this file
  // CHECK-NOTES: :[[@LINE+34]]:3: note: at this launch, blockDim is (32, 1, 1)
}

// Stride nx = 3 floats: 32 lanes span 376 bytes.
__global__ void column(const float *in, float *out, int nx) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * nx];
  // CHECK-NOTES: :[[@LINE-1]]:12: warning: uncoalesced global load of 'in[i * nx]': stride 12 bytes, 3 transactions per warp (33.3% efficiency), 12 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:12: note: 32 active lanes of 4 bytes each span 376 bytes; the same lanes on consecutive elements would need 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE-4]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE+30]]:3: note: 'nx' is 3 at every launch of 'column' in this file
  // CHECK-NOTES: :[[@LINE+29]]:3: note: at this launch, blockDim is (128, 1, 1)
}

// The host doubles its argument between launches: a symbol.
__global__ void columnSteps(const float *in, float *out, int nx) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * nx];
  // CHECK-NOTES: :[[@LINE-1]]:12: warning: uncoalesced global load of 'in[i * nx]': stride 'nx' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 'nx' >= 32; coalesced only when 'nx' is 1 [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:12: note: with 'nx' = 1 the warp needs 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE-4]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE+22]]:5: note: at this launch, blockDim is (128, 1, 1)
}

void run(const float *A, float *y, int M, int K) {
  if (K != 16) {
    throw std::runtime_error("K must be 16");
  }
  rows<<<M / 2, 32>>>(A, y, K);
}

int run64(const float *A, float *y, int M, int K) {
  if (K != 64)
    return 1;
  rows64<<<M / 2, 32>>>(A, y, K);
  return 0;
}

void host(const float *in, float *out) {
  int nx = 3;
  column<<<8, 128>>>(in, out, nx);
  int steps = 2;
  for (int r = 0; r < 4; ++r) {
    columnSteps<<<8, 128>>>(in, out, steps);
    steps *= 2;
  }
}
