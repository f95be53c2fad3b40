// A loop over a template's extent, run once: at -O3 the compiler drops
// the loop and names its header line for the load of its body. The dump
// has that load on the body's line.
template <int Dims>
__global__ void closestTarget(const float *__restrict__ sources,
                              const float *__restrict__ targets,
                              const long long *__restrict__ used, float *closest,
                              long long groups, long long perGroup,
                              long long targetCount) {
  float own[Dims];
  const long long slices = 1 + (perGroup - 1) / blockDim.x;
  for (long long job = blockIdx.x; job < groups * slices; job += gridDim.x) {
    const long long g = job / slices;
    long long s = blockDim.x * (job % slices) + threadIdx.x;
    if (s >= used[g])
      continue;
    for (int d = 0; d < Dims; ++d) {
      own[d] = sources[(g * perGroup + s) * Dims + d];
    }
    float nearest = 3.0e38f;
    for (long long t = 0; t < targetCount; ++t) {
      float distance = 0.0f;
      for (int d = 0; d < Dims; ++d) {
        float step = own[d] - targets[t * Dims + d];
        distance += step * step;
      }
      nearest = distance < nearest ? distance : nearest;
    }
    closest[g * perGroup + s] = nearest;
  }
}

void launch(const float *sources, const float *targets, const long long *used,
            float *closest, long long groups, long long perGroup,
            long long targetCount) {
  closestTarget<1><<<64, 256>>>(sources, targets, used, closest, groups,
                                perGroup, targetCount);
}
