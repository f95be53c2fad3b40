// Accesses the analysis records, and one it does not reach: a store in a
// lambda that captures an object the kernel writes (the walk does not
// enter it), which the compiler emits on its line all the same.
__global__ void seenAndUnseen(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] * 2.0f;
  struct { float *data; int first; } w = {out, i};
  auto clear = [&](int j) { w.data[j + w.first] = 0.0f; };
  w.first += 4096;
  clear(0);
}
