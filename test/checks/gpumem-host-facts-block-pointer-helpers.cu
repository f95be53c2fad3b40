// Issue 39: a block shape a helper fills through a `dim3 *` parameter
// (`setBlock(&block);`, C style) is read as one filled through a `dim3 &`:
// the warp spans 4 rows of 8 lanes, not the default 1-D block. A helper
// that may return first, hands the pointer on or writes through a copy of
// it fixes nothing, nor does a call after the launch.
//
// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access %t

void rowsOfEight(dim3 *b) {
  b->x = 8;
  b->y = 4;
}

void configure(dim3 *grid, dim3 *block, int width) {
  *block = dim3(width, 32 / width);
  grid->x = 1;
}

void unlessNegative(dim3 *b, int n) {
  if (n < 0)
    return;
  b->x = 8;
  b->y = 4;
}

void tune(dim3 *b);
void setAndTune(dim3 *b) {
  b->x = 8;
  b->y = 4;
  tune(b);
}

void throughCopy(dim3 *b) {
  dim3 *c = b;
  c->x = 8;
  c->y = 4;
}

__global__ void filled(const float *in, float *out) {
  int i = threadIdx.y * 1024 + threadIdx.x;
  out[blockIdx.x] = in[i];
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[i]': the warp spans 4 rows of 8 lanes, 4 transactions per warp (25.0% efficiency), 4 sectors; a block 32 threads wide keeps each warp in one row [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-3]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE+40]]:3: note: at this launch, blockDim is (8, 4, 1)
}

// `*block = dim3(width, 32 / width)` with 16: (16, 2).
__global__ void assigned(const float *in, float *out) {
  int i = threadIdx.y * 1024 + threadIdx.x;
  out[blockIdx.x] = in[i];
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[i]': the warp spans 2 rows of 16 lanes, 2 transactions per warp (50.0% efficiency), 4 sectors; a block 32 threads wide keeps each warp in one row [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-3]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE+35]]:3: note: at this launch, blockDim is (16, 2, 1)
}

// OK: the helper may return before its writes; the block is not fixed
// (read as fixed, the warp would span 4 rows of 8 lanes).
__global__ void mayReturn(const float *in, float *out) {
  int i = threadIdx.y * 1024 + threadIdx.x;
  out[blockIdx.x] = in[i];
}

// OK: the helper hands the pointer to a function not seen here.
__global__ void handedOn(const float *in, float *out) {
  int i = threadIdx.y * 1024 + threadIdx.x;
  out[blockIdx.x] = in[i];
}

// OK: the helper writes through a copy of the pointer.
__global__ void copied(const float *in, float *out) {
  int i = threadIdx.y * 1024 + threadIdx.x;
  out[blockIdx.x] = in[i];
}

// OK: the helper runs after the launch, which has the block 32 wide.
__global__ void afterLaunch(const float *in, float *out) {
  int i = threadIdx.y * 1024 + threadIdx.x;
  out[blockIdx.x] = in[i];
}

void launch(const float *in, float *out, int n) {
  dim3 block;
  rowsOfEight(&block);
  filled<<<1, block>>>(in, out);

  dim3 grid, wide;
  configure(&grid, &wide, 16);
  assigned<<<grid, wide>>>(in, out);

  dim3 early;
  unlessNegative(&early, n);
  mayReturn<<<1, early>>>(in, out);

  dim3 tuned;
  setAndTune(&tuned);
  handedOn<<<1, tuned>>>(in, out);

  dim3 copy;
  throughCopy(&copy);
  copied<<<1, copy>>>(in, out);

  dim3 flat(32);
  afterLaunch<<<1, flat>>>(in, out);
  rowsOfEight(&flat);
}
