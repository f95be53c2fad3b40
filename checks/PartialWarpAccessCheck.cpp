//===- PartialWarpAccessCheck.cpp - gpumem-partial-warp-access ------------===//
#include "checks/PartialWarpAccessCheck.h"

namespace clang::tidy::gpumem {

using namespace ::gpumem::access;

void PartialWarpAccessCheck::report(const MemoryAccess &Access,
                                    const GlobalVerdict &Verdict,
                                    const KernelAccesses &Kernel) {
  SourceLocation Loc = findingLocation(Access);
  const ::gpumem::model::GlobalCost &Cost = Verdict.Cost;
  diag(Loc, "global %0 of '%1' by %2 of %3 lanes%4: %5 "
            "%plural{1:transaction|:transactions}5 per warp (%6%% efficiency), "
            "%7 %plural{1:sector|:sectors}7, %8 useful bytes of %9 moved; "
            "spread the work over the warp's lanes")
      << kindName(Access.Kind) << spelling(Access)
      << Verdict.ActiveLanes << ::gpumem::lanes::WarpLanes
      << (Access.InLoop ? " inside a loop" : "") << Cost.Transactions
      << percent(Cost.Efficiency) << Cost.Sectors
      << static_cast<long long>(Cost.UsefulBytes)
      << static_cast<long long>(Cost.Transactions * Arch.TransactionBytes);
  if (Access.GuardOnFirstWarp)
    diag(Loc, "the active lanes come from a guard on the thread index, "
              "evaluated for the first warp of %select{the|the first}0 block",
         DiagnosticIDs::Note)
        << Access.GuardOnFirstBlock;
  noteCommon(Access, Verdict, Kernel);
}

} // namespace clang::tidy::gpumem
