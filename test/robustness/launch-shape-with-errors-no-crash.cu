// A launch whose block variable is initialised from an expression clang
// could not type (a helper from a missing header) crashed the launch-shape
// reader: seen on a file that includes a library the corpus lacks. The
// kernel is analysed with no shape from that launch.
//
// RUN: %clang_tidy --checks=-*,gpumem-*,debug-gpumem-access-dump %s -- %cuda_flags > %t.out 2>&1 || true
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not='Stack dump'
// CHECK-DAG: error: use of undeclared identifier 'threadCountOf'
// CHECK-DAG: remark: store global 'out[threadIdx.x]'

template <int N> struct Config {
  static constexpr int Threads = N;
};

template <typename C> __global__ void fill(float *out) {
  out[threadIdx.x] = 0.0f;
}

void launch(float *out) {
  using config = Config<128>;
  dim3 block(threadCountOf(config::Threads));
  fill<config><<<1, block>>>(out);
}

// What an initializer with errors still says is kept: the launch in
// `case 128:` of a switch on the block size runs 128-thread blocks, though
// the size itself comes from a helper clang does not know.
template <int N> __global__ void scale(float *out) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = 0.0f;
}
// CHECK-DAG: remark: store global 'out[blockIdx.x * blockDim.x + threadIdx.x]' width 4; offset 4*lane + (512)*blockIdx.x + (128)*warp.x;

void launchSized(float *out) {
  int threads = widthOfTensor(out);
  dim3 block(threads);
  switch (threads) {
  case 128:
    scale<128><<<1, block>>>(out);
    break;
  }
}
