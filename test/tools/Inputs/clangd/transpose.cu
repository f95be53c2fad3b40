// A 32-way bank conflict for clangd to report as the file is opened: every
// lane of a warp reads column 0 of a 32 x 32 float tile, 32 distinct words
// of bank 0.
__global__ void readColumn(float *Out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = Out[threadIdx.x];
  __syncthreads();
  Out[threadIdx.x] = tile[threadIdx.x][0];
}

void launch(float *Out) { readColumn<<<1, dim3(32, 32)>>>(Out); }
