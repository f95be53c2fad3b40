// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access %t

// Template kernels are analysed per instantiation, where sizeof(T) and the
// template arguments are known, and reported once per source location, for
// the costliest instantiation, with a note naming it.

template <typename T>
__global__ void everyOther(const T *in, T *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * 2];
  // float: 8 bytes apart, 2 blocks, 4 sectors more than the bytes need;
  // double: 16 bytes apart, 4 blocks for 256 useful bytes (also 50%), 8
  // sectors more. The costlier, double, is reported.
  // CHECK-NOTES: :[[@LINE-4]]:12: warning: uncoalesced global load of 'in[i * 2]': stride 16 bytes, 4 transactions per warp (50.0% efficiency), 16 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-5]]:12: note: 32 active lanes of 8 bytes each span 504 bytes; the same lanes on consecutive elements would need 2 transactions (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE-7]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE+46]]:3: note: at this launch, blockDim is (256, 1, 1)
  // CHECK-NOTES: :[[@LINE-8]]:12: note: in instantiation 'everyOther<double>'
}

// A non-type parameter: S = 1 is coalesced, S = 4 is not.
template <int S>
__global__ void strided(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * S];
  // CHECK-NOTES: :[[@LINE-1]]:12: warning: uncoalesced global load of 'in[i * S]': stride 16 bytes, 4 transactions per warp (25.0% efficiency), 16 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:12: note: 32 active lanes of 4 bytes each span 500 bytes; the same lanes on consecutive elements would need 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE-4]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE+36]]:3: note: at this launch, blockDim is (256, 1, 1)
  // CHECK-NOTES: :[[@LINE-5]]:12: note: in instantiation 'strided<4>'
}

// sizeof(T) in the index: chars sizeof(float) = 4 apart stay in one block
// (32 useful bytes, ideal 1); sizeof(double) = 8 apart need two.
template <typename T>
__global__ void sizeStrided(const char *in, char *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * sizeof(T)];
  // CHECK-NOTES: :[[@LINE-1]]:12: warning: uncoalesced global load of 'in[i * sizeof(T)]': stride 8 bytes, 2 transactions per warp (12.5% efficiency), 8 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:12: note: 32 active lanes of 1 bytes each span 249 bytes; the same lanes on consecutive elements would need 1 transaction (25.0% efficiency)
  // CHECK-NOTES: :[[@LINE-4]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE-6]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'sizeStrided' in this file; set option 'BlockDim' to fix it)
  // CHECK-NOTES: :[[@LINE-5]]:12: note: in instantiation 'sizeStrided<double>'
}

// Never instantiated in this file (issue 38: it vanished without a word):
// analysed as the analysis's own instantiation, with float, and said (the
// saying is gpumem-diagnostic-uninstantiated-kernel's, not enabled here).
template <typename T>
__global__ void unused(const T *in, T *out) {
  out[threadIdx.x] = in[threadIdx.x * 32];
  // CHECK-NOTES: :[[@LINE-1]]:22: warning: uncoalesced global load of 'in[threadIdx.x * 32]': stride 128 bytes, 32 transactions per warp (3.1% efficiency), 32 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:22: note: 32 active lanes of 4 bytes each span 3972 bytes; the same lanes on consecutive elements would need 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE-4]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'unused' in this file; set option 'BlockDim' to fix it)
  // CHECK-NOTES: :[[@LINE-4]]:22: note: in instantiation 'unused<float>', the analysis's own (float for 'T'): nothing that compiled instantiates the kernel
}

template __global__ void sizeStrided<float>(const char *, char *);
template __global__ void sizeStrided<double>(const char *, char *);

void launch(const float *f, float *fo, const double *d, double *dout) {
  everyOther<<<64, 256>>>(f, fo);
  everyOther<<<64, 256>>>(d, dout);
  strided<1><<<64, 256>>>(f, fo);
  strided<4><<<64, 256>>>(f, fo);
}
