// A variable the user names threadIdx (in a namespace of their own, of a
// struct of their own whose accessors are named x, y and z, as the
// builtin's are) is not CUDA's builtin: what it returns is a global's
// value, the same for every lane, never the lane's index. The builtin is
// told by its type, CUDA's __cuda_builtin_*_t, read from the record.
//
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump %s -- %cuda_flags \
// RUN:   | FileCheck %s

namespace mine {
struct dims {
  unsigned vx;
  __device__ unsigned x() const { return vx; }
};
__device__ dims threadIdx;
} // namespace mine

// CHECK: :[[@LINE+1]]:17: remark: kernel 'lookalike'
__global__ void lookalike(const float *in, float *out) {
  out[threadIdx.x] = in[mine::threadIdx.x()];
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[threadIdx.x]' width 4; offset 4*lane + (128)*warp.x;
  // CHECK: :[[@LINE-2]]:22: remark: load global 'in[mine::threadIdx.x()]' width 4; offset 0 + (4)*{{.*}}; active 0xffffffff; scenarios 1; transactions 1, sectors 1
}
