//===- GlobalAccessCheck.h - shared base of the global checks ---*- C++ -*-===//
//
// The four global-memory checks read the same policy options and judge each
// access once (access/GlobalVerdict.h); each reports only the cause it owns,
// so an access gets at most one of their diagnostics.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_GLOBALACCESSCHECK_H
#define GPUMEM_CHECKS_GLOBALACCESSCHECK_H

#include "checks/KernelAccessCheck.h"
#include "checks/access/GlobalVerdict.h"

namespace clang::tidy::gpumem {

/// The name of the global check that reports an access of \p Cause; empty
/// for a cause none reports (coalesced, unknown). The one home of which
/// check owns which cause: the checks and the access dump's record read it.
llvm::StringRef globalCheckFor(::gpumem::access::GlobalCause Cause);

/// The global checks' policy as \p Options (one check's view) sets it.
::gpumem::access::GlobalPolicy
readGlobalPolicy(ClangTidyCheck::OptionsView &Options);

/// Reports the global accesses whose dominant cause the subclass owns.
class GlobalAccessCheck : public KernelAccessCheck {
public:
  GlobalAccessCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;

protected:
  void checkKernels(
      llvm::ArrayRef<::gpumem::access::KernelAccesses> Kernels) override;
  /// True for the causes this check reports.
  bool owns(::gpumem::access::GlobalCause Cause) const {
    return globalCheckFor(Cause) == getID();
  }
  /// Words the diagnostic for one access.
  virtual void report(const ::gpumem::access::MemoryAccess &Access,
                      const ::gpumem::access::GlobalVerdict &Verdict,
                      const ::gpumem::access::KernelAccesses &Kernel) = 0;
  /// Notes shared by every global diagnostic, after the check's own (with
  /// CoalescingUnit: sectors, the sector figures first).
  void noteCommon(const ::gpumem::access::MemoryAccess &Access,
                  const ::gpumem::access::GlobalVerdict &Verdict,
                  const ::gpumem::access::KernelAccesses &Kernel);
  /// Where the launch's warps start within a transaction, when it differs
  /// from warp to warp (the mean cost), or is assumed (the cost otherwise).
  void noteWarpStarts(const ::gpumem::access::MemoryAccess &Access,
                      const ::gpumem::access::GlobalVerdict &Verdict,
                      const ::gpumem::access::KernelAccesses &Kernel);
  /// Notes, at \p Loc, the \p Others accesses inside the library call of
  /// \p Access that the finding there speaks for (LibraryCalls.h).
  void noteLibraryCallAlike(SourceLocation Loc,
                            const ::gpumem::access::MemoryAccess &Access,
                            unsigned Others);

  const ::gpumem::access::GlobalPolicy Policy;
  const ::gpumem::model::Architecture Arch;
};

} // namespace clang::tidy::gpumem

#endif // GPUMEM_CHECKS_GLOBALACCESSCHECK_H
