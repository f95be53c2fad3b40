struct Pair { float a; int b; };
__device__ int clampIndex(int i, int n) { return i < n ? i : n - 1; }
__device__ void storeRow(float *row, int col, float v) { row[col] = v; }
__global__ void mixed(const float *in, float *out, const Pair *p, int n,
                      int stride) {
  __shared__ float tile[16][17];
  __shared__ double words[64];
  int tx = threadIdx.x, ty = threadIdx.y;
  int i = blockIdx.x * blockDim.x + tx;
  if (i >= n)
    return;
  if (tx % 2 == 0)
    out[i] = in[i * stride] + p[i].a;
  for (int k = 0; k < 8; ++k)
    tile[ty][(tx + k) % 16] = in[clampIndex(i + k * n, n)];
  for (int s = blockDim.x / 2; s > 0; s >>= 1)
    if (tx < s)
      words[tx] += words[tx + s];
  __syncthreads();
  storeRow(out + ty * n, tx ^ ty, tile[tx % 16][ty]);
  atomicAdd(&out[tx & 7], 1.0f);
  out[(i * 3) / 2 + (tx << 2)] = __ldg(&in[i]);
}
void launch(const float *in, float *out, const Pair *p, int n) {
  mixed<<<dim3(n / 256), dim3(16, 16)>>>(in, out, p, n, 2);
}
