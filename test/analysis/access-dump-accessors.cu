// Accessor objects in the access dump (issue 25): the element an
// operator or helper returns by reference is the access; the fields of a
// kernel's struct parameter, read through `this`, are symbols named by
// their place in it.
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
  int t = threadIdx.x;
  out[t] = a.at(t, 0) + a.at(0, t);
  // CHECK: :[[@LINE-1]]:3: remark: store global 'out[t]' width 4; offset 4*lane + (128)*warp.x
  // CHECK: :[[@LINE-2]]:14: remark: load global 'a.at(t, 0)' width 4; offset 0 + (128)*warp.x*a.strides[0] + (4*lane)*a.strides[0]; active 0xffffffff; symbolic stride a.strides[0]
  // CHECK: :[[@LINE-3]]:27: remark: load global 'a.at(0, t)' width 4; offset 0 + (128)*warp.x*a.strides[1] + (4*lane)*a.strides[1]; active 0xffffffff; symbolic stride a.strides[1]
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
  // CHECK: :[[@LINE-1]]:22: remark: load global 'grid[blockIdx.x][threadIdx.x]' width 4; offset 0 + (4)*blockIdx.x*grid.stride[0] + (128)*warp.x*grid.stride[1] + (4*lane)*grid.stride[1]; active 0xffffffff; symbolic stride grid.stride[1]
}

void launch(Accessor2D a, float *o, Tensor<float, 2> t) {
  reads<<<1, 32>>>(a, o, 64);
  rebuilt<<<1, 32>>>(o, o, true);
  nested<<<1, 32>>>(t, o);
}
