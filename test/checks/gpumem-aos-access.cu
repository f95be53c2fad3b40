// RUN: %check_gpumem_tidy %s gpumem-aos-access %t

// Cells F and H of SPEC section 2: lanes that read one field of
// consecutive structures step over whole records; the fix is a structure of
// arrays. Offsets come from Clang's record layout. No launch in this file:
// blockDim.x is assumed a multiple of 32.

// Cell F: 6 floats, 24 bytes. Lane l reads bytes [24l, 24l + 4): span 748,
// 6 blocks, 24 sectors, 128 useful bytes (16.7%). As separate arrays: 1.
// All six fields: 6 x 6 = 36 transactions against 6 x 1 = 6.
struct Particle {
  float x, y, z;
  float vx, vy, vz;
};

__global__ void cellF(const Particle *particles, int *flags, float wall) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  flags[i] = particles[i].x > wall;
  // CHECK-NOTES: :[[@LINE-1]]:27: warning: global load of 'particles[i].x' strides over an array of structures: 'Particle' is 24 bytes, 6 transactions per warp (16.7% efficiency), 24 sectors; a structure of arrays would need 1 for field 'x' [gpumem-aos-access]
  // CHECK-NOTES: :[[@LINE-2]]:27: note: lanes are 24 bytes apart and span 748 bytes to use 128 of them
  // CHECK-NOTES: :[[@LINE-3]]:27: note: all 6 fields: 36 transactions per warp as structs, 6 as separate arrays, 6x fewer
  // CHECK-NOTES: :[[@LINE-11]]:8: note: 'Particle' declared here
  // CHECK-NOTES: :[[@LINE-6]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE-8]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'cellF' in this file; set option 'BlockDim' to fix it)
}

// Cell H: interleaved RGB, 12 bytes; the red channel spans 376 bytes in 3
// blocks (33.3%); planar, 1 per channel pass, 3x fewer.
struct PixelRGB {
  float r, g, b;
};

__global__ void cellH(const PixelRGB *image, float *red, float gain) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  red[i] = gain * image[i].r;
  // CHECK-NOTES: :[[@LINE-1]]:28: warning: global load of 'image[i].r' strides over an array of structures: 'PixelRGB' is 12 bytes, 3 transactions per warp (33.3% efficiency), 12 sectors; a structure of arrays would need 1 for field 'r' [gpumem-aos-access]
  // CHECK-NOTES: :[[@LINE-2]]:28: note: lanes are 12 bytes apart and span 376 bytes to use 128 of them
  // CHECK-NOTES: :[[@LINE-3]]:28: note: all 3 fields: 9 transactions per warp as structs, 3 as separate arrays, 3x fewer
  // CHECK-NOTES: :[[@LINE-10]]:8: note: 'PixelRGB' declared here
  // CHECK-NOTES: :[[@LINE-6]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE-8]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'cellH' in this file; set option 'BlockDim' to fix it)
}

// Fields of different widths: the whole-struct comparison is left out
// (it holds only when every field is as wide as the one read).
struct Mixed {
  double weight;
  float value;
  int tag;
};

__global__ void mixedFields(const Mixed *m, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = m[i].value;
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: global load of 'm[i].value' strides over an array of structures: 'Mixed' is 16 bytes, 4 transactions per warp (25.0% efficiency), 16 sectors; a structure of arrays would need 1 for field 'value' [gpumem-aos-access]
  // CHECK-NOTES: :[[@LINE-2]]:17: note: lanes are 16 bytes apart and span 500 bytes to use 128 of them
  // CHECK-NOTES: :[[@LINE-11]]:8: note: 'Mixed' declared here
  // CHECK-NOTES: :[[@LINE-5]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE-7]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'mixedFields' in this file; set option 'BlockDim' to fix it)
}

// A template kernel over the element type: analysed for Particle.
template <typename T>
__global__ void firstField(const T *items, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = items[i].x;
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: global load of 'items[i].x' strides over an array of structures: 'Particle' is 24 bytes, 6 transactions per warp (16.7% efficiency), 24 sectors; a structure of arrays would need 1 for field 'x' [gpumem-aos-access]
  // CHECK-NOTES: :[[@LINE-2]]:21: note: lanes are 24 bytes apart and span 748 bytes to use 128 of them
  // CHECK-NOTES: :[[@LINE-3]]:21: note: all 6 fields: 36 transactions per warp as structs, 6 as separate arrays, 6x fewer
  // CHECK-NOTES: :[[@LINE-59]]:8: note: 'Particle' declared here
  // CHECK-NOTES: :[[@LINE-6]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE+5]]:3: note: at this launch, blockDim is (128, 1, 1)
  // CHECK-NOTES: :[[@LINE-7]]:21: note: in instantiation 'firstField<Particle>'
}

void launch(const Particle *p, float *out) {
  firstField<<<64, 128>>>(p, out);
}
