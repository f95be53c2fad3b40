// Memory spaces and the access facts: global (kernel pointer parameters,
// __device__ variables), shared (static with its shape, extern), local and
// __constant__ (not listed); struct fields at the offsets of Clang's record
// layout; loads through __ldg and read-modify-writes through atomics and
// references; __device__ functions analysed with the caller's arguments;
// template kernels once per instantiation. blockDim.x is assumed a
// multiple of 32.
//
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump %s -- %cuda_flags \
// RUN:   | FileCheck %s

struct Particle {
  float x, y, z;
  float vx, vy, vz;
};
struct Sample {
  int id;
  float v[4];
};

__device__ float table[64][64];
__constant__ float coefficients[64];
extern __shared__ float dynamicShared[];

// CHECK: :[[@LINE+1]]:17: remark: kernel 'spaces': blockDim assumed, 8 accesses
__global__ void spaces(const float *in, float *out) {
  __shared__ float tile[32][33];
  float local[8];
  int tid = threadIdx.x;
  tile[tid][0] = in[tid];
  // CHECK: :[[@LINE-1]]:3: remark: store shared 'tile[tid][0]' width 4; offset 132*lane + (4224)*warp.x; active 0xffffffff; array tile[32][33]; scenarios 1
  // CHECK: :[[@LINE-2]]:18: remark: load global 'in[tid]' width 4; offset 4*lane + (128)*warp.x; active 0xffffffff; scenarios 1; transactions 1, sectors 4
  dynamicShared[tid] = tile[0][tid];
  // CHECK: :[[@LINE-1]]:3: remark: store shared 'dynamicShared[tid]' width 4; offset 4*lane + (128)*warp.x; active 0xffffffff; array dynamicShared; scenarios 1
  // CHECK: :[[@LINE-2]]:24: remark: load shared 'tile[0][tid]' width 4; offset 4*lane + (128)*warp.x; active 0xffffffff; array tile[32][33]; scenarios 1
  local[tid % 8] = coefficients[tid];
  out[tid] = table[tid][1] + local[0];
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[tid]' width 4; offset 4*lane + (128)*warp.x; active 0xffffffff; scenarios 1; transactions 1, sectors 4
  // CHECK: :[[@LINE-2]]:14: remark: load global 'table[tid][1]' width 4; offset 4+256*lane + (8192)*warp.x; active 0xffffffff; scenarios 1; transactions 32, sectors 32
  out[tid] = __ldg(&in[tid + 1]);
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[tid]' width 4; offset 4*lane + (128)*warp.x; active 0xffffffff; scenarios 1; transactions 1, sectors 4
  // CHECK: :[[@LINE-2]]:21: remark: load global 'in[tid + 1]' width 4; offset 4+4*lane + (128)*warp.x; active 0xffffffff; scenarios 1; transactions 2, sectors 5
}

// CHECK: :[[@LINE+1]]:17: remark: kernel 'records': blockDim assumed, 6 accesses
__global__ void records(const Particle *particles, const Sample *samples,
                        const float4 *vectors, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = particles[i].vy;
  // CHECK: :[[@LINE-1]]:28: remark: load global 'particles[i].vy' width 4; offset 16+24*lane + (768)*blockIdx.x*blockDim.x/32 + (768)*warp.x; active 0xffffffff; struct Particle (24 bytes) field 'vy' at 16; scenarios 1; transactions 6, sectors 24
  acc += (particles + i)->z;
  // CHECK: :[[@LINE-1]]:27: remark: load global '(particles + i)->z' width 4; offset 8+24*lane + (768)*blockIdx.x*blockDim.x/32 + (768)*warp.x; active 0xffffffff; struct Particle (24 bytes) field 'z' at 8; scenarios 1; transactions 6, sectors 24
  acc += samples[i].v[2];
  // CHECK: :[[@LINE-1]]:10: remark: load global 'samples[i].v[2]' width 4; offset 12+20*lane + (640)*blockIdx.x*blockDim.x/32 + (640)*warp.x; active 0xffffffff; struct Sample (20 bytes) field 'v[2]' at 12; scenarios 1; transactions 5, sectors 20
  acc += vectors[i].w;
  // CHECK: :[[@LINE-1]]:21: remark: load global 'vectors[i].w' width 4; offset 12+16*lane + (512)*blockIdx.x*blockDim.x/32 + (512)*warp.x; active 0xffffffff; struct float4 (16 bytes) field 'w' at 12; scenarios 1; transactions 4, sectors 16
  Particle copy = particles[i];
  // CHECK: :[[@LINE-1]]:19: remark: load global 'particles[i]' width 24; offset 24*lane + (768)*blockIdx.x*blockDim.x/32 + (768)*warp.x; active 0xffffffff; struct Particle (24 bytes) whole; scenarios 1; transactions 6, sectors 24
  out[i] = acc + copy.x;
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[i]' width 4; offset 4*lane + (128)*blockIdx.x*blockDim.x/32 + (128)*warp.x; active 0xffffffff; scenarios 1; transactions 1, sectors 4
}

// Accesses in device functions are reported where they are written.
__device__ float loadAt(const float *p, int i) { return p[i]; }
// CHECK: :[[@LINE-1]]:57: remark: load global 'p[i]' width 4; offset 8*lane + (256)*warp.x; active 0xffffffff; scenarios 1; transactions 2, sectors 8
__device__ void bump(float &x) { x += 1.0f; }
// CHECK: :[[@LINE-1]]:34: remark: read-modify-write global 'x' width 4; offset 16*lane + (512)*warp.x; active 0xffffffff; scenarios 1; transactions 4, sectors 16

// CHECK: :[[@LINE+1]]:17: remark: kernel 'calls': blockDim assumed, 4 accesses
__global__ void calls(const float *in, float *out, int *counts) {
  int tid = threadIdx.x;
  out[tid] = loadAt(in, tid * 2);
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[tid]' width 4; offset 4*lane + (128)*warp.x; active 0xffffffff; scenarios 1; transactions 1, sectors 4
  bump(out[tid * 4]);
  atomicAdd(&counts[tid % 4], 1);
  // CHECK: :[[@LINE-1]]:14: remark: read-modify-write global 'counts[tid % 4]' width 4; offset [0,4,8,12,0,4,8,12,0,4,8,12,0,4,8,12,0,4,8,12,0,4,8,12,0,4,8,12,0,4,8,12]; active 0xffffffff; scenarios 1; transactions 1, sectors 1
}

// One kernel remark (the two are identical), each access twice: float,
// then double.
// CHECK: :[[@LINE+2]]:17: remark: kernel 'everyOther': blockDim assumed, 2 accesses
template <typename T>
__global__ void everyOther(const T *in, T *out) {
  out[threadIdx.x] = in[threadIdx.x * 2];
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[threadIdx.x]' width 4; offset 4*lane + (128)*warp.x; active 0xffffffff; scenarios 1; transactions 1, sectors 4
  // CHECK: :[[@LINE-2]]:3: remark: store global 'out[threadIdx.x]' width 8; offset 8*lane + (256)*warp.x; active 0xffffffff; scenarios 1; transactions 2, sectors 8
  // CHECK: :[[@LINE-3]]:22: remark: load global 'in[threadIdx.x * 2]' width 4; offset 8*lane + (256)*warp.x; active 0xffffffff; scenarios 1; transactions 2, sectors 8
  // CHECK: :[[@LINE-4]]:22: remark: load global 'in[threadIdx.x * 2]' width 8; offset 16*lane + (512)*warp.x; active 0xffffffff; scenarios 1; transactions 4, sectors 16
}
template __global__ void everyOther<float>(const float *, float *);
template __global__ void everyOther<double>(const double *, double *);
