// A shared tile read down a column of a pitch the kernel is given: lanes
// 'pitch' words apart, a conflict whenever the pitch is a multiple of 32.
__global__ void column(float *out, int pitch) {
  extern __shared__ float tile[];
  tile[threadIdx.x] = 0.0f;
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x * pitch];
}
