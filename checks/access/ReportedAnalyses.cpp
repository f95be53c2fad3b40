//===- ReportedAnalyses.cpp - which analysis of a place a check reports ---===//
#include "checks/access/ReportedAnalyses.h"
#include "checks/access/SharedLayout.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"

#include <algorithm>
#include <map>

namespace gpumem::access {

namespace {

/// The raw location an access is reported at; 0 for none.
unsigned placeOf(const MemoryAccess &A) {
  clang::SourceLocation Loc = A.Expression->getExprLoc();
  return Loc.isValid() ? Loc.getRawEncoding() : 0;
}

} // namespace

std::string strideFactorName(const MemoryAccess &A,
                             const lanes::SymbolTable &Symbols) {
  std::string Factor;
  for (lanes::SymbolId Id : A.SymbolicStride)
    Factor += (Factor.empty() ? "" : "*") + Symbols[Id].Name;
  return Factor;
}

std::pair<const void *, std::string> conditionKey(const KernelAccesses &Kernel,
                                                  const MemoryAccess &A) {
  const clang::FunctionDecl *FD = Kernel.Kernel;
  if (FD)
    if (const clang::FunctionDecl *Pattern =
            FD->getTemplateInstantiationPattern())
      FD = Pattern;
  return {FD ? FD->getCanonicalDecl() : nullptr,
          strideFactorName(A, *Kernel.Symbols)};
}

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
  // Keyed by place: one access has one finding, of the check that owns
  // the costliest analysis's cause, even where instantiations disagree
  // (misaligned in one, uncoalesced in another). The check that does not
  // own it reports nothing there.
  llvm::MapVector<unsigned, GlobalFinding> Worst;
  for (std::size_t K = 0; K < Kernels.size(); ++K)
    for (std::size_t I = 0; I < Kernels[K].Accesses.size(); ++I) {
      const MemoryAccess &Access = Kernels[K].Accesses[I];
      if (Access.Space != lanes::MemorySpace::Global)
        continue;
      const GlobalVerdict &Verdict = Verdicts[K][I];
      const unsigned Place = placeOf(Access);
      if (Verdict.Cause == GlobalCause::Coalesced ||
          Verdict.Cause == GlobalCause::Unknown || !Place)
        continue;
      // Only an analysis that would be kept is asked whether it holds.
      auto It = Worst.find(Place);
      if (It != Worst.end() && !costlier(Verdict, *It->second.Verdict))
        continue;
      // Under other block shapes the cause may differ (misaligned in a
      // 1-D block, two rows of 16 in a 16x16 one): the finding holds when
      // some global finding does under each of them.
      if (!Holds(Kernels[K], Access, [&](const MemoryAccess &Other) {
            const GlobalCause Cause =
                judgeGlobalAccess(Other, Arch, Policy).Cause;
            return Cause != GlobalCause::Coalesced &&
                   Cause != GlobalCause::Unknown;
          }))
        continue;
      GlobalFinding F{&Kernels[K], &Access, &Verdict};
      if (It != Worst.end())
        It->second = F;
      else
        Worst.insert({Place, F});
    }
  // A condition on a parameter (a stride of 'n') is said once per kernel
  // and parameter, at its costliest place (the first on ties); the others
  // are counted there.
  std::vector<GlobalFinding> Out;
  Out.reserve(Worst.size());
  std::map<std::pair<std::pair<const void *, std::string>, llvm::StringRef>,
           std::size_t>
      FirstOf;
  for (const auto &[Place, F] : Worst) {
    const llvm::StringRef Owner = CheckOf(F.Verdict->Cause);
    if (Owner.empty())
      continue;
    if (F.Verdict->Cause == GlobalCause::SymbolicStride &&
        !F.Access->SymbolicStride.empty()) {
      auto [It, First] = FirstOf.try_emplace(
          {conditionKey(*F.Kernel, *F.Access), Owner},
          Out.size());
      if (!First) {
        GlobalFinding &Kept = Out[It->second];
        std::vector<const MemoryAccess *> Alike = std::move(Kept.Alike);
        const MemoryAccess *Other = F.Access;
        if (costlier(*F.Verdict, *Kept.Verdict)) {
          Other = Kept.Access;
          Kept = F;
        }
        Alike.push_back(Other);
        Kept.Alike = std::move(Alike);
        continue;
      }
    }
    Out.push_back(F);
  }
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
          Place && WorstAt.lookup(Place) == &F && !F.SpokenFor)
        Out.push_back(&F);
  return Out;
}

SharedFindings sharedFindings(llvm::ArrayRef<KernelAccesses> Kernels,
                              const model::Architecture &Arch,
                              model::PhaseRule Rule, unsigned MinimumDegree,
                              bool SymbolicStrides,
                              HoldsUnderOtherShapes Holds) {
  const unsigned Threshold = std::max(2U, MinimumDegree);
  SharedFindings Out;
  for (const KernelAccesses &Kernel : Kernels)
    for (const MemoryAccess &A : Kernel.Accesses) {
      if (A.Space == lanes::MemorySpace::Shared && A.Scenarios.empty()) {
        // A narrow condition on a value the file never fixes is said only
        // where the check asks for it; one a launch meets always.
        std::optional<BankPeriodSample> Sample = bankPeriodSample(A, Arch);
        if (!Sample || (!SymbolicStrides && !Sample->AtLaunch))
          continue;
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
  // One symbolic conflict per kernel and parameter: the first place's,
  // counting the other places (each place once, as reported() picks it).
  std::map<std::pair<const void *, std::string>, SharedFinding *> FirstOf;
  llvm::DenseSet<unsigned> Places;
  for (SharedFinding &F : Out.SymbolicConflicts) {
    if (!Places.insert(placeOf(*F.Access)).second)
      continue;
    auto [It, First] = FirstOf.try_emplace(
        conditionKey(*F.Kernel, *F.Access), &F);
    if (!First) {
      It->second->Alike.push_back(F.Access);
      F.SpokenFor = true;
    }
  }
  return Out;
}

} // namespace gpumem::access
