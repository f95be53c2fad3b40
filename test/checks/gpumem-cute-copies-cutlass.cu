// The CuTe forms of gpumem-cute-copies.cu against CuTe's own headers, where
// a CUTLASS checkout is named (GPUMEM_CUTLASS_DIR): the layouts come from
// CuTe's own make_layout, local_partition and make_tiled_copy (its
// raked_product of threads and values), so the tool reads the types CuTe
// really builds.
//
// REQUIRES: cutlass, cuda-toolkit
// RUN: %clang_tidy --checks=-*,gpumem-*,debug-gpumem-access-dump %s -- \
// RUN:   %cuda_toolkit_flags -I %cutlass_include 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:

#include <cute/tensor.hpp>
using namespace cute;

// Threads 32 x 8 over a 64 x 32 column-major tile: lane along m, one float
// per instruction (a thread's share is not contiguous).
__global__ void threadsAlongColumns(float *in, float *out) {
  auto tile = make_layout(make_shape(Int<64>{}, Int<32>{}));
  Tensor gIn = make_tensor(make_gmem_ptr(in + blockIdx.x * 2048), tile);
  auto threads = make_layout(make_shape(Int<32>{}, Int<8>{}));
  Tensor tIn = local_partition(gIn, threads, threadIdx.x);
  Tensor reg = make_tensor_like(tIn);
  copy(tIn, reg);
  // CHECK-DAG: :[[@LINE-1]]:8: remark: load global 'cute::copy [tIn]' width 4; offset 4*lane + (8192)*blockIdx.x + (256)*warp.x; active 0xffffffff; scenarios 1; transactions 1, sectors 4
  // CHECK-DAG: :[[@LINE-2]]:8: remark: load global 'cute::copy [tIn]' width 4; offset 6272+4*lane + (8192)*blockIdx.x + (256)*warp.x;
  out[threadIdx.x] = reg(0);
}

// Lane along n: 256 bytes apart.
__global__ void threadsAcrossColumns(float *in, float *out) {
  auto tile = make_layout(make_shape(Int<64>{}, Int<32>{}));
  Tensor gIn = make_tensor(make_gmem_ptr(in), tile);
  auto threads = make_layout(make_shape(Int<8>{}, Int<32>{}),
                             make_stride(Int<32>{}, Int<1>{}));
  Tensor tIn = local_partition(gIn, threads, threadIdx.x);
  Tensor reg = make_tensor_like(tIn);
  copy(tIn, reg);
  // CHECK-DAG: :[[@LINE-1]]:8: warning: uncoalesced global load of 'cute::copy [tIn]': stride 256 bytes, 32 transactions per warp (3.1% efficiency), 32 sectors
  out[threadIdx.x] = reg(0);
}

// Four contiguous floats a thread: CuTe's copy vectorises to 128 bits.
__global__ void fourFloatsPerThread(float *in, float *out) {
  Tensor gIn = make_tensor(make_gmem_ptr(in + threadIdx.x * 4),
                           make_layout(Int<4>{}));
  Tensor reg = make_tensor_like(gIn);
  copy(gIn, reg);
  // CHECK-DAG: :[[@LINE-1]]:8: remark: load global 'cute::copy [gIn]' width 16; offset 16*lane + (512)*warp.x; active 0xffffffff; scenarios 1; transactions 4, sectors 16
  out[threadIdx.x] = reg(0);
}

// make_tiled_copy with 128-bit atoms: threads (32, 8), values (4, 1).
__global__ void tiledVectors(float *in, float *out) {
  Tensor gS = make_tensor(make_gmem_ptr(in + blockIdx.x * 1024),
                          make_layout(make_shape(Int<128>{}, Int<8>{})));
  auto tiled = make_tiled_copy(Copy_Atom<UniversalCopy<uint128_t>, float>{},
                               make_layout(make_shape(Int<32>{}, Int<8>{})),
                               make_layout(make_shape(Int<4>{}, Int<1>{})));
  auto thread = tiled.get_thread_slice(threadIdx.x);
  Tensor tS = thread.partition_S(gS);
  Tensor frag = make_fragment_like(tS);
  copy(tiled, tS, frag);
  // CHECK-DAG: :[[@LINE-1]]:15: remark: load global 'cute::copy [tS]' width 16; offset 16*lane + (4096)*blockIdx.x + (512)*warp.x; active 0xffffffff; scenarios 1; transactions 4, sectors 16
  out[threadIdx.x] = frag(0);
}

// The shape of CuTe's tutorial GEMM, with the matrix built in the kernel:
// A is M x K, m-major, its leading dimension `ldA` known at run time; the
// block's 128 x 8 tile of it by local_tile with a Step projection, 32 x 8
// threads over the tile, each k-tile copied into a shared tile: lane along
// m, 4 bytes apart; the shared store is 4 bytes a lane, conflict-free.
__global__ void gemmTiles(float const *A, int M, int K, int ldA) {
  __shared__ float smemA[128 * 8];
  Tensor mA = make_tensor(make_gmem_ptr(A), make_shape(M, K),
                          make_stride(Int<1>{}, ldA));
  auto cta_tiler = make_shape(Int<128>{}, Int<128>{}, Int<8>{});
  auto cta_coord = make_coord(blockIdx.x, blockIdx.y, _);
  Tensor gA = local_tile(mA, cta_tiler, cta_coord, Step<_1, X, _1>{});
  Tensor sA = make_tensor(make_smem_ptr(smemA),
                          make_layout(make_shape(Int<128>{}, Int<8>{})));
  auto tA = make_layout(make_shape(Int<32>{}, Int<8>{}));
  Tensor tAgA = local_partition(gA, tA, threadIdx.x);
  Tensor tAsA = local_partition(sA, tA, threadIdx.x);
  for (int k = 0; k < size<2>(tAgA); ++k) {
    copy(tAgA(_, _, k), tAsA);
    // CHECK-DAG: :[[@LINE-1]]:10: remark: load global 'cute::copy [tAgA(_, _, k)]' width 4; offset 4*lane
    // CHECK-DAG: :[[@LINE-2]]:25: remark: store shared 'cute::copy [tAsA]' width 4; offset 4*lane
  }
}

void host(float *a, float *b) {
  threadsAlongColumns<<<16, 256>>>(a, b);
  threadsAcrossColumns<<<16, 256>>>(a, b);
  fourFloatsPerThread<<<16, 32>>>(a, b);
  tiledVectors<<<16, 256>>>(a, b);
  gemmTiles<<<dim3(8, 8), 256>>>(a, 1024, 1024, 1024);
}
