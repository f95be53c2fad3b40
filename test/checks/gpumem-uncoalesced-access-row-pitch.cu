// Issue 39: the row pitch of a warp that spans several rows is said as it
// is: rows 8 * m floats apart are "32 x 'm' bytes apart", not "'m'
// elements apart"; "'m' elements apart" only where a unit of m moves a row
// by one element the access reads; a pitch in bytes is "'pitch' bytes
// apart". Issue 61: the condition names the least value from which the
// stated cost holds (rows of 32 bytes 32 x 'm' bytes apart: from m = 4;
// 6 x 'm' apart: from 22; at 20 and 21 some starts of the warp put two
// rows in one transaction).
//
// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access %t

__global__ void eightRows(const float *in, float *out, int m) {
  out[blockIdx.x] = in[threadIdx.y * m * 8 + threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.y * m * 8 + threadIdx.x]': the warp spans 4 rows of 8 lanes 32 x 'm' bytes apart, 4 transactions per warp (25.0% efficiency), 4 sectors when 'm' >= 4; a block 32 threads wide keeps each warp in one row [gpumem-uncoalesced-access]
}

__global__ void plainRows(const float *in, float *out, int m) {
  out[blockIdx.x] = in[threadIdx.y * m + threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'in[threadIdx.y * m + threadIdx.x]': the warp spans 4 rows of 8 lanes 'm' elements apart, 4 transactions per warp (25.0% efficiency), 4 sectors when 'm' >= 32; a block 32 threads wide keeps each warp in one row [gpumem-uncoalesced-access]
}

// Rows of bytes addressed through a char pointer, 6 * m bytes apart: not
// a whole number of 4-byte elements per unit of m.
__global__ void byteRows(const char *in, float *out, int m) {
  out[blockIdx.x] = *(const float *)(in + threadIdx.y * m * 6 + threadIdx.x * 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of '*(const float *)(in + threadIdx.y * m * 6 + threadIdx.x * 4)': the warp spans 4 rows of 8 lanes 6 x 'm' bytes apart, 4 transactions per warp (25.0% efficiency), 7 sectors when 'm' >= 22; a block 32 threads wide keeps each warp in one row [gpumem-uncoalesced-access]
}

// A pitch in bytes, through a char pointer to rows of floats.
__global__ void pitchedRows(const char *in, float *out, int pitch) {
  out[blockIdx.x] = *(const float *)(in + threadIdx.y * pitch + threadIdx.x * 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: uncoalesced global load of '*(const float *)(in + threadIdx.y * pitch + threadIdx.x * 4)': the warp spans 4 rows of 8 lanes 'pitch' bytes apart, 4 transactions per warp (25.0% efficiency), 4 sectors when 'pitch' >= 128; a block 32 threads wide keeps each warp in one row [gpumem-uncoalesced-access]
}

void launch(const float *in, const char *bytes, float *out, int m) {
  eightRows<<<1, dim3(8, 4)>>>(in, out, m);
  plainRows<<<1, dim3(8, 4)>>>(in, out, m);
  byteRows<<<1, dim3(8, 4)>>>(bytes, out, m);
  pitchedRows<<<1, dim3(8, 4)>>>(bytes, out, m);
}
