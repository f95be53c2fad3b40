// Issue 37: CuTe's simple forms priced from the layouts their types carry.
// A tensor over a global or shared pointer with a static layout, split
// among the threads by local_partition or a TiledCopy, and moved by copy():
// each instruction of the copy is an access at the lane's start (the
// thread's coordinate in the thread layout, through the tensor's strides)
// plus the instruction's offset in the thread's share, as wide as CuTe's
// auto-vectorising copy (or the copy atom) makes it. The builders
// (make_tensor, local_partition, ...) are not entered and record nothing.
// cute-lite is a stand-in with CuTe's names and type shapes, written for
// these tests.
//
// RUN: %clang_tidy --checks=-*,gpumem-*,debug-gpumem-access-dump %s -- \
// RUN:   %cuda_flags -I %S/Inputs/cute-lite 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:

#include <cute/tensor.hpp>
using namespace cute;

// A 64 x 32 column-major tile per block, 256 threads as 32 x 8 (lane along
// m): thread t starts at (t % 32, t / 32), 4 bytes per lane and 256 bytes
// per warp on; its share is 2 x 4 elements 32 and 512 elements apart, not
// contiguous, so the copy moves one float at a time: 8 loads, each one
// 128-byte transaction. No finding.
__global__ void threadsAlongColumns(float *in, float *out) {
  // CHECK-DAG: :[[@LINE-1]]:17: remark: kernel 'threadsAlongColumns': blockDim launch 256x1x1, 9 accesses
  auto tile = make_layout(make_shape(Int<64>{}, Int<32>{}));
  Tensor gIn = make_tensor(make_gmem_ptr(in + blockIdx.x * 2048), tile);
  auto threads = make_layout(make_shape(Int<32>{}, Int<8>{}));
  Tensor tIn = local_partition(gIn, threads, threadIdx.x);
  Tensor reg = make_tensor_like(tIn);
  copy(tIn, reg);
  // CHECK-DAG: :[[@LINE-1]]:8: remark: load global 'cute::copy [tIn]' width 4; offset 4*lane + (8192)*blockIdx.x + (256)*warp.x; active 0xffffffff; scenarios 1; transactions 1, sectors 4
  // CHECK-DAG: :[[@LINE-2]]:8: remark: load global 'cute::copy [tIn]' width 4; offset 128+4*lane + (8192)*blockIdx.x + (256)*warp.x; active 0xffffffff; scenarios 1; transactions 1, sectors 4
  // CHECK-DAG: :[[@LINE-3]]:8: remark: load global 'cute::copy [tIn]' width 4; offset 2048+4*lane + (8192)*blockIdx.x + (256)*warp.x;
  // CHECK-DAG: :[[@LINE-4]]:8: remark: load global 'cute::copy [tIn]' width 4; offset 6272+4*lane + (8192)*blockIdx.x + (256)*warp.x;
  // CHECK-DAG: :[[@LINE-5]]:8: remark: load global 'cute::copy [tIn]' width 4; offset 2176+4*lane
  // CHECK-DAG: :[[@LINE-6]]:8: remark: load global 'cute::copy [tIn]' width 4; offset 4096+4*lane
  // CHECK-DAG: :[[@LINE-7]]:8: remark: load global 'cute::copy [tIn]' width 4; offset 4224+4*lane
  // CHECK-DAG: :[[@LINE-8]]:8: remark: load global 'cute::copy [tIn]' width 4; offset 6144+4*lane
  out[threadIdx.x] = reg(0);
  // CHECK-DAG: :[[@LINE-1]]:3: remark: store global 'out[threadIdx.x]'
}

// The same tile with the threads laid out the other way (32 x 8 row-major
// over 8 x 32 positions: lane along n): lanes 64 elements (256 bytes)
// apart, one transaction per lane.
__global__ void threadsAcrossColumns(float *in, float *out) {
  auto tile = make_layout(make_shape(Int<64>{}, Int<32>{}));
  Tensor gIn = make_tensor(make_gmem_ptr(in), tile);
  auto threads = make_layout(make_shape(Int<8>{}, Int<32>{}),
                             make_stride(Int<32>{}, Int<1>{}));
  Tensor tIn = local_partition(gIn, threads, threadIdx.x);
  Tensor reg = make_tensor_like(tIn);
  copy(tIn, reg);
  // CHECK-DAG: :[[@LINE-1]]:8: remark: load global 'cute::copy [tIn]' width 4; offset 256*lane + (4)*warp.x; active 0xffffffff; scenarios 1; transactions 32, sectors 32
  // CHECK-DAG: :[[@LINE-2]]:8: warning: uncoalesced global load of 'cute::copy [tIn]': stride 256 bytes, 32 transactions per warp (3.1% efficiency), 32 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  out[threadIdx.x] = reg(0);
}

// Four contiguous floats per thread: the copy is one 128-bit instruction
// each way, 16 bytes per lane, 4 transactions per warp (full efficiency).
__global__ void fourFloatsPerThread(float *in, float *out) {
  // CHECK-DAG: :[[@LINE-1]]:17: remark: kernel 'fourFloatsPerThread': blockDim launch 32x1x1, 2 accesses
  Tensor gIn = make_tensor(make_gmem_ptr(in + threadIdx.x * 4),
                           make_layout(Int<4>{}));
  Tensor gOut = make_tensor(make_gmem_ptr(out + threadIdx.x * 4),
                            make_layout(Int<4>{}));
  Tensor reg = make_tensor_like(gIn);
  copy(gIn, reg);
  // CHECK-DAG: :[[@LINE-1]]:8: remark: load global 'cute::copy [gIn]' width 16; offset 16*lane + (512)*warp.x; active 0xffffffff; scenarios 1; transactions 4, sectors 16
  copy(reg, gOut);
  // CHECK-DAG: :[[@LINE-1]]:13: remark: store global 'cute::copy [gOut]' width 16; offset 16*lane + (512)*warp.x; active 0xffffffff; scenarios 1; transactions 4, sectors 16
}

// A column of a 32 x 32 shared tile per thread: 32 contiguous floats,
// moved 16 bytes at a time (8 instructions); the lanes are 128 bytes apart,
// so each quarter-warp phase of a 16-byte store puts 8 lanes on banks 0-3:
// 8-way. The global side is 32 transactions per instruction.
__global__ void columnPerThread(float *in) {
  __shared__ float s[32 * 32];
  Tensor sT = make_tensor(make_smem_ptr(s),
                          make_layout(make_shape(Int<32>{}, Int<32>{})));
  Tensor gT = make_tensor(make_gmem_ptr(in),
                          make_layout(make_shape(Int<32>{}, Int<32>{})));
  auto threads = make_layout(make_shape(Int<1>{}, Int<32>{}));
  Tensor tS = local_partition(sT, threads, threadIdx.x);
  Tensor tG = local_partition(gT, threads, threadIdx.x);
  copy(tG, tS);
  // CHECK-DAG: :[[@LINE-1]]:8: remark: load global 'cute::copy [tG]' width 16; offset 112+128*lane + (4096)*warp.x; active 0xffffffff; scenarios 1; transactions 32, sectors 32
  // CHECK-DAG: :[[@LINE-2]]:8: warning: uncoalesced global load of 'cute::copy [tG]': stride 128 bytes, 32 transactions per warp (12.5% efficiency), 32 sectors
  // CHECK-DAG: :[[@LINE-3]]:12: remark: store shared 'cute::copy [tS]' width 16; offset 128*lane + (4096)*warp.x; active 0xffffffff; array s[1024]; scenarios 1
  // CHECK-DAG: :[[@LINE-4]]:12: warning: 8-way bank conflict on 'cute::copy [tS]': the 8 lanes write 8 distinct words of bank 0 in one of its 4 phases [gpumem-bank-conflict]
}

// A TiledCopy of 128-bit atoms over a 128 x 8 tile: threads (32, 8) with
// strides (4, 128) in the tile, four values each along m. Thread t's first
// value is at m = 4 * (t % 32), n = t / 32: 16 bytes per lane, 512 bytes
// (one column of the tile) per warp; one 16-byte instruction, 4
// transactions per warp.
using Vectors = TiledCopy<Copy_Atom<UniversalCopy<uint128_t>, float>,
                          Layout<tuple<tuple<_32, _8>, _4>,
                                 tuple<tuple<_4, _128>, _1>>,
                          tuple<_128, _8>>;
__global__ void tiledVectors(float *in, float *out) {
  Tensor gS = make_tensor(make_gmem_ptr(in + blockIdx.x * 1024),
                          make_layout(make_shape(Int<128>{}, Int<8>{})));
  Tensor gD = make_tensor(make_gmem_ptr(out + blockIdx.x * 1024),
                          make_layout(make_shape(Int<128>{}, Int<8>{})));
  Vectors tiled;
  auto thread = tiled.get_thread_slice(threadIdx.x);
  Tensor tS = thread.partition_S(gS);
  Tensor tD = thread.partition_D(gD);
  Tensor frag = make_fragment_like(tD);
  copy(tiled, tS, frag);
  // CHECK-DAG: :[[@LINE-1]]:15: remark: load global 'cute::copy [tS]' width 16; offset 16*lane + (4096)*blockIdx.x + (512)*warp.x; active 0xffffffff; scenarios 1; transactions 4, sectors 16
  copy(tiled, frag, tD);
  // CHECK-DAG: :[[@LINE-1]]:21: remark: store global 'cute::copy [tD]' width 16; offset 16*lane + (4096)*blockIdx.x + (512)*warp.x; active 0xffffffff; scenarios 1; transactions 4, sectors 16
}

// The same tiling with cp.async atoms into shared memory: each
// instruction a global load and a shared store, 16 bytes a lane.
using AsyncVectors = TiledCopy<Copy_Atom<SM80_CP_ASYNC_CACHEALWAYS<uint128_t>, float>,
                               Layout<tuple<tuple<_32, _8>, _4>,
                                      tuple<tuple<_4, _128>, _1>>,
                               tuple<_128, _8>>;
__global__ void tiledAsync(float *in) {
  __shared__ float s[128 * 8];
  Tensor gS = make_tensor(make_gmem_ptr(in),
                          make_layout(make_shape(Int<128>{}, Int<8>{})));
  Tensor sD = make_tensor(make_smem_ptr(s),
                          make_layout(make_shape(Int<128>{}, Int<8>{})));
  AsyncVectors tiled;
  auto thread = tiled.get_slice(threadIdx.x);
  Tensor tS = thread.partition_S(gS);
  Tensor tD = thread.partition_D(sD);
  copy(tiled, tS, tD);
  // CHECK-DAG: :[[@LINE-1]]:15: remark: load global 'cp.async [tS]' width 16; offset 16*lane + (512)*warp.x; active 0xffffffff; scenarios 1; transactions 4, sectors 16
  // CHECK-DAG: :[[@LINE-2]]:19: remark: store shared 'cp.async [tD]' width 16; offset 16*lane + (512)*warp.x; active 0xffffffff; array s[1024]; scenarios 1
}

// A block's tile by local_tile: block (x, y) starts 32 rows and 8 columns
// on in a 256 x 64 column-major matrix.
__global__ void blockTile(float *in, float *out) {
  Tensor m = make_tensor(make_gmem_ptr(in),
                         make_layout(make_shape(Int<256>{}, Int<64>{})));
  Tensor tile = local_tile(m, make_shape(Int<32>{}, Int<8>{}),
                           make_coord(blockIdx.x, blockIdx.y));
  auto threads = make_layout(make_shape(Int<32>{}, Int<8>{}));
  Tensor mine = local_partition(tile, threads, threadIdx.x);
  Tensor reg = make_tensor_like(mine);
  copy(mine, reg);
  // CHECK-DAG: :[[@LINE-1]]:8: remark: load global 'cute::copy [mine]' width 4; offset 4*lane + (128)*blockIdx.x + (8192)*blockIdx.y + (1024)*warp.x; active 0xffffffff; scenarios 1; transactions 1, sectors 4
  out[threadIdx.x] = reg(0);
}

// A global matrix whose leading dimension is known only at run time
// (`ld`, m-major): its strides are read from make_stride and carried
// through the partition, so the copy is priced element by element (CuTe
// assumes no alignment there): lane along m, 4 bytes apart, coalesced;
// the k-part of each offset is the same for the whole warp.
__global__ void runtimeLeadingDimension(float *in, float *out, int ld) {
  Tensor g = make_tensor(make_gmem_ptr(in), make_shape(Int<64>{}, Int<32>{}),
                         make_stride(Int<1>{}, ld));
  auto threads = make_layout(make_shape(Int<32>{}, Int<8>{}));
  Tensor mine = local_partition(g, threads, threadIdx.x);
  Tensor reg = make_tensor_like(mine);
  copy(mine, reg);
  // CHECK-DAG: :[[@LINE-1]]:8: remark: load global 'cute::copy [mine]' width 4; offset 4*lane + (4)*warp.x*ld; active 0xffffffff; scenarios 1; transactions 1, sectors 4
  out[threadIdx.x] = reg(0);
}

// The same matrix with the threads along its leading dimension: lanes
// `ld` elements apart, which no launch in this file fixes.
__global__ void runtimeLeadingDimensionAcross(float *in, float *out, int ld) {
  Tensor g = make_tensor(make_gmem_ptr(in), make_shape(Int<64>{}, Int<32>{}),
                         make_stride(Int<1>{}, ld));
  auto threads = make_layout(make_shape(Int<8>{}, Int<32>{}),
                             make_stride(Int<32>{}, Int<1>{}));
  Tensor mine = local_partition(g, threads, threadIdx.x);
  Tensor reg = make_tensor_like(mine);
  copy(mine, reg);
  // CHECK-DAG: :[[@LINE-1]]:8: warning: uncoalesced global load of 'cute::copy [mine]': stride 'ld' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 'ld' >= 32; coalesced only when 'ld' is 1 [gpumem-uncoalesced-access]
  out[threadIdx.x] = reg(0);
}

// Not priced, and said so: a tensor handed in by the host (its start was
// built there).
using Column = Tensor<ViewEngine<gmem_ptr<float *>>, Layout<tuple<_4>, tuple<_1>>>;
__global__ void handedIn(Column g, float *out) {
  Tensor reg = make_tensor_like(g);
  copy(g, reg);
  // CHECK-DAG: :[[@LINE-1]]:8: remark: load unknown 'cute::copy [g]' width 0; offset unknown, not followed (CuTe tensor built in a way the analysis does not follow)
  out[threadIdx.x] = reg(0);
}

// A column of a register tile copied out: the slice views registers (its
// type says a plain pointer), so only the global store is an access. Each
// thread's 4 x 2 tile has its columns 128 floats apart; the global column
// slice g(_, k) starts k of them on: 4 contiguous floats, one 16-byte
// store, lanes 16 bytes apart.
__global__ void registerColumn(float *out, int k) {
  // CHECK-DAG: :[[@LINE-1]]:17: remark: kernel 'registerColumn': blockDim launch 32x1x1, 2 accesses
  Tensor g = make_tensor(make_gmem_ptr(out + threadIdx.x * 4),
                         make_layout(make_shape(Int<4>{}, Int<2>{}),
                                     make_stride(Int<1>{}, Int<128>{})));
  Tensor tile = make_tensor_like(g);
  Tensor column = g(_, k);
  copy(tile(_, 1), column);
  // CHECK-DAG: :[[@LINE-1]]:20: remark: store global 'cute::copy [column]' width 16; offset 16*lane + (512)*warp.x + (512)*k; active 0xffffffff; scenarios 1; transactions 4, sectors 16
  // An element of a register column is a register too: only the store.
  Tensor first = tile(_, 0);
  out[threadIdx.x] = first(1);
  // CHECK-DAG: :[[@LINE-1]]:3: remark: store global 'out[threadIdx.x]' width 4
}

// Registers to registers: no access at all.
__global__ void registersOnly(float *out) {
  // CHECK-DAG: :[[@LINE-1]]:17: remark: kernel 'registersOnly': blockDim launch 32x1x1, 1 accesses
  Tensor a = make_tensor_like(make_tensor(make_gmem_ptr(out), make_layout(Int<4>{})));
  Tensor b = make_tensor_like(a);
  copy(a, b);
  out[threadIdx.x] = b(0);
}

void host(float *a, float *b, Column c, int n) {
  threadsAlongColumns<<<16, 256>>>(a, b);
  threadsAcrossColumns<<<16, 256>>>(a, b);
  fourFloatsPerThread<<<16, 32>>>(a, b);
  columnPerThread<<<1, 32>>>(a);
  tiledVectors<<<16, 256>>>(a, b);
  tiledAsync<<<1, 256>>>(a);
  blockTile<<<dim3(8, 8), 256>>>(a, b);
  runtimeLeadingDimension<<<16, 256>>>(a, b, n);
  runtimeLeadingDimensionAcross<<<16, 256>>>(a, b, n);
  handedIn<<<1, 32>>>(c, b);
  registersOnly<<<1, 32>>>(b);
  registerColumn<<<1, 32>>>(b, n);
}
