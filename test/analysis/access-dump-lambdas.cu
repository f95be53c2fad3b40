// Lambdas the kernel calls (issue 25: the compiler's PTX had accesses on
// their lines and the dump had none). A lambda whose captured variables
// nothing writes after their declaration is walked like a device
// function, its parameters bound to the call's arguments: the stride-2
// read is a finding. One that captures a variable the kernel writes (a
// loop counter) is not entered: what it would read depends on when it is
// called.
//
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump,gpumem-uncoalesced-access %s -- %cuda_flags \
// RUN:   | FileCheck %s --implicit-check-not='remark: {{load|store}}'

__global__ void scatter(float *out, const float *in, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  auto put = [&](int j, float v) { out[j] = v; };
  // CHECK: :[[@LINE-1]]:36: remark: store global 'out[j]' width 4; offset 4*lane + (1024)*blockIdx.x + (128)*warp.x; active 0xffffffff; scenarios 1
  auto get = [=](int j) { return in[j]; };
  // CHECK: :[[@LINE-1]]:34: remark: load global 'in[j]' width 4; offset 8*lane + (2048)*blockIdx.x + (256)*warp.x; active 0xffffffff; scenarios 1
  // CHECK: :[[@LINE-2]]:34: warning: uncoalesced global load of 'in[j]': stride 8 bytes, 2 transactions per warp (50.0% efficiency), 8 sectors
  if (i < n)
    put(i, get(2 * i));
}

__global__ void counted(float *out, int n) {
  int k = threadIdx.x;
  auto put = [&](float v) { out[k] = v; };
  for (; k < n; k += blockDim.x)
    put(1.0f);
}

void launch(float *out, const float *in, int n) {
  scatter<<<n / 256, 256>>>(out, in, n);
  counted<<<1, 256>>>(out, n);
}
