// Issue 13: shared accesses are priced by the instructions their alignment
// allows. A 12-byte float3 (or any three-float struct, aligned to 4) is
// executed as three 32-bit accesses, each conflict-free for consecutive
// lanes (a stride of 3 words); it used to be priced as one 12-byte access
// in two phases and reported as a conflict.
//
// RUN: %check_gpumem_tidy %s gpumem-bank-conflict %t

struct Rgb {
  float r, g, b;
};

__global__ void consecutive(float3 *out3, Rgb *outRgb) {
  __shared__ float3 points[256];
  __shared__ Rgb pixels[256];
  // OK: three 4-byte loads at a stride of 3 words each.
  float3 p = points[threadIdx.x];
  Rgb c = pixels[threadIdx.x];
  out3[threadIdx.x] = p;
  outRgb[threadIdx.x] = c;
  // OK: the stores too.
  points[threadIdx.x] = make_float3(1, 2, 3);
}

// Each 4-byte part at a stride of 6 words: lanes 0 and 16 share a bank.
__global__ void everyOther(float3 *out) {
  __shared__ float3 points[512];
  out[threadIdx.x] = points[2 * threadIdx.x];
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: 2-way bank conflict on 'points[2 * threadIdx.x]': 2 of the 32 active lanes read 2 distinct words of bank 0 [gpumem-bank-conflict]
}

// A float4 is aligned to 16: one 16-byte access, four quarter-warps of 128
// bytes, conflict-free for consecutive lanes.
__global__ void vectors(float4 *out) {
  __shared__ float4 v[256];
  out[threadIdx.x] = v[threadIdx.x];
}

void launch(float3 *o3, Rgb *oc, float4 *o4) {
  consecutive<<<1, 256>>>(o3, oc);
  everyOther<<<1, 256>>>(o3);
  vectors<<<1, 256>>>(o4);
}
