//===- FieldWrites.h - a local struct's field at a launch -------*- C++ -*-===//
//
// Host code fills an options or launch-configuration struct field by
// field before it launches:
//
//   Opts o;
//   o.ndim = 3;
//   o.block = dim3(8, 4);
//   k<<<g, o.block>>>(p, o.ndim);
//
// fieldAt says what such writes leave in one field where it is read: the
// value of the last plain assignment to it among the function's outermost
// statements before the read (each of which runs once before it), or
// nothing written since the declaration. A write it cannot place (inside
// a branch or loop, a compound assignment, a write of the whole object,
// its address handed on, a member function that may write it) leaves the
// field unknown; writes of the struct's other fields do not.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_LAUNCH_FIELDWRITES_H
#define GPUMEM_CHECKS_LAUNCH_FIELDWRITES_H

#include "checks/cuda/FunctionFacts.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"

namespace gpumem::launch {

using cuda::FunctionFacts;

struct FieldAtRead {
  enum class Kind {
    /// No write since the declaration reaches the read: the field holds
    /// what the declaration gave it.
    Declared,
    /// The last assignment before the read: Value.
    Assigned,
    /// A write the rule cannot place.
    Unknown,
  } What = Kind::Unknown;
  const clang::Expr *Value = nullptr;
};

/// What the field \p Field of \p VD, a local aggregate of \p FD (whose
/// writes \p Writes records), holds where the call \p Read reads it, a
/// call in FD's body. Read handing on VD's address (cudaLaunchKernelEx's
/// `&config`) is its read, not a write.
FieldAtRead fieldAt(const clang::VarDecl *VD, const clang::FieldDecl *Field,
                    const clang::FunctionDecl *FD, const FunctionFacts &Writes,
                    const clang::CallExpr *Read,
                    const clang::SourceManager &SM);

} // namespace gpumem::launch

#endif // GPUMEM_CHECKS_LAUNCH_FIELDWRITES_H
