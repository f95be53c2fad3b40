//===- ClangdHooks.h - what gpumem-clangd changes inside clangd -*- C++ -*-===//
//
// gpumem-clangd keeps the bodies of the user's device functions in clangd's
// preamble and completes every CUDA compile command clangd uses, through
// two calls wrapped at link time (ClangdHooks.cpp, plugin/CMakeLists.txt).
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_PLUGIN_CLANGDHOOKS_H
#define GPUMEM_PLUGIN_CLANGDHOOKS_H

#include "plugin/CudaDefaults.h"

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseSet.h"

namespace clang {
class Decl;
} // namespace clang

namespace gpumem::plugin {

/// Whether a CUDA preamble keeps the body of \p D: a __device__ or
/// __global__ function outside the system headers, or a host function of a
/// file in \p KernelFiles (the files of the kernels kept so far, which a
/// kept kernel joins).
bool keepsBodyInPreamble(const clang::Decl *D,
                         llvm::DenseSet<clang::FileID> &KernelFiles);

/// The environment whose toolkit or shim completes the CUDA commands clangd
/// uses from now on (once, before clangd starts).
void setClangdCommandEnvironment(const ToolEnvironment &Env);

} // namespace gpumem::plugin

#endif
