// Issue 61: no bare degree from a block the analysis did not see. Where the
// block is assumed (a run-time launch, no launch in the file) and another
// block gives the access another degree, the note on the assumed block
// says which degree goes with which block. Where the degree does not depend
// on the block, or a launch fixes it, the note ends as before.
//
// RUN: %check_gpumem_tidy %s gpumem-bank-conflict %t

__global__ void columnRead(const float *in, float *out) {
  __shared__ float t[32][32];
  t[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = t[threadIdx.x][threadIdx.y];
  // CHECK-NOTES: :[[@LINE-1]]:41: warning: 32-way bank conflict on 't[threadIdx.x][threadIdx.y]': the 32 lanes read 32 distinct words of bank 0; pad to [32][33] [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE-5]]:20: note: pad the innermost dimension of 't' to [32][33]
  // CHECK-NOTES: :[[@LINE-7]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'columnRead' in this file; set option 'BlockDim' to fix it); at other blocks it is 16-way at (16, 16, 1), 8-way at (8, 8, 1){{$}}
}

__global__ void columnReadAtRunTime(const float *in, float *out) {
  __shared__ float t[32][32];
  t[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = t[threadIdx.x][threadIdx.y];
  // CHECK-NOTES: :[[@LINE-1]]:41: warning: 32-way bank conflict on 't[threadIdx.x][threadIdx.y]': the 32 lanes read 32 distinct words of bank 0; pad to [32][33] [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE-5]]:20: note: pad the innermost dimension of 't' to [32][33]
  // CHECK-NOTES: :[[@LINE+15]]:28: note: the block of 'columnReadAtRunTime' is a value of the run at this launch ('dim3(side, side)'): assuming blockDim.x is a multiple of 32; set option 'BlockDim' to fix it; at other blocks it is 16-way at (16, 16, 1), 8-way at (8, 8, 1){{$}}
}

// A 1-D stride: every block puts the lanes on one bank alike.
__global__ void strided(const float *in, float *out) {
  __shared__ float s[32 * 32];
  s[threadIdx.x * 32] = in[blockIdx.x * 32 + threadIdx.x];
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: 32-way bank conflict on 's[threadIdx.x * 32]': the 32 lanes write 32 distinct words of bank 0 [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE-3]]:20: note: 's' declared here
  // CHECK-NOTES: :[[@LINE-5]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'strided' in this file; set option 'BlockDim' to fix it){{$}}
  __syncthreads();
  out[blockIdx.x * 32 + threadIdx.x] = s[threadIdx.x];
}

void run(int side, const float *in, float *out) {
  columnReadAtRunTime<<<4, dim3(side, side)>>>(in, out);
}
