//===- ReportedAnalyses.cpp - which analysis of a place a check reports ---===//
#include "checks/access/ReportedAnalyses.h"
#include "checks/access/SharedLayout.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"

#include <algorithm>

namespace gpumem::access {

namespace {

/// The raw location an access is reported at; 0 for none.
unsigned placeOf(const MemoryAccess &A) {
  clang::SourceLocation Loc = A.Expression->getExprLoc();
  return Loc.isValid() ? Loc.getRawEncoding() : 0;
}

} // namespace

bool costlier(const GlobalVerdict &A, const GlobalVerdict &B) {
  if (A.Cost.ExcessSectors != B.Cost.ExcessSectors)
    return A.Cost.ExcessSectors > B.Cost.ExcessSectors;
  return A.Cost.Efficiency < B.Cost.Efficiency;
}

std::vector<GlobalFinding>
reportedGlobalFindings(llvm::ArrayRef<KernelAccesses> Kernels,
                       const KernelVerdicts &Verdicts,
                       llvm::function_ref<llvm::StringRef(GlobalCause)> CheckOf,
                       const model::Architecture &Arch,
                       const GlobalPolicy &Policy,
                       HoldsUnderOtherShapes Holds) {
  // Keyed by place and check: a place whose analyses have causes of two
  // checks has a finding of each.
  llvm::MapVector<std::pair<unsigned, llvm::StringRef>, GlobalFinding> Worst;
  for (std::size_t K = 0; K < Kernels.size(); ++K)
    for (std::size_t I = 0; I < Kernels[K].Accesses.size(); ++I) {
      const MemoryAccess &Access = Kernels[K].Accesses[I];
      if (Access.Space != lanes::MemorySpace::Global)
        continue;
      const GlobalVerdict &Verdict = Verdicts[K][I];
      const unsigned Place = placeOf(Access);
      const llvm::StringRef Check = CheckOf(Verdict.Cause);
      // Under other block shapes the cause may differ (misaligned in a
      // 1-D block, two rows of 16 in a 16x16 one): the finding holds when
      // some global finding does under each of them.
      if (Check.empty() || !Place ||
          !Holds(Kernels[K], Access, [&](const MemoryAccess &Other) {
            const GlobalCause Cause =
                judgeGlobalAccess(Other, Arch, Policy).Cause;
            return Cause != GlobalCause::Coalesced &&
                   Cause != GlobalCause::Unknown;
          }))
        continue;
      GlobalFinding F{&Kernels[K], &Access, &Verdict};
      auto [It, Inserted] = Worst.try_emplace({Place, Check}, F);
      if (!Inserted && costlier(Verdict, *It->second.Verdict))
        It->second = F;
    }
  std::vector<GlobalFinding> Out;
  Out.reserve(Worst.size());
  for (const auto &[Place, F] : Worst)
    Out.push_back(F);
  return Out;
}

std::vector<const MemoryAccess *> SharedFindings::conflicted() const {
  std::vector<const MemoryAccess *> Out;
  Out.reserve(Conflicts.size());
  for (const SharedFinding &F : Conflicts)
    Out.push_back(F.Access);
  return Out;
}

std::vector<const SharedFinding *> SharedFindings::reported() const {
  llvm::DenseMap<unsigned, const SharedFinding *> WorstAt;
  for (const std::vector<SharedFinding> *List : {&Conflicts, &SymbolicConflicts})
    for (const SharedFinding &F : *List) {
      const SharedFinding *&W = WorstAt[placeOf(*F.Access)];
      if (!W || F.Worst.Degree.Degree > W->Worst.Degree.Degree)
        W = &F;
    }
  std::vector<const SharedFinding *> Out;
  for (const std::vector<SharedFinding> *List : {&Conflicts, &SymbolicConflicts})
    for (const SharedFinding &F : *List)
      if (const unsigned Place = placeOf(*F.Access);
          Place && WorstAt.lookup(Place) == &F)
        Out.push_back(&F);
  return Out;
}

SharedFindings sharedFindings(llvm::ArrayRef<KernelAccesses> Kernels,
                              const model::Architecture &Arch,
                              model::PhaseRule Rule, unsigned MinimumDegree,
                              HoldsUnderOtherShapes Holds) {
  const unsigned Threshold = std::max(2U, MinimumDegree);
  SharedFindings Out;
  for (const KernelAccesses &Kernel : Kernels)
    for (const MemoryAccess &A : Kernel.Accesses) {
      if (A.Space == lanes::MemorySpace::Shared && A.Scenarios.empty()) {
        // The degree at the symbol's bank period, as the check reports it.
        auto AtPeriod = [&](const MemoryAccess &Of)
            -> std::optional<model::BankConflictDegree> {
          std::optional<lanes::LaneVector> Lanes = lanesAtBankPeriod(Of, Arch);
          if (!Lanes)
            return std::nullopt;
          return sharedBankConflict(Of, *Lanes, Of.Active, Arch, Rule);
        };
        std::optional<model::BankConflictDegree> D = AtPeriod(A);
        if (D && D->Degree >= Threshold &&
            Holds(Kernel, A, [&](const MemoryAccess &Other) {
              auto O = AtPeriod(Other);
              return O && O->Degree >= Threshold;
            }))
          Out.SymbolicConflicts.push_back(
              {&Kernel, &A, SharedConflict{*D, nullptr}});
        continue;
      }
      if (A.Space != lanes::MemorySpace::Shared)
        continue;
      Out.Shared.push_back(&A);
      SharedConflict W = worstBankConflict(A, 0, Arch, Rule);
      if (W.Degree.Degree < Threshold ||
          !Holds(Kernel, A, [&](const MemoryAccess &Other) {
            return worstBankConflict(Other, 0, Arch, Rule).Degree.Degree >=
                   Threshold;
          }))
        continue;
      Out.Conflicts.push_back({&Kernel, &A, W});
    }
  return Out;
}

} // namespace gpumem::access
