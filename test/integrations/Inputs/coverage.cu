// Input of coverage.test: nine accesses analysed, three not.
__global__ void mixed(const float *in, const int *idx, float *out, int n,
                      const float *const *rows) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
  float s = in[i * n];
  int j = idx[i];
  out[j] = s;
  out[idx[i] + 1] = 0.0f;
  out[i & n] = 1.0f;
  out[i] = rows[threadIdx.x % 4][i];
  out[i + n] = rows[blockIdx.x][i];
}
