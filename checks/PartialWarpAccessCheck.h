//===- PartialWarpAccessCheck.h - gpumem check -*- C++ -*-===//
#ifndef GPUMEM_CHECKS_PARTIALWARPACCESSCHECK_H
#define GPUMEM_CHECKS_PARTIALWARPACCESSCHECK_H

#include "checks/GlobalAccessCheck.h"

namespace clang::tidy::gpumem {

/// Finds global accesses, repeated in a loop, that only a few lanes of each
/// warp execute.
class PartialWarpAccessCheck : public GlobalAccessCheck {
public:
  PartialWarpAccessCheck(StringRef Name, ClangTidyContext *Context)
      : GlobalAccessCheck(Name, Context) {}

protected:
  void report(const ::gpumem::access::MemoryAccess &Access,
              const ::gpumem::access::GlobalVerdict &Verdict,
              const ::gpumem::access::KernelAccesses &Kernel) override;
};

} // namespace clang::tidy::gpumem

#endif
