// Accessor objects in the access dump (issue 25): the element an
// operator or helper returns by reference is the access; the fields of a
// kernel's struct parameter, read through `this`, are symbols named by
// their place in it. The last element of an integer array field named for
// strides is the innermost dimension's stride: taken as 1 (a contiguous
// tensor, as extensions pass them) and said on the kernel's line.
//
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump %s -- %cuda_flags \
// RUN:   | FileCheck %s

// Sizes and strides in arrays, as a tensor accessor keeps them.
struct Accessor2D {
  float *data;
  int sizes[2];
  int strides[2];
  __device__ float &at(int i, int j) const {
    return data[i * strides[0] + j * strides[1]];
  }
};

__device__ float &element(float *p, int pitch, int row, int col) {
  return p[row * pitch + col];
}

__global__ void reads(Accessor2D a, float *out, int pitch) {
  // CHECK: :[[@LINE-1]]:17: remark: kernel 'reads': blockDim launch 32x1x1, 4 accesses; innermost strides taken as 1 (contiguous): 'a.strides[1]'
  int t = threadIdx.x;
  out[t] = a.at(t, 0) + a.at(0, t);
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[t]' width 4; offset 4*lane + (128)*warp.x
  // CHECK: :[[@LINE-2]]:14: remark: load global 'a.at(t, 0)' width 4; offset 0 + (128)*warp.x*a.strides[0] + (4*lane)*a.strides[0]; active 0xffffffff; symbolic stride a.strides[0]
  // CHECK: :[[@LINE-3]]:27: remark: load global 'a.at(0, t)' width 4; offset 4*lane + (128)*warp.x; active 0xffffffff; scenarios 1
  element(out, pitch, 0, t) = 0.0f;
  // CHECK: :[[@LINE-1]]:3: remark: store global 'element(out, pitch, 0, t)' width 4; offset 4*lane + (128)*warp.x; active 0xffffffff; scenarios 1
}

// An object the kernel writes after building it: its pointer is not
// followed.
struct Holder { float *p; };
__global__ void rebuilt(float *x, float *y, bool flip) {
  Holder h{x};
  if (flip)
    h.p = y;
  h.p[threadIdx.x] = 1.0f;
  // CHECK: :[[@LINE-1]]:3: remark: store unknown 'h.p[threadIdx.x]' width 4; offset unknown, data-dependent (pointer is read from memory)
}

// A view whose operator[] returns the view of one fewer dimension by value
// (as tensor libraries' accessors do): `grid[r][c]` reads the second
// view's fields, which the first call's returned object gives.
template <typename T, int N> struct View {
  T *base;
  const int *stride;
  __device__ View(T *b, const int *s) : base(b), stride(s) {}
  __device__ View<T, N - 1> operator[](int i) const {
    return View<T, N - 1>(base + stride[0] * i, stride + 1);
  }
};
template <typename T> struct View<T, 1> {
  T *base;
  const int *stride;
  __device__ View(T *b, const int *s) : base(b), stride(s) {}
  __device__ T &operator[](int i) const { return base[stride[0] * i]; }
};
template <typename T, int N> struct Tensor {
  T *base;
  int stride[N];
  __device__ View<T, N - 1> operator[](int i) const {
    return View<T, N - 1>(base + stride[0] * i, stride + 1);
  }
};

__global__ void nested(Tensor<float, 2> grid, float *out) {
  out[threadIdx.x] = grid[blockIdx.x][threadIdx.x];
  // CHECK: :[[@LINE-1]]:22: remark: load global 'grid[blockIdx.x][threadIdx.x]' width 4; offset 4*lane + (4)*blockIdx.x*grid.stride[0] + (128)*warp.x; active 0xffffffff; scenarios 1
  out[threadIdx.x] = grid[threadIdx.x][blockIdx.x];
  // CHECK: :[[@LINE-1]]:22: remark: load global 'grid[threadIdx.x][blockIdx.x]' width 4; offset 0 + (4)*blockIdx.x + (128)*warp.x*grid.stride[0] + (4*lane)*grid.stride[0]; active 0xffffffff; symbolic stride grid.stride[0]
}

// An array of another name is no stride: its last element stays a symbol.
struct Pitched {
  float *data;
  int pitch[2];
};
__global__ void pitched(Pitched p) {
  p.data[threadIdx.x * p.pitch[1]] = 0.0f;
  // CHECK: :[[@LINE-1]]:3: remark: store global 'p.data[threadIdx.x * p.pitch[1]]' width 4; offset 0 + (128)*warp.x*p.pitch[1] + (4*lane)*p.pitch[1]; active 0xffffffff; symbolic stride p.pitch[1]
}

// The accessor of a tensor library, in the shape torch's has: the fields
// live in base classes, the constructors hand their parameters to the
// base's, the owning accessor (sizes and strides in arrays, passed to the
// kernel by value) steps into a view (sizes and strides as pointers into
// those arrays) through locals of its operator[].
template <typename T> struct ViewFields {
  __device__ ViewFields(T *d, const long *sz, const long *st)
      : data(d), sizes(sz), strides(st) {}
  T *data;
  const long *sizes;
  const long *strides;
};
template <typename T, int N> struct StridedView : ViewFields<T> {
  __device__ StridedView(T *d, const long *sz, const long *st)
      : ViewFields<T>(d, sz, st) {}
  __device__ StridedView<T, N - 1> operator[](long i) const {
    return StridedView<T, N - 1>(this->data + this->strides[0] * i,
                                 this->sizes + 1, this->strides + 1);
  }
};
template <typename T> struct StridedView<T, 1> : ViewFields<T> {
  __device__ StridedView(T *d, const long *sz, const long *st)
      : ViewFields<T>(d, sz, st) {}
  __device__ T &operator[](long i) const {
    return this->data[this->strides[0] * i];
  }
};
template <typename T, int N> struct OwnedFields {
  T *data;
  long sizes[N];
  long strides[N];
};
template <typename T, int N> struct OwningAccessor : OwnedFields<T, N> {
  __device__ long size(int d) const { return this->sizes[d]; }
  __device__ StridedView<T, N - 1> operator[](long i) const {
    const long *restSizes = this->sizes + 1;
    const long *restStrides = this->strides + 1;
    return StridedView<T, N - 1>(this->data + this->strides[0] * i, restSizes,
                                 restStrides);
  }
};

__global__ void library(OwningAccessor<float, 3> vol, OwningAccessor<float, 2> out) {
  // CHECK: :[[@LINE-1]]:17: remark: kernel 'library': blockDim launch 32x1x1, 3 accesses; innermost strides taken as 1 (contiguous): 'out.strides[1]', 'vol.strides[2]'
  const int c = threadIdx.x;
  if (c < vol.size(2))
    out[blockIdx.x][c] = vol[blockIdx.y][blockIdx.x][c];
  // CHECK: :[[@LINE-1]]:5: remark: store global 'out[blockIdx.x][c]' width 4; offset 4*lane + (4)*blockIdx.x*out.strides[0] + (128)*warp.x; active 0xffffffff; scenarios 1
  // CHECK: :[[@LINE-2]]:26: remark: load global 'vol[blockIdx.y][blockIdx.x][c]' width 4; offset 4*lane + (4)*blockIdx.x*vol.strides[1] + (4)*blockIdx.y*vol.strides[0] + (128)*warp.x; active 0xffffffff; scenarios 1
  out[c][blockIdx.x] = 0.0f;
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[c][blockIdx.x]' width 4; offset 0 + (4)*blockIdx.x + (128)*warp.x*out.strides[0] + (4*lane)*out.strides[0]; active 0xffffffff; symbolic stride out.strides[0]
}

// A view kept in a local (`auto plane = vol[b];`, as torch extensions
// write it): its fields are what the call's returned object gives. A local
// view the kernel assigns again is not followed.
__global__ void localViews(OwningAccessor<float, 3> vol, float *out, bool other) {
  // CHECK: :[[@LINE-1]]:17: remark: kernel 'localViews': blockDim launch 32x1x1, 7 accesses; innermost strides taken as 1 (contiguous): 'vol.strides[2]'
  const int c = threadIdx.x;
  auto plane = vol[blockIdx.y];
  const auto row = plane[blockIdx.x];
  out[c] = plane[blockIdx.x][c] + row[c];
  // CHECK: :[[@LINE-1]]:12: remark: load global 'plane[blockIdx.x][c]' width 4; offset 4*lane + (4)*blockIdx.x*vol.strides[1] + (4)*blockIdx.y*vol.strides[0] + (128)*warp.x; active 0xffffffff; scenarios 1
  // CHECK: :[[@LINE-2]]:35: remark: load global 'row[c]' width 4; offset 4*lane + (4)*blockIdx.x*vol.strides[1] + (4)*blockIdx.y*vol.strides[0] + (128)*warp.x; active 0xffffffff; scenarios 1
  auto column = vol[c];
  out[c] = column[0][0];
  // CHECK: :[[@LINE-1]]:12: remark: load global 'column[0][0]' width 4; offset 0 + (128)*warp.x*vol.strides[0] + (4*lane)*vol.strides[0]; active 0xffffffff; symbolic stride vol.strides[0]
  auto moved = vol[0];
  if (other)
    moved = vol[1];
  out[c] = moved[0][c];
  // CHECK: :[[@LINE-1]]:12: remark: load unknown 'moved[0][c]' width 4; offset unknown, data-dependent (pointer is read from memory)
}

void launch(Accessor2D a, float *o, Tensor<float, 2> t) {
  reads<<<1, 32>>>(a, o, 64);
  rebuilt<<<1, 32>>>(o, o, true);
  nested<<<1, 32>>>(t, o);
}
void launchLibrary(OwningAccessor<float, 3> v, OwningAccessor<float, 2> o,
                   Pitched p) {
  library<<<dim3(8, 8), 32>>>(v, o);
  localViews<<<dim3(8, 8), 32>>>(v, o.data, true);
  pitched<<<1, 32>>>(p);
}
