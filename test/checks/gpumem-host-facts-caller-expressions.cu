// Issue 39: an argument computed from one variable whose values the file
// decides (a helper's parameter its callers fix, the variable of a loop
// that runs the call at every pass), with constants and locals set once,
// takes the expression's value at each of those values: a launch in a
// helper that passes `cols * 2`, a loop that calls a helper with `t + 1`.
// An expression of two such variables, one that is undefined at one of the
// values (a division by zero) or that reads a variable written elsewhere
// keeps the parameter a value of the run.
//
// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access %t

// The helper's callers pass 1 and 2; the launch passes twice that: priced
// at 4 (before: "up to 32 transactions ... when 's' >= 32").
__global__ void doubled(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 4 transactions per warp (25.0% efficiency), 16 sectors, when 's' is 4, the most the launches in this file pass; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}
static void launchDoubled(const float *in, float *out, int cols) {
  doubled<<<1, 32>>>(in, out, cols * 2);
}

// OK: the only caller passes 8, and the launch 8 / 8, a unit stride.
__global__ void unitAfterAll(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
}
static void launchUnit(const float *in, float *out, int width) {
  unitAfterAll<<<1, 32>>>(in, out, width / 8);
}

// A loop calls the helper with t + 1 for t = 0, 1, 2: priced at 3.
__global__ void stepped(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 3 transactions per warp (33.3% efficiency), 12 sectors, when 's' is 3, the most the launches in this file pass; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}
static void launchStepped(const float *in, float *out, int s) {
  stepped<<<1, 32>>>(in, out, s);
}

// The caller's own parameter halved, a helper up: 16 / 2 = 8, the one
// value, priced as a constant.
__global__ void halved(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 32 bytes, 8 transactions per warp (12.5% efficiency), 32 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
}
static void launchHalved(const float *in, float *out, int s) {
  halved<<<1, 32>>>(in, out, s);
}
static void outerHalved(const float *in, float *out, int n) {
  launchHalved(in, out, n / 2);
}

// A loop's variable times a local set once: t * w for t = 1, 2 and w = 2.
__global__ void scaledByLocal(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 4 transactions per warp (25.0% efficiency), 16 sectors, when 's' is 4, the most the launches in this file pass; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}
static void launchScaled(const float *in, float *out, int s) {
  scaledByLocal<<<1, 32>>>(in, out, s);
}

// A lambda held in a local and only called: its launch passes s * 2, its
// calls 1: 2.
__global__ void lambdaDoubled(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 8 bytes, 2 transactions per warp (50.0% efficiency), 8 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
}

// Two variables with values of their own (a loop's and a parameter's):
// which values go together is not read; the condition stays.
__global__ void twoVariables(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 's' >= 32; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}
static void launchTwo(const float *in, float *out, int s) {
  twoVariables<<<1, 32>>>(in, out, s);
}
static void outerTwo(const float *in, float *out, int n) {
  for (int t = 1; t <= 2; ++t)
    launchTwo(in, out, t * n);
}

// 16 / t at t = 0 divides by zero: no value is taken.
__global__ void dividedByZero(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 's' >= 32; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}
static void launchDivided(const float *in, float *out, int s) {
  dividedByZero<<<1, 32>>>(in, out, s);
}

// The expression reads a local the caller writes again after the call:
// not set once, so no value is folded from it here; the call read as a
// launch is (the write that reaches it gives 1) passes 2, the one value
// (gpumem-host-facts-caller-bounds.cu).
__global__ void rewritten(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 8 bytes, 2 transactions per warp (50.0% efficiency), 8 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
}
static void launchRewritten(const float *in, float *out, int s) {
  rewritten<<<1, 32>>>(in, out, s);
}

// A helper that writes its parameter before the launch's expression reads
// it: its callers' values are not the launch's.
__global__ void paramWritten(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 's' >= 32; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}
static void launchParamWritten(const float *in, float *out, int cols,
                               int wide) {
  cols *= wide;
  paramWritten<<<1, 32>>>(in, out, cols + 1);
}

void host(const float *in, float *out, int n, int wide) {
  launchDoubled(in, out, 1);
  launchDoubled(in, out, 2);
  launchUnit(in, out, 8);
  for (int t = 0; t < 3; ++t)
    launchStepped(in, out, t + 1);
  outerHalved(in, out, 16);
  int w = 2;
  for (int t = 1; t <= 2; ++t)
    launchScaled(in, out, t * w);
  auto run = [&](int s) { lambdaDoubled<<<1, 32>>>(in, out, s * 2); };
  run(1);
  outerTwo(in, out, 1);
  outerTwo(in, out, 2);
  for (int t = 0; t < 2; ++t)
    launchDivided(in, out, 16 / t);
  int k = 1;
  launchRewritten(in, out, k * 2);
  k = n;
  launchParamWritten(in, out, 1, wide);
}
