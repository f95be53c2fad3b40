// Issue 24: an index taken modulo a value the analysis does not know (a
// kernel argument, a ring buffer's size) is judged as the bounds-check
// policy judges min(x, n - 1): the warp's lanes are taken as not wrapping
// around n (n is larger than the span of a warp's indices), so x % n is x
// minus a multiple of n the warp shares. A note names the assumption.
//
// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access,gpumem-bank-conflict %t

// Stride 2 floats between lanes: 2 transactions where 1 would do.
__global__ void everyOther(const float *in, float *out, int n) {
  int index = blockIdx.x * blockDim.x + threadIdx.x;
  out[index] = in[(index * 2) % n];
  // CHECK-NOTES: :[[@LINE-1]]:16: warning: uncoalesced global load of 'in[(index * 2) % n]': stride 8 bytes, 2 transactions per warp (50.0% efficiency), 8 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:16: note: 32 active lanes of 4 bytes each span 252 bytes; the same lanes on consecutive elements would need 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE-3]]:16: note: assuming 'n' keeps each warp's start 128-byte aligned (a multiple of 32); otherwise up to 3 transactions and 9 sectors per warp
  // CHECK-NOTES: :[[@LINE-4]]:16: note: assuming no warp's lanes wrap around 'n' in a '/' or '%' (it is larger than the span of a warp's indices, as a bounds check is taken as not reached); where one does, its lanes split in two
  // CHECK-NOTES: :[[@LINE-6]]:7: note: index 'index' is defined here
  // CHECK-NOTES: :[[@LINE+23]]:3: note: at this launch, blockDim is (256, 1, 1)
}

// OK: a ring buffer read from its head: consecutive lanes, consecutive
// floats.
__global__ void ringRead(const float *ring, float *out, int head, int size) {
  int index = blockIdx.x * blockDim.x + threadIdx.x;
  out[index] = ring[(head + index) % size];
}

// A shared ring of rows 32 floats apart: every lane in bank 0.
__global__ void sharedRing(float *out, int size) {
  __shared__ float slots[4096];
  slots[threadIdx.x] = 0.0f;
  __syncthreads();
  out[threadIdx.x] = slots[(threadIdx.x * 32) % size];
  // CHECK-NOTES: :[[@LINE-1]]:22: warning: 32-way bank conflict on 'slots[(threadIdx.x * 32) % size]': the 32 lanes read 32 distinct words of bank 0 [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE-5]]:20: note: 'slots' declared here
  // CHECK-NOTES: :[[@LINE-3]]:22: note: assuming no warp's lanes wrap around 'size' in a '/' or '%' (it is larger than the span of a warp's indices, as a bounds check is taken as not reached); where one does, its lanes split in two
  // CHECK-NOTES: :[[@LINE+6]]:3: note: at this launch, blockDim is (32, 1, 1)
}

void launch(const float *in, float *out, int n, int head) {
  everyOther<<<n / 256, 256>>>(in, out, n);
  ringRead<<<n / 256, 256>>>(in, out, head, n);
  sharedRing<<<1, 32>>>(out, n);
}
