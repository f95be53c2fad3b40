//===- KernelBlockShape.h - where a kernel's block shape comes from -*- C++ -*-===//
//
// Decided once, when a kernel is analysed, in BlockShapeOrigin's order of
// precedence: a constant launch in the file beats what the kernel states of
// its own block (a `blockDim.x == N` assertion), which beats the BlockDim
// option; a __launch_bounds__ under 32 threads fixes a one-row block, and
// one of more threads caps the size assumed for loop bounds.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_ACCESS_KERNELBLOCKSHAPE_H
#define GPUMEM_CHECKS_ACCESS_KERNELBLOCKSHAPE_H

#include "checks/access/KernelAccessCollector.h"

namespace gpumem::access {

/// Sets \p Out's Block (and what a __launch_bounds__ says: MaxThreads, the
/// assumed size) for kernel \p Kernel defined by \p Def.
void decideBlockShape(const clang::FunctionDecl *Def,
                      const clang::FunctionDecl *Kernel, clang::ASTContext &Ctx,
                      const launch::LaunchSites &Launches,
                      const AnalysisSettings &Settings, KernelAccesses &Out);

} // namespace gpumem::access

#endif // GPUMEM_CHECKS_ACCESS_KERNELBLOCKSHAPE_H
