//===- UncoalescedAccessCheck.h - gpumem-uncoalesced-access -----*- C++ -*-===//
#ifndef GPUMEM_CHECKS_UNCOALESCEDACCESSCHECK_H
#define GPUMEM_CHECKS_UNCOALESCEDACCESSCHECK_H

#include "checks/GlobalAccessCheck.h"

#include <string>

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

private:
  /// A warp over several short rows (\p Factor: a symbolic row length).
  void reportRows(const ::gpumem::access::MemoryAccess &Access,
                  const ::gpumem::access::GlobalVerdict &Verdict,
                  const ::gpumem::access::KernelAccesses &Kernel,
                  const std::string &Factor);
  /// A stride that is the symbol \p Factor times a number of bytes.
  void reportSymbolicStride(const ::gpumem::access::MemoryAccess &Access,
                            const ::gpumem::access::GlobalVerdict &Verdict,
                            const std::string &Factor);
  /// A constant stride or an irregular pattern.
  void reportStride(const ::gpumem::access::MemoryAccess &Access,
                    const ::gpumem::access::GlobalVerdict &Verdict);
};

} // namespace clang::tidy::gpumem

#endif
