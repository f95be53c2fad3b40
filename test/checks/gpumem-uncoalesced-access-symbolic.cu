// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access %t

// Symbolic strides: a lane-varying term times a warp-uniform symbol (a
// kernel parameter) is kept, not dropped to unknown. It is priced with the
// symbol at 32 ("up to"), and compared with the symbol at 1. The notes
// carry the derivation.

// in[threadIdx.x * width]: lane l at 4 * width * l. With width >= 32 every
// lane has a block of its own.
__global__ void column(const float *in, float *out, int width) {
  out[threadIdx.x] = in[threadIdx.x * width];
  // CHECK-NOTES: :[[@LINE-1]]:22: warning: uncoalesced global load of 'in[threadIdx.x * width]': stride 'width' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 'width' >= 32; coalesced only when 'width' is 1 [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:22: note: with 'width' = 1 the warp needs 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE-4]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'column' in this file; set option 'BlockDim' to fix it)
}

// The index built in steps, with a uniform row offset: the note points at
// the index variable. Doubles are a transaction apart from 'pitch' = 16:
// the condition says so, not 32 (issue 61).
__global__ void columnInSteps(const double *in, double *out, int pitch) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int idx = col * pitch + blockIdx.y;
  out[col] = in[idx];
  // CHECK-NOTES: :[[@LINE-1]]:14: warning: uncoalesced global load of 'in[idx]': stride 'pitch' x 8 bytes, up to 32 transactions per warp (6.2% efficiency), 32 sectors, when 'pitch' >= 16; coalesced only when 'pitch' is 1 [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:14: note: with 'pitch' = 1 the warp needs 2 transactions (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE-4]]:7: note: index 'idx' is defined here
  // CHECK-NOTES: :[[@LINE-7]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'columnInSteps' in this file; set option 'BlockDim' to fix it)
}

// A symbol times a uniform row is not a stride: in[row * width + x] is
// coalesced whatever width is.
__global__ void rowMajor(const float *in, float *out, int width) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y;
  out[row * width + x] = in[row * width + x];
}

// In 16 x 16 blocks a warp holds two rows: row-major accesses touch two
// pieces 'width' elements apart; the transposed read puts the 16 lanes of a
// row 'width' apart and the two rows one float apart: no single stride, so
// no claim about the widths that would coalesce it. Both depend on
// 'width': one warning per kernel and parameter, the costlier (issue 39).
__global__ void tile16(const float *in, float *out, int width) {
  int x = blockIdx.x * 16 + threadIdx.x;
  int y = blockIdx.y * 16 + threadIdx.y;
  out[y * width + x] = in[x * width + y];
  // CHECK-NOTES: :[[@LINE-1]]:24: warning: uncoalesced global load of 'in[x * width + y]': lane addresses scale with 'width', up to 16 transactions per warp (6.2% efficiency), 16 sectors, when 'width' >= 32 [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-4]]:7: note: index 'x' is defined here
  // CHECK-NOTES: :[[@LINE+14]]:3: note: at this launch, blockDim is (16, 16, 1)
  // CHECK-NOTES: :[[@LINE-4]]:24: note: 1 more access of 'tile16' has a finding under the same condition on 'width'; this warning speaks for it
  // CHECK-NOTES: :[[@LINE-5]]:3: note: this access has the same finding under the condition on 'width', said once at the warning
}

// A product of two symbols is one factor.
__global__ void twoSymbols(const float *in, float *out, int w, int h) {
  out[threadIdx.x] = in[threadIdx.x * w * h];
  // CHECK-NOTES: :[[@LINE-1]]:22: warning: uncoalesced global load of 'in[threadIdx.x * w * h]': stride 'w*h' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 'w*h' >= 32; coalesced only when 'w*h' is 1 [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:22: note: with 'w*h' = 1 the warp needs 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE-4]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'twoSymbols' in this file; set option 'BlockDim' to fix it)
}

void launch(const float *in, float *out, int width) {
  tile16<<<dim3(4, 4), dim3(16, 16)>>>(in, out, width);
}

// Issue 13: "up to" is the worst case for the element size. 2-byte
// elements at a stride of 32 are 64 bytes apart, two lanes to a
// transaction (16); each lane has its own only from a stride of 64 (32).
// It used to say "up to 16 ... when 'n' >= 32" for these.
__global__ void shortElements(const short *in, short *out, int n) {
  out[threadIdx.x] = in[threadIdx.x * n];
  // CHECK-NOTES: :[[@LINE-1]]:22: warning: uncoalesced global load of 'in[threadIdx.x * n]': stride 'n' x 2 bytes, up to 32 transactions per warp (1.6% efficiency), 32 sectors, when 'n' >= 64; coalesced only when 'n' is 1 [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:22: note: with 'n' = 1 the warp needs 1 transaction (50.0% efficiency)
  // CHECK-NOTES: :[[@LINE-4]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'shortElements' in this file; set option 'BlockDim' to fix it)
}
// Bytes: each lane alone from a stride of 128.
__global__ void byteElements(const char *in, char *out, int n) {
  out[threadIdx.x] = in[threadIdx.x * n];
  // CHECK-NOTES: :[[@LINE-1]]:22: warning: uncoalesced global load of 'in[threadIdx.x * n]': stride 'n' x 1 bytes, up to 32 transactions per warp (0.8% efficiency), 32 sectors, when 'n' >= 128; coalesced only when 'n' is 1 [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:22: note: with 'n' = 1 the warp needs 1 transaction (25.0% efficiency)
  // CHECK-NOTES: :[[@LINE-4]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'byteElements' in this file; set option 'BlockDim' to fix it)
}

// The same for rows: a 16x16 block of 2-byte elements reads two rows of 32
// bytes 'k' elements apart. At k = 32 the rows share a transaction; they
// have one each from k = 64, and that is the worst case the message gives.
// It used to price k = 32 and say nothing.
__global__ void shortRows(const short *in, short *out, int k) {
  out[threadIdx.y * k + threadIdx.x] = in[threadIdx.y * k + threadIdx.x];
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: uncoalesced global store of 'out[threadIdx.y * k + threadIdx.x]': the warp spans 2 rows of 16 lanes 'k' elements apart, 2 transactions per warp (25.0% efficiency), 2 sectors when 'k' >= 64; a block 32 threads wide keeps each warp in one row [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE+6]]:3: note: at this launch, blockDim is (16, 16, 1)
  // CHECK-NOTES: :[[@LINE-3]]:3: note: 1 more access of 'shortRows' has a finding under the same condition on 'k'; this warning speaks for it
  // CHECK-NOTES: :[[@LINE-4]]:40: note: this access has the same finding under the condition on 'k', said once at the warning
}

void launchRows(const short *in, short *out, int k) {
  shortRows<<<1, dim3(16, 16)>>>(in, out, k);
}

// Rows far enough apart to share no transaction must also be further apart
// than one row spans: here 8 lanes of a row read 2 bytes every 32, 226
// bytes, so the rows have transactions of their own only from 256 bytes
// apart, n = 128. It used to price n = 32, where the rows overlap: 4
// transactions and 14 sectors.
__global__ void spreadRows(const short *in, short *out, int n) {
  out[threadIdx.y * 8 + threadIdx.x] = in[threadIdx.y * n + threadIdx.x * 16];
  // CHECK-NOTES: :[[@LINE-1]]:40: warning: uncoalesced global load of 'in[threadIdx.y * n + threadIdx.x * 16]': lane addresses scale with 'n', up to 8 transactions per warp (6.2% efficiency), 32 sectors, when 'n' >= 128 [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE+4]]:3: note: at this launch, blockDim is (8, 4, 1)
}

void launchSpread(const short *in, short *out, int n) {
  spreadRows<<<1, dim3(8, 4)>>>(in, out, n);
}

// Issue 61: the condition is where the stated cost starts to hold, from
// the element's size. 16-byte elements 'inc' apart each take a
// transaction from 'inc' = 8 (128 bytes); at 4 two lanes still share one.
struct Quad {
  float x, y, z, w;
};
__global__ void quadStride(const Quad *in, Quad *out, int inc) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = in[threadIdx.x * inc];
  // CHECK-NOTES: :[[@LINE-1]]:48: warning: uncoalesced global load of 'in[threadIdx.x * inc]': stride 'inc' x 16 bytes, up to 32 transactions per warp (12.5% efficiency), 32 sectors, when 'inc' >= 8; coalesced only when 'inc' is 1 [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:48: note: with 'inc' = 1 the warp needs 4 transactions (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE-4]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'quadStride' in this file; set option 'BlockDim' to fix it)
}

// Issue 61: the stride is said between the lanes that run. Every 8th lane
// reads a byte 'inc' bytes per lane number apart: the active lanes are
// 8 x 'inc' bytes apart, each with its own transaction from 'inc' = 16.
__global__ void everyEighthLane(const char *in, char *out, int inc) {
  if (threadIdx.x % 8 == 0)
    out[blockIdx.x * 4 + threadIdx.x / 8] = in[threadIdx.x * inc];
  // CHECK-NOTES: :[[@LINE-1]]:45: warning: uncoalesced global load of 'in[threadIdx.x * inc]': stride 'inc' x 8 bytes, up to 4 transactions per warp (0.8% efficiency), 4 sectors, when 'inc' >= 16; coalesced only when 'inc' is 1 [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:45: note: with 'inc' = 1 the warp needs 1 transaction (3.1% efficiency)
  // CHECK-NOTES: :[[@LINE-5]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'everyEighthLane' in this file; set option 'BlockDim' to fix it)
}
