// RUN: %check_gpumem_tidy -check-suffix=DEFAULT %s gpumem-partial-warp-access %t
// RUN: %check_gpumem_tidy -check-suffixes=DEFAULT,ONESHOT %s gpumem-partial-warp-access %t -- \
// RUN:   -config="{CheckOptions: {gpumem-partial-warp-access.ReportOneShotPartialWarp: true}}"
// RUN: %check_gpumem_tidy -check-suffix=FEW %s gpumem-partial-warp-access %t -- \
// RUN:   -config="{CheckOptions: {PartialWarpMaxLanes: 4}}"

// ReportOneShotPartialWarp (default false) reports accesses outside loops
// too; PartialWarpMaxLanes (default 16) is the most active lanes a partial
// warp has.

__global__ void finish(const float *partial, float *out, int n) {
  if (threadIdx.x == 0) {
    float sum = 0.0f;
    for (int k = 0; k < n; ++k)
      sum += partial[k];
    // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:14: warning: global load of 'partial[k]' by 1 of 32 lanes inside a loop: 1 transaction per warp (3.1% efficiency), 1 sector, 4 useful bytes of 128 moved; spread the work over the warp's lanes [gpumem-partial-warp-access]
    // CHECK-MESSAGES-FEW: :[[@LINE-2]]:14: warning: global load of 'partial[k]' by 1 of 32 lanes inside a loop: 1 transaction per warp (3.1% efficiency), 1 sector, 4 useful bytes of 128 moved; spread the work over the warp's lanes [gpumem-partial-warp-access]
    out[blockIdx.x] = sum;
    // CHECK-MESSAGES-ONESHOT: :[[@LINE-1]]:5: warning: global store of 'out[blockIdx.x]' by 1 of 32 lanes: 1 transaction per warp (3.1% efficiency), 1 sector, 4 useful bytes of 128 moved; spread the work over the warp's lanes [gpumem-partial-warp-access]
  }
}

__global__ void halfWarp(const float *in, float *out, int n) {
  for (int k = 0; k < n; ++k)
    if (threadIdx.x < 16)
      out[k * 16 + threadIdx.x] = 0.0f;
  // CHECK-MESSAGES-DEFAULT: :[[@LINE-1]]:7: warning: global store of 'out[k * 16 + threadIdx.x]' by 16 of 32 lanes inside a loop: 1 transaction per warp (50.0% efficiency), 2 sectors, 64 useful bytes of 128 moved; spread the work over the warp's lanes [gpumem-partial-warp-access]
  if (threadIdx.x < 16)
    out[threadIdx.x] = in[threadIdx.x];
  // CHECK-MESSAGES-ONESHOT: :[[@LINE-1]]:5: warning: global store of 'out[threadIdx.x]' by 16 of 32 lanes: 1 transaction per warp (50.0% efficiency), 2 sectors, 64 useful bytes of 128 moved; spread the work over the warp's lanes [gpumem-partial-warp-access]
  // CHECK-MESSAGES-ONESHOT: :[[@LINE-2]]:24: warning: global load of 'in[threadIdx.x]' by 16 of 32 lanes: 1 transaction per warp (50.0% efficiency), 2 sectors, 64 useful bytes of 128 moved; spread the work over the warp's lanes [gpumem-partial-warp-access]
}
