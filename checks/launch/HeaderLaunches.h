//===- HeaderLaunches.h - launches the main file reaches through a header -===//
//
// A header often holds its kernels together with the host function that
// launches them, and the file that includes it calls that function:
//
//   // copy.cuh
//   __global__ void copyKernel(float *dst, const float *src, int w);
//   void runCopy(float *dst, const float *src, int w) {
//     copyKernel<<<grid, dim3(8, 8)>>>(dst, src, w);
//   }
//   // app.cu
//   #include "copy.cuh"
//   void step(...) { runCopy(d, s, w); }
//
// Where only the main file's declarations are walked (gpumem-clangd: clangd
// gives the checks the open file's declarations; the header is in the
// preamble), neither the kernel nor its launch is matched. This walk finds
// them from the main file's calls, through host functions of the user's
// headers, so the kernels are analysed with their launches and an editor
// that shows the main file only can show their findings at the call.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_LAUNCH_HEADERLAUNCHES_H
#define GPUMEM_CHECKS_LAUNCH_HEADERLAUNCHES_H

#include "checks/cuda/KernelLaunch.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <vector>

namespace gpumem::launch {

using cuda::KernelLaunch;

/// Calls \p Found with each launch (KernelLaunch::read) in a host function
/// defined outside the main file and the system headers that the main
/// file's host code calls, directly or through at most three more such
/// functions (256 functions at most, breadth first), with the main file's
/// call that leads to it. The main file's declarations are \p Ctx's
/// traversal scope, or the translation unit's declarations in the main file
/// where the scope is the whole unit.
void forEachLaunchThroughHeaders(
    clang::ASTContext &Ctx,
    llvm::function_ref<void(const KernelLaunch &, const clang::CallExpr *)>
        Found);

/// The declarations of the user's headers (outside the main file and the
/// system headers) that the main file's own parse read: the headers it
/// includes after its preamble (the #include lines that open it), which
/// gpumem-clangd parses with the file, not into the preamble. Only what is
/// in memory is read (DeclContext::noload_decls): the preamble's
/// declarations are not loaded for this.
std::vector<clang::Decl *>
headerDeclsParsedWithMainFile(clang::ASTContext &Ctx);

/// Calls \p Kernel with each kernel defined in \p Decls (instantiations of
/// kernel templates included, not the templates themselves) and \p Launch
/// with each launch (KernelLaunch::read) in their host functions.
void forEachKernelAndLaunch(
    llvm::ArrayRef<clang::Decl *> Decls,
    llvm::function_ref<void(const clang::FunctionDecl *)> Kernel,
    llvm::function_ref<void(const KernelLaunch &)> Launch);

/// Where the main file includes the header of \p Loc (the #include line in
/// the main file that leads to it), when that line is after the main
/// file's preamble (Lexer::ComputePreamble: the #include lines that open
/// the file): the header is then read as part of the file's code, as
/// gpumem-clangd parses it. Invalid otherwise.
clang::SourceLocation includedAfterPreamble(clang::SourceLocation Loc,
                                            const clang::ASTContext &Ctx);

} // namespace gpumem::launch

#endif
