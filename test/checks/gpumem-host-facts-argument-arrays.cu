// Issue 39: the runtime's launch functions take the kernel's arguments as
// an array of their addresses (`void *args[] = {&in, &out, &s};`). What
// each addressed local holds at the launch is read as the argument a
// triple-chevron launch passes: a constant stride is that stride, a
// pointer moved before the launch starts that many bytes off. Where the
// array or a local it points to can change before the launch, nothing is
// read and the finding keeps its condition.
//
// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access,gpumem-misaligned-access %t

// OK: the array passes 1: a unit stride (before, "up to 32 transactions
// ... when 's' >= 32", a case the program never runs).
__global__ void unitStride(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
}

// cudaLaunchCooperativeKernel, the addresses cast to `void *`: 4.
__global__ void pitched(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 16 bytes, 4 transactions per warp (25.0% efficiency), 16 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:21: note: 32 active lanes of 4 bytes each span 500 bytes; the same lanes on consecutive elements would need 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE+70]]:3: note: 's' is 4 at every launch of 'pitched' in this file
  // CHECK-NOTES: :[[@LINE+69]]:3: note: at this launch, blockDim is (32, 1, 1)
}

// The pointer the array hands on was moved 3 floats before the launch.
__global__ void shifted(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
  // CHECK-NOTES: :[[@LINE-1]]:12: warning: misaligned global load of 'in[i]': starts 12 bytes past a 128-byte boundary, 2 transactions per warp (50.0% efficiency), 5 sectors; aligned, it would need 1 [gpumem-misaligned-access]
  // CHECK-NOTES: :[[@LINE-2]]:12: note: lanes touch bytes [12, 139] of a base assumed 256-byte aligned (cudaMalloc), crossing a block boundary
  // CHECK-NOTES: :[[@LINE-4]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE+63]]:3: note: 'in' points 12 bytes past the start of its buffer at every launch of 'shifted' in this file
  // CHECK-NOTES: :[[@LINE+62]]:3: note: at this launch, blockDim is (256, 1, 1)
}

// cudaLaunchKernelExC, the C form of cudaLaunchKernelEx: its third
// argument is the array.
__global__ void configured(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
}

// `s` is assigned after the array is made and before the launch: the
// array holds its address, so the kernel sees 64, not the 1 the array's
// declaration saw. Not read: the condition stays.
__global__ void writtenAfter(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 's' >= 32; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:21: note: with 's' = 1 the warp needs 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE+55]]:3: note: at this launch, blockDim is (32, 1, 1)
}

// An element of the array is replaced before the launch: not read.
__global__ void replaced(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 's' >= 32; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:21: note: with 's' = 1 the warp needs 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE+52]]:3: note: at this launch, blockDim is (32, 1, 1)
}

// The array is handed to a helper, which may write through it: not read.
__global__ void handedOn(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 's' >= 32; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:21: note: with 's' = 1 the warp needs 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE+49]]:3: note: at this launch, blockDim is (32, 1, 1)
}

// The array has fewer addresses than the kernel has parameters: it is
// not the kernel's argument list as written, nothing is read.
__global__ void shortList(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 's' >= 32; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:21: note: with 's' = 1 the warp needs 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE+44]]:3: note: at this launch, blockDim is (32, 1, 1)
}

// OK: one launch by the chevrons, one through an array: both pass 1.
__global__ void bothWays(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
}

void fill(void **args);

void launch(const float *in, float *out) {
  int one = 1;
  void *args[] = {&in, &out, &one};
  cudaLaunchKernel((void *)unitStride, 1, 32, args, 0, 0);

  int pitch = 4;
  void *pitchArgs[] = {(void *)&in, (void *)&out, (void *)&pitch};
  cudaLaunchCooperativeKernel((void *)pitched, 1, 32, pitchArgs, 0, nullptr);

  const float *moved = in + 3;
  void *movedArgs[] = {&moved, &out};
  cudaLaunchKernel((void *)shifted, 1, 256, movedArgs, 0, 0);

  cudaLaunchConfig_t config = {dim3(1), dim3(32)};
  void *configArgs[] = {&in, &out, &one};
  cudaLaunchKernelExC(&config, (const void *)configured, configArgs);

  int late = 1;
  void *lateArgs[] = {&in, &out, &late};
  late = 64;
  cudaLaunchKernel((void *)writtenAfter, 1, 32, lateArgs, 0, 0);

  int narrow = 1, wide = 64;
  void *replacedArgs[] = {&in, &out, &narrow};
  replacedArgs[2] = &wide;
  cudaLaunchKernel((void *)replaced, 1, 32, replacedArgs, 0, 0);

  int unit = 1;
  void *handedArgs[] = {&in, &out, &unit};
  fill(handedArgs);
  cudaLaunchKernel((void *)handedOn, 1, 32, handedArgs, 0, 0);

  int stride = 1;
  void *shortArgs[] = {&in, &stride};
  cudaLaunchKernel((void *)shortList, 1, 32, shortArgs, 0, 0);

  int step = 1;
  bothWays<<<1, 32>>>(in, out, 1);
  void *bothArgs[] = {&in, &out, &step};
  cudaLaunchKernel((void *)bothWays, 1, 32, bothArgs, 0, 0);
}
