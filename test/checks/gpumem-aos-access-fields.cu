// RUN: %check_gpumem_tidy %s gpumem-aos-access %t

// The forms a field access takes: other fields, stores and
// read-modify-writes, the arrow, a pointer to an element, nested records, a
// constant index into an array field, and every other record. blockDim.x is
// assumed a multiple of 32 (no launch in this file).

struct Particle {
  float x, y, z;
  float vx, vy, vz;
};

// The field's offset is added to the record's stride.
struct Body {
  float3 pos;
  float3 vel;
};
struct Sample {
  int id;
  float v[4];
};

__global__ void fieldForms(Particle *particles, const Body *bodies,
                           const Sample *samples, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  particles[i].vz = 0.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: global store of 'particles[i].vz' strides over an array of structures: 'Particle' is 24 bytes, 6 transactions per warp (16.7% efficiency), 24 sectors; a structure of arrays would need 1 for field 'vz' [gpumem-aos-access]
  out[i] = (particles + i)->y;
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: global load of '(particles + i)->y' strides over an array of structures: 'Particle' is 24 bytes, 6 transactions per warp (16.7% efficiency), 24 sectors; a structure of arrays would need 1 for field 'y' [gpumem-aos-access]
  const Particle *mine = &particles[i];
  out[i] = mine->z;
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: global load of 'mine->z' strides over an array of structures: 'Particle' is 24 bytes, 6 transactions per warp (16.7% efficiency), 24 sectors; a structure of arrays would need 1 for field 'z' [gpumem-aos-access]
  out[i] = bodies[i].vel.y;
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: global load of 'bodies[i].vel.y' strides over an array of structures: 'Body' is 24 bytes, 6 transactions per warp (16.7% efficiency), 24 sectors; a structure of arrays would need 1 for field 'vel.y' [gpumem-aos-access]
  out[i] = samples[i].v[2];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: global load of 'samples[i].v[2]' strides over an array of structures: 'Sample' is 20 bytes, 5 transactions per warp (20.0% efficiency), 20 sectors; a structure of arrays would need 1 for field 'v[2]' [gpumem-aos-access]
  particles[i].x += 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: global read-modify-write of 'particles[i].x' strides over an array of structures: 'Particle' is 24 bytes, 6 transactions per warp (16.7% efficiency), 24 sectors; a structure of arrays would need 1 for field 'x' [gpumem-aos-access]
}

// Every other structure: 48 bytes apart, 12 blocks; as arrays the field
// would still be 2 floats apart (2 transactions).
__global__ void everyOtherRecord(const Particle *particles, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = particles[2 * i].y;
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: global load of 'particles[2 * i].y' strides over an array of structures: 'Particle' is 24 bytes, 12 transactions per warp (8.3% efficiency), 32 sectors; a structure of arrays would need 2 for field 'y' [gpumem-aos-access]
}

// A component of a vector type is a field as well: float4 is 16 bytes.
__global__ void vectorComponent(const float4 *v, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = v[i].x;
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: global load of 'v[i].x' strides over an array of structures: 'float4' is 16 bytes, 4 transactions per warp (25.0% efficiency), 16 sectors; a structure of arrays would need 1 for field 'x' [gpumem-aos-access]
  out[i] = reinterpret_cast<const float2 *>(out)[i].y;
  // CHECK-MESSAGES: :[[@LINE-1]]:53: warning: global load of 'reinterpret_cast<const float2 *>(out)[i].y' strides over an array of structures: 'float2' is 8 bytes, 2 transactions per warp (50.0% efficiency), 8 sectors; a structure of arrays would need 1 for field 'y' [gpumem-aos-access]
}

// Negatives: a whole structure copied (lanes read consecutive records, all
// their bytes used), a record no wider than the field, one structure read
// by every lane, a data-dependent element, a separate array of x.
struct Wrapped {
  float v;
};

__global__ void notAos(const Particle *particles, Particle *copy,
                       const Wrapped *w, const int *idx, float *out,
                       const float *xs) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  copy[i] = particles[i];
  out[i] = w[i].v;
  out[i] = particles[blockIdx.x].x;
  out[i] = particles[idx[i]].x;
  out[i] = xs[i];
}
