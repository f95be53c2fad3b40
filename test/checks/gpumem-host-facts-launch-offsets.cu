// Issue 39: a pointer the launch passes past the start of its buffer
// (`d_in + RADIUS`, `&d_in[2]`, a local set to one) moves the lanes off the
// buffer's alignment; the analysis starts from there and says so.
//
// RUN: %check_gpumem_tidy %s gpumem-misaligned-access %t

#define RADIUS 3

// Every launch passes d_in + RADIUS: the loads start 12 bytes past a
// 128-byte boundary, 2 transactions per warp.
__global__ void stencilCentre(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
  // CHECK-NOTES: :[[@LINE-1]]:12: warning: misaligned global load of 'in[i]': starts 12 bytes past a 128-byte boundary, 2 transactions per warp (50.0% efficiency), 5 sectors; aligned, it would need 1 [gpumem-misaligned-access]
  // CHECK-NOTES: :[[@LINE-2]]:12: note: lanes touch bytes [12, 139] of a base assumed 256-byte aligned (cudaMalloc), crossing a block boundary
  // CHECK-NOTES: :[[@LINE-4]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE+103]]:3: note: 'in' points 12 bytes past the start of its buffer at every launch of 'stencilCentre' in this file
  // CHECK-NOTES: :[[@LINE+102]]:3: note: at this launch, blockDim is (256, 1, 1)
}

// OK: the launch passes &d_in[2] and the kernel reads in[i - 2]: the loads
// start on the buffer's first element, aligned.
__global__ void shiftedBack(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i - 2];
}

// OK: two launches disagree (an offset of 3, and one the file does not
// know): the buffer is taken as allocated, as for any pointer parameter.
__global__ void twoOffsets(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}

// A local set once to an offset pointer is that pointer; a double 8 bytes
// in.
__global__ void fromLocal(const double *in, double *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
  // CHECK-NOTES: :[[@LINE-1]]:12: warning: misaligned global load of 'in[i]': starts 8 bytes past a 128-byte boundary, 3 transactions per warp (66.7% efficiency), 9 sectors; aligned, it would need 2 [gpumem-misaligned-access]
  // CHECK-NOTES: :[[@LINE-2]]:12: note: lanes touch bytes [8, 263] of a base assumed 256-byte aligned (cudaMalloc), crossing a block boundary
  // CHECK-NOTES: :[[@LINE-4]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE+83]]:3: note: 'in' points 8 bytes past the start of its buffer at every launch of 'fromLocal' in this file
  // CHECK-NOTES: :[[@LINE+82]]:3: note: at this launch, blockDim is (256, 1, 1)
}

// A local moved after its declaration (`p += 3`, `q = q + 1; ++q;`) is
// where its writes leave it: 12 and 8 bytes in.
__global__ void steppedOn(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
  // CHECK-NOTES: :[[@LINE-1]]:12: warning: misaligned global load of 'in[i]': starts 12 bytes past a 128-byte boundary, 2 transactions per warp (50.0% efficiency), 5 sectors; aligned, it would need 1 [gpumem-misaligned-access]
  // CHECK-NOTES: :[[@LINE-2]]:12: note: lanes touch bytes [12, 139] of a base assumed 256-byte aligned (cudaMalloc), crossing a block boundary
  // CHECK-NOTES: :[[@LINE-4]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE+50]]:3: note: 'in' points 12 bytes past the start of its buffer at every launch of 'steppedOn' in this file
  // CHECK-NOTES: :[[@LINE+49]]:3: note: at this launch, blockDim is (256, 1, 1)
}

__global__ void steppedTwice(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
  // CHECK-NOTES: :[[@LINE-1]]:12: warning: misaligned global load of 'in[i]': starts 8 bytes past a 128-byte boundary, 2 transactions per warp (50.0% efficiency), 5 sectors; aligned, it would need 1 [gpumem-misaligned-access]
  // CHECK-NOTES: :[[@LINE-2]]:12: note: lanes touch bytes [8, 135] of a base assumed 256-byte aligned (cudaMalloc), crossing a block boundary
  // CHECK-NOTES: :[[@LINE-4]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE+44]]:3: note: 'in' points 8 bytes past the start of its buffer at every launch of 'steppedTwice' in this file
  // CHECK-NOTES: :[[@LINE+43]]:3: note: at this launch, blockDim is (256, 1, 1)
}

// `p = d + 4; p -= 1;`: 3 floats in.
__global__ void steppedBack(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
  // CHECK-NOTES: :[[@LINE-1]]:12: warning: misaligned global load of 'in[i]': starts 12 bytes past a 128-byte boundary, 2 transactions per warp (50.0% efficiency), 5 sectors; aligned, it would need 1 [gpumem-misaligned-access]
  // CHECK-NOTES: :[[@LINE-2]]:12: note: lanes touch bytes [12, 139] of a base assumed 256-byte aligned (cudaMalloc), crossing a block boundary
  // CHECK-NOTES: :[[@LINE-4]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE+36]]:3: note: 'in' points 12 bytes past the start of its buffer at every launch of 'steppedBack' in this file
  // CHECK-NOTES: :[[@LINE+35]]:3: note: at this launch, blockDim is (256, 1, 1)
}

// OK: moved on one path only (by 32 floats, or not at all): the two
// writes that reach the launch disagree, so nothing is said.
__global__ void movedOnOnePath(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}

// A pointer the launching function allocates (`cudaMalloc(&m, ...)`)
// starts its buffer: m + 3 is 12 bytes in.
__global__ void allocatedHere(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
  // CHECK-NOTES: :[[@LINE-1]]:12: warning: misaligned global load of 'in[i]': starts 12 bytes past a 128-byte boundary, 2 transactions per warp (50.0% efficiency), 5 sectors; aligned, it would need 1 [gpumem-misaligned-access]
  // CHECK-NOTES: :[[@LINE-2]]:12: note: lanes touch bytes [12, 139] of a base assumed 256-byte aligned (cudaMalloc), crossing a block boundary
  // CHECK-NOTES: :[[@LINE-4]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE+7]]:3: note: 'in' points 12 bytes past the start of its buffer at every launch of 'allocatedHere' in this file
  // CHECK-NOTES: :[[@LINE+6]]:3: note: at this launch, blockDim is (256, 1, 1)
}

void moved(const float *d_in, float *d_out, bool skip) {
  float *m;
  cudaMalloc(&m, 4096 * sizeof(float));
  allocatedHere<<<64, 256>>>(m + 3, d_out);
  const float *p = d_in;
  p += 3;
  steppedOn<<<64, 256>>>(p, d_out);
  const float *q = d_in;
  q = q + 1;
  ++q;
  steppedTwice<<<64, 256>>>(q, d_out);
  const float *b = d_in + 4;
  b -= 1;
  steppedBack<<<64, 256>>>(b, d_out);
  const float *r = d_in;
  if (skip)
    r += 3;
  movedOnOnePath<<<64, 256>>>(r, d_out);
}

void launch(float *d_in, float *d_out, const double *x, double *y, int n) {
  stencilCentre<<<n / 256, 256>>>(d_in + RADIUS, d_out);
  stencilCentre<<<1, 256>>>(d_in + RADIUS, d_out);
  shiftedBack<<<n / 256, 256>>>(&d_in[2], d_out);
  twoOffsets<<<n / 256, 256>>>(d_in + 3, d_out);
  twoOffsets<<<n / 256, 256>>>(d_in + n, d_out);
  const double *second = x + 1;
  fromLocal<<<n / 256, 256>>>(second, y);
}
