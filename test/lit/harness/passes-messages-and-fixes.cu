// A passing positive: the expected warning, with its fix-it applied, on the
// device side and (with --cuda-host-only after the second --) the host side.
//
// RUN: %check_gpumem_tidy %s misc-unused-parameters %t
// RUN: %check_gpumem_tidy %s misc-unused-parameters %t -- -- --cuda-host-only
// RUN: %check_gpumem_tidy -std=c++17,c++20 %s misc-unused-parameters %t

__global__ void fill(float *out, float value) {
  // CHECK-MESSAGES: :[[@LINE-1]]:40: warning: parameter 'value' is unused [misc-unused-parameters]
  // CHECK-FIXES: __global__ void fill(float *out, float /*value*/) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = 1.0f;
}

// OK: every parameter is used.
__global__ void scale(const float *in, float *out, float factor) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] * factor;
}

void launch(const float *in, float *out, int n) {
  fill<<<n / 256, 256>>>(out, 0.0f);
  scale<<<dim3(n / 256), dim3(256)>>>(in, out, 2.0f);
}
