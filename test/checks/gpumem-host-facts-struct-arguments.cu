// Issue 39: a kernel that takes its sizes in a struct passed by value
// (`Params p; p.ld = 1; k<<<g, b>>>(p)`) reads in `p.ld` the value every
// launch gives that field, as it reads a scalar argument every launch
// passes: the field's last assignment before the launch, or its braced
// or default initializer (launch/FieldWrites.h, LaunchReader::fieldsAtLaunch).
//
// RUN: %check_gpumem_tidy %s gpumem-uncoalesced-access %t

struct Params {
  int ld;
  int rows;
  const float *in;
};

// OK: `p.ld = 1;` at the one launch: coalesced (before, "up to 32
// transactions per warp ... when 'p.ld' >= 32", a case the program never
// runs).
__global__ void unitPitch(Params p, float *out) {
  out[blockIdx.x] = p.in[threadIdx.x * p.ld];
}

// Braced to 4: priced at 4, and the note says where the 4 comes from.
__global__ void bracedPitch(Params p, float *out) {
  out[blockIdx.x] = p.in[threadIdx.x * p.ld];
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'p.in[threadIdx.x * p.ld]': stride 16 bytes, 4 transactions per warp (25.0% efficiency), 16 sectors; consecutive lanes should touch consecutive elements [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:21: note: 32 active lanes of 4 bytes each span 500 bytes; the same lanes on consecutive elements would need 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE+26]]:3: note: 'p.ld' is 4 at every launch of 'bracedPitch' in this file
  // CHECK-NOTES: :[[@LINE+25]]:3: note: at this launch, blockDim is (32, 1, 1)
}

// Two launches that give the field different values, and a field written
// under a branch, fix nothing: the pitch is a value of the run.
__global__ void twoPitches(Params p, float *out) {
  out[blockIdx.x] = p.in[threadIdx.x * p.ld];
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'p.in[threadIdx.x * p.ld]': stride 'p.ld' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 'p.ld' >= 32; coalesced only when 'p.ld' is 1 [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:21: note: with 'p.ld' = 1 the warp needs 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE+17]]:3: note: at this launch, blockDim is (32, 1, 1)
}
__global__ void branchPitch(Params p, float *out) {
  out[blockIdx.x] = p.in[threadIdx.x * p.ld];
  // CHECK-NOTES: :[[@LINE-1]]:21: warning: uncoalesced global load of 'p.in[threadIdx.x * p.ld]': stride 'p.ld' x 4 bytes, up to 32 transactions per warp (3.1% efficiency), 32 sectors, when 'p.ld' >= 32; coalesced only when 'p.ld' is 1 [gpumem-uncoalesced-access]
  // CHECK-NOTES: :[[@LINE-2]]:21: note: with 'p.ld' = 1 the warp needs 1 transaction (100.0% efficiency)
  // CHECK-NOTES: :[[@LINE+19]]:3: note: at this launch, blockDim is (32, 1, 1)
}

void launch(const float *in, float *out, int n) {
  Params p;
  p.ld = 1;
  p.rows = n;
  p.in = in;
  unitPitch<<<1, 32>>>(p, out);
  Params braced{4, 0, in};
  bracedPitch<<<1, 32>>>(braced, out);
  twoPitches<<<1, 32>>>(p, out);
  Params other{2, 0, in};
  twoPitches<<<1, 32>>>(other, out);
  Params maybe;
  maybe.ld = 1;
  maybe.in = in;
  if (n > 64)
    maybe.ld = 64;
  branchPitch<<<1, 32>>>(maybe, out);
}
