// Accesses the analysis records, and one it does not reach: a store in a
// lambda's body (the walk does not enter lambdas), which the compiler
// emits on its line all the same.
__global__ void seenAndUnseen(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] * 2.0f;
  auto clear = [&](int j) {
    out[j + 4096] = 0.0f;
  };
  clear(i);
}
