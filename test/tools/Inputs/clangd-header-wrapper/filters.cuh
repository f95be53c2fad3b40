// Kernels of the project's own header, each with the host function that
// launches it: the file that includes the header calls the functions, not
// the kernels.
#pragma once

// A column of a row-major image per lane: 'width' floats apart.
__global__ void scaleColumns(float *img, int width, float s) {
  int col = blockIdx.x;
  int row = threadIdx.x;
  img[row * width + col] *= s;
}

// Every other float of a row: two transactions where one would do.
__global__ void evenHalf(const float *in, float *out) {
  out[threadIdx.x] = in[2 * threadIdx.x];
}

void launchScale(float *img, int width, int height, float s) {
  scaleColumns<<<width, 32>>>(img, width, s);
}

// Two functions deep: the included file calls runFilters only.
void runFilters(float *img, float *half, int width, int height) {
  launchScale(img, width, height, 0.5f);
  evenHalf<<<1, 32>>>(img, half);
}

// A kernel the included file launches itself: a finding on the whole
// kernel goes to that launch too.
__global__ void matmulNaive(const float *A, const float *B, float *C, int n) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < n; ++k)
    acc += A[row * n + k] * B[k * n + col];
  C[row * n + col] = acc;
}

// Launches a kernel, but nothing in the included file calls it.
__global__ void strided(const float *in, float *out) {
  out[threadIdx.x] = in[threadIdx.x * 64];
}
void launchStrided(const float *in, float *out) {
  strided<<<1, 32>>>(in, out);
}
