// Issue 39: a loop that runs once is no repetition. A constant one-trip
// loop (`for (i = 0; i < 1; ++i)`, a template's LOOP = 1) makes its
// accesses once, as straight-line code does; more trips are repetition.
// A guarded branch that ends by leaving the loop (`break`, the kernel's
// `return`) makes its accesses once too. Few constant passes whose
// elements all fit one warp's access (4 passes of 2 lanes: 8 elements) are
// no work that grows with the problem: not reported either (issue 61).
//
// RUN: %check_gpumem_tidy %s gpumem-partial-warp-access %t

// OK: one pass.
__global__ void onePass(const float *in, float *out) {
  for (int i = 0; i < 1; ++i)
    if (threadIdx.x < 2)
      out[blockIdx.x * 2 + threadIdx.x + i] = in[blockIdx.x * 2 + threadIdx.x];
}

template <int LOOP>
__global__ void unrolled(const float *in, float *out) {
  for (int i = 0; i < LOOP; ++i)
    if (threadIdx.x < 2)
      out[(blockIdx.x * LOOP + i) * 2 + threadIdx.x] =
          in[(blockIdx.x * LOOP + i) * 2 + threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-2]]:7: warning: global store of 'out[(blockIdx.x * LOOP + i) * 2 + threadIdx.x]' by 2 of 32 lanes inside a loop: 1 transaction per warp (6.2% efficiency), 1 sector, 8 useful bytes of 128 moved; spread the work over the warp's lanes [gpumem-partial-warp-access]
  // CHECK-MESSAGES: :[[@LINE-2]]:11: warning: global load of 'in[(blockIdx.x * LOOP + i) * 2 + threadIdx.x]' by 2 of 32 lanes inside a loop: 1 transaction per warp (6.2% efficiency), 1 sector, 8 useful bytes of 128 moved; spread the work over the warp's lanes [gpumem-partial-warp-access]
}

// OK: the two lanes that find their slot write once and leave the loop.
__global__ void claimOnce(const int *slots, int *owner, int n) {
  for (int s = 0; s < n; ++s) {
    if (threadIdx.x < 2 && slots[s] == 0) {
      owner[blockIdx.x * 2 + threadIdx.x] = s;
      break;
    }
  }
}

// A `break` that leaves a switch, not the loop: every iteration writes.
__global__ void switchBreak(const int *kinds, int *out, int n) {
  for (int s = 0; s < n; ++s) {
    switch (kinds[s]) {
    case 1:
      if (threadIdx.x < 2) {
        out[(blockIdx.x * n + s) * 2 + threadIdx.x] = s;
        break;
      }
    }
  }
  // CHECK-MESSAGES: :[[@LINE-5]]:9: warning: global store of 'out[(blockIdx.x * n + s) * 2 + threadIdx.x]' by 2 of 32 lanes inside a loop: 1 transaction per warp (6.2% efficiency), 1 sector, 8 useful bytes of 128 moved; spread the work over the warp's lanes [gpumem-partial-warp-access]
}

// OK: an instantiation whose loop runs no pass makes no access at all.
template __global__ void unrolled<0>(const float *, float *);

void launch(const float *in, float *out) {
  onePass<<<8, 256>>>(in, out);
  // OK: LOOP = 1 runs once.
  unrolled<1><<<8, 256>>>(in, out);
  // OK: four passes of two lanes, 8 elements in all.
  unrolled<4><<<8, 256>>>(in, out);
  // 32 passes: two lanes of 32 work 32 times over 64 elements.
  unrolled<32><<<8, 256>>>(in, out);
}
