// Lambdas the kernel calls (issue 25: the compiler's PTX had accesses on
// their lines and the dump had none). A lambda whose captured variables
// nothing writes after their declaration is walked like a device
// function, its parameters bound to the call's arguments: the stride-2
// read is a finding. A captured variable the kernel writes is read as the
// lambda would see it where that is known: a loop counter, by reference
// from a call in the loop's body, or by copy when the lambda is also made
// there, has the loop's value; a copy of any other has the value it had
// where the lambda was made; any other such integer or pointer is
// unknown, said so, and the lambda's other accesses are still priced.
//
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump,gpumem-uncoalesced-access %s -- %cuda_flags \
// RUN:   | FileCheck %s --implicit-check-not='remark: {{load|store}}'

__global__ void scatter(float *out, const float *in, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  auto put = [&](int j, float v) { out[j] = v; };
  // CHECK: :[[@LINE-1]]:36: remark: store global 'out[j]' width 4; offset 4*lane + (1024)*blockIdx.x + (128)*warp.x; active 0xffffffff; scenarios 1
  auto get = [=](int j) { return in[j]; };
  // CHECK: :[[@LINE-1]]:34: remark: load global 'in[j]' width 4; offset 8*lane + (2048)*blockIdx.x + (256)*warp.x; active 0xffffffff; scenarios 1
  // CHECK: :[[@LINE-2]]:34: warning: uncoalesced global load of 'in[j]': stride 8 bytes, 2 transactions per warp (50.0% efficiency), 8 sectors
  if (i < n)
    put(i, get(2 * i));
}

// A counter declared before its loop (`for (; k < n; ...)`) is no loop's
// own variable: unknown in the lambda, said so.
__global__ void counted(float *out, int n) {
  int k = threadIdx.x;
  auto put = [&](float v) { out[k] = v; };
  // CHECK: :[[@LINE-1]]:29: remark: store global 'out[k]' width 4; offset unknown, reassigned ('k' is captured by the lambda and written by its function); active 0xffffffff; in loop
  for (; k < n; k += blockDim.x)
    put(1.0f);
}

// A tile loop: the lambda reads a row of the tile at the counter's
// column, by reference and by copy (made in the loop); the column-major
// read is uncoalesced, the row-major one takes 2 transactions (a warp's
// 128 bytes start 8 bytes in).
__global__ void tiles(const float *a, float *sum, int rows, int cols) {
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int c = 0; c < cols; c += 4) {
    auto byRef = [&](int d) { return a[row * cols + c + d]; };
    // CHECK: :[[@LINE-1]]:38: remark: load global 'a[row * cols + c + d]' width 4; offset 0 + (1024)*blockIdx.x*cols + (128)*warp.x*cols + (4*lane)*cols + (16)*iteration of 'c'; active 0xffffffff; in loop; symbolic stride cols
    // CHECK: :[[@LINE-2]]:38: remark: load global 'a[row * cols + c + d]' width 4; offset 4 + (1024)*blockIdx.x*cols + (128)*warp.x*cols + (4*lane)*cols + (16)*iteration of 'c'; active 0xffffffff; in loop; symbolic stride cols
    // CHECK: :[[@LINE-3]]:38: warning: uncoalesced global load of 'a[row * cols + c + d]': stride 'cols' x 4 bytes
    auto byCopy = [=](int d) { return a[c * rows + row + d]; };
    // CHECK: :[[@LINE-1]]:39: remark: load global 'a[c * rows + row + d]' width 4; offset 8+4*lane + (1024)*blockIdx.x + (128)*warp.x + (16)*iteration of 'c'*rows; active 0xffffffff; in loop; scenarios 1; transactions 2, sectors 5
    acc += byRef(0) + byRef(1) + byCopy(2);
  }
  sum[row] = acc;
  // CHECK: :[[@LINE-1]]:3: remark: store global 'sum[row]' width 4; offset 4*lane + (1024)*blockIdx.x + (128)*warp.x; active 0xffffffff; scenarios 1
}

// A copy holds the value its variable had where the lambda was made: the
// counter copied before its loop is 0, 'at' is the lane's element although
// it is moved after. By reference, a variable written in a branch or
// after the lambda is made is unknown; the lambda's read of 'base' is
// priced all the same.
__global__ void copiesAndReferences(float *out, const float *in, int n,
                                    int *flag) {
  const int base = blockIdx.x * blockDim.x + threadIdx.x;
  int k = 0;
  auto early = [=](int d) { out[base + d] = in[k]; };
  // CHECK: :[[@LINE-1]]:29: remark: store global 'out[base + d]' width 4; offset 4*lane + (1024)*blockIdx.x + (128)*warp.x; active 0xffffffff; in loop; scenarios 1
  // CHECK: :[[@LINE-2]]:45: remark: load global 'in[k]' width 4; offset 0; active 0xffffffff; in loop; scenarios 1
  int shift = 0;
  if (*flag)
    shift = threadIdx.x;
  // CHECK: :[[@LINE-2]]:7: remark: load global '*flag' width 4; offset 0
  auto shifted = [&]() { out[base + shift] = 0.0f; };
  // CHECK: :[[@LINE-1]]:26: remark: store global 'out[base + shift]' width 4; offset unknown, reassigned ('shift' is captured by the lambda and written by its function); active 0xffffffff; scenarios 0
  int at = base;
  auto copied = [=]() { out[at] = 2.0f; };
  // CHECK: :[[@LINE-1]]:25: remark: store global 'out[at]' width 4; offset 4*lane + (1024)*blockIdx.x + (128)*warp.x; active 0xffffffff; scenarios 1
  auto referenced = [&]() { out[at] = 3.0f; };
  // CHECK: :[[@LINE-1]]:29: remark: store global 'out[at]' width 4; offset unknown, reassigned ('at' is captured by the lambda and written by its function); active 0xffffffff; scenarios 0
  at = 0;
  for (; k < n; ++k)
    early(0);
  shifted();
  copied();
  referenced();
}

void launch(float *out, const float *in, int n, int *flag) {
  scatter<<<n / 256, 256>>>(out, in, n);
  counted<<<1, 256>>>(out, n);
  tiles<<<n / 256, 256>>>(in, out, n, n);
  copiesAndReferences<<<n / 256, 256>>>(out, in, n, flag);
}
