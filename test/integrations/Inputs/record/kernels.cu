// Accesses whose records the access-record test reads: one of each global
// cause, a shared tile read down its columns, and a template kernel
// instantiated twice at one location.
#include <cuda_runtime.h>

struct Body {
  float x, y, z, mass;
};

__global__ void causes(const float *in, const Body *bodies, float *out,
                       int *idx) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];                 // coalesced
  out[i] += in[i * 4];            // stride 16 bytes
  out[i] += bodies[i].mass;       // array of structures
  out[i] += in[idx[i]];           // data-dependent
}

__global__ void columns(const float *in, float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

template <int Step> __global__ void stepped(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * Step];
}

void launch(const float *in, const Body *b, float *out, int *idx) {
  causes<<<64, 256>>>(in, b, out, idx);
  columns<<<1, dim3(32, 32)>>>(in, out);
  stepped<1><<<64, 256>>>(in, out);
  stepped<8><<<64, 256>>>(in, out);
}
