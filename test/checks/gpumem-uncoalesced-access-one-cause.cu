// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access,gpumem-aos-access,gpumem-misaligned-access,gpumem-partial-warp-access %t

// The four global-memory checks together: every access gets at most one
// diagnostic, for its dominant cause (SPEC section 3). An array-of-structures
// stride is the AoS check's even when misaligned; a stride that also starts
// off a boundary is a stride; a few lanes reading scattered words is a
// stride, reading one block is a partial warp. blockDim.x is assumed a
// multiple of 32 (no launch in this file).

struct Particle {
  float x, y, z;
  float vx, vy, vz;
};

__global__ void oneEach(const Particle *particles, const float *in,
                        float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // Cell F shifted by one record: 24 bytes apart from byte 24, [24, 772)
  // in 7 blocks, still the record's stride; as an array, x[i + 1] would
  // touch [4, 132), 2 blocks.
  out[i] = particles[i + 1].x;
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: global load of 'particles[i + 1].x' strides over an array of structures: 'Particle' is 24 bytes, 7 transactions per warp (14.3% efficiency), 25 sectors; a structure of arrays would need 2 for field 'x' [gpumem-aos-access]
  // Cell B from byte 64: bytes [64, 316) touch 3 blocks; aligned it would
  // still need 2, so the stride is what costs.
  out[i] = in[2 * i + 16];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: uncoalesced global load of 'in[2 * i + 16]': stride 8 bytes, 3 transactions per warp (33.3% efficiency), 8 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // Cell J.
  out[i] = in[i + 16];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: misaligned global load of 'in[i + 16]': starts 64 bytes past a 128-byte boundary, 2 transactions per warp (50.0% efficiency), 4 sectors; aligned, it would need 1 [gpumem-misaligned-access]
  for (int k = 0; k < n; ++k) {
    if (threadIdx.x < 8) {
      // Cell D's shape with 8 lanes: one block, 32 of 128 bytes.
      out[k * 8 + threadIdx.x] = 0.0f;
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: global store of 'out[k * 8 + threadIdx.x]' by 8 of 32 lanes inside a loop: 1 transaction per warp (25.0% efficiency), 1 sector, 32 useful bytes of 128 moved; spread the work over the warp's lanes [gpumem-partial-warp-access]
      // 8 lanes, 128 bytes apart: 8 blocks for 32 bytes.
      out[threadIdx.x * 32 + k] = 0.0f;
      // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: uncoalesced global store of 'out[threadIdx.x * 32 + k]': stride 128 bytes, 8 transactions per warp (3.1% efficiency), 8 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
    }
  }
  // Coalesced, a broadcast, a data-dependent index: nothing from any check
  // (but the AoS read of the index itself).
  out[i] = in[i] + in[0] + in[(int)particles[i].x];
  // CHECK-MESSAGES: :[[@LINE-1]]:49: warning: global load of 'particles[i].x' strides over an array of structures: 'Particle' is 24 bytes, 6 transactions per warp (16.7% efficiency), 24 sectors; a structure of arrays would need 1 for field 'x' [gpumem-aos-access]
}
