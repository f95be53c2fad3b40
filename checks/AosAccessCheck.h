//===- AosAccessCheck.h - gpumem check -*- C++ -*-===//
#ifndef GPUMEM_CHECKS_AOSACCESSCHECK_H
#define GPUMEM_CHECKS_AOSACCESSCHECK_H

#include "checks/GlobalAccessCheck.h"

namespace clang::tidy::gpumem {

/// Finds global loads and stores that stride over an array of structures,
/// where a structure of arrays would coalesce.
class AosAccessCheck : public GlobalAccessCheck {
public:
  AosAccessCheck(StringRef Name, ClangTidyContext *Context)
      : GlobalAccessCheck(Name, Context) {}

protected:
  void report(const ::gpumem::access::MemoryAccess &Access,
              const ::gpumem::access::GlobalVerdict &Verdict,
              const ::gpumem::access::KernelAccesses &Kernel) override;
};

} // namespace clang::tidy::gpumem

#endif
