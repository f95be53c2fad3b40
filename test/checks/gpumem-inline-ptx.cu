// Issue 25: tiles moved by inline PTX are accesses like any other. The
// template's memory instructions are read (ld/st with .v2/.v4, cp.async,
// ldmatrix); each address operand is bound to its C++ expression, a
// pointer or the 32-bit shared-window address __cvta_generic_to_shared
// gives, and priced with the instruction's own width.
//
// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access,gpumem-bank-conflict %t

#include <cuda_fp16.h>
#include <cuda_pipeline_primitives.h>

// The copy helpers a GEMM keeps in macros.
#define COPY_16_BYTES(dst, src)                                                \
  asm volatile("cp.async.cg.shared.global [%0], [%1], %2;\n" ::"r"(dst),       \
               "l"(src), "n"(16))
#define LOAD_FOUR_MATRICES(r0, r1, r2, r3, addr)                               \
  asm volatile(                                                                \
      "ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"     \
      : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)                                 \
      : "r"(addr))

// Four floats per lane, lanes 16 bytes apart: one 512-byte stretch, 4
// transactions, coalesced. Stored 32 bytes apart: 8 transactions where 4
// would do.
__global__ void vectorCopy(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float a, b, c, d;
  asm volatile("ld.global.nc.v4.f32 {%0, %1, %2, %3}, [%4];"
               : "=f"(a), "=f"(b), "=f"(c), "=f"(d)
               : "l"(in + 4 * i));
  asm volatile("st.global.v4.f32 [%0], {%1, %2, %3, %4};" ::"l"(out + 8 * i),
               "f"(a), "f"(b), "f"(c), "f"(d));
  // CHECK-NOTES: :[[@LINE-2]]:69: warning: uncoalesced global store of 'st.global.v4.f32 [out + 8 * i]': stride 32 bytes, 8 transactions per warp (50.0% efficiency), 32 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-3]]:69: note: 32 active lanes of 16 bytes each span 1008 bytes; the same lanes on consecutive elements would need 4 transactions (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE+64]]:3: note: at this launch, blockDim is (128, 1, 1)
}

// Rows of 16 halves (32 bytes): the 8 row addresses of one matrix start
// 8 banks apart, so rows r and r + 4 meet: 2-way in every phase. Rows of
// 24 halves (48 bytes, the usual padding of 8) start 12 banks apart and
// never meet.
__global__ void fragments(const half *a, unsigned *out, int k) {
  __shared__ half narrow[16][16];
  __shared__ half padded[16][24];
  int t = threadIdx.x;
  // Lane t copies 16 bytes: row t / 2, half t % 2 of it. Into rows 48
  // bytes apart, lanes 1 and 6 of the first quarter-warp meet in banks 4-7;
  // from rows 128 bytes apart, 16 rows of 32 bytes each take a transaction.
  unsigned to = __cvta_generic_to_shared(&padded[t / 2][(t % 2) * 8]);
  COPY_16_BYTES(to, &a[t / 2 * k + (t % 2) * 8]);
  // CHECK-NOTES: :[[@LINE-1]]:17: warning: 2-way bank conflict on 'cp.async.cg.shared.global [to]': 2 of the 8 active lanes write 2 distinct words of bank 4 in one of its 4 phases [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE-8]]:19: note: 'padded' declared here; it is not padded: it is also used through a pointer or as a whole, which assumes its row length
  // CHECK-NOTES: :[[@LINE+47]]:3: note: at this launch, blockDim is (32, 1, 1)
  // CHECK-NOTES: :[[@LINE-4]]:21: warning: uncoalesced global load of 'cp.async.cg.shared.global [&a[t / 2 * k + (t % 2) * 8]]': the warp spans 16 rows of 2 lanes, 16 transactions per warp (25.0% efficiency), 16 sectors; the rows come from the index, not the block's shape: a warp stays in one row only where its 32 lanes take consecutive elements of it [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE+45]]:3: note: 'k' is 64 at every launch of 'fragments' in this file
  // CHECK-NOTES: :[[@LINE+44]]:3: note: at this launch, blockDim is (32, 1, 1)
  __pipeline_memcpy_async(&narrow[t / 2][(t % 2) * 8], &a[t * 8], 16);
  asm volatile("cp.async.wait_all;\n" ::);
  __syncthreads();
  unsigned r0, r1, r2, r3;
  // Lanes 0-15 give the rows of the left 8 columns, 16-31 the right ones.
  unsigned from = __cvta_generic_to_shared(&narrow[t % 16][(t / 16) * 8]);
  LOAD_FOUR_MATRICES(r0, r1, r2, r3, from);
  // CHECK-NOTES: :[[@LINE-1]]:38: warning: 2-way bank conflict on 'ldmatrix.sync.aligned.m8n8.x4.shared.b16 [from]': 2 of the 8 active lanes read 2 distinct words of bank 0 in one of its 4 phases [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE-22]]:19: note: 'narrow' declared here; it is not padded: it is also used through a pointer or as a whole, which assumes its row length
  // CHECK-NOTES: :[[@LINE+34]]:3: note: at this launch, blockDim is (32, 1, 1)
  out[t] = r0 ^ r1 ^ r2 ^ r3;
  unsigned base = __cvta_generic_to_shared(&padded[0][0]);
  // The same rows of the padded tile, as byte offsets from its start.
  LOAD_FOUR_MATRICES(r0, r1, r2, r3,
                     base + (t % 16) * 48 + (t / 16) * 16);
  out[32 + t] = r0 ^ r1 ^ r2 ^ r3;
}

// A helper that takes the shared address as an integer: followed into the
// call with the caller's argument. Lane t reads word 32 * t: 32-way.
__device__ float loadShared(unsigned address) {
  float v;
  asm volatile("ld.shared.f32 %0, [%1];" : "=f"(v) : "r"(address));
  return v;
  // CHECK-NOTES: :[[@LINE-2]]:58: warning: 32-way bank conflict on 'ld.shared.f32 [address]': the 32 lanes read 32 distinct words of bank 0 [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE+6]]:20: note: 'grid' declared here; it is not padded: it is also used through a pointer or as a whole, which assumes its row length
  // CHECK-NOTES: :[[@LINE+12]]:7: note: with the arguments of this call to 'loadShared' in kernel 'column'
  // CHECK-NOTES: :[[@LINE+17]]:3: note: at this launch, blockDim is (32, 1, 1)
}

__global__ void column(float *out) {
  __shared__ float grid[32][32];
  grid[threadIdx.x][0] = 0.0f;
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: 32-way bank conflict on 'grid[threadIdx.x][0]': the 32 lanes write 32 distinct words of bank 0 [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE-3]]:20: note: 'grid' declared here; it is not padded: it is also used through a pointer or as a whole, which assumes its row length
  // CHECK-NOTES: :[[@LINE+9]]:3: note: at this launch, blockDim is (32, 1, 1)
  __syncthreads();
  out[threadIdx.x] =
      loadShared(__cvta_generic_to_shared(&grid[threadIdx.x][0]));
}

void launch(const float *in, float *out, const half *a, unsigned *u) {
  vectorCopy<<<8, 128>>>(in, out);
  fragments<<<1, 32>>>(a, u, 64);
  column<<<1, 32>>>(out);
}

// Rows of 64 halves (128 bytes): the 8 rows of one matrix start in the
// same bank, 8-way. The usual XOR swizzle moves row r's 16-byte chunk c to
// chunk c ^ r: the 8 rows land on 8 different groups of 4 banks.
__global__ void swizzled(unsigned *out) {
  __shared__ half rows[8][64];
  int t = threadIdx.x;
  int r = t % 8, c = 0;
  unsigned plain = __cvta_generic_to_shared(&rows[r][c * 8]);
  unsigned x;
  asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];"
               : "=r"(x)
               : "r"(plain));
  // CHECK-NOTES: :[[@LINE-1]]:22: warning: 8-way bank conflict on 'ldmatrix.sync.aligned.m8n8.x1.shared.b16 [plain]': the 8 lanes read 8 distinct words of bank 0 in one of its 4 phases [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE-9]]:19: note: 'rows' declared here; it is not padded: it is also used through a pointer or as a whole, which assumes its row length
  // CHECK-NOTES: :[[@LINE+9]]:36: note: at this launch, blockDim is (32, 1, 1)
  out[t] = x;
  unsigned mixed = __cvta_generic_to_shared(&rows[r][(c ^ r) * 8]);
  asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];"
               : "=r"(x)
               : "r"(mixed));
  out[32 + t] = x;
}

void launchSwizzled(unsigned *u) { swizzled<<<1, 32>>>(u); }
