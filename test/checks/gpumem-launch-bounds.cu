// Issue 13: __launch_bounds__(N) bounds the block at N threads. It fixes no
// shape, so the 32-wide assumption stays and its note says what the bound
// implies; loop bounds on blockDim take at most N; a bound under 32 is one
// partial warp, judged with N lanes, never a full warp.
//
// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access,gpumem-bank-conflict %t

// OK: at most 16 threads, stride 2: 16 lanes span 124 bytes, one
// transaction (a 32-lane warp would need 2).
__global__ void __launch_bounds__(16) halfWarpStride2(const float *in,
                                                      float *out) {
  out[threadIdx.x] = in[2 * threadIdx.x];
}

// Stride 4 over 16 lanes spans 244 bytes: 2 transactions where 1 would do.
__global__ void __launch_bounds__(16) halfWarpStride4(const float *in,
                                                      float *out) {
  out[threadIdx.x] = in[4 * threadIdx.x];
  // CHECK-NOTES: :[[@LINE-1]]:22: warning: uncoalesced global load of 'in[4 * threadIdx.x]': stride 16 bytes, 2 transactions per warp (25.0% efficiency), 8 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:22: note: 16 active lanes of 4 bytes each span 244 bytes; the same lanes on consecutive elements would need 1 transaction (50.0% efficiency)
  // CHECK-NOTES: :[[@LINE-5]]:17: note: a block of at most 16 threads by this __launch_bounds__: judged as (16, 1, 1)
}

// OK: a kernel under a bound below 32 that reads threadIdx.y is judged for
// every split of its 16 threads into rows; a stride of 2 in threadIdx.x
// fits one transaction in each (the 32-wide assumption would give 2).
__global__ void __launch_bounds__(16) smallTile(const float *in, float *out) {
  out[threadIdx.y * 4 + threadIdx.x] = in[threadIdx.x * 2];
}

// The linear thread id times 32 floats: 16 lanes in 16 transactions
// whichever way the 16 threads are split into rows.
__global__ void __launch_bounds__(16) smallTileStrided(const float *in,
                                                       float *out) {
  unsigned t = threadIdx.y * blockDim.x + threadIdx.x;
  out[t] = in[t * 32];
  // CHECK-NOTES: :[[@LINE-1]]:12: warning: uncoalesced global load of 'in[t * 32]': stride 128 bytes, 16 transactions per warp (3.1% efficiency), 16 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:12: note: 16 active lanes of 4 bytes each span 1924 bytes; the same lanes on consecutive elements would need 1 transaction (50.0% efficiency)
  // CHECK-NOTES: :[[@LINE-4]]:12: note: index 't' is defined here
  // CHECK-NOTES: :[[@LINE-7]]:17: note: a block of at most 16 threads by this __launch_bounds__: judged as (16, 1, 1)
}

// The reduction's loop runs to blockDim.x, taken as 128 (the bound) rather
// than the option's 256: s takes 1 .. 64.
__global__ void __launch_bounds__(128) boundedReduction(float *out,
                                                        const float *in) {
  __shared__ float sdata[128];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    unsigned index = 2 * s * tid;
    if (index < blockDim.x)
      sdata[index] += sdata[index + s];
  // CHECK-NOTES: :[[@LINE-1]]:7: warning: 4-way bank conflict on 'sdata[index]': 4 of the 32 active lanes update 4 distinct words of bank 0 [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE-5]]:17: note: worst when 's' is 2 (it takes 1, 2, 4, 8, 16, 32, ... 64); blockDim.x taken as 128 (the most its __launch_bounds__ allows)
  // CHECK-NOTES: :[[@LINE-10]]:20: note: 'sdata' declared here
  // CHECK-NOTES: :[[@LINE-6]]:14: note: index 'index' is defined here
  // CHECK-NOTES: :[[@LINE-14]]:40: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'boundedReduction' in this file; set option 'BlockDim' to fix it); its __launch_bounds__ allows at most 128 threads per block but fixes no shape
  // CHECK-NOTES: :[[@LINE-6]]:23: warning: 4-way bank conflict on 'sdata[index + s]': 4 of the 32 active lanes read 4 distinct words of bank 2 [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE-10]]:17: note: worst when 's' is 2 (it takes 1, 2, 4, 8, 16, 32, ... 64); blockDim.x taken as 128 (the most its __launch_bounds__ allows)
  // CHECK-NOTES: :[[@LINE-15]]:20: note: 'sdata' declared here
  // CHECK-NOTES: :[[@LINE-11]]:14: note: index 'index' is defined here
  // CHECK-NOTES: :[[@LINE-19]]:40: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'boundedReduction' in this file; set option 'BlockDim' to fix it); its __launch_bounds__ allows at most 128 threads per block but fixes no shape
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

