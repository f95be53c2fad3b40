//===- BankConflictCheck.h - gpumem-bank-conflict ---------------*- C++ -*-===//
#ifndef GPUMEM_CHECKS_BANKCONFLICTCHECK_H
#define GPUMEM_CHECKS_BANKCONFLICTCHECK_H

#include "checks/KernelAccessCheck.h"
#include "checks/access/PaddingPlan.h"
#include "checks/access/SharedLayout.h"
#include "model/BankConflict.h"

namespace clang::tidy::gpumem {

/// Finds shared-memory accesses whose lanes hit distinct words of the same
/// bank (k-way bank conflicts), and pads the array when that removes them.
class BankConflictCheck : public KernelAccessCheck {
public:
  BankConflictCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;

protected:
  void checkKernels(
      llvm::ArrayRef<::gpumem::access::KernelAccesses> Kernels) override;

private:
  const ::gpumem::model::Architecture Arch;
  const ::gpumem::model::PhaseRule Rule;
  const unsigned MinimumDegree;

  /// Reports a shared access whose stride is a kernel argument or another
  /// symbol when, at a multiple of the bank period, it conflicts.
  void reportSymbolicStride(const ::gpumem::access::KernelAccesses &Kernel,
                            const ::gpumem::access::MemoryAccess &A);
  /// Words the conflict of \p A with the padding plan's \p Advice; with
  /// \p WithFixIt, the padding note carries the fix-it.
  void reportConflict(const ::gpumem::access::KernelAccesses &Kernel,
                      const ::gpumem::access::MemoryAccess &A,
                      const ::gpumem::access::SharedConflict &Worst,
                      const ::gpumem::access::PaddingAdvice &Advice,
                      bool WithFixIt);
  /// Notes the loop variables' values where the degree peaks.
  void noteWorstLoopValues(const ::gpumem::access::KernelAccesses &Kernel,
                           const ::gpumem::access::LaneScenario &Worst);
  /// Notes the padding at the declaration; with \p WithFixIt, rewrites the
  /// innermost extent there ([32] to [33], [TILE] to [TILE + 1]).
  void addPaddingFix(const VarDecl *Array, std::int64_t Pad,
                     const std::string &Padded, bool WithFixIt);
};

} // namespace clang::tidy::gpumem

#endif
