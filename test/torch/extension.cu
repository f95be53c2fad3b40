// Issue 25: a torch extension analysed as its users see it, with torch's
// headers there (Debian's libtorch-dev, the Python and pybind11 headers
// torch/extension.h includes, the CUDA toolkit's thrust). Written for
// this test: the kernels are instantiated by AT_DISPATCH_* from host code
// that launches them on torch's current stream, and read their tensors
// through packed accessors and data_ptr.
//
// REQUIRES: torch, standalone
// RUN: %gpumem_tidy %s --checks='-*,gpumem-*' -- %torch_flags > %t.out 2>&1
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not='warning:' --implicit-check-not='error:'
// RUN: %gpumem_tidy %s --checks='-*,debug-gpumem-access-dump' -- %torch_flags \
// RUN:   | FileCheck %s --check-prefix=DUMP

#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>

// Row-major: each warp reads 32 consecutive elements of one row (the
// accessor's innermost stride taken as 1, a contiguous tensor): silent.
// Column-major: lanes a whole row apart, reported with the outer stride.
template <typename scalar_t>
__global__ void rowsAndColumns(
    const torch::PackedTensorAccessor32<scalar_t, 2, torch::RestrictPtrTraits> in,
    torch::PackedTensorAccessor32<scalar_t, 2, torch::RestrictPtrTraits> rows,
    torch::PackedTensorAccessor32<scalar_t, 2, torch::RestrictPtrTraits> cols) {
  // DUMP: :[[@LINE-4]]:17: remark: kernel 'rowsAndColumns': blockDim launch 128x1x1, 4 accesses; innermost strides taken as 1 (contiguous): 'rows.strides_[1]', 'in.strides_[1]', 'cols.strides_[1]'
  const int r = blockIdx.x;
  const int c = threadIdx.x;
  if (c < in.size(1)) {
    rows[r][c] = in[r][c];
    // DUMP: :[[@LINE-1]]:5: remark: store global 'rows[r][c]' width 4; offset 4*lane + (4)*blockIdx.x*rows.strides_[0] + (128)*warp.x; active 0xffffffff; scenarios 1; transactions 1, sectors 4
    cols[c][r] = in[r][c];
    // CHECK: :[[@LINE-1]]:5: warning: uncoalesced global store of 'cols[c][r]': stride 'cols.strides_[0]' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 'cols.strides_[0]' >= 32; coalesced only when 'cols.strides_[0]' is 1 [gpumem-uncoalesced-access]
    // CHECK: :[[@LINE-2]]:5: note: in instantiation 'rowsAndColumns<float>'
  }
}

// A raw pointer from data_ptr, every other element, in three
// instantiations: half (lanes 4 bytes apart, 126 bytes: one transaction),
// float (8 bytes apart, 2 where 1 would do), double (16 bytes apart,
// 504 bytes: 4 where 2 would do); the location is reported once, for the
// costliest (float and double both at 50%: the most transactions).
template <typename scalar_t>
__global__ void everyOther(const scalar_t *__restrict__ in,
                           scalar_t *__restrict__ out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[2 * i];
  // CHECK: :[[@LINE-1]]:14: warning: uncoalesced global load of 'in[2 * i]': stride 16 bytes, 4 transactions per warp (50.0% efficiency), 16 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK: :[[@LINE-2]]:14: note: 32 active lanes of 8 bytes each span 504 bytes; the same lanes on consecutive elements would need 2 transactions (100.0% efficiency)
  // CHECK: :[[@LINE-3]]:14: note: in instantiation 'everyOther<double>'
  // DUMP: :[[@LINE-4]]:14: remark: load global 'in[2 * i]' width 2; offset 4*lane + (1024)*blockIdx.x + (128)*warp.x; active 0xffffffff; struct Half (2 bytes) whole; scenarios 1; transactions 1, sectors 4
  // DUMP: :[[@LINE-5]]:14: remark: load global 'in[2 * i]' width 4; offset 8*lane + (2048)*blockIdx.x + (256)*warp.x; active 0xffffffff; scenarios 1; transactions 2, sectors 8
  // DUMP: :[[@LINE-6]]:14: remark: load global 'in[2 * i]' width 8; offset 16*lane + (4096)*blockIdx.x + (512)*warp.x; active 0xffffffff; scenarios 1; transactions 4, sectors 16
}

torch::Tensor split(torch::Tensor x) {
  TORCH_CHECK(x.dim() == 2, "x must be a matrix");
  auto input = x.contiguous();
  auto rows = torch::empty_like(input);
  auto cols = torch::empty({input.size(1), input.size(0)}, input.options());
  AT_DISPATCH_FLOATING_TYPES(input.scalar_type(), "split", [&] {
    rowsAndColumns<scalar_t>
        <<<input.size(0), 128, 0, at::cuda::getCurrentCUDAStream()>>>(
            input.packed_accessor32<scalar_t, 2, torch::RestrictPtrTraits>(),
            rows.packed_accessor32<scalar_t, 2, torch::RestrictPtrTraits>(),
            cols.packed_accessor32<scalar_t, 2, torch::RestrictPtrTraits>());
  });
  return cols;
}

torch::Tensor halve(torch::Tensor x) {
  auto out = torch::empty({x.numel() / 2}, x.options());
  const int n = static_cast<int>(out.numel());
  AT_DISPATCH_FLOATING_TYPES_AND_HALF(x.scalar_type(), "halve", [&] {
    everyOther<scalar_t><<<(n + 255) / 256, 256, 0,
                           at::cuda::getCurrentCUDAStream()>>>(
        x.data_ptr<scalar_t>(), out.data_ptr<scalar_t>(), n);
  });
  return out;
}

// Strides read from tensors at the launch: the last stride of
// x.contiguous() and the stride of a 1-D tensor made here are 1
// (silent); a stride of the caller's tensor is a value of the run.
template <typename scalar_t>
__global__ void stridedCopy(const scalar_t *in, scalar_t *out, scalar_t *back,
                            int64_t inStride, int64_t outStride,
                            int64_t backStride, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    out[i * outStride] = in[i * inStride];
    back[i * backStride] = in[i * inStride];
    // CHECK: :[[@LINE-1]]:5: warning: uncoalesced global store of 'back[i * backStride]': stride 'backStride' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 'backStride' >= 32; coalesced only when 'backStride' is 1 [gpumem-uncoalesced-access]
    // CHECK: :[[@LINE-2]]:5: note: in instantiation 'stridedCopy<float>'
  }
}

torch::Tensor copyStrided(torch::Tensor x, torch::Tensor back) {
  auto input = x.contiguous();
  auto out = torch::empty({input.numel()}, input.options());
  const int n = static_cast<int>(out.numel());
  AT_DISPATCH_FLOATING_TYPES(input.scalar_type(), "copyStrided", [&] {
    stridedCopy<scalar_t><<<(n + 255) / 256, 256, 0,
                            at::cuda::getCurrentCUDAStream()>>>(
        input.data_ptr<scalar_t>(), out.data_ptr<scalar_t>(),
        back.data_ptr<scalar_t>(), input.stride(-1), out.stride(0),
        back.stride(0), n);
  });
  return out;
}

// Two halves compared, as torch's own kernels write it: with the defines
// torch's build gives nvcc (and the README's recipe), c10::Half's
// operators are the only candidates and the half instantiation compiles;
// without them the comparison is ambiguous and that instantiation is lost.
// Consecutive elements: silent.
template <typename scalar_t>
__global__ void larger(const scalar_t *a, const scalar_t *b, scalar_t *out,
                       int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = a[i] > b[i] ? a[i] : b[i];
  // DUMP: :[[@LINE-1]]:5: remark: store global 'out[i]' width 2;
}

torch::Tensor largest(torch::Tensor a, torch::Tensor b) {
  auto out = torch::empty_like(a);
  const int n = static_cast<int>(out.numel());
  AT_DISPATCH_FLOATING_TYPES_AND_HALF(a.scalar_type(), "largest", [&] {
    larger<scalar_t><<<(n + 255) / 256, 256, 0,
                       at::cuda::getCurrentCUDAStream()>>>(
        a.data_ptr<scalar_t>(), b.data_ptr<scalar_t>(),
        out.data_ptr<scalar_t>(), n);
  });
  return out;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("split", &split, "rows and columns of a matrix");
  m.def("halve", &halve, "every other element");
  m.def("copyStrided", &copyStrided, "a copy through strides");
  m.def("largest", &largest, "the larger of two tensors, element by element");
}
