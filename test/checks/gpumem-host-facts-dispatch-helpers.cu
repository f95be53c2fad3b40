// Issue 39: a kernel launched from the file's own dispatch helper gets the
// values the helper's callers pass. The launch passes the helper's
// parameter, a value of the run for the launch alone; where the helper is
// the file's own (an instantiation of its template, or a static function:
// no other file can call it), the constants its calls pass are the
// launch's. A helper other files may call says nothing of its parameter.
//
// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access %t

// Launched for one column only: a column of 1 is consecutive.
__global__ void column(float *out, const float *in, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  out[r * cols] = in[r * cols];
}
template <typename T>
void launchColumn(T *out, const T *in, int rows, int cols) {
  column<<<rows / 256, 256>>>(out, in, cols);
}

// Launched with 1 or 4 through two static helpers: priced at 4, the
// costliest value a call passes.
__global__ void pairs(float *out, const float *in, int stride) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  out[r] = in[r * stride];
  // CHECK-NOTES: :[[@LINE-1]]:12: warning: uncoalesced global load of 'in[r * stride]': stride 'stride' x 4 bytes, up to 4 transactions per warp (25.0% efficiency), 16 sectors, when 'stride' is 4, the most the launches in this file pass; coalesced only when 'stride' is 1 [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:12: note: with 'stride' = 1 the warp needs 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE-4]]:7: note: index 'r' is defined here
  // CHECK-NOTES: :[[@LINE+3]]:3: note: at this launch, blockDim is (256, 1, 1)
}
static void launchPairs(float *out, const float *in, int stride) {
  pairs<<<64, 256>>>(out, in, stride);
}
static void viaHelper(float *out, const float *in, int s) {
  launchPairs(out, in, s);
}

// A helper another file may call: its parameter stays unknown.
__global__ void open(float *out, const float *in, int cols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  out[r] = in[r * cols];
  // CHECK-NOTES: :[[@LINE-1]]:12: warning: uncoalesced global load of 'in[r * cols]': stride 'cols' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 'cols' >= 32; coalesced only when 'cols' is 1 [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:12: note: with 'cols' = 1 the warp needs 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE-4]]:7: note: index 'r' is defined here
  // CHECK-NOTES: :[[@LINE+3]]:3: note: at this launch, blockDim is (256, 1, 1)
}
void launchOpen(float *out, const float *in, int cols) {
  open<<<64, 256>>>(out, in, cols);
}

void host(float *out, const float *in, int rows) {
  launchColumn(out, in, rows, 1);
  launchPairs(out, in, 1);
  viaHelper(out, in, 4);
  launchOpen(out, in, 1);
}
