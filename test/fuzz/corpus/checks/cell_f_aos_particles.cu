// Scenario cell F (SPEC section 2): array of structures, 6 floats (24 bytes)
// per particle, reading field x.
//
// Lane l reads particles[base + l].x at byte 24 * l: the 32 lanes span bytes
// [0, 748), 6 transactions per warp for 128 useful bytes, 16.7% efficiency.
// As a structure of arrays (x[i] contiguous) the same load is 1 transaction.
// Reading the whole struct costs 6 loads x 6 transactions = 36 transactions
// as AoS against 6 as SoA: 6x fewer.
//
// Expected from gpumem-tidy, on the load of 'particles[i].x':
//   warning: ... 6 transactions per warp (16.7% efficiency) ...
//   [gpumem-aos-access], advising a structure of arrays (1 transaction)
// The store 'flags[i]' is coalesced: no warning.

#include <cuda_runtime.h>

#include <cstdio>

struct Particle {
  float x, y, z;
  float vx, vy, vz;
};
static_assert(sizeof(Particle) == 24, "6 floats, no padding");

// Marks the particles that crossed the wall at x = wallX.
__global__ void crossedWall(const Particle *particles, int *flags, float wallX,
                            int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    flags[i] = particles[i].x > wallX ? 1 : 0;
}

int main() {
  const int n = 1 << 20;
  Particle *particles = nullptr;
  int *flags = nullptr;
  cudaMalloc(&particles, n * sizeof(Particle));
  cudaMalloc(&flags, n * sizeof(int));

  crossedWall<<<(n + 127) / 128, 128>>>(particles, flags, 10.0f, n);
  std::printf("wall: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));

  cudaFree(particles);
  cudaFree(flags);
  return 0;
}
