//===- StatedBlockShape.h - the block shape a kernel states -----*- C++ -*-===//
//
// A kernel often says which block it runs in: `if (blockDim.x != 128)
// return;`, `assert(blockDim.x == 4)`. Where no launch in the file fixes
// blockDim, that statement is a better source than the assumption of a
// block whose rows are a multiple of 32: a 4-thread block must never be
// priced as a 32-lane warp.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_CUDA_STATEDBLOCKSHAPE_H
#define GPUMEM_CHECKS_CUDA_STATEDBLOCKSHAPE_H

#include "checks/cuda/BlockShape.h"

#include "clang/AST/Decl.h"

#include <optional>

namespace gpumem::cuda {

/// A block shape a kernel states, and where.
struct StatedShape {
  BlockShape Shape;
  clang::SourceLocation Where;
};

/// The shape \p Kernel's body states in its top-level statements: guards
/// that return unless blockDim's axes are constants (`blockDim.x != C`,
/// joined by `||`), or asserts that they are (`blockDim.x == C`, joined by
/// `&&`). An axis it does not state is 1, and only when the body reads
/// neither threadIdx nor blockDim of that axis; otherwise nothing.
std::optional<StatedShape> statedBlockShape(const clang::FunctionDecl *Kernel,
                                            const clang::ASTContext &Ctx);

/// What `__launch_bounds__(N)` says of a kernel's block: at most N threads.
/// It fixes no shape; it bounds the block size the analysis assumes. A
/// bound under 32 makes the block one partial warp: it is judged as N
/// threads in x (the most lanes it can have), and the checks keep a finding
/// that reads threadIdx.y or .z only if it holds for every X x Y = N.
struct LaunchBounds {
  std::int64_t MaxThreads = 0;
  clang::SourceLocation Where;
  std::optional<BlockShape> Shape;
};

/// \p Kernel's `__launch_bounds__`, when its thread count is a constant.
std::optional<LaunchBounds> launchBounds(const clang::FunctionDecl *Kernel,
                                         const clang::ASTContext &Ctx);

} // namespace gpumem::cuda

#endif
