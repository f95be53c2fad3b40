// Issue 39: a stride the file itself makes. A torch extension hands its
// kernel strides it reads from tensors; a tensor the launching function
// made with one of torch's factories (`empty`, `zeros`, ...) is
// contiguous, so its last stride is 1 and each other stride the product
// of the sizes after it, and `x.contiguous()` has a last stride of 1. A
// tensor the function was given, assigned again or restrided in place
// says nothing: its stride stays a value of the run.
//
// The declarations below stand for torch's (at::TensorBase::stride, the
// factories of namespace at); test/torch/extension.cu runs the same reads
// with torch's own headers.
//
// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access %t

#include <initializer_list>

using int64_t = long long;
namespace at {
struct IntArrayRef {
  IntArrayRef(std::initializer_list<int64_t> Sizes);
};
struct TensorOptions {};
class TensorBase {
public:
  int64_t stride(int64_t dim) const;
  int64_t size(int64_t dim) const;
  template <typename T> T *data_ptr() const;
  TensorOptions options() const;
};
class Tensor : public TensorBase {
public:
  Tensor contiguous() const;
  const Tensor &t_() const;
};
Tensor empty(IntArrayRef size, TensorOptions options = {});
Tensor zeros(IntArrayRef size, TensorOptions options = {});
Tensor empty_like(const Tensor &other);
} // namespace at

// out.stride(0) of a 1-D tensor made here is 1: consecutive, silent.
// x.stride(0) is the caller's tensor's: a value of the run.
__global__ void scale(const float *in, float *out, int64_t inStride,
                      int64_t outStride, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i * outStride] = 2.f * in[i * inStride];
  // CHECK-NOTES: :[[@LINE-1]]:32: warning: uncoalesced global load of 'in[i * inStride]': stride 'inStride' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 'inStride' >= 32; coalesced only when 'inStride' is 1 [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:32: note: with 'inStride' = 1 the warp needs 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE-5]]:7: note: index 'i' is defined here
  // CHECK-NOTES: :[[@LINE+63]]:3: note: at this launch, blockDim is (256, 1, 1)
}

// A {rows, 48} tensor made here: stride(1) and stride(-1) are 1,
// stride(0) is 48. A warp down a column pays one transaction per lane.
__global__ void rowsAndColumns(float *out, float *cols, int64_t ld,
                               int64_t colStride, int64_t last) {
  int r = blockIdx.x;
  int c = threadIdx.x;
  out[r * ld + c * colStride] = 0.f;
  cols[c * ld + r * last] = 0.f;
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: uncoalesced global store of 'cols[c * ld + r * last]': stride 192 bytes, 32 transactions per warp (3.1% efficiency), 32 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:3: note: 32 active lanes of 4 bytes each span 5956 bytes; the same lanes on consecutive elements would need 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE-5]]:7: note: index 'c' is defined here
  // CHECK-NOTES: :[[@LINE+53]]:3: note: 'ld' is 48 at every launch of 'rowsAndColumns' in this file
  // CHECK-NOTES: :[[@LINE+52]]:3: note: 'last' is 1 at every launch of 'rowsAndColumns' in this file
  // CHECK-NOTES: :[[@LINE+51]]:3: note: at this launch, blockDim is (32, 1, 1)
}

// Each stride here says nothing: a tensor restrided in place, one assigned
// again, the first stride of a contiguous() copy (its sizes are the
// caller's) and of a tensor whose sizes are values of the run. Each is
// reported with its condition, as a stride of a run is.
__global__ void unknownStrides(float *a, float *b, float *c, float *d,
                               int64_t sa, int64_t sb, int64_t sc, int64_t sd) {
  a[threadIdx.x * sa] = 0.f;
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: uncoalesced global store of 'a[threadIdx.x * sa]': stride 'sa' x 4 bytes, {{.*}} when 'sa' >= 32; coalesced only when 'sa' is 1 [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:3: note: with 'sa' = 1 the warp needs 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE+49]]:3: note: at this launch, blockDim is (32, 1, 1)
  b[threadIdx.x * sb] = 0.f;
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: uncoalesced global store of 'b[threadIdx.x * sb]': stride 'sb' x 4 bytes, {{.*}} when 'sb' >= 32; coalesced only when 'sb' is 1 [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:3: note: with 'sb' = 1 the warp needs 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE+45]]:3: note: at this launch, blockDim is (32, 1, 1)
  c[threadIdx.x * sc] = 0.f;
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: uncoalesced global store of 'c[threadIdx.x * sc]': stride 'sc' x 4 bytes, {{.*}} when 'sc' >= 32; coalesced only when 'sc' is 1 [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:3: note: with 'sc' = 1 the warp needs 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE+41]]:3: note: at this launch, blockDim is (32, 1, 1)
  d[threadIdx.x * sd] = 0.f;
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: uncoalesced global store of 'd[threadIdx.x * sd]': stride 'sd' x 4 bytes, {{.*}} when 'sd' >= 32; coalesced only when 'sd' is 1 [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:3: note: with 'sd' = 1 the warp needs 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE+37]]:3: note: at this launch, blockDim is (32, 1, 1)
}

// The last stride of x.contiguous() is 1: silent.
__global__ void lastOfCopy(float *out, int64_t s) { out[threadIdx.x * s] = 0.f; }

// A stride kept in a local first (`const int ld = out.stride(0);`), and
// handed on through the file's own dispatch helper: {rows, 16} makes the
// first stride 16, so a warp down a column is 16 floats apart.
__global__ void viaLocal(float *out, int ld) {
  out[threadIdx.x * ld] = 0.f;
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: uncoalesced global store of 'out[threadIdx.x * ld]': stride 64 bytes, 16 transactions per warp (6.2% efficiency), 32 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:3: note: 32 active lanes of 4 bytes each span 1988 bytes; the same lanes on consecutive elements would need 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE+4]]:3: note: 'ld' is 16 at every launch of 'viaLocal' in this file
  // CHECK-NOTES: :[[@LINE+3]]:3: note: at this launch, blockDim is (32, 1, 1)
}
static void launchViaLocal(float *out, int ld) {
  viaLocal<<<1, 32>>>(out, ld);
}

at::Tensor run(at::Tensor x, int rows, int cols) {
  const int n = x.size(0);
  auto out = at::empty({x.size(0)}, x.options());
  scale<<<(n + 255) / 256, 256>>>(x.data_ptr<float>(), out.data_ptr<float>(),
                                  x.stride(0), out.stride(0), n);
  auto tile = at::zeros({rows, 48}, x.options());
  auto more = at::zeros({rows, 48}, x.options());
  rowsAndColumns<<<rows, 32>>>(tile.data_ptr<float>(), more.data_ptr<float>(),
                               tile.stride(0), tile.stride(1),
                               (int)more.stride(-1));

  auto turned = at::zeros({48, 48});
  turned.t_();
  auto again = at::zeros({rows});
  again = x;
  at::Tensor copy = x.contiguous();
  auto open = at::empty({rows, cols});
  unknownStrides<<<1, 32>>>(turned.data_ptr<float>(), again.data_ptr<float>(),
                            copy.data_ptr<float>(), open.data_ptr<float>(),
                            turned.stride(1), again.stride(0), copy.stride(0),
                            open.stride(0));
  lastOfCopy<<<1, 32>>>(copy.data_ptr<float>(), copy.stride(-1));
  auto narrow = at::empty({rows, 16});
  const int ld = narrow.stride(0);
  launchViaLocal(narrow.data_ptr<float>(), ld);
  return out;
}
