// The file the editor has open: it calls the header's launching functions.
#include "filters.cuh"

void frame(float *img, float *half, const float *A, const float *B, float *C,
           int n) {
  runFilters(img, half, 1024, 32);
  matmulNaive<<<dim3(n / 16, n / 16), dim3(16, 16)>>>(A, B, C, n);
}

// The file's own definitions, then a header of kernels that needs them: it
// does not compile on its own, and the file's parse reads it (not the
// preamble's).
constexpr int Rows = 8;
#include "rows.cuh"
