// bench/tus: kernels written with cooperative groups, the style of current
// CUDA samples and training kernels: block and warp tiles, the dynamic
// partition, grid-stride loops over the grid group, tile reductions.
// Written for the benchmark (docs/performance.md); parsed, never run.
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

namespace cg = cooperative_groups;

namespace bench {

__device__ float tileSum(cg::thread_block_tile<32> warp, float v) {
  for (int offset = warp.size() / 2; offset > 0; offset /= 2)
    v += warp.shfl_down(v, offset);
  return v;
}

__global__ void dotProduct(const float *a, const float *b, float *out, int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  __shared__ float perWarp[32];
  float acc = 0.f;
  for (int i = block.group_index().x * block.size() + block.thread_rank();
       i < n; i += gridDim.x * block.size())
    acc += a[i] * b[i];
  acc = tileSum(warp, acc);
  if (warp.thread_rank() == 0)
    perWarp[warp.meta_group_rank()] = acc;
  block.sync();
  if (warp.meta_group_rank() == 0) {
    acc = warp.thread_rank() < warp.meta_group_size()
              ? perWarp[warp.thread_rank()]
              : 0.f;
    acc = tileSum(warp, acc);
    if (warp.thread_rank() == 0)
      atomicAdd(out, acc);
  }
}

__global__ void rowSoftmax(const float *logits, float *probs, int columns) {
  cg::thread_block block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  int row = block.group_index().x * warp.meta_group_size() +
            warp.meta_group_rank();
  const float *in = logits + row * columns;
  float *out = probs + row * columns;
  float biggest = -1e30f;
  for (int c = warp.thread_rank(); c < columns; c += warp.size())
    biggest = fmaxf(biggest, in[c]);
  biggest = cg::reduce(warp, biggest, cg::greater<float>());
  float total = 0.f;
  for (int c = warp.thread_rank(); c < columns; c += warp.size())
    total += __expf(in[c] - biggest);
  total = cg::reduce(warp, total, cg::plus<float>());
  for (int c = warp.thread_rank(); c < columns; c += warp.size())
    out[c] = __expf(in[c] - biggest) / total;
}

__global__ void transposeTiles(const float *in, float *out, int width) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ float tile[32][33];
  dim3 t = block.thread_index();
  dim3 g = block.group_index();
  int x = g.x * 32 + t.x;
  int y = g.y * 32 + t.y;
  for (int k = 0; k < 32; k += 8)
    tile[t.y + k][t.x] = in[(y + k) * width + x];
  block.sync();
  x = g.y * 32 + t.x;
  y = g.x * 32 + t.y;
  for (int k = 0; k < 32; k += 8)
    out[(y + k) * width + x] = tile[t.x][t.y + k];
}

__global__ void histogramByTile(const unsigned char *bytes, unsigned *bins,
                                int n) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_group quarter = cg::tiled_partition(block, 8);
  __shared__ unsigned local[256];
  for (unsigned i = block.thread_rank(); i < 256; i += block.size())
    local[i] = 0;
  block.sync();
  cg::grid_group grid = cg::this_grid();
  for (unsigned long long i = grid.thread_rank(); i < (unsigned long long)n;
       i += grid.size())
    atomicAdd(&local[bytes[i]], 1u);
  block.sync();
  if (quarter.thread_rank() == 0)
    atomicAdd(&bins[block.thread_rank() / 8], local[block.thread_rank() / 8]);
}

__global__ void stridedColumns(const double *matrix, double *sums, int rows,
                               int columns) {
  cg::thread_block block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  int column = block.group_index().x * warp.meta_group_size() +
               warp.meta_group_rank();
  double acc = 0.0;
  for (int r = warp.thread_rank(); r < rows; r += 32)
    acc += matrix[r * columns + column];
  acc = cg::reduce(warp, acc, cg::plus<double>());
  if (warp.thread_rank() == 0)
    sums[column] = acc;
}

} // namespace bench

void runAll(float *a, float *b, float *c, int n) {
  bench::dotProduct<<<128, 256>>>(a, b, c, n);
  bench::rowSoftmax<<<n / 8, 256>>>(a, b, 1024);
  bench::transposeTiles<<<dim3(32, 32), dim3(32, 8)>>>(a, b, 1024);
  bench::histogramByTile<<<64, 256>>>((const unsigned char *)a, (unsigned *)b, n);
  bench::stridedColumns<<<64, 128>>>((const double *)a, (double *)b, n, 512);
}
