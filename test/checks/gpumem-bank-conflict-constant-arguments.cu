// Issue 13: a kernel argument that every launch in the file passes as the
// same constant is that constant in the analysis, and the note says so.
//
// RUN: %check_gpumem_tidy %s gpumem-bank-conflict %t

// Bc is 32 at both launches: the tile's rows are 32 floats, 32-way.
__global__ void tiles(float *out, int Bc) {
  extern __shared__ float Kj[];
  out[threadIdx.x] = Kj[threadIdx.x * Bc];
  // CHECK-NOTES: :[[@LINE-1]]:22: warning: 32-way bank conflict on 'Kj[threadIdx.x * Bc]': the 32 lanes read 32 distinct words of bank 0 [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE-3]]:27: note: 'Kj' declared here
  // CHECK-NOTES: :[[@LINE+24]]:3: note: 'Bc' is 32 at every launch of 'tiles' in this file
  // CHECK-NOTES: :[[@LINE+23]]:3: note: at this launch, blockDim is (32, 1, 1)
}

// The launches disagree (32 and 33): a symbol, priced at the launch that
// puts every lane on one bank (issue 39: a value a launch passes, not a
// narrow condition on one no launch passes).
__global__ void twoSizes(float *out, int Bc) {
  extern __shared__ float Kj[];
  out[threadIdx.x] = Kj[threadIdx.x * Bc];
  // CHECK-NOTES: :[[@LINE-1]]:22: warning: 32-way bank conflict on 'Kj[threadIdx.x * Bc]' when 'Bc' is 32, as a launch of 'twoSizes' in this file passes it: lanes 4 bytes x 'Bc' apart share a bank; conflict-free when 'Bc' is odd [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE+15]]:3: note: at this launch, blockDim is (32, 1, 1)
}

// OK: the kernel changes its parameter, so the launch's value is not the
// one the index reads (33 after the increment would be conflict-free; the
// analysis does not follow the write and stays silent).
__global__ void written(float *out, int Bc) {
  extern __shared__ float Kj[];
  Bc += 1;
  out[threadIdx.x] = Kj[threadIdx.x * Bc];
}

void launch(float *out) {
  tiles<<<1, 32, 4096>>>(out, 32);
  tiles<<<2, 32, 4096>>>(out, 32);
  twoSizes<<<1, 32, 4096>>>(out, 32);
  twoSizes<<<1, 32, 4096>>>(out, 33);
  written<<<1, 32, 4096>>>(out, 32);
}
