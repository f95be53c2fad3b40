// Issue 25: tensors addressed in bytes through `char *` with the byte
// strides as arguments ((char *)dst + i * nb0, the convention of tensor
// libraries). A symbolic byte stride is coalesced when it equals the
// access's width, and the message says so, not "only when 1" (lanes one
// byte apart would overlap).
//
// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access %t

__global__ void copyRows(const char *src, char *dst, int nb0, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    *(float *)(dst + i * nb0) = *(const float *)(src + i * nb0);
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: uncoalesced global store of '*(float *)(dst + i * nb0)': stride 'nb0' x 1 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 'nb0' >= 128; coalesced only when 'nb0' is 4 (lanes 4 bytes apart, the access's width) [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:5: note: with 'nb0' = 4 the warp needs 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE+14]]:3: note: at this launch, blockDim is (256, 1, 1)
  // The load depends on 'nb0' alike: one warning per kernel and parameter.
  // CHECK-NOTES: :[[@LINE-5]]:5: note: 1 more access of 'copyRows' has a finding under the same condition on 'nb0'; this warning speaks for it
  // CHECK-NOTES: :[[@LINE-6]]:33: note: this access has the same finding under the condition on 'nb0', said once at the warning
}

// OK: the stride is the element size, written out.
__global__ void copyPacked(const char *src, char *dst, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    *(float *)(dst + i * 4) = *(const float *)(src + i * 4);
}

void launch(const char *s, char *d, int nb0, int n) {
  copyRows<<<n / 256, 256>>>(s, d, nb0, n);
  copyPacked<<<n / 256, 256>>>(s, d, n);
}
