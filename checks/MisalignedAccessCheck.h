//===- MisalignedAccessCheck.h - gpumem check -*- C++ -*-===//
#ifndef GPUMEM_CHECKS_MISALIGNEDACCESSCHECK_H
#define GPUMEM_CHECKS_MISALIGNEDACCESSCHECK_H

#include "checks/GlobalAccessCheck.h"

namespace clang::tidy::gpumem {

/// Finds global accesses whose footprint starts off a transaction boundary
/// and would need fewer transactions aligned.
class MisalignedAccessCheck : public GlobalAccessCheck {
public:
  MisalignedAccessCheck(StringRef Name, ClangTidyContext *Context)
      : GlobalAccessCheck(Name, Context) {}

protected:
  void report(const ::gpumem::access::MemoryAccess &Access,
              const ::gpumem::access::GlobalVerdict &Verdict,
              const ::gpumem::access::KernelAccesses &Kernel) override;
};

} // namespace clang::tidy::gpumem

#endif
