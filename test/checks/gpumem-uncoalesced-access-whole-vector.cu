// Issue 13: a whole vector read through a const reference is one wide
// access where the reference is bound, not one 4-byte access per field at
// a stride of 16 bytes (four wrong warnings before).
//
// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access,gpumem-bank-conflict %t

__global__ void sumLanes(const uint4 *p, unsigned *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // OK: one 16-byte load per lane, consecutive: 16 sectors, ideal.
  const uint4 &v = p[i];
  out[i] = v.x + v.y + v.z + v.w;
  // OK: so is a copy, and a copy of the reference reads registers.
  uint4 copy = v;
  out[i] += copy.y;
}

__global__ void sharedVectors(unsigned *out) {
  __shared__ uint4 tile[256];
  // OK: one 16-byte shared load, four quarter-warps, conflict-free.
  const float4 &f = reinterpret_cast<const float4 &>(tile[threadIdx.x]);
  const uint4 &v = tile[threadIdx.x];
  out[threadIdx.x] = v.x + v.w + static_cast<unsigned>(f.y);
}

// A structure of four floats aligned to 4 is not loaded as a vector: each
// field is its own 4-byte access, 16 bytes apart.
struct Quad {
  float a, b, c, d;
};
__global__ void scalarStruct(const Quad *q, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  const Quad &r = q[i];
  out[i] = r.a;
  // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: uncoalesced global load of 'r.a': stride 16 bytes, 4 transactions per warp (25.0% efficiency), 16 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
}

// A reference that writes keeps its field accesses.
__global__ void writeField(uint4 *p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  uint4 &v = p[i];
  v.x = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: uncoalesced global store of 'v.x': stride 16 bytes, 4 transactions per warp (25.0% efficiency), 16 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
}

void launch(const uint4 *p, unsigned *o, const Quad *q, float *f, uint4 *w) {
  sumLanes<<<8, 256>>>(p, o);
  sharedVectors<<<1, 256>>>(o);
  scalarStruct<<<8, 256>>>(q, f);
  writeField<<<8, 256>>>(w);
}
