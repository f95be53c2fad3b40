// One device function called twice from one kernel with the same values:
// two analyses of its access that say the same.
__device__ void bump(float *data) { data[threadIdx.x * 2] += 1.0f; }

__global__ void twice(float *data) {
  bump(data);
  bump(data);
}

void launch(float *data) { twice<<<1, 32>>>(data); }
