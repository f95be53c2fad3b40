// Issue 39: a field of a local options struct assigned before the launch
// (`Opts o; o.stride = 1;`) is the value the launch passes, as a local
// set once is: the last plain assignment among the launching function's
// outermost statements before the launch. Writes of the struct's other
// fields leave it alone; a write the rule cannot place leaves it a value
// of the run.
//
// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access %t

struct Opts {
  int stride;
  int rows;
  dim3 block;
};

// OK: `o.stride = 1;` before the launch: coalesced (before, the field
// was a value of the run: "up to 32 transactions ... when 's' >= 32").
__global__ void assigned(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
}

// Braced to 4, then another field written: still 4.
__global__ void otherField(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 16 bytes, 4 transactions per warp (25.0% efficiency), 16 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:21: note: 32 active lanes of 4 bytes each span 500 bytes; the same lanes on consecutive elements would need 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE+48]]:3: note: 's' is 4 at every launch of 'otherField' in this file
  // CHECK-NOTES: :[[@LINE+47]]:3: note: at this launch, blockDim is (32, 1, 1)
}

// A dim3 field assigned whole: each warp spans 4 rows of 8 lanes.
__global__ void blockField(const float *in, float *out) {
  int i = threadIdx.y * 1024 + threadIdx.x;
  out[blockIdx.x] = in[i];
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[i]': the warp spans 4 rows of 8 lanes, 4 transactions per warp (25.0% efficiency), 4 sectors; a block 32 threads wide keeps each warp in one row [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-3]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE+41]]:3: note: at this launch, blockDim is (8, 4, 1)
}

// A write under a branch, one handed to a function by reference and a
// compound assignment are not placed: the stride is a value of the run.
__global__ void branchWritten(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 's' >= 32; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:21: note: with 's' = 1 the warp needs 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE+37]]:3: note: at this launch, blockDim is (32, 1, 1)
}
__global__ void byReference(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 's' >= 32; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:21: note: with 's' = 1 the warp needs 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE+35]]:3: note: at this launch, blockDim is (32, 1, 1)
}
__global__ void compound(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 's' >= 32; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:21: note: with 's' = 1 the warp needs 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE+33]]:3: note: at this launch, blockDim is (32, 1, 1)
}

// OK: the write after the launch does not reach it.
__global__ void writtenAfter(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
}

void widen(Opts &o);

void launch(const float *in, float *out, int n) {
  Opts o;
  o.stride = 1;
  o.rows = n;
  assigned<<<1, 32>>>(in, out, o.stride);
  Opts braced{4, 0, dim3(32)};
  braced.rows = n;
  otherField<<<1, 32>>>(in, out, braced.stride);
  Opts shaped;
  shaped.block = dim3(8, 4);
  blockField<<<1, shaped.block>>>(in, out);
  Opts branch;
  branch.stride = 1;
  if (n > 3)
    branch.stride = 2;
  branchWritten<<<1, 32>>>(in, out, branch.stride);
  Opts handed;
  handed.stride = 1;
  widen(handed);
  byReference<<<1, 32>>>(in, out, handed.stride);
  Opts stepped;
  stepped.stride = 1;
  stepped.stride *= 64;
  compound<<<1, 32>>>(in, out, stepped.stride);
  Opts after;
  after.stride = 1;
  writtenAfter<<<1, 32>>>(in, out, after.stride);
  after.stride = 64;
}
