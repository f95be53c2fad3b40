// gpumem-bank-conflict on the two classic shared-memory reductions. The
// interleaved one (index = 2 * s * tid) conflicts more as s grows, until
// the guard idles most lanes: the check reports the worst degree over the
// values s takes and names the value where it peaks. Its bound is
// blockDim.x, from the launch, else from option AssumedBlockSize. The
// sequential one (tid + s) is conflict-free for every s.
//
// RUN: %check_gpumem_tidy %s gpumem-bank-conflict %t
// RUN: %check_gpumem_tidy -check-suffix=BIG %s gpumem-bank-conflict %t -- \
// RUN:   -config="{CheckOptions: {gpumem-bank-conflict.AssumedBlockSize: 512}}"

// blockDim 256, warp 0: s = 4 puts lane t on word 8 t, banks 0, 8, 16, 24,
// eight lanes each, all 32 active (8 * 31 < 256): 8-way. s = 8 and s = 16
// keep 8 lanes per bank (16 and 8 lanes pass the guard); s = 1, 2 are
// 2- and 4-way, s = 32, 64 4- and 2-way.
__global__ void interleaved(float *out, const float *in) {
  __shared__ float sdata[256];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    unsigned index = 2 * s * tid;
    if (index < blockDim.x)
      sdata[index] += sdata[index + s];
    // CHECK-MESSAGES-BIG: :[[@LINE-1]]:7: warning: 8-way bank conflict on 'sdata[index]': 8 of the 32 active lanes update 8 distinct words of bank 0 [gpumem-bank-conflict]
    // CHECK-MESSAGES-BIG: :[[@LINE-2]]:23: warning: 8-way bank conflict on 'sdata[index + s]': 8 of the 32 active lanes read 8 distinct words of bank 4 [gpumem-bank-conflict]
    // CHECK-NOTES: :[[@LINE-3]]:7: warning: 8-way bank conflict on 'sdata[index]': 8 of the 32 active lanes update 8 distinct words of bank 0 [gpumem-bank-conflict]
    // CHECK-NOTES: :[[@LINE-7]]:17: note: worst when 's' is 4 (it takes 1, 2, 4, 8, 16, 32, ... 128)
    // CHECK-NOTES: :[[@LINE-12]]:20: note: 'sdata' declared here
    // CHECK-NOTES: :[[@LINE-8]]:14: note: index 'index' is defined here
    // CHECK-NOTES: :[[@LINE+57]]:3: note: at this launch, blockDim is (256, 1, 1)
    // CHECK-NOTES: :[[@LINE-8]]:23: warning: 8-way bank conflict on 'sdata[index + s]': 8 of the 32 active lanes read 8 distinct words of bank 4 [gpumem-bank-conflict]
    // CHECK-NOTES: :[[@LINE-12]]:17: note: worst when 's' is 4 (it takes 1, 2, 4, 8, 16, 32, ... 128)
    // CHECK-NOTES: :[[@LINE-17]]:20: note: 'sdata' declared here
    // CHECK-NOTES: :[[@LINE-13]]:14: note: index 'index' is defined here
    // CHECK-NOTES: :[[@LINE+52]]:3: note: at this launch, blockDim is (256, 1, 1)
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

// The same kernel launched with 512 threads: s = 8 now keeps all 32 lanes
// of warp 0 (16 * 31 < 512) on banks 0 and 16: 16-way.
__global__ void interleaved512(float *out, const float *in) {
  __shared__ float sdata[512];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    unsigned index = 2 * s * tid;
    if (index < blockDim.x)
      sdata[index] += sdata[index + s];
    // CHECK-MESSAGES-BIG: :[[@LINE-1]]:7: warning: 16-way bank conflict on 'sdata[index]': 16 of the 32 active lanes update 16 distinct words of bank 0 [gpumem-bank-conflict]
    // CHECK-MESSAGES-BIG: :[[@LINE-2]]:23: warning: 16-way bank conflict on 'sdata[index + s]': 16 of the 32 active lanes read 16 distinct words of bank 8 [gpumem-bank-conflict]
    // CHECK-NOTES: :[[@LINE-3]]:7: warning: 16-way bank conflict on 'sdata[index]': 16 of the 32 active lanes update 16 distinct words of bank 0 [gpumem-bank-conflict]
    // CHECK-NOTES: :[[@LINE-7]]:17: note: worst when 's' is 8 (it takes 1, 2, 4, 8, 16, 32, ... 256)
    // CHECK-NOTES: :[[@LINE-12]]:20: note: 'sdata' declared here
    // CHECK-NOTES: :[[@LINE-8]]:14: note: index 'index' is defined here
    // CHECK-NOTES: :[[@LINE+29]]:3: note: at this launch, blockDim is (512, 1, 1)
    // CHECK-NOTES: :[[@LINE-8]]:23: warning: 16-way bank conflict on 'sdata[index + s]': 16 of the 32 active lanes read 16 distinct words of bank 8 [gpumem-bank-conflict]
    // CHECK-NOTES: :[[@LINE-12]]:17: note: worst when 's' is 8 (it takes 1, 2, 4, 8, 16, 32, ... 256)
    // CHECK-NOTES: :[[@LINE-17]]:20: note: 'sdata' declared here
    // CHECK-NOTES: :[[@LINE-13]]:14: note: index 'index' is defined here
    // CHECK-NOTES: :[[@LINE+24]]:3: note: at this launch, blockDim is (512, 1, 1)
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

// OK: sequential addressing, tid + s: consecutive words for every s.
__global__ void sequential(float *out, const float *in) {
  __shared__ float sdata[256];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

void reduce(float *out, const float *in, int n) {
  interleaved<<<n / 256, 256>>>(out, in);
  interleaved512<<<n / 512, 512>>>(out, in);
  sequential<<<n / 256, 256>>>(out, in);
}

// No launch in the file: the loop bound blockDim.x is option
// AssumedBlockSize (256 by default, 512 in the BIG run), and the note says
// so.
__global__ void interleavedAssumed(float *out, const float *in) {
  __shared__ float sdata[512];
  unsigned tid = threadIdx.x;
  sdata[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    unsigned index = 2 * s * tid;
    if (index < blockDim.x)
      sdata[index] += sdata[index + s];
    // CHECK-MESSAGES-BIG: :[[@LINE-1]]:7: warning: 16-way bank conflict on 'sdata[index]': 16 of the 32 active lanes update 16 distinct words of bank 0 [gpumem-bank-conflict]
    // CHECK-MESSAGES-BIG: :[[@LINE-2]]:23: warning: 16-way bank conflict on 'sdata[index + s]': 16 of the 32 active lanes read 16 distinct words of bank 8 [gpumem-bank-conflict]
    // CHECK-NOTES: :[[@LINE-3]]:7: warning: 8-way bank conflict on 'sdata[index]': 8 of the 32 active lanes update 8 distinct words of bank 0 [gpumem-bank-conflict]
    // CHECK-NOTES: :[[@LINE-7]]:17: note: worst when 's' is 4 (it takes 1, 2, 4, 8, 16, 32, ... 128); blockDim.x taken as 256 (option 'AssumedBlockSize')
    // CHECK-NOTES: :[[@LINE-12]]:20: note: 'sdata' declared here
    // CHECK-NOTES: :[[@LINE-8]]:14: note: index 'index' is defined here
    // CHECK-NOTES: :[[@LINE-15]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'interleavedAssumed' in this file; set option 'BlockDim' to fix it)
    // CHECK-NOTES: :[[@LINE-8]]:23: warning: 8-way bank conflict on 'sdata[index + s]': 8 of the 32 active lanes read 8 distinct words of bank 4 [gpumem-bank-conflict]
    // CHECK-NOTES: :[[@LINE-12]]:17: note: worst when 's' is 4 (it takes 1, 2, 4, 8, 16, 32, ... 128); blockDim.x taken as 256 (option 'AssumedBlockSize')
    // CHECK-NOTES: :[[@LINE-17]]:20: note: 'sdata' declared here
    // CHECK-NOTES: :[[@LINE-13]]:14: note: index 'index' is defined here
    // CHECK-NOTES: :[[@LINE-20]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'interleavedAssumed' in this file; set option 'BlockDim' to fix it)
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}
