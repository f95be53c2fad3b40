// A helper that returns through branches on constants (issue 37's tile and
// swizzle helpers): `if constexpr` on a template parameter, or a plain `if`
// the instantiation makes constant, each branch a return (perhaps after a
// static_assert) is followed through the branch taken, as a helper that
// only returns an expression is. It was "call to '...' the analysis does
// not follow", and the shared stores it placed were never priced. A branch
// on a lane's value still stops the helper.
//
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump,gpumem-bank-conflict %s -- %cuda_flags \
// RUN:   | FileCheck %s --implicit-check-not='remark: {{load|store}}' --implicit-check-not='warning:'

template <bool Swizzle>
__device__ int columnOf(int row, int col) {
  static_assert(sizeof(int) == 4, "words");
  if constexpr (Swizzle) {
    return col ^ (row % 32);
  } else {
    static_assert(!Swizzle, "plain");
    return col;
  }
}

// The C++14 spelling: the branch not taken is compiled, and not followed.
template <int Step>
__device__ int lowBits(int v) {
  const int mask = Step - 1;
  if (Step == 1)
    return 0;
  return v & mask;
}

// A branch on the lanes' values: which return a lane takes is not followed.
__device__ int clampColumn(int row, int col) {
  if (row > 16)
    return col;
  return col + 1;
}

template <bool Swizzle>
__global__ void stageRows(const float *in, float *out) {
  __shared__ float tile[32][32];
  int r = threadIdx.x;
  tile[r][columnOf<Swizzle>(r, 0)] = in[r];
  __syncthreads();
  out[r] = tile[0][r];
}

// Both instantiations are dumped under the kernel's one remark; the
// unswizzled one puts the 32 lanes' rows on bank 0, the swizzled one moves
// lane l to column l (132 bytes apart: conflict-free).
// CHECK: remark: kernel 'stageRows': blockDim launch 32x1x1, 4 accesses
// CHECK: warning: 32-way bank conflict on 'tile[r][columnOf<Swizzle>(r, 0)]'
// CHECK: remark: store shared 'tile[r][columnOf<Swizzle>(r, 0)]' width 4; offset 128*lane + (4096)*warp.x;
// CHECK: remark: store shared 'tile[r][columnOf<Swizzle>(r, 0)]' width 4; offset 132*lane + (4096)*warp.x;
// CHECK: remark: load global 'in[r]'
// CHECK: remark: store global 'out[r]'
// CHECK: remark: load shared 'tile[0][r]' width 4; offset 4*lane + (128)*warp.x;

template <int Step>
__global__ void foldLanes(float *out) {
  __shared__ float buffer[1024];
  int t = threadIdx.x;
  buffer[t * 32 + lowBits<Step>(t)] = 1.0f;
  buffer[t * 32 + clampColumn(t, 0)] = 2.0f;
  __syncthreads();
  out[t] = buffer[t];
}

// With Step 1 every lane's column is 0: 32 lanes on bank 0, the warning
// (the worse instantiation's). With Step 4 the columns are 0 to 3 in turn
// (8 lanes on each of 4 banks, 8-way: the access has its one warning).
// CHECK: remark: kernel 'foldLanes': blockDim launch 32x1x1, 4 accesses
// CHECK: warning: 32-way bank conflict on 'buffer[t * 32 + lowBits<Step>(t)]': the 32 lanes write 32 distinct words of bank 0
// CHECK: remark: store shared 'buffer[t * 32 + lowBits<Step>(t)]' width 4; offset 128*lane + (4096)*warp.x;
// CHECK: remark: store shared 'buffer[t * 32 + lowBits<Step>(t)]' width 4; offset [0,132,264,396,512,644,776,908,1024,
// CHECK: remark: store shared 'buffer[t * 32 + clampColumn(t, 0)]' width 4; offset unknown, not followed (call to 'clampColumn' the analysis does not follow)
// CHECK: remark: store global 'out[t]'
// CHECK: remark: load shared 'buffer[t]'

void launch(const float *in, float *out) {
  stageRows<false><<<1, 32>>>(in, out);
  stageRows<true><<<1, 32>>>(in, out);
  foldLanes<1><<<1, 32>>>(out);
  foldLanes<4><<<1, 32>>>(out);
}
