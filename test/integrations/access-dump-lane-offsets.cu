// debug-gpumem-access-dump's LaneOffsets option, which tools/gpumem-report.py
// draws its figures from: each access gets the 32 lane offsets and the
// active mask of the scenario the checks price, shared arrays their element
// size, kernels the sizes the offsets are drawn against. Off by default, and
// then the remarks keep their old text.
//
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump \
// RUN:   --config="{CheckOptions: {debug-gpumem-access-dump.LaneOffsets: true}}" \
// RUN:   %s -- %cuda_flags 2>&1 | FileCheck %s
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump %s -- %cuda_flags \
// RUN:   2>&1 | FileCheck --check-prefix=OFF %s
// RUN: %clang_tidy --checks=-*,debug-gpumem-access-dump --dump-config %s \
// RUN:   -- %cuda_flags | FileCheck --check-prefix=CONFIG %s
// CONFIG: debug-gpumem-access-dump.LaneOffsets: 'false'

__global__ void lanes(const float *in, float *out, int width) {
  // CHECK: :[[@LINE-1]]:17: remark: kernel 'lanes': blockDim assumed, {{[0-9]+}} accesses; transaction bytes 128, sector bytes 32, banks 32 x 4 bytes [debug-gpumem-access-dump]
  // OFF: :[[@LINE-2]]:17: remark: kernel 'lanes': blockDim assumed, {{[0-9]+}} accesses [debug-gpumem-access-dump]
  __shared__ float tile[32][32];
  out[threadIdx.x] = in[threadIdx.x * 2];
  // CHECK: :[[@LINE-1]]:22: remark: load global 'in[threadIdx.x * 2]' width 4; {{.*}}; transactions 2, sectors 8; lane offsets 0,8,16,24,32,40,48,56,64,72,80,88,96,104,112,120,128,136,144,152,160,168,176,184,192,200,208,216,224,232,240,248; lane mask 0xffffffff [debug-gpumem-access-dump]
  // OFF: :[[@LINE-2]]:22: remark: load global 'in[threadIdx.x * 2]' width 4; {{.*}}; transactions 2, sectors 8 [debug-gpumem-access-dump]
  out[threadIdx.x] = in[threadIdx.x * width];
  // The symbolic stride at its sample value, 32:
  // CHECK: :[[@LINE-2]]:22: remark: load global 'in[threadIdx.x * width]' width 4; {{.*}}; lane offsets 0,128,256,384,{{.*}},3968; lane mask 0xffffffff [debug-gpumem-access-dump]
  tile[threadIdx.x][0] = 1.0f;
  // CHECK: :[[@LINE-1]]:3: remark: store shared 'tile[threadIdx.x][0]' width 4; {{.*}}; array tile[32][32]; {{.*}}; lane offsets 0,128,256,{{.*}},3968; lane mask 0xffffffff; element bytes 4 [debug-gpumem-access-dump]
  if (threadIdx.x == 0)
    out[0] = in[0];
  // CHECK: :[[@LINE-1]]:14: remark: load global 'in[0]' width 4; {{.*}}; lane offsets 0,0,{{.*}}; lane mask 0x00000001 [debug-gpumem-access-dump]
}
