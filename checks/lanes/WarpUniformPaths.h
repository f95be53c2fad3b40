//===- WarpUniformPaths.h - do the lanes of a warp take one path -*- C++ -*-===//
#ifndef GPUMEM_CHECKS_LANES_WARPUNIFORMPATHS_H
#define GPUMEM_CHECKS_LANES_WARPUNIFORMPATHS_H

#include "checks/cuda/ReachingWrites.h"

#include "clang/AST/Expr.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"

namespace gpumem::lanes {

/// True when the lanes of a warp that reach \p Read all took the same
/// branches since \p From: every condition from \p From up to the closest
/// statement that also holds \p Read (up to the loop it goes around, when
/// the read comes before the write in one pass; up to \p Loop, the loop of
/// a cycle, when that holds the read) is one \p Uniform accepts.
bool reachedTogether(const cuda::ReachingWrites &RW, const clang::Stmt *From,
                     const clang::Stmt *Read, const clang::Stmt *Loop,
                     llvm::function_ref<bool(const clang::Expr *)> Uniform);

/// True when no continue or break that some lanes take and others not
/// leaves a loop or switch around \p Around: every condition between such
/// a jump and what it leaves is one \p Uniform accepts.
bool jumpsTogether(const cuda::ReachingWrites &RW,
                   llvm::ArrayRef<const clang::Stmt *> Around,
                   llvm::function_ref<bool(const clang::Expr *)> Uniform);

} // namespace gpumem::lanes

#endif // GPUMEM_CHECKS_LANES_WARPUNIFORMPATHS_H
