// Issue 39: a launch in a template's own body (a dispatch template's, a
// generic lambda's) whose arguments or shape depend on the template's
// parameters runs as each instantiation's launch: those are read, with
// what each instantiation's callers pass. The template's own body said
// nothing of such an argument, and read as one more launch it took the
// instantiations' values away ("when 's' >= 32" for a kernel every call
// launches with 1 or 2). A template never instantiated launches nothing.
//
// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access %t

// A static dispatch template whose stride has the template's type: its
// calls pass 1 and 2, priced at 2.
__global__ void throughTemplate(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 2 transactions per warp (50.0% efficiency), 8 sectors, when 's' is 2, the most the launches in this file pass; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}
template <typename Stride>
static void dispatch(const float *in, float *out, Stride s) {
  throughTemplate<<<1, 32>>>(in, out, s);
}

// A generic lambda held in a local and only called, with 1 and 2.
__global__ void throughGenericLambda(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 2 transactions per warp (50.0% efficiency), 8 sectors, when 's' is 2, the most the launches in this file pass; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}

// OK: the template's argument is the stride, 1 at its one instantiation.
__global__ void strideFromTemplate(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
}
template <int S> void launchWithStride(const float *in, float *out) {
  strideFromTemplate<<<1, 32>>>(in, out, S);
}

// The block's width is the template's argument: 8 lanes to a row of a
// block (8, 4) in its one instantiation.
__global__ void shapeFromTemplate(const float *in, float *out) {
  out[blockIdx.x] = in[threadIdx.y * 64 + threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.y * 64 + threadIdx.x]': the warp spans 4 rows of 8 lanes, 4 transactions per warp (25.0% efficiency), 4 sectors; a block 32 threads wide keeps each warp in one row [gpumem-uncoalesced-access]
}
template <unsigned Width> void launchRows(const float *in, float *out) {
  shapeFromTemplate<<<1, dim3(Width, 32 / Width)>>>(in, out);
}

// OK: launched here with 1; the template that would pass its own
// parameter is never instantiated, so launches nothing.
__global__ void neverFromTemplate(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
}
template <typename T> void unused(const float *in, float *out, T s) {
  neverFromTemplate<<<1, 32>>>(in, out, s);
}

// The instantiation's callers pass a value of the run: the condition
// stays.
__global__ void runtimeThroughTemplate(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 's' >= 32; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}
template <typename T>
static void forward(const float *in, float *out, T s) {
  runtimeThroughTemplate<<<1, 32>>>(in, out, s);
}

void host(const float *in, float *out, int n) {
  dispatch(in, out, 1);
  dispatch(in, out, 2);
  auto run = [&](auto s) { throughGenericLambda<<<1, 32>>>(in, out, s); };
  run(1);
  run(2);
  launchWithStride<1>(in, out);
  launchRows<8>(in, out);
  neverFromTemplate<<<1, 32>>>(in, out, 1);
  forward(in, out, n);
}
