// Issue 39: a kernel written for small sizes is launched from a helper of
// the file's own that the host calls only under a check (`if (n <= 16)
// launchSmall(x, n); else launchLarge(x, n);`). The launch passes the
// helper's parameter, which its callers bound: the kernel is priced at the
// most they pass, as a bound around the launch itself is. A caller that
// passes its own parameter hands on that parameter's bound, a few helpers
// up. Each call is read as a launch is: the case of a switch around it and
// the writes that reach it give its values too. A call nothing bounds, a
// helper that writes its parameter, or one other files may call keeps the
// parameter a value of the run.
//
// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access %t

// Called only under `if (n <= 16)`: priced at 16 (before: "up to 32
// transactions ... when 's' >= 32", a case the host never launches).
__global__ void small(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 16 transactions per warp (6.2% efficiency), 32 sectors, when 's' is 16, the most the launches in this file pass; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}
static void launchSmall(const float *in, float *out, int s) {
  small<<<1, 32>>>(in, out, s);
}

// The caller returns first past 4; another call passes 2: at most 4.
__global__ void checkedFirst(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 4 transactions per warp (25.0% efficiency), 16 sectors, when 's' is 4, the most the launches in this file pass; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}
static void launchChecked(const float *in, float *out, int s) {
  checkedFirst<<<1, 32>>>(in, out, s);
}

// The bound is two helpers up: `outer` checks, `middle` passes its own
// parameter on.
__global__ void twoUp(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 8 transactions per warp (12.5% efficiency), 32 sectors, when 's' is 8, the most the launches in this file pass; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}
static void launchTwoUp(const float *in, float *out, int s) {
  twoUp<<<1, 32>>>(in, out, s);
}
static void middle(const float *in, float *out, int m) {
  launchTwoUp(in, out, m);
}

// One call is bounded, the other is not: nothing is known.
__global__ void oneUnbounded(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 's' >= 32; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}
static void launchOneUnbounded(const float *in, float *out, int s) {
  oneUnbounded<<<1, 32>>>(in, out, s);
}

// The helper scales its parameter before the launch: its callers' bound
// is not the launch's.
__global__ void scaledInHelper(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 's' >= 32; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}
static void launchScaled(const float *in, float *out, int s) {
  s *= 64;
  scaledInHelper<<<1, 32>>>(in, out, s);
}

// A helper other files may call: its calls here are not all of them.
__global__ void externalHelper(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 's' >= 32; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}
void launchExternal(const float *in, float *out, int s) {
  externalHelper<<<1, 32>>>(in, out, s);
}

// Called in `case 1:` and `case 2:` of a switch on the caller's own
// parameter: {1, 2}, priced at 2.
__global__ void perCase(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 2 transactions per warp (50.0% efficiency), 8 sectors, when 's' is 2, the most the launches in this file pass; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}
static void launchPerCase(const float *in, float *out, int s) {
  perCase<<<1, 32>>>(in, out, s);
}

// A local written on one path before the call: {1, 4}, priced at 4.
__global__ void writtenOnOnePath(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 4 transactions per warp (25.0% efficiency), 16 sectors, when 's' is 4, the most the launches in this file pass; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}
static void launchOnePath(const float *in, float *out, int s) {
  writtenOnOnePath<<<1, 32>>>(in, out, s);
}

void dispatchCases(const float *in, float *out, int s, bool wide) {
  switch (s) {
  case 1:
    launchPerCase(in, out, s);
    break;
  case 2:
    launchPerCase(in, out, s);
    break;
  }
  int w = 1;
  if (wide)
    w = 4;
  launchOnePath(in, out, w);
}

static void outer(const float *in, float *out, int n) {
  if (n <= 8)
    middle(in, out, n);
}

void host(const float *in, float *out, int n) {
  if (n <= 16)
    launchSmall(in, out, n);
  outer(in, out, n);
  if (n <= 2)
    launchScaled(in, out, n);
  if (n <= 2)
    launchExternal(in, out, n);
}

void checkedHost(const float *in, float *out, int n) {
  if (n > 4)
    return;
  launchChecked(in, out, n);
  launchChecked(in, out, 2);
}

void unboundedHost(const float *in, float *out, int n) {
  if (n > 0)
    launchOneUnbounded(in, out, n);
  if (n < 3)
    launchOneUnbounded(in, out, n);
}
