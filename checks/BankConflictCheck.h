//===- BankConflictCheck.h - gpumem-bank-conflict ---------------*- C++ -*-===//
#ifndef GPUMEM_CHECKS_BANKCONFLICTCHECK_H
#define GPUMEM_CHECKS_BANKCONFLICTCHECK_H

#include "checks/KernelAccessCheck.h"

#include <optional>
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
  /// Option SymbolicStrideConflicts: report conflicts that need a kernel
  /// parameter the file never fixes to be a multiple of the bank period.
  const bool SymbolicStrideConflicts;

  /// Reports a shared access whose stride is a kernel argument or another
  /// symbol when, at a multiple of the bank period, it conflicts; it
  /// speaks for \p Alike more places of the kernel with that stride.
  void reportSymbolicStride(
      const ::gpumem::access::KernelAccesses &Kernel,
      const ::gpumem::access::MemoryAccess &A,
      llvm::ArrayRef<const ::gpumem::access::MemoryAccess *> Alike);
  /// Words the conflict of \p A with the padding plan's \p Advice; with
  /// \p WithFixIt, the warning carries the padding's fix-it.
  /// "; at other blocks it is 16-way at (16, 16, 1), ...", for the note
  /// on the assumed block, where another block gives another degree;
  /// empty otherwise.
  std::string otherShapesText(const ::gpumem::access::KernelAccesses &Kernel,
                              const ::gpumem::access::MemoryAccess &A,
                              unsigned Degree);
  void reportConflict(const ::gpumem::access::KernelAccesses &Kernel,
                      const ::gpumem::access::MemoryAccess &A,
                      const ::gpumem::access::SharedConflict &Worst,
                      const ::gpumem::access::PaddingAdvice &Advice,
                      bool WithFixIt);
  /// Notes the loop variables' values where the degree peaks.
  void noteWorstLoopValues(const ::gpumem::access::KernelAccesses &Kernel,
                           const ::gpumem::access::LaneScenario &Worst);
  /// The fix-it that pads the innermost extent of \p Array's declaration
  /// by \p Pad ([32] to [33], [TILE] to [TILE + 1]); none inside a macro,
  /// a typedef or another file.
  std::optional<FixItHint> paddingFixIt(const VarDecl *Array,
                                        std::int64_t Pad) const;
};

} // namespace clang::tidy::gpumem

#endif
