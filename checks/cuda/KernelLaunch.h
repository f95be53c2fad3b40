//===- KernelLaunch.h - one launch of a kernel, however written -*- C++ -*-===//
//
// Host code launches a kernel with the triple-chevron syntax or through
// the runtime's launch functions:
//
//   k<<<grid, block, smem, stream>>>(a, b);
//   void *args[] = {&a, &b};
//   cudaLaunchKernel((void *)k, grid, block, args, smem, stream);
//   cudaLaunchCooperativeKernel((void *)k, grid, block, args, smem, stream);
//   cudaLaunchConfig_t config = {};
//   config.blockDim = block;
//   cudaLaunchKernelEx(&config, k, a, b);
//
// Each fixes the kernel's block. KernelLaunch is the one view the launch
// readers (LaunchSites, BranchFacts, LaunchReader) take of either: the
// call, the kernel, the block argument and, for the triple-chevron form,
// the arguments the kernel receives.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_CUDA_KERNELLAUNCH_H
#define GPUMEM_CHECKS_CUDA_KERNELLAUNCH_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>

namespace gpumem::cuda {

struct KernelLaunch {
  /// The launching call: a CUDAKernelCallExpr or the runtime call.
  const clang::CallExpr *Call = nullptr;
  /// The kernel launched (canonical declaration).
  const clang::FunctionDecl *Kernel = nullptr;
  /// The block argument; null when the call has none.
  const clang::Expr *Block = nullptr;
  /// cudaLaunchKernelEx's configuration, a local whose `blockDim` field
  /// is the block (`&config`); null for the other launches.
  const clang::VarDecl *Config = nullptr;
  /// The arguments the kernel receives, in order: the triple-chevron
  /// launch's own, cudaLaunchKernelEx's after the kernel. Empty for a
  /// call that passes them through an array of addresses.
  llvm::ArrayRef<const clang::Expr *> Arguments;
  /// The local array of the arguments' addresses such a call passes
  /// (`void *args[] = {&a, &b};`, argumentArray); null otherwise.
  const clang::VarDecl *ArgumentArray = nullptr;

  /// \p Call read as a launch: a triple-chevron launch of a known kernel,
  /// a call of `cudaLaunchKernel` or `cudaLaunchCooperativeKernel` (their
  /// `_ptsz` forms and the C++ templates of cuda_runtime.h too) whose first
  /// argument names a kernel (`(void *)k`, `&k`, `reinterpret_cast<const
  /// void *>(k<256>)`), or of `cudaLaunchKernelEx` (`cudaLaunchKernelExC`)
  /// whose second does, its first the address of a local; std::nullopt
  /// otherwise.
  static std::optional<KernelLaunch> read(const clang::CallExpr *Call);
};

/// The local array \p Call, a call of cudaLaunchKernel,
/// cudaLaunchCooperativeKernel or cudaLaunchKernelExC, passes as the
/// kernel's arguments (`args` in `cudaLaunchKernel((void *)k, g, b, args,
/// 0, 0)`); null for any other call or argument.
const clang::VarDecl *argumentArray(const clang::CallExpr *Call);

/// Calls \p Found with each launch through the runtime's functions
/// (KernelLaunch::read) in the host functions of \p Ctx's traversal scope
/// outside system headers, instantiations included: one walk of the
/// user's host code at the end of the TU, where an AST matcher on every
/// call cost the template bench TU 0.8% of its parse.
void forEachRuntimeLaunch(clang::ASTContext &Ctx,
                          llvm::function_ref<void(const KernelLaunch &)> Found);

/// True when \p S is a call KernelLaunch::read may read: a triple-chevron
/// launch or a call of one of the runtime's launch functions (by name,
/// without looking at the kernel).
bool mayLaunchKernel(const clang::Stmt *S);

} // namespace gpumem::cuda

#endif // GPUMEM_CHECKS_CUDA_KERNELLAUNCH_H
