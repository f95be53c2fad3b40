// A helper that writes optional outputs through pointers, called with NULL
// or nullptr for the ones a kernel does not want (issue 25, measured on a
// sphere renderer: its draw step called with NULL gradient pointers from
// the forward kernel). An access through a null pointer is not made by a
// program that runs, and the compiler drops it: it is not in the dump, not
// "a pointer conversion the analysis does not follow". An output pointing
// at the kernel's own local is not global memory either; the loads of the
// input stay, priced.
//
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump %s -- %cuda_flags \
// RUN:   | FileCheck %s --implicit-check-not=unknown

__device__ inline void blend(const bool &forward, float *out, float *grad,
                             const float *in, int i) {
  if (forward) {
    *out = in[i];
  } else {
    if (grad != nullptr)
      *grad += in[2 * i];
  }
}

// CHECK-DAG: :[[@LINE-7]]:12: remark: load global 'in[i]' width 4; offset 4*lane
// CHECK-DAG: :[[@LINE-5]]:16: remark: load global 'in[2 * i]' width 4; offset 8*lane

__global__ void forwardPass(const float *in, float *res) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float depth = 0.f;
  blend(true, &depth, nullptr, in, i);
  res[i] = depth;
}
// CHECK-DAG: remark: kernel 'forwardPass': blockDim assumed, 3 accesses

__global__ void backwardPass(const float *in, float *res) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float g = 0.f;
  blend(false, NULL, &g, in, i);
  res[i] = g;
}
// CHECK-DAG: remark: kernel 'backwardPass': blockDim assumed, 3 accesses

// An optional buffer: null, or the buffer, by a choice the warp makes as
// one. No access goes through the null side; those made go through the
// buffer, priced. A choice that may differ between lanes is not followed.
__global__ void optionalOutput(const float *in, float *extra, bool keep,
                               float *res) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float *saved = keep ? extra + 32 : nullptr;
  if (saved)
    saved[i] = in[i];
  float *lanes = (i & 1) ? extra : nullptr;
  if (lanes)
    lanes[i] = 0.f;
  res[i] = 1.f;
}
// CHECK-DAG: :[[@LINE-6]]:5: remark: store global 'saved[i]' width 4; offset 128+4*lane + (128)*blockIdx.x*blockDim.x/32 + (128)*warp.x; active 0xffffffff; scenarios 1; transactions 1, sectors 4
// CHECK-DAG: :[[@LINE-4]]:5: remark: store unknown 'lanes[i]' width 4; offset unknown, not followed (a choice of pointer that may differ between lanes)

// A pointer computed from an integer is still not followed, and says so.
__global__ void fromAddress(unsigned long long address, float *res) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  res[i] = reinterpret_cast<const float *>(address)[i];
}
// CHECK-DAG: :[[@LINE-2]]:12: remark: load unknown 'reinterpret_cast<const float *>(address)[i]' width 4; offset unknown, not followed (pointer conversion the analysis does not follow)
