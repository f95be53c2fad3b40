// Issue 39: a launch inside a lambda the host function keeps in a local
// and only ever calls (`auto launch = [&](int s) {...}; launch(1);`) passes
// what those calls pass, as a launch in a helper of the file's own does;
// a call in a loop whose body runs it at every pass passes each value the
// loop's variable takes (a range-for over a braced list, a `for` stepped
// from a constant). A lambda that escapes (handed to a function, copied)
// may be called elsewhere, and a call under a branch of the loop's body
// may skip values: the parameter stays a value of the run.
//
// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access %t

#include <initializer_list>

// OK: both calls pass 1 (before: "up to 32 transactions ... when 's' >=
// 32", a case the program never runs).
__global__ void unitCalls(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
}

// The calls pass 1 and 4: priced at 4.
__global__ void twoCalls(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 4 transactions per warp (25.0% efficiency), 16 sectors, when 's' is 4, the most the launches in this file pass; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}

// Called for each element of {1, 2}: priced at 2.
__global__ void eachElement(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 2 transactions per warp (50.0% efficiency), 8 sectors, when 's' is 2, the most the launches in this file pass; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}

// The lambda is also handed to a function, which may call it with
// anything.
__global__ void escapes(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 's' >= 32; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}

// The lambda is copied; the copy is called with 64.
__global__ void copied(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 's' >= 32; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}

// The loop's body scales each element before the call.
__global__ void scaled(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 's' >= 32; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}

// A static helper called for s = 1, 2, 4 by a `for` loop: priced at 4.
__global__ void swept(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 4 transactions per warp (25.0% efficiency), 16 sectors, when 's' is 4, the most the launches in this file pass; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}
static void sweep(const float *in, float *out, int s) {
  swept<<<1, 32>>>(in, out, s);
}

// The call is skipped past 4 by a `continue`: the values the loop steps
// through (up to 64) are not all passed, and none is taken; the check
// before the call bounds what it passes at 4 (gpumem-host-facts-caller-
// bounds.cu).
__global__ void skipped(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 4 transactions per warp (25.0% efficiency), 16 sectors, when 's' is 4, the most the launches in this file pass; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}

// A `for` with no condition has no last value (and no crash: it was
// dereferenced).
__global__ void endless(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 's' >= 32; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}
static void forever(int s) { endless<<<1, 32>>>(nullptr, nullptr, s); }

// A captureless lambda converted to a function pointer and handed to a
// function not seen here: that function may call it with anything.
__global__ void converted(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 's' >= 32; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}

// A static helper whose address is handed on likewise (before, its one
// call's 1 was taken as every launch's: no finding).
__global__ void addressTaken(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 's' >= 32; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}
static void callback(int s) { addressTaken<<<1, 32>>>(nullptr, nullptr, s); }

void everyStride(void (*Run)(int));

template <typename F> void forEachStride(F f) {
  for (int s = 1; s <= 64; s *= 2)
    f(s);
}

void launch(const float *in, float *out) {
  auto unit = [&](int s) { unitCalls<<<1, 32>>>(in, out, s); };
  unit(1);
  unit(1);

  auto two = [&](int s) { twoCalls<<<1, 32>>>(in, out, s); };
  two(1);
  two(4);

  auto each = [=](int s) { eachElement<<<1, 32>>>(in, out, s); };
  for (int s : {1, 2})
    each(s);

  auto handed = [&](int s) { escapes<<<1, 32>>>(in, out, s); };
  handed(1);
  forEachStride(handed);

  auto original = [&](int s) { copied<<<1, 32>>>(in, out, s); };
  original(1);
  auto copy = original;
  copy(64);

  for (int s = 1; s <= 4; s *= 2)
    sweep(in, out, s);

  auto some = [&](int s) { skipped<<<1, 32>>>(in, out, s); };
  for (int s = 1; s <= 64; s *= 2) {
    if (s > 4)
      continue;
    some(s);
  }

  auto bare = [](int s) { converted<<<1, 32>>>(nullptr, nullptr, s); };
  bare(1);
  everyStride(bare);

  callback(1);
  everyStride(callback);

  for (int s = 1;; s *= 2)
    forever(s);

  auto grows = [&](int s) { scaled<<<1, 32>>>(in, out, s); };
  for (int s : {1, 2}) {
    s *= 16;
    grows(s);
  }
}
