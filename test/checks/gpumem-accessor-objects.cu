// Issue 25: accesses through accessor objects. A class whose operator()
// or operator[] returns a reference into its data (a matrix view, a 2-D
// span) is followed like a reference-returning helper: the access is the
// element the operator returns, its address computed from the object's
// fields. A kernel's struct parameter's pointer fields point to global
// memory, as pointer parameters do, and its integer fields are values the
// warp shares; a local object the kernel builds from its arguments gives
// the fields its initialiser gives.
//
// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access %t

template <typename T> struct RowMajor {
  T *data;
  int pitch;
  __device__ T &operator()(int row, int col) const {
    return data[row * pitch + col];
  }
};

template <typename T> struct Strided {
  T *base;
  int step;
  __device__ Strided(T *b, int s) : base(b), step(s) {}
  __device__ T &operator[](int i) const { return base[i * step]; }
};

// A transpose through two views passed by value: reading along the row
// is coalesced; writing down a column is one transaction per lane.
__global__ void transposeRows(RowMajor<float> in, RowMajor<float> out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y;
  out(x, y) = in(y, x);
  // CHECK-NOTES: :[[@LINE-1]]:3: warning: uncoalesced global store of 'out(x, y)': stride 'out.pitch' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 'out.pitch' >= 32; coalesced only when 'out.pitch' is 1 [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:3: note: with 'out.pitch' = 1 the warp needs 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE+24]]:3: note: at this launch, blockDim is (128, 1, 1)
}

// A view the kernel builds itself: lanes 3 floats apart.
__global__ void everyThird(float *data, int n) {
  Strided<float> view(data, 3);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    view[i] = 0.0f;
  // CHECK-NOTES: :[[@LINE-1]]:5: warning: uncoalesced global store of 'view[i]': stride 12 bytes, 3 transactions per warp (33.3% efficiency), 12 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:5: note: 32 active lanes of 4 bytes each span 376 bytes; the same lanes on consecutive elements would need 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE+14]]:3: note: at this launch, blockDim is (128, 1, 1)
}

// OK: a local struct of pointers built from the arguments, read and
// written along the lanes.
struct Buffers { const float *from; float *to; };
__global__ void copyThrough(const float *a, float *b) {
  Buffers io{a, b};
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  io.to[i] = io.from[i];
}

void launch(RowMajor<float> m, float *d, const float *a, int n) {
  transposeRows<<<dim3(8, 8), 128>>>(m, m);
  everyThird<<<8, 128>>>(d, n);
  copyThrough<<<8, 128>>>(a, d);
}
