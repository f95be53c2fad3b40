//===- ReportedAnalyses.h - which analysis of a place a check reports -*- C++ -*-===//
//
// An access in a device function is analysed once per call, one in a
// template once per instantiation, so several analyses share one source
// location; a check reports one finding there. Which analyses are findings
// and which one of them is reported is decided here, once, for the checks
// and for the access record (its "reported" flag), so that the report
// draws the analysis the finding describes.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_ACCESS_REPORTEDANALYSES_H
#define GPUMEM_CHECKS_ACCESS_REPORTEDANALYSES_H

#include "checks/access/GlobalVerdict.h"
#include "checks/access/SharedLayout.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"

#include <vector>

namespace gpumem::access {

/// Says whether a finding on an access rests on the assumed block shape
/// only: false when the same access analysed under another plausible shape
/// is no finding by the predicate it is handed (the checks'
/// holdsUnderOtherShapes).
using HoldsUnderOtherShapes = llvm::function_ref<bool(
    const KernelAccesses &, const MemoryAccess &,
    llvm::function_ref<bool(const MemoryAccess &)>)>;

/// True when the global check reporting one location prefers \p A to \p B:
/// more sectors beyond what the bytes need, then a lower efficiency.
bool costlier(const GlobalVerdict &A, const GlobalVerdict &B);

/// A global finding: an analysis and its verdict.
struct GlobalFinding {
  const KernelAccesses *Kernel = nullptr;
  const MemoryAccess *Access = nullptr;
  const GlobalVerdict *Verdict = nullptr;
  /// A finding on a condition (a stride of 'n'): the other places of the
  /// kernel under the same condition on the same parameters it speaks
  /// for; they are not reported, each gets a note.
  std::vector<const MemoryAccess *> Alike;
};

/// The factor of \p A's symbolic stride as the messages name it: the
/// names of its symbols joined by '*' ("w*h"); empty without one.
std::string strideFactorName(const MemoryAccess &A,
                             const lanes::SymbolTable &Symbols);

/// What groups conditional findings: the kernel (every instantiation of a
/// template kernel together) and the factor the condition is on.
std::pair<const void *, std::string> conditionKey(const KernelAccesses &Kernel,
                                                  const MemoryAccess &A);

/// Of the global analyses of \p Kernels whose cause a check reports
/// (\p CheckOf names it; empty for none) and that hold under other shapes,
/// the costliest at each location for each check, the first found on
/// ties; in the order they were first found. One pass serves one check
/// (CheckOf names only its causes) or all of them (the access record).
std::vector<GlobalFinding>
reportedGlobalFindings(llvm::ArrayRef<KernelAccesses> Kernels,
                       const KernelVerdicts &Verdicts,
                       llvm::function_ref<llvm::StringRef(GlobalCause)> CheckOf,
                       const model::Architecture &Arch,
                       const GlobalPolicy &Policy,
                       HoldsUnderOtherShapes Holds);

/// A shared access whose worst degree reaches the reporting threshold.
struct SharedFinding {
  const KernelAccesses *Kernel = nullptr;
  const MemoryAccess *Access = nullptr;
  SharedConflict Worst;
  /// A symbolic conflict: the other places of the kernel conflicted at the
  /// same parameter's bank period that it speaks for (GlobalFinding's).
  std::vector<const MemoryAccess *> Alike;
  /// A symbolic conflict another of the kernel speaks for: not reported.
  bool SpokenFor = false;
};

/// The bank-conflict check's selection over the kernels of a TU.
struct SharedFindings {
  /// Every shared access priced per lane (what a padding plan weighs).
  std::vector<const MemoryAccess *> Shared;
  /// Those whose worst degree reaches max(2, MinimumDegree) and holds
  /// under other shapes, in the order found.
  std::vector<SharedFinding> Conflicts;
  /// Accesses whose lanes are a symbol times a step, conflicted at the
  /// symbol's bank period (bankPeriodSample): the check's "when 'n' is a
  /// multiple of 32", only where the check's SymbolicStrideConflicts
  /// asks for them (a narrow condition on a value the file never fixes).
  /// Not weighed by a padding plan.
  std::vector<SharedFinding> SymbolicConflicts;
  /// The accesses of Conflicts.
  std::vector<const MemoryAccess *> conflicted() const;
  /// Of the Conflicts and SymbolicConflicts, the one reported at each
  /// location: the highest degree, the first found on ties.
  std::vector<const SharedFinding *> reported() const;
};
SharedFindings sharedFindings(llvm::ArrayRef<KernelAccesses> Kernels,
                              const model::Architecture &Arch,
                              model::PhaseRule Rule, unsigned MinimumDegree,
                              bool SymbolicStrides,
                              HoldsUnderOtherShapes Holds);

} // namespace gpumem::access

#endif // GPUMEM_CHECKS_ACCESS_REPORTEDANALYSES_H
