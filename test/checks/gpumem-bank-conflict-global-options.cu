// Issue 28: PhaseRule and MinimumDegree set as global keys were ignored,
// and --verify-config called a global PhaseRule unknown. They are read
// locally, then globally, like the hardware options.
//
// RUN: %clang_tidy --checks='-*,gpumem-bank-conflict' \
// RUN:   --config="{CheckOptions: {MinimumDegree: 40}}" %s -- %cuda_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=GLOBAL --allow-empty
// GLOBAL-NOT: bank conflict
// RUN: %clang_tidy --checks='-*,gpumem-bank-conflict' %s -- %cuda_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DEFAULT
// The local key wins over the global one.
// RUN: %clang_tidy --checks='-*,gpumem-bank-conflict' \
// RUN:   --config="{CheckOptions: {MinimumDegree: 40, gpumem-bank-conflict.MinimumDegree: 2}}" \
// RUN:   %s -- %cuda_flags 2>&1 | FileCheck %s --check-prefix=DEFAULT

__global__ void transposed(float *out) {
  __shared__ float t[32][32];
  t[threadIdx.y][threadIdx.x] = 1;
  __syncthreads();
  out[threadIdx.x] = t[threadIdx.x][threadIdx.y];
  // DEFAULT: :[[@LINE-1]]:22: warning: 32-way bank conflict on 't[threadIdx.x][threadIdx.y]'
}

void launch(float *out) { transposed<<<1, dim3(32, 32)>>>(out); }
