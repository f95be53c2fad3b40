//===- LoopPasses.h - what each pass of a loop does -------------*- C++ -*-===//
//
// Two questions the partial-warp check asks of the loop around an access
// before it calls the loop work few lanes could share: does every pass
// take the whole block or warp through a collective step (a barrier, a
// shuffle, a reduction: the few lanes after it publish that pass's
// results), and does the access touch the same address on every pass
// (polling a flag: the repetition is waiting, not data).
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_CUDA_LOOPPASSES_H
#define GPUMEM_CHECKS_CUDA_LOOPPASSES_H

#include "checks/cuda/FunctionFacts.h"

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

namespace gpumem::cuda {

/// True for a call every lane of a warp or block takes part in: a barrier
/// (`__syncthreads`, `__syncwarp`), a shuffle, vote or warp reduction
/// intrinsic, a cooperative group's `sync`/`shfl*`/`reduce`, or a member
/// of one of CUB's block- and warp-wide primitives.
bool isCollectiveCall(const clang::CallExpr *Call);

/// True when \p S holds a collective call or an inline `asm` barrier or
/// shuffle (`bar.sync`, `shfl.sync`), directly or in the device functions
/// it calls, three calls deep.
bool holdsCollectiveStep(const clang::Stmt *S);

/// True when the address \p LValue names (an element, a dereference, a
/// field through a pointer; for an atomic call, its address argument) is
/// the same on every pass of \p Loop: it reads only variables that \p Loop
/// does not write nor declare, constants and the CUDA built-in indices.
/// Any load, call or asm in the address counts as changing.
bool sameAddressEachPass(const clang::Expr *LValue, const clang::Stmt *Loop,
                         const FunctionFacts &Facts);

} // namespace gpumem::cuda

#endif // GPUMEM_CHECKS_CUDA_LOOPPASSES_H
