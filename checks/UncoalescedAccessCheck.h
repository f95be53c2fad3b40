//===- UncoalescedAccessCheck.h - gpumem-uncoalesced-access -----*- C++ -*-===//
#ifndef GPUMEM_CHECKS_UNCOALESCEDACCESSCHECK_H
#define GPUMEM_CHECKS_UNCOALESCEDACCESSCHECK_H

#include "checks/GlobalAccessCheck.h"

namespace clang::tidy::gpumem {

/// Finds global loads and stores whose lanes are strided apart (by a
/// constant or a symbol), so a warp needs more transactions than its bytes.
class UncoalescedAccessCheck : public GlobalAccessCheck {
public:
  UncoalescedAccessCheck(StringRef Name, ClangTidyContext *Context);

protected:
  void report(const ::gpumem::access::MemoryAccess &Access,
              const ::gpumem::access::GlobalVerdict &Verdict,
              const ::gpumem::access::KernelAccesses &Kernel) override;
};

} // namespace clang::tidy::gpumem

#endif
