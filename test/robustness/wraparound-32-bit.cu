// Issue 28: index arithmetic in 32-bit unsigned types wraps on the GPU, and
// the analysis computed it in 64 bits: in[threadIdx.x << 31] touches two
// addresses (lanes 0, 2, 4, ... element 0, the odd lanes element 2^31) and
// was priced as 32 transactions; in[threadIdx.x * 0x7fffffff] printed
// "stride -4 bytes"; s[threadIdx.x * 0x80000000u] is 2-way and was
// reported 32-way. Each operation is now modelled in its type: unsigned
// 32-bit values keep their low 32 bits where the wraparound shows, and
// signed overflow (undefined) makes the index unknown.
//
// RUN: %clang_tidy --checks='-*,gpumem-*' %s -- %cuda_flags 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='stride -' \
// RUN:       --implicit-check-not='32-way' --implicit-check-not="'in[i * 0x7fffffff]'"
// RUN: %clang_tidy --checks='-*,debug-gpumem-access-dump' %s -- %cuda_flags 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DUMP

__global__ void shifted(const float *in, float *out) {
  out[threadIdx.x] = in[threadIdx.x << 31];
  // CHECK: :[[@LINE-1]]:22: warning: uncoalesced global load of 'in[threadIdx.x << 31]': irregular lane pattern, 2 transactions per warp
  // DUMP: :[[@LINE-2]]:22: remark: load global 'in[threadIdx.x << 31]' width 4; offset [0,8589934592,0,8589934592,
}

__global__ void scaled(const float *in, float *out) {
  out[threadIdx.x] = in[threadIdx.x * 0x7fffffff];
  // Lane L reads element L * (2^31 - 1) mod 2^32: lane 0 element 0, odd
  // lanes just below 2^31, even lanes just below 2^32: three places.
  // CHECK: :[[@LINE-3]]:22: warning: uncoalesced global load of 'in[threadIdx.x * 0x7fffffff]': irregular lane pattern, 3 transactions per warp
  // DUMP: :[[@LINE-4]]:22: remark: load global 'in[threadIdx.x * 0x7fffffff]' width 4; offset [0,8589934588,17179869176,8589934580,
}

__global__ void banked(float *out) {
  __shared__ float s[64];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x * 0x80000000u];
  // Two words (element 0 and element 2^31), both in bank 0.
  // CHECK: :[[@LINE-2]]:22: warning: 2-way bank conflict on 's[threadIdx.x * 0x80000000u]': the 32 lanes read 2 distinct words of bank 0
}

__global__ void signedOverflow(const float *in, float *out) {
  int i = threadIdx.x;
  out[threadIdx.x] = in[i * 0x7fffffff];
  // Undefined in C++: the analysis says it cannot know.
  // DUMP: :[[@LINE-2]]:22: remark: load global 'in[i * 0x7fffffff]' width 4; offset unknown, arithmetic (the value overflows its 32-bit signed type)
}

__global__ void neighbour(const float *in, float *out) {
  // An unsigned index one below the thread's: the uniform part keeps it in
  // range in every warp but the first lane of the first; as before, taken
  // in range (coalesced, nothing to report).
  if (threadIdx.x > 0)
    out[threadIdx.x] = in[threadIdx.x - 1];
  // DUMP: :[[@LINE-1]]:24: remark: load global 'in[threadIdx.x - 1]' width 4; offset -4+4*lane
}

int main() {
  shifted<<<1, 32>>>(nullptr, nullptr);
  scaled<<<1, 32>>>(nullptr, nullptr);
  banked<<<1, 32>>>(nullptr);
  signedOverflow<<<1, 32>>>(nullptr, nullptr);
  neighbour<<<1, 64>>>(nullptr, nullptr);
}
