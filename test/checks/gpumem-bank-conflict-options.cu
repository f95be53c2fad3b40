// The options of gpumem-bank-conflict: the phase rule for wide accesses,
// the smallest degree reported, and the hardware options shared with the
// other gpumem checks (bank count and width, blockDim), set per check or
// globally; --dump-config echoes them all with their defaults.
//
// RUN: %check_gpumem_tidy %s gpumem-bank-conflict %t
// RUN: %check_gpumem_tidy -check-suffix=WHOLE %s gpumem-bank-conflict %t -- \
// RUN:   -config="{CheckOptions: {gpumem-bank-conflict.PhaseRule: whole-warp}}"
// RUN: %check_gpumem_tidy -check-suffix=MIN4 %s gpumem-bank-conflict %t -- \
// RUN:   -config="{CheckOptions: {gpumem-bank-conflict.MinimumDegree: 4}}"
// RUN: %check_gpumem_tidy -check-suffix=BANKS64 %s gpumem-bank-conflict %t -- \
// RUN:   -config="{CheckOptions: {BankCount: 64}}"
// RUN: %check_gpumem_tidy -check-suffix=WIDE8 %s gpumem-bank-conflict %t -- \
// RUN:   -config="{CheckOptions: {gpumem-bank-conflict.BankWidthBytes: 8}}"
// RUN: %check_gpumem_tidy -check-suffix=BAD %s gpumem-bank-conflict %t -- \
// RUN:   -config="{CheckOptions: {gpumem-bank-conflict.PhaseRule: half-warp}}"
//
// RUN: %clang_tidy --checks=-*,gpumem-bank-conflict --dump-config \
// RUN:   | FileCheck %s --check-prefix=DUMP-DEFAULT
// RUN: %clang_tidy --checks=-*,gpumem-bank-conflict --dump-config \
// RUN:   -config="{CheckOptions: {gpumem-bank-conflict.PhaseRule: whole-warp, \
// RUN:     gpumem-bank-conflict.MinimumDegree: 4, BankCount: 64, \
// RUN:     gpumem-bank-conflict.BankWidthBytes: 8, BlockDim: '16,16', \
// RUN:     AssumedBlockSize: 512, GpuPreset: h100}}" \
// RUN:   | FileCheck %s --check-prefix=DUMP-SET

// DUMP-DEFAULT: gpumem-bank-conflict.AssumedBlockSize: '256'
// DUMP-DEFAULT: gpumem-bank-conflict.BankCount: '32'
// DUMP-DEFAULT: gpumem-bank-conflict.BankWidthBytes: '4'
// DUMP-DEFAULT: gpumem-bank-conflict.BlockDim: ''
// DUMP-DEFAULT: gpumem-bank-conflict.GpuPreset: a100
// DUMP-DEFAULT: gpumem-bank-conflict.MinimumDegree: '2'
// DUMP-DEFAULT: gpumem-bank-conflict.PhaseRule: by-access-width

// DUMP-SET: gpumem-bank-conflict.AssumedBlockSize: '512'
// DUMP-SET: gpumem-bank-conflict.BankCount: '64'
// DUMP-SET: gpumem-bank-conflict.BankWidthBytes: '8'
// DUMP-SET: gpumem-bank-conflict.BlockDim: 16,16
// DUMP-SET: gpumem-bank-conflict.GpuPreset: h100
// DUMP-SET: gpumem-bank-conflict.MinimumDegree: '4'
// DUMP-SET: gpumem-bank-conflict.PhaseRule: whole-warp

// CHECK-MESSAGES-BAD: warning: invalid configuration value 'half-warp' for option 'gpumem-bank-conflict.PhaseRule' [clang-tidy-config]

// Cell G. With 64 banks, lane l (word 32 l) is on bank 0 or 32: 16-way.
// With 8-byte banks, on word 16 l of bank 0 or 16: 16-way; 33 floats a
// row (132 bytes) put lane l on 8-byte word 16 l + l / 2, all distinct
// banks.
__global__ void cellG(float *out) {
  __shared__ float tile[32][32];
  out[threadIdx.x] = tile[threadIdx.x][0];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 32-way bank conflict on 'tile[threadIdx.x][0]': the 32 lanes read 32 distinct words of bank 0; pad to [32][33] [gpumem-bank-conflict]
  // CHECK-MESSAGES-WHOLE: :[[@LINE-2]]:22: warning: 32-way bank conflict on 'tile[threadIdx.x][0]': the 32 lanes read 32 distinct words of bank 0; pad to [32][33] [gpumem-bank-conflict]
  // CHECK-MESSAGES-MIN4: :[[@LINE-3]]:22: warning: 32-way bank conflict on 'tile[threadIdx.x][0]': the 32 lanes read 32 distinct words of bank 0; pad to [32][33] [gpumem-bank-conflict]
  // CHECK-MESSAGES-BANKS64: :[[@LINE-4]]:22: warning: 16-way bank conflict on 'tile[threadIdx.x][0]': 16 of the 32 active lanes read 16 distinct words of bank 0; pad to [32][33] [gpumem-bank-conflict]
  // CHECK-MESSAGES-WIDE8: :[[@LINE-5]]:22: warning: 16-way bank conflict on 'tile[threadIdx.x][0]': 16 of the 32 active lanes read 16 distinct words of bank 0; pad to [32][33] [gpumem-bank-conflict]
  // CHECK-MESSAGES-BAD: :[[@LINE-6]]:22: warning: 32-way bank conflict on 'tile[threadIdx.x][0]': the 32 lanes read 32 distinct words of bank 0; pad to [32][33] [gpumem-bank-conflict]
}

// Stride 2 floats: 2-way, under MinimumDegree 4 not reported. 64 banks or
// 8-byte banks give every lane its own bank.
__global__ void strideTwo(float *out) {
  __shared__ float s[64];
  out[threadIdx.x] = s[2 * threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 2-way bank conflict on 's[2 * threadIdx.x]': 2 of the 32 active lanes read 2 distinct words of bank 0 [gpumem-bank-conflict]
  // CHECK-MESSAGES-WHOLE: :[[@LINE-2]]:22: warning: 2-way bank conflict on 's[2 * threadIdx.x]': 2 of the 32 active lanes read 2 distinct words of bank 0 [gpumem-bank-conflict]
  // CHECK-MESSAGES-BAD: :[[@LINE-3]]:22: warning: 2-way bank conflict on 's[2 * threadIdx.x]': 2 of the 32 active lanes read 2 distinct words of bank 0 [gpumem-bank-conflict]
}

// Consecutive doubles and float4s are conflict-free phase by phase; as one
// whole-warp phase they are 2-way (64 words on 32 banks) and 4-way.
__global__ void consecutiveWide(double *d, float4 *q) {
  __shared__ double dline[64];
  __shared__ float4 qline[64];
  d[threadIdx.x] = dline[threadIdx.x];
  // CHECK-MESSAGES-WHOLE: :[[@LINE-1]]:20: warning: 2-way bank conflict on 'dline[threadIdx.x]': 2 of the 32 active lanes read 2 distinct words of bank 0 [gpumem-bank-conflict]
  q[threadIdx.x] = qline[threadIdx.x];
  // CHECK-MESSAGES-WHOLE: :[[@LINE-1]]:20: warning: 4-way bank conflict on 'qline[threadIdx.x]': 4 of the 32 active lanes read 4 distinct words of bank 0 [gpumem-bank-conflict]
}
