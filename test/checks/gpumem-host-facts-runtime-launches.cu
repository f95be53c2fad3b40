// Issue 39: a block the host passes to the runtime's launch functions
// (`cudaLaunchKernel`, `cudaLaunchCooperativeKernel`, the C API with the
// kernel cast to `void *` and cuda_runtime.h's typed templates) fixes the
// kernel's block as a triple-chevron launch does: the warp spans 4 rows of
// 8 lanes, not the default 1-D block.
//
// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access %t

// cudaLaunchKernel's C form, the block a local dim3.
__global__ void rowsOfEight(const float *in, float *out) {
  int i = threadIdx.y * 1024 + threadIdx.x;
  out[blockIdx.x] = in[i];
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[i]': the warp spans 4 rows of 8 lanes, 4 transactions per warp (25.0% efficiency), 4 sectors; a block 32 threads wide keeps each warp in one row [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-3]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE+69]]:3: note: at this launch, blockDim is (8, 4, 1)
}

// cudaLaunchCooperativeKernel, the block written in the call.
__global__ void cooperative(const float *in, float *out) {
  int i = threadIdx.y * 1024 + threadIdx.x;
  out[blockIdx.x] = in[i];
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[i]': the warp spans 4 rows of 8 lanes, 4 transactions per warp (25.0% efficiency), 4 sectors; a block 32 threads wide keeps each warp in one row [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-3]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE+61]]:3: note: at this launch, blockDim is (8, 4, 1)
}

// A template kernel named by its address, under `case 16:` of a switch on
// the extent the block reads.
template <int Rows>
__global__ void sized(const float *in, float *out) {
  int i = threadIdx.y * 1024 + threadIdx.x;
  out[blockIdx.x] = in[i];
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[i]': the warp spans 2 rows of 16 lanes, 2 transactions per warp (50.0% efficiency), 4 sectors; a block 32 threads wide keeps each warp in one row [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-3]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE+54]]:5: note: at this launch, blockDim is (16, 16, 1)
  // CHECK-NOTES: :[[@LINE-4]]:21: note: in instantiation 'sized<16>'
}

// OK: the typed template form with a block 32 wide: one row per warp.
__global__ void wide(const float *in, float *out) {
  int i = threadIdx.y * 1024 + threadIdx.x;
  out[blockIdx.x] = in[i];
}

// OK: launched with (8, 4) through the chevrons and (32, 8) through the
// runtime: the launches disagree, no shape is fixed, and the 2-D index is
// no finding under every shape the analysis tries.
__global__ void twoShapes(const float *in, float *out) {
  int i = threadIdx.y * 1024 + threadIdx.x;
  out[blockIdx.x] = in[i];
}

// One launch passes 1, the other passes `s`, the launching function's
// parameter, through its array of addresses: the stride is a value of the
// run, as for any launch that does not fix it (before, the chevron
// launch's 1 was taken as every launch's: no finding).
__global__ void strided(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 's' >= 32; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:21: note: with 's' = 1 the warp needs 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE+34]]:3: note: at this launch, blockDim is (32, 1, 1)
}

// cudaLaunchKernelEx: the block is the configuration's `blockDim`,
// assigned before the launch; the arguments after the kernel are its own.
__global__ void configured(const float *in, float *out) {
  int i = threadIdx.y * 1024 + threadIdx.x;
  out[blockIdx.x] = in[i];
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[i]': the warp spans 4 rows of 8 lanes, 4 transactions per warp (25.0% efficiency), 4 sectors; a block 32 threads wide keeps each warp in one row [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-3]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE+30]]:3: note: at this launch, blockDim is (8, 4, 1)
}

// OK: the braced configuration's block is 32 wide and the launch passes
// 1: coalesced (before, an unlaunched kernel: "up to 32 transactions ...
// when 's' >= 32").
__global__ void configuredStride(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
}

void launch(const float *in, float *out, int w, int s) {
  void *args[] = {&in, &out};
  dim3 block(8, 4);
  cudaLaunchKernel((void *)rowsOfEight, dim3(1), block, args, 0, 0);
  cudaLaunchCooperativeKernel((void *)cooperative, 1, dim3(8, 4), args, 0,
                              nullptr);
  switch (w) {
  case 16:
    cudaLaunchKernel((const void *)&sized<16>, 1, dim3(w, 16), args, 0, 0);
    break;
  }
  cudaLaunchKernel(wide, 1, dim3(32, 8), args);
  twoShapes<<<1, dim3(8, 4)>>>(in, out);
  cudaLaunchKernel((void *)twoShapes, 1, dim3(32, 8), args, 0, 0);
  strided<<<1, 32>>>(in, out, 1);
  void *strideArgs[] = {&in, &out, &s};
  cudaLaunchKernel((void *)strided, 1, 32, strideArgs, 0, 0);
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(1);
  config.blockDim = dim3(8, 4);
  cudaLaunchKernelEx(&config, configured, in, out);
  cudaLaunchConfig_t flat = {dim3(1), dim3(32)};
  cudaLaunchKernelEx(&flat, configuredStride, in, out, 1);
}
