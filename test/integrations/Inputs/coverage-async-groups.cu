// A tile staged through cp.async: the copy is an access, the group's
// commit and wait on their own lines are not (they move no bytes).
__global__ void stagedCopy(const float *in, float *out) {
  __shared__ float tile[128];
  unsigned dst = static_cast<unsigned>(__cvta_generic_to_shared(&tile[threadIdx.x * 4]));
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(dst), "l"(&in[threadIdx.x * 4]));
  asm volatile("cp.async.commit_group;\n" ::);
  asm volatile("cp.async.wait_group 0;\n" ::);
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x];
}
