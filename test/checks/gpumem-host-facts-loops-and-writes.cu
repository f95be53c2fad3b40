// Issue 39: what the host's control flow fixes around a launch. A `for`
// or `while` condition holds at the start of each pass of its body (`for
// (int s = 1; s <= 4; s *= 2)` launches with s <= 4), a range-for over a
// braced list with at most its largest element, a local written only by
// statements that run once before the launch holds what they leave (`int
// s; s = 1;`, `t *= 2`), and a choice between two known values
// (`aligned ? 1 : 2`) is at most the larger. A write under a branch
// gives the launch one more value it may see (each write that reaches the
// launch, ReachingWrites); a write inside the loop body before the launch
// fixes nothing. A parameter's
// default argument is not its value: a caller may pass another.
//
// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access %t

#include <initializer_list>

__global__ void sweepStride(const float *in, float *out, int s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: uncoalesced global load of 'in[i * s]': stride 's' x 4 bytes, up to 4 transactions per warp (25.0% efficiency), 16 sectors, when 's' is 4, the most the launches in this file pass; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}

__global__ void listStride(const float *in, float *out, int s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: uncoalesced global load of 'in[i * s]': stride 's' x 4 bytes, up to 2 transactions per warp (50.0% efficiency), 8 sectors, when 's' is 2, the most the launches in this file pass; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}

// The body moves `s` past the loop's test before the launch: no bound.
__global__ void movedInBody(const float *in, float *out, int s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: uncoalesced global load of 'in[i * s]': stride 's' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 's' >= 32; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}

// OK: `int s; s = 1;` launches a unit stride.
__global__ void assignedOnce(const float *in, float *out, int s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * s];
}

// `int t = 1; t *= 2;`: a stride of 2 elements, not a symbol.
__global__ void doubled(const float *in, float *out, int s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: uncoalesced global load of 'in[i * s]': stride 8 bytes, 2 transactions per warp (50.0% efficiency), 8 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
}

// A write under a branch may or may not run: the launch sees the
// initializer's 1 or the branch's 2, and is priced at 2.
__global__ void maybeWritten(const float *in, float *out, int s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: uncoalesced global load of 'in[i * s]': stride 's' x 4 bytes, up to 2 transactions per warp (50.0% efficiency), 8 sectors, when 's' is 2, the most the launches in this file pass; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}

// OK: `if (wide) s = 64;` then `if (s > 8) return;`: of 1 and 64, only 1
// reaches the launch.
__global__ void ruledOut(const float *in, float *out, int s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * s];
}

// Each arm of an if/else sets it, then a step: 3 or 5, priced at 5.
__global__ void eitherArm(const float *in, float *out, int s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: uncoalesced global load of 'in[i * s]': stride 's' x 4 bytes, up to 5 transactions per warp (20.0% efficiency), 20 sectors, when 's' is 5, the most the launches in this file pass; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}

// `e * 2` with e one of 3 and 5: 6 or 10, priced at 10.
__global__ void foldedEach(const float *in, float *out, int s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: uncoalesced global load of 'in[i * s]': stride 's' x 4 bytes, up to 10 transactions per warp (10.0% efficiency), 32 sectors, when 's' is 10, the most the launches in this file pass; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}

// OK: `g + 0` with g one of 1 and 64, where only 1 passes the check.
__global__ void foldedRuledOut(const float *in, float *out, int s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * s];
}

// Written from what the run reads (`s = n`) on one path: not known.
__global__ void partlyKnown(const float *in, float *out, int s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: uncoalesced global load of 'in[i * s]': stride 's' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 's' >= 32; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}

__global__ void chosen(const float *in, float *out, int s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: uncoalesced global load of 'in[i * s]': stride 's' x 4 bytes, up to 2 transactions per warp (50.0% efficiency), 8 sectors, when 's' is 2, the most the launches in this file pass; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}

// OK: a stride written after the launch leaves the launch's value.
__global__ void writtenAfter(const float *in, float *out, int s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * s];
}

// The block's extents are read where the dim3 is made: `bx` is 8 there,
// though it is written again before the launch.
__global__ void rowsOfEight(const float *in, float *out) {
  int i = threadIdx.y * 1024 + threadIdx.x;
  out[blockIdx.x] = in[i];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[i]': the warp spans 4 rows of 8 lanes, 4 transactions per warp (25.0% efficiency), 4 sectors; a block 32 threads wide keeps each warp in one row [gpumem-uncoalesced-access]
}

// A global may be written anywhere (another file, another thread): its
// initializer fixes nothing.
int globalStride = 4;
__global__ void fromGlobal(const float *in, float *out, int s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: uncoalesced global load of 'in[i * s]': stride 's' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 's' >= 32; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}

__global__ void defaulted(const float *in, float *out, int s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: uncoalesced global load of 'in[i * s]': stride 's' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 's' >= 32; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}

void launchDefaulted(const float *in, float *out, int s = 1) {
  defaulted<<<64, 256>>>(in, out, s);
}

void callDefaulted(const float *in, float *out, int n) {
  launchDefaulted(in, out, n);
}

void run(const float *in, float *out, bool aligned, int n) {
  for (int s = 1; s <= 4; s *= 2)
    sweepStride<<<64, 256>>>(in, out, s);
  for (int s : {1, 2})
    listStride<<<64, 256>>>(in, out, s);
  for (int s = 1; s <= 4; s *= 2) {
    s += 64;
    movedInBody<<<64, 256>>>(in, out, s);
  }
  int a;
  a = 1;
  assignedOnce<<<64, 256>>>(in, out, a);
  int t = 1;
  t *= 2;
  doubled<<<64, 256>>>(in, out, t);
  int m = 1;
  if (n > 0)
    m = 2;
  maybeWritten<<<64, 256>>>(in, out, m);
  int g = 1;
  if (aligned)
    g = 64;
  if (g > 8)
    return;
  ruledOut<<<64, 256>>>(in, out, g);
  int e;
  if (n > 16)
    e = 2;
  else
    e = 4;
  ++e;
  eitherArm<<<64, 256>>>(in, out, e);
  foldedEach<<<64, 256>>>(in, out, e * 2);
  foldedRuledOut<<<64, 256>>>(in, out, g + 0);
  int p = 1;
  if (n > 100)
    p = n;
  partlyKnown<<<64, 256>>>(in, out, p);
  int c = aligned ? 1 : 2;
  chosen<<<64, 256>>>(in, out, c);
  int w = 1;
  writtenAfter<<<64, 256>>>(in, out, w);
  w = 64;
  int bx = 8;
  dim3 block(bx, 4);
  bx = 32;
  rowsOfEight<<<16, block>>>(in, out);
  fromGlobal<<<64, 256>>>(in, out, globalStride);
}
