// Input of the integration tests (SARIF, problem matcher, report): one
// finding of every gpumem check, with notes and a note fix-it, next to a
// coalesced kernel that gets none. Launched with constant block sizes so
// blockDim is known.
#include <cuda_runtime.h>

struct Particle {
  float x, y, z, vx, vy, vz;
};

__global__ void coalescedCopy(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i];
}

__global__ void decimate(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i * 2];
}

__global__ void wallCheck(const Particle *p, int *flags, float wall, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    flags[i] = p[i].x > wall ? 1 : 0;
}

__global__ void skipHeader(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i + 16];
}

__global__ void finishSum(const float *partial, float *out, int count) {
  if (threadIdx.x == 0) {
    float sum = 0.0f;
    for (int k = 0; k < count; ++k)
      sum += partial[k];
    out[blockIdx.x] = sum;
  }
}

__global__ void transpose(const float *in, float *out, int width) {
  __shared__ float tile[32][32];
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 32 + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * width + x];
  __syncthreads();
  int outX = blockIdx.y * 32 + threadIdx.x;
  int outY = blockIdx.x * 32 + threadIdx.y;
  out[outY * width + outX] = tile[threadIdx.x][threadIdx.y];
}

__global__ void matmulNaive(const float *A, const float *B, float *C, int n) {
  int row = blockIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < n; ++k)
    acc += A[row * n + k] * B[k * n + col];
  C[row * n + col] = acc;
}

void launchAll(const float *in, float *out, const Particle *p, int *flags,
               const float *A, const float *B, float *C, int n) {
  coalescedCopy<<<n / 256, 256>>>(in, out, n);
  decimate<<<n / 256, 256>>>(in, out, n);
  wallCheck<<<n / 128, 128>>>(p, flags, 10.0f, n);
  skipHeader<<<n / 256, 256>>>(in, out, n);
  finishSum<<<1, 32>>>(in, out, n);
  transpose<<<dim3(n / 32, n / 32), dim3(32, 32)>>>(in, out, n);
  matmulNaive<<<dim3(n / 32, n), 32>>>(A, B, C, n);
}
