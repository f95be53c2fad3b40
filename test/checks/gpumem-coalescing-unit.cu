// CoalescingUnit: by default an access is judged as the seed does, by
// 128-byte transactions; with `sectors` it is judged as Nsight Compute
// counts, by the 32-byte sectors it needs beyond what its bytes need. The
// numbers in the message are the same; the sector judgement adds a note.
//
// RUN: %check_gpumem_tidy -check-suffix=TX %s gpumem-uncoalesced-access,gpumem-misaligned-access %t
// RUN: %check_gpumem_tidy -check-suffix=SECTORS %s gpumem-uncoalesced-access,gpumem-misaligned-access %t -- \
// RUN:   -config="{CheckOptions: {CoalescingUnit: sectors}}"

// A 16x16 block: each warp reads two rows of 64 aligned bytes. Two
// transactions where one would hold the bytes (the seed's model reports
// it); four sectors, which is all the 128 bytes need (Nsight does not).
__global__ void twoRows(const float *in, float *out) {
  int x = threadIdx.x, y = threadIdx.y;
  out[y * 64 + x] = in[y * 64 + x];
  // CHECK-MESSAGES-TX: :[[@LINE-1]]:3: warning: uncoalesced global store of 'out[y * 64 + x]': the warp spans 2 rows of 16 lanes, 2 transactions per warp (50.0% efficiency), 4 sectors; a block 32 threads wide keeps each warp in one row [gpumem-uncoalesced-access]
  // CHECK-MESSAGES-TX: :[[@LINE-2]]:21: warning: uncoalesced global load of 'in[y * 64 + x]': the warp spans 2 rows of 16 lanes, 2 transactions per warp (50.0% efficiency), 4 sectors; a block 32 threads wide keeps each warp in one row [gpumem-uncoalesced-access]
}

// Stride 2 wastes half of every sector: reported both ways, with the sector
// figures in a note.
__global__ void everyOther(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[2 * i];
  // CHECK-MESSAGES-TX: :[[@LINE-1]]:12: warning: uncoalesced global load of 'in[2 * i]': stride 8 bytes, 2 transactions per warp (50.0% efficiency), 8 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK-MESSAGES-SECTORS: :[[@LINE-2]]:12: warning: uncoalesced global load of 'in[2 * i]': stride 8 bytes, 2 transactions per warp (50.0% efficiency), 8 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK-MESSAGES-SECTORS: :[[@LINE-3]]:12: note: judged by 32-byte sectors (CoalescingUnit): 8 sectors where 4 would do (50.0% sector efficiency)
}

// A base 32 bytes past a 128-byte boundary: two transactions, but four
// whole sectors (silent with sectors). 4 bytes past: five sectors, reported
// both ways.
__global__ void shifted(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i + 8] + in[i + 1];
  // CHECK-MESSAGES-TX: :[[@LINE-1]]:12: warning: misaligned global load of 'in[i + 8]': starts 32 bytes past a 128-byte boundary, 2 transactions per warp (50.0% efficiency), 4 sectors; aligned, it would need 1 [gpumem-misaligned-access]
  // CHECK-MESSAGES-TX: :[[@LINE-2]]:24: warning: misaligned global load of 'in[i + 1]': starts 4 bytes past a 128-byte boundary, 2 transactions per warp (50.0% efficiency), 5 sectors; aligned, it would need 1 [gpumem-misaligned-access]
  // CHECK-MESSAGES-SECTORS: :[[@LINE-3]]:24: warning: misaligned global load of 'in[i + 1]': starts 4 bytes past a 128-byte boundary, 2 transactions per warp (50.0% efficiency), 5 sectors; aligned, it would need 1 [gpumem-misaligned-access]
  // CHECK-MESSAGES-SECTORS: :[[@LINE-4]]:24: note: judged by 32-byte sectors (CoalescingUnit): 5 sectors where 4 would do (80.0% sector efficiency)
}

void launch(const float *in, float *out, int n) {
  twoRows<<<1, dim3(16, 16)>>>(in, out);
  everyOther<<<n / 256, 256>>>(in, out);
  shifted<<<n / 256, 256>>>(in, out);
}
