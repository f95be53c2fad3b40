// Scenario cell H (SPEC section 2): interleaved RGB pixels, 12 bytes each,
// reading the red channel.
//
// Lane l reads image[base + l].r at byte 12 * l: the 32 lanes span bytes
// [0, 376), 3 transactions per warp for 128 useful bytes, 33.3% efficiency.
// With planar storage (one array per channel) a pass over one channel is
// 1 transaction per warp: 3x fewer.
//
// Expected from gpumem-tidy, on the load of 'image[i].r':
//   warning: ... 3 transactions per warp (33.3% efficiency) ...
//   [gpumem-aos-access], advising planar (structure of arrays) storage
// The store 'red[i]' is coalesced: no warning.

#include <cuda_runtime.h>

#include <cstdio>

struct PixelRGB {
  float r, g, b;
};
static_assert(sizeof(PixelRGB) == 12, "3 floats, no padding");

// Extracts the red channel, scaled by an exposure gain.
__global__ void extractRed(const PixelRGB *image, float *red, float gain,
                           int numPixels) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < numPixels)
    red[i] = gain * image[i].r;
}

int main() {
  const int width = 1920, height = 1080;
  const int numPixels = width * height;
  PixelRGB *image = nullptr;
  float *red = nullptr;
  cudaMalloc(&image, numPixels * sizeof(PixelRGB));
  cudaMalloc(&red, numPixels * sizeof(float));

  extractRed<<<(numPixels + 255) / 256, 256>>>(image, red, 1.5f, numPixels);
  std::printf("red: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));

  cudaFree(image);
  cudaFree(red);
  return 0;
}
