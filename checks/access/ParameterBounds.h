//===- ParameterBounds.h - what a kernel's own checks say of its sizes -*- C++ -*-===//
//
// A kernel that only works for small sizes often says so at its top: an
// early exit (`if (N > 16) return;`) or an assert (`assert(N <= 16)`).
// Findings priced "up to" a sample of a symbolic size (N at 32) are then
// priced within that bound instead. Only statements at the top level of
// the kernel body count (they run for every thread), and only parameters
// the kernel never writes.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_ACCESS_PARAMETERBOUNDS_H
#define GPUMEM_CHECKS_ACCESS_PARAMETERBOUNDS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/DenseMap.h"

#include <cstdint>

namespace gpumem::access {

/// The largest value each integer parameter of \p Kernel can have past the
/// kernel's own early exits and asserts; parameters without such a bound
/// are absent.
llvm::DenseMap<const clang::ParmVarDecl *, std::int64_t>
parameterUpperBounds(const clang::FunctionDecl *Kernel,
                     clang::ASTContext &Ctx);

} // namespace gpumem::access

#endif // GPUMEM_CHECKS_ACCESS_PARAMETERBOUNDS_H
