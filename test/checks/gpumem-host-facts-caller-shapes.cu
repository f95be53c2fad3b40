// Issue 39: a block shape a helper of the file's own builds from its
// parameters (`dim3(w, 32 / w)`, `b.x = w;`) is the shape its calls give
// it, where every call passes the same value: before, the extents were
// not constants at the launch, and the block was assumed 1-D (no finding
// for a warp that spans rows). A helper called with two widths launches
// two shapes, and one other files may call may be called with any: the
// extent stays unknown there.
//
// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access %t

// The one call passes 8: blocks of (8, 4), four rows of 8 lanes a warp.
__global__ void rowsFromHelper(const float *in, float *out) {
  out[blockIdx.x] = in[threadIdx.y * 64 + threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.y * 64 + threadIdx.x]': the warp spans 4 rows of 8 lanes, 4 transactions per warp (25.0% efficiency), 4 sectors; a block 32 threads wide keeps each warp in one row [gpumem-uncoalesced-access]
}
static void launchRows(const float *in, float *out, int w) {
  rowsFromHelper<<<1, dim3(w, 32 / w)>>>(in, out);
}

// Field by field in the helper, from a parameter its two calls both pass
// as 16: two rows of 16.
__global__ void fieldsFromHelper(const float *in, float *out) {
  out[blockIdx.x] = in[threadIdx.y * 64 + threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.y * 64 + threadIdx.x]': the warp spans 2 rows of 16 lanes, 2 transactions per warp (50.0% efficiency), 4 sectors; a block 32 threads wide keeps each warp in one row [gpumem-uncoalesced-access]
}
static void launchFields(const float *in, float *out, int w) {
  dim3 b;
  b.x = w;
  b.y = 4;
  fieldsFromHelper<<<1, b>>>(in, out);
}

// OK: called with 8 and with 32, the helper launches two shapes; no one
// shape is the kernel's.
__global__ void twoWidths(const float *in, float *out) {
  out[blockIdx.x] = in[threadIdx.y * 64 + threadIdx.x];
}
static void launchTwoWidths(const float *in, float *out, int w) {
  twoWidths<<<1, dim3(w, 32 / w)>>>(in, out);
}

// OK: a helper other files may call: its one call here is not all.
__global__ void externalWidth(const float *in, float *out) {
  out[blockIdx.x] = in[threadIdx.y * 64 + threadIdx.x];
}
void launchExternalWidth(const float *in, float *out, int w) {
  externalWidth<<<1, dim3(w, 32 / w)>>>(in, out);
}

void host(const float *in, float *out) {
  launchRows(in, out, 8);
  launchFields(in, out, 16);
  launchFields(in, out, 16);
  launchTwoWidths(in, out, 8);
  launchTwoWidths(in, out, 32);
  launchExternalWidth(in, out, 8);
}
