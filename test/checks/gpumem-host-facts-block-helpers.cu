// Issue 39: a block shape the host builds through a helper's `dim3 &`
// out-parameter is read like one built field by field in the launching
// function: 4 rows of 8 lanes, not the default 1-D block.
//
// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access %t

static void rowsOfEight(dim3 &block) {
  block.x = 8;
  block.y = 4;
}

// The helper gives (8, 4): each warp spans 4 rows of 8 lanes, a row of
// 1024 floats apart.
__global__ void fromHelper(const float *in, float *out) {
  int i = threadIdx.y * 1024 + threadIdx.x;
  out[blockIdx.x] = in[i];
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[i]': the warp spans 4 rows of 8 lanes, 4 transactions per warp (25.0% efficiency), 4 sectors; a block 32 threads wide keeps each warp in one row [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-3]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE+43]]:3: note: at this launch, blockDim is (8, 4, 1)
}

// A helper that passes its size argument on: the launch's constant.
static void square(dim3 &block, int side) {
  block.x = side;
  block.y = side;
}
__global__ void fromSizedHelper(const float *in, float *out) {
  int i = threadIdx.y * 1024 + threadIdx.x;
  out[blockIdx.x] = in[i];
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[i]': the warp spans 2 rows of 16 lanes, 2 transactions per warp (50.0% efficiency), 4 sectors; a block 32 threads wide keeps each warp in one row [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-3]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE+33]]:3: note: at this launch, blockDim is (16, 16, 1)
}

// OK: a helper that may return before its writes fixes nothing; no launch
// shape, and the 2-D index is no finding under every shape the analysis
// tries.
static void maybeShape(dim3 &block, int n) {
  if (n < 0)
    return;
  block.x = 8;
  block.y = 4;
}
__global__ void fromEarlyReturn(const float *in, float *out) {
  int i = threadIdx.y * 1024 + threadIdx.x;
  out[blockIdx.x] = in[i];
}

// OK: the helper makes the block 32 wide: one row per warp.
static void wide(dim3 &block) {
  block.x = 32;
  block.y = 8;
}
__global__ void fromWideHelper(const float *in, float *out) {
  int i = threadIdx.y * 1024 + threadIdx.x;
  out[blockIdx.x] = in[i];
}

void launch(const float *in, float *out, int n) {
  dim3 a;
  rowsOfEight(a);
  fromHelper<<<1, a>>>(in, out);
  dim3 b;
  square(b, 16);
  fromSizedHelper<<<1, b>>>(in, out);
  dim3 c;
  maybeShape(c, n);
  fromEarlyReturn<<<1, c>>>(in, out);
  dim3 d;
  wide(d);
  fromWideHelper<<<1, d>>>(in, out);
}

// A helper that returns the shape (`dim3 block = blockFor(4);`) is read
// the same way: what its one `return` gives, its parameters bound to the
// call's constants, a local it fills field by field.
static dim3 blockFor(int rows) { return dim3(8, rows); }
__global__ void fromReturned(const float *in, float *out) {
  int i = threadIdx.y * 1024 + threadIdx.x;
  out[blockIdx.x] = in[i];
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[i]': the warp spans 4 rows of 8 lanes, 4 transactions per warp (25.0% efficiency), 4 sectors; a block 32 threads wide keeps each warp in one row [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-3]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE+38]]:3: note: at this launch, blockDim is (8, 4, 1)
}

// Defined after the launch that uses it: its writes all count.
dim3 filledLater(int cols);
__global__ void fromFilledLocal(const float *in, float *out) {
  int i = threadIdx.y * 1024 + threadIdx.x;
  out[blockIdx.x] = in[i];
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[i]': the warp spans 2 rows of 16 lanes, 2 transactions per warp (50.0% efficiency), 4 sectors; a block 32 threads wide keeps each warp in one row [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-3]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE+29]]:3: note: at this launch, blockDim is (16, 8, 1)
}

// OK: a helper with two ways out decides nothing, so nothing is priced
// at a shape the program may not run (the default 1-D block gives one row).
static dim3 eitherShape(int n) {
  if (n > 64)
    return dim3(8, 4);
  return dim3(32, 4);
}
__global__ void fromTwoReturns(const float *in, float *out) {
  int i = threadIdx.y * 1024 + threadIdx.x;
  out[blockIdx.x] = in[i];
}

// The rows come from an argument the launch does not fix (`dim3(8, n)`):
// rows of 8 lanes, each warp taken as 4 whole rows, and the note says so
// (not the default 1-D block, whose one row would price nothing).
__global__ void fromRuntimeRows(const float *in, float *out) {
  int i = threadIdx.y * 1024 + threadIdx.x;
  out[blockIdx.x] = in[i];
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[i]': the warp spans 4 rows of 8 lanes, 4 transactions per warp (25.0% efficiency), 4 sectors; a block 32 threads wide keeps each warp in one row [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-3]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE+9]]:3: note: at this launch, blockDim is (8, not a constant, 1); assuming blockDim.y is a multiple of 4, so that each warp is 4 whole rows
}

void launchReturned(const float *in, float *out, int n) {
  dim3 a = blockFor(4);
  fromReturned<<<1, a>>>(in, out);
  fromFilledLocal<<<1, filledLater(16)>>>(in, out);
  fromTwoReturns<<<1, eitherShape(n)>>>(in, out);
  dim3 r = blockFor(n);
  fromRuntimeRows<<<1, r>>>(in, out);
}

dim3 filledLater(int cols) {
  dim3 b;
  b.x = cols;
  b.y = 8;
  return b;
}

// A whole dim3 assigned after its declaration (`block = dim3(8, 4);`), in
// the launching function or in a helper's `dim3 &` parameter from the
// helper's argument, is the shape assigned.
__global__ void fromAssigned(const float *in, float *out) {
  int i = threadIdx.y * 1024 + threadIdx.x;
  out[blockIdx.x] = in[i];
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[i]': the warp spans 4 rows of 8 lanes, 4 transactions per warp (25.0% efficiency), 4 sectors; a block 32 threads wide keeps each warp in one row [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-3]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE+22]]:3: note: at this launch, blockDim is (8, 4, 1)
}

__global__ void fromAssignedInHelper(const float *in, float *out) {
  int i = threadIdx.y * 1024 + threadIdx.x;
  out[blockIdx.x] = in[i];
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[i]': the warp spans 2 rows of 16 lanes, 2 transactions per warp (50.0% efficiency), 4 sectors; a block 32 threads wide keeps each warp in one row [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-3]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE+17]]:3: note: at this launch, blockDim is (16, 2, 1)
}

// OK: assigned a full-warp row shape, (32, 4): one row per warp.
__global__ void fromAssignedWide(const float *in, float *out) {
  int i = threadIdx.y * 1024 + threadIdx.x;
  out[blockIdx.x] = in[i];
}

static void assignRows(dim3 &block, int width) { block = dim3(width, 32 / width); }

void launchAssigned(const float *in, float *out) {
  dim3 a;
  a = dim3(8, 4);
  fromAssigned<<<1, a>>>(in, out);
  dim3 b;
  assignRows(b, 16);
  fromAssignedInHelper<<<1, b>>>(in, out);
  dim3 c(8, 4);
  c = dim3(32, 4);
  fromAssignedWide<<<1, c>>>(in, out);
}
