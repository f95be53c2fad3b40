// A 16x16 block reading a matrix whose pitch is a parameter: each warp
// spans two rows 'pitch' elements apart.
__global__ void addBias(float *m, const float *bias, int pitch) {
  int col = blockIdx.x * 16 + threadIdx.x;
  int row = blockIdx.y * 16 + threadIdx.y;
  m[row * pitch + col] += bias[col];
}

void launch(float *m, const float *bias, int pitch) {
  addBias<<<dim3(8, 8), dim3(16, 16)>>>(m, bias, pitch);
}
