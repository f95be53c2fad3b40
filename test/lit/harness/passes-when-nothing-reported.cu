// OK: no CHECK lines, and the check finds nothing, so the test passes.
//
// RUN: %check_gpumem_tidy %s misc-unused-parameters %t
// RUN: %check_gpumem_tidy %s misc-unused-parameters %t -- -- --cuda-host-only

__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

void run(int n, float a, const float *x, float *y) {
  saxpy<<<(n + 255) / 256, 256>>>(n, a, x, y);
}
