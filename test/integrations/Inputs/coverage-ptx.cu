// Accesses the analysis records, and one it does not reach: a store in a
// lambda that captures a variable the kernel writes (the walk does not
// enter it), which the compiler emits on its line all the same.
__global__ void seenAndUnseen(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] * 2.0f;
  auto clear = [&](int j) {
    out[j + i] = 0.0f;
  };
  i += 4096;
  clear(i);
}
