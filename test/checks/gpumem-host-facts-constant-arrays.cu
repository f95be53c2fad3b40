// Issue 39: a launch argument read from a local array of constants takes
// the array's elements, where nothing changes them: `steps[i]` with `i` a
// loop's variable (bounded by `sizeof(steps) / sizeof(steps[0])` too),
// `for (int s : steps)`, the array const or only ever read. An element
// written, the array handed to a function, walked by a non-const
// reference, indexed past its end or a global that code may write keeps
// the parameter a value of the run ("when 's' >= 32").
//
// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access %t

// A const array indexed by the loop that launches: 1 and 2, priced at 2.
__global__ void indexedConst(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 2 transactions per warp (50.0% efficiency), 8 sectors, when 's' is 2, the most the launches in this file pass; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}
void runIndexedConst(const float *in, float *out) {
  const int steps[] = {1, 2};
  for (int i = 0; i < 2; ++i)
    indexedConst<<<1, 32>>>(in, out, steps[i]);
}

// An array that is only read, walked by value: 1, 2 and 4, priced at 4.
__global__ void walked(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 4 transactions per warp (25.0% efficiency), 16 sectors, when 's' is 4, the most the launches in this file pass; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}
void runWalked(const float *in, float *out) {
  int steps[] = {1, 2, 4};
  for (int s : steps)
    walked<<<1, 32>>>(in, out, s);
}

// Through a helper the loop calls with each element, read also by a
// printout of its own: 2 and 8, priced at 8.
__global__ void throughHelper(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 8 transactions per warp (12.5% efficiency), 32 sectors, when 's' is 8, the most the launches in this file pass; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}
static void launchHelper(const float *in, float *out, int s) {
  throughHelper<<<1, 32>>>(in, out, s);
}
int report(int);
void runThroughHelper(const float *in, float *out) {
  int widths[] = {2, 8};
  for (int i = 0; i < 2; ++i) {
    report(widths[i]);
    launchHelper(in, out, widths[i]);
  }
}

// The loop's bound from the array's size (sizeof only names the array):
// 2 and 16, priced at 16.
__global__ void sizedLoop(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 16 transactions per warp (6.2% efficiency), 32 sectors, when 's' is 16, the most the launches in this file pass; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}
void runSizedLoop(const float *in, float *out) {
  int steps[] = {2, 16};
  for (unsigned i = 0; i < sizeof(steps) / sizeof(steps[0]); ++i)
    sizedLoop<<<1, 32>>>(in, out, steps[i]);
}

// A constexpr array at file scope, by const reference: 1 and 4.
constexpr int kSteps[] = {4, 1};
__global__ void fileScope(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 4 transactions per warp (25.0% efficiency), 16 sectors, when 's' is 4, the most the launches in this file pass; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}
void runFileScope(const float *in, float *out) {
  for (const int &s : kSteps)
    fileScope<<<1, 32>>>(in, out, s);
}

// An element written after the array is made: a value of the run.
__global__ void elementWritten(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 's' >= 32; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}
void runElementWritten(const float *in, float *out, int wide) {
  int steps[] = {1, 2};
  steps[1] = wide;
  for (int i = 0; i < 2; ++i)
    elementWritten<<<1, 32>>>(in, out, steps[i]);
}

// The array handed to a function, which may write it.
void tune(int *steps);
__global__ void handedOn(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 's' >= 32; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}
void runHandedOn(const float *in, float *out) {
  int steps[] = {1, 2};
  tune(steps);
  for (int s : steps)
    handedOn<<<1, 32>>>(in, out, s);
}

// Walked by a non-const reference, which may write each element.
__global__ void byReference(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 's' >= 32; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}
void runByReference(const float *in, float *out) {
  int steps[] = {1, 2};
  for (int &s : steps)
    byReference<<<1, 32>>>(in, out, s);
}

// Indexed past its end on the last pass (undefined): no value is taken.
__global__ void pastTheEnd(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 's' >= 32; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}
void runPastTheEnd(const float *in, float *out) {
  const int steps[] = {1, 2};
  for (int i = 0; i < 3; ++i)
    pastTheEnd<<<1, 32>>>(in, out, steps[i]);
}

// A global array another file may write.
int gSteps[] = {1, 2};
__global__ void globalArray(const float *in, float *out, int s) {
  out[blockIdx.x] = in[threadIdx.x * s];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.x * s]': stride 's' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 's' >= 32; coalesced only when 's' is 1 [gpumem-uncoalesced-access]
}
void runGlobalArray(const float *in, float *out) {
  for (int i = 0; i < 2; ++i)
    globalArray<<<1, 32>>>(in, out, gSteps[i]);
}
