// Issue 24: a variable stepped and wrapped around a loop (a ring index:
// `index += 32; index %= 4096;`). Under the no-wrap policy of `%` the wrap
// moves the warp by a multiple of 4096 the lanes share, an additive step:
// the lane pattern is the entry's on every pass, and a note names the
// assumption.
//
// RUN: %check_gpumem_tidy %s gpumem-bank-conflict %t

// Lanes 32 words apart: every lane in one bank, on every pass.
__global__ void ringWalk(float *out, int steps) {
  __shared__ float s[4096];
  int index = threadIdx.x * 32;
  float acc = 0.0f;
  for (int k = 0; k < steps; ++k) {
    acc += s[index];
    // CHECK-NOTES: :[[@LINE-1]]:12: warning: 32-way bank conflict on 's[index]': the 32 lanes read 32 distinct words of bank 0 [gpumem-bank-conflict]
    // CHECK-NOTES: :[[@LINE-6]]:20: note: 's' declared here
    // CHECK-NOTES: :[[@LINE-3]]:12: note: assuming no warp's lanes wrap around '4096' in a '/' or '%' (it is larger than the span of a warp's indices, as a bounds check is taken as not reached); where one does, its lanes split in two
    // CHECK-NOTES: :[[@LINE-7]]:7: note: index 'index' is defined here
    // CHECK-NOTES: :[[@LINE+21]]:3: note: at this launch, blockDim is (32, 1, 1)
    index += 32;
    index = index % 4096;
  }
  out[threadIdx.x] = acc;
}

// OK: lanes on consecutive words, wrapped the same way.
__global__ void ringConsecutive(float *out, int steps) {
  __shared__ float s[4096];
  int index = threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < steps; ++k) {
    acc += s[index];
    index += 32;
    index %= 4096;
  }
  out[threadIdx.x] = acc;
}

void launch(float *o, int n) {
  ringWalk<<<1, 32>>>(o, n);
  ringConsecutive<<<1, 32>>>(o, n);
}
