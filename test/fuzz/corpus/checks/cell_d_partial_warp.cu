// Scenario cell D (SPEC section 2): only lane 0 active, one float.
//
// The second pass of a naive reduction: thread 0 adds up the per-block
// partial sums in a loop while the other 31 lanes of its warp idle. Each
// load of partial[k] moves 1 transaction (one 32-byte sector) for 4 useful
// bytes: 4 / 128 = 3.125% efficiency. The warp is nearly empty, the access
// is not scattered, and it repeats numPartials times: worth reporting.
//
// Expected from gpumem-tidy, on the load of 'partial[k]' inside the loop:
//   a gpumem-partial-warp-access warning stating 1 transaction per warp
//   (3.1% efficiency) with 1 of 32 lanes active, the guard being
//   'threadIdx.x == 0'.
// The store 'out[blockIdx.x]' is also lane 0 only but runs once, outside
// any loop: no warning with the default options.

#include <cuda_runtime.h>

#include <cstdio>
#include <vector>

__global__ void finishSum(const float *partial, float *out, int numPartials) {
  if (threadIdx.x == 0) {
    float sum = 0.0f;
    for (int k = 0; k < numPartials; ++k)
      sum += partial[k];
    out[blockIdx.x] = sum;
  }
}

int main() {
  const int numPartials = 4096;
  std::vector<float> hostPartials(numPartials, 1.0f);
  float *partial = nullptr, *out = nullptr;
  cudaMalloc(&partial, numPartials * sizeof(float));
  cudaMalloc(&out, sizeof(float));
  cudaMemcpy(partial, hostPartials.data(), numPartials * sizeof(float),
             cudaMemcpyHostToDevice);

  finishSum<<<1, 32>>>(partial, out, numPartials);
  float result = 0.0f;
  cudaMemcpy(&result, out, sizeof(float), cudaMemcpyDeviceToHost);
  std::printf("sum = %f\n", result);

  cudaFree(partial);
  cudaFree(out);
  return 0;
}
