// Issue 62: a shared address made by a conversion in inline asm (the form
// libraries wrote before __cvta_generic_to_shared, and still keep as a
// fallback), in a helper or in the kernel, is the address of the pointer
// converted: cp.async, ldmatrix and ld.shared through it are priced.
//
// RUN: %check_gpumem_tidy %s gpumem-bank-conflict %t
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump %s -- %cuda_flags \
// RUN:   2>&1 | FileCheck %s --check-prefix=DUMP

__device__ __forceinline__ unsigned toShared(const void *generic) {
  unsigned window;
  asm volatile("{ .reg .u64 wide; cvta.to.shared.u64 wide, %1; "
               "cvt.u32.u64 %0, wide; }"
               : "=r"(window)
               : "l"(generic));
  return window;
}

// Each lane copies 16 bytes into its own row of 32 floats: the rows start
// 128 bytes apart, so every lane's quad lands on the same banks.
__global__ void rowPerLane(const float *in) {
  __shared__ float rows[32][32];
  const unsigned to = toShared(&rows[threadIdx.x][0]);
  asm volatile("cp.async.ca.shared.global [%0], [%1], 16;\n" ::"r"(to),
               "l"(in + threadIdx.x * 4));
  // CHECK-MESSAGES: :[[@LINE-2]]:68: warning: 8-way bank conflict on 'cp.async.ca.shared.global [to]': the 8 lanes write 8 distinct words of bank 0 in one of its 4 phases [gpumem-bank-conflict]
}
// DUMP: store shared 'cp.async.ca.shared.global [to]' width 16; offset 128*lane

// The same conversion written in the kernel itself, then read by an
// ld.shared: lanes on consecutive words, no conflict.
__global__ void convertedInKernel(float *out) {
  __shared__ float words[64];
  unsigned at;
  asm("cvta.to.shared.u64 %0, %1;" : "=r"(at) : "l"(&words[threadIdx.x]));
  float v;
  asm volatile("ld.shared.f32 %0, [%1];" : "=f"(v) : "r"(at));
  out[threadIdx.x] = v;
}
// DUMP: load shared 'ld.shared.f32 [at]' width 4; offset 4*lane

// An asm statement that does more than convert (here it adds 64 bytes)
// gives no address the analysis follows.
__global__ void convertedAndMoved(float *out) {
  __shared__ float words[128];
  unsigned at;
  asm("{ .reg .u64 wide; cvta.to.shared.u64 wide, %1; "
      "add.u64 wide, wide, 64; cvt.u32.u64 %0, wide; }"
      : "=r"(at)
      : "l"(&words[threadIdx.x]));
  float v;
  asm volatile("ld.shared.f32 %0, [%1];" : "=f"(v) : "r"(at));
  out[threadIdx.x] = v;
}
// DUMP: load unknown 'ld.shared.f32 [at]' width 4; offset unknown

void launchAll(const float *in, float *out) {
  rowPerLane<<<1, 32>>>(in);
  convertedInKernel<<<1, 32>>>(out);
  convertedAndMoved<<<1, 32>>>(out);
}
