// The host program of the hardware check (docs/hardware-check.md): one
// executable, built with nvcc -lineinfo and no other library, that runs
// every example of examples/ (each through its own main, renamed here, so
// its kernels run with the launch its file shows gpumem-tidy) and then the
// kernels of kernels.cu, each launched once. Nsight Compute profiles it;
// the source lines it reports are those of the example files and of
// kernels.cu, the files whose predictions bench/nsight/predict.py exports.

#include <cuda_runtime.h>

#include <cstdio>
#include <vector>

#define main example_copy_main
#include "../../examples/cell_a_coalesced_copy.cu"
#undef main
#define main example_stride2_main
#include "../../examples/cell_b_stride2.cu"
#undef main
#define main example_stride32_main
#include "../../examples/cell_c_stride32.cu"
#undef main
#define main example_partial_warp_main
#include "../../examples/cell_d_partial_warp.cu"
#undef main
#define main example_broadcast_main
#include "../../examples/cell_e_broadcast.cu"
#undef main
#define main example_aos_main
#include "../../examples/cell_f_aos_particles.cu"
#undef main
#define main example_transpose_main
#include "../../examples/cell_g_transpose_bank_conflict.cu"
#undef main
#define main example_rgb_main
#include "../../examples/cell_h_rgb_pixels.cu"
#undef main
#define main example_matmul_main
#include "../../examples/cell_i_tiled_matmul.cu"
#undef main
#define main example_misaligned_main
#include "../../examples/cell_j_misaligned.cu"
#undef main

#include "kernels.cu"

int main() {
  int (*const examples[])() = {
      example_copy_main,         example_stride2_main,
      example_stride32_main,     example_partial_warp_main,
      example_broadcast_main,    example_aos_main,
      example_transpose_main,    example_rgb_main,
      example_matmul_main,       example_misaligned_main,
  };
  int failed = 0;
  for (auto run : examples)
    failed |= run();
  cudaError_t err = bench::runBenchKernels();
  std::printf("bench kernels: %s\n", cudaGetErrorString(err));
  return failed || err != cudaSuccess;
}
