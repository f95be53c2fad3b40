// gpumem-bank-conflict does not pad an array that code addresses with its
// declared row length: padding would change what that code reads. The
// conflict is still reported, without a padding, and the note on the
// declaration says why.
//
// RUN: %check_gpumem_tidy %s gpumem-bank-conflict %t -- --fix-notes

// A pointer to an element, then arithmetic across rows.
__global__ void flatPointer(float *out) {
  __shared__ float tile[32][32];
  float *flat = &tile[0][0];
  out[0] = flat[threadIdx.x * 32];
  // CHECK-NOTES: :[[@LINE-1]]:12: warning: 32-way bank conflict on 'flat[threadIdx.x * 32]': the 32 lanes read 32 distinct words of bank 0 [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE-4]]:20: note: 'tile' declared here; it is not padded: it is also used through a pointer or as a whole, which assumes its row length
  // CHECK-NOTES: :[[@LINE-6]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'flatPointer' in this file; set option 'BlockDim' to fix it)
  out[1] = tile[threadIdx.x][1];
  // CHECK-NOTES: :[[@LINE-1]]:12: warning: 32-way bank conflict on 'tile[threadIdx.x][1]': the 32 lanes read 32 distinct words of bank 1 [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE-8]]:20: note: 'tile' declared here; it is not padded: it is also used through a pointer or as a whole, which assumes its row length
  // CHECK-NOTES: :[[@LINE-10]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'flatPointer' in this file; set option 'BlockDim' to fix it)
}

// A row pointer; sizeof of the whole array.
__global__ void rowPointerAndSizeof(float *out) {
  __shared__ float tile[32][32];
  __shared__ float other[32][32];
  float *row = tile[threadIdx.x];
  out[0] = row[0] + sizeof(other) + other[threadIdx.x][0];
  // CHECK-NOTES: :[[@LINE-1]]:12: warning: 32-way bank conflict on 'row[0]': the 32 lanes read 32 distinct words of bank 0 [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE-5]]:20: note: 'tile' declared here; it is not padded: it is also used through a pointer or as a whole, which assumes its row length
  // CHECK-NOTES: :[[@LINE-7]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'rowPointerAndSizeof' in this file; set option 'BlockDim' to fix it)
  // CHECK-NOTES: :[[@LINE-4]]:37: warning: 32-way bank conflict on 'other[threadIdx.x][0]': the 32 lanes read 32 distinct words of bank 0 [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE-7]]:20: note: 'other' declared here; it is not padded: it is also used through a pointer or as a whole, which assumes its row length
  // CHECK-NOTES: :[[@LINE-10]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'rowPointerAndSizeof' in this file; set option 'BlockDim' to fix it)
}

// At namespace scope any function could do the same.
__shared__ float sharedAtNamespaceScope[32][32];
__global__ void namespaceScope(float *out) {
  out[0] = sharedAtNamespaceScope[threadIdx.x][0];
  // CHECK-NOTES: :[[@LINE-1]]:12: warning: 32-way bank conflict on 'sharedAtNamespaceScope[threadIdx.x][0]': the 32 lanes read 32 distinct words of bank 0 [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE-4]]:18: note: 'sharedAtNamespaceScope' declared here; it is not padded: at namespace scope, any function may assume its row length
  // CHECK-NOTES: :[[@LINE-4]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'namespaceScope' in this file; set option 'BlockDim' to fix it)
}


// Through a device function that takes a pointer: the access is analysed
// with the call's arguments, and the note names the call.
__device__ float readColumn(const float *rows, int row) {
  return rows[row * 32];
  // CHECK-NOTES: :[[@LINE-1]]:10: warning: 32-way bank conflict on 'rows[row * 32]': the 32 lanes read 32 distinct words of bank 0 [gpumem-bank-conflict]
  // CHECK-NOTES: :[[@LINE+5]]:20: note: 'tile' declared here; it is not padded: it is also used through a pointer or as a whole, which assumes its row length
  // CHECK-NOTES: :[[@LINE+5]]:12: note: with the arguments of this call to 'readColumn' in kernel 'throughDeviceFunction'
  // CHECK-NOTES: :[[@LINE+2]]:17: note: assuming blockDim.x is a multiple of 32 (no constant launch of 'throughDeviceFunction' in this file; set option 'BlockDim' to fix it)
}
__global__ void throughDeviceFunction(float *out) {
  __shared__ float tile[32][32];
  out[0] = readColumn(&tile[0][0], threadIdx.x);
}
