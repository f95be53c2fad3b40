// Issue 40: the analysis's own instantiations of kernel templates nothing
// instantiates are bounded like the rest of its work: at most 64 of them
// per file (and 256 MB of the AST they add). Here 66 clean templates of a
// header of kernels run directly: the first 64 are analysed in an
// instantiation of the analysis's own, the last two are named as not
// analysed, with the budget.
//
// RUN: %clang_tidy --checks='-*,gpumem-*' %s -- %cuda_flags > %t.out 2>&1
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not='warning:' --implicit-check-not='error:'
// CHECK-COUNT-64: warning: 'k{{[0-9]+}}' is never instantiated in this file; it is analysed as 'k{{[0-9]+}}<float>', an instantiation of the analysis's own (float for 'T') [gpumem-diagnostic-uninstantiated-kernel]
// CHECK: warning: 'k64' is never instantiated in this file, so it is not analysed (the analysis's own instantiations in this file passed their budget: 64 tried, {{[0-9]+}} MB of AST, at most 64 and 256 MB) [gpumem-diagnostic-uninstantiated-kernel]
// CHECK: warning: 'k65' is never instantiated in this file, so it is not analysed (the analysis's own instantiations in this file passed their budget: 64 tried, {{[0-9]+}} MB of AST, at most 64 and 256 MB) [gpumem-diagnostic-uninstantiated-kernel]

template <typename T> __global__ void k0(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k1(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k2(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k3(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k4(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k5(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k6(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k7(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k8(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k9(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k10(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k11(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k12(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k13(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k14(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k15(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k16(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k17(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k18(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k19(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k20(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k21(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k22(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k23(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k24(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k25(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k26(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k27(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k28(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k29(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k30(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k31(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k32(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k33(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k34(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k35(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k36(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k37(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k38(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k39(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k40(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k41(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k42(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k43(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k44(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k45(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k46(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k47(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k48(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k49(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k50(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k51(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k52(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k53(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k54(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k55(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k56(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k57(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k58(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k59(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k60(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k61(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k62(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k63(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k64(T *p) { p[threadIdx.x] = T(); }
template <typename T> __global__ void k65(T *p) { p[threadIdx.x] = T(); }
