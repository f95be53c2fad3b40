//===- MisalignedAccessCheck.cpp - gpumem-misaligned-access ---------------===//
#include "checks/MisalignedAccessCheck.h"

#include <algorithm>

namespace clang::tidy::gpumem {

using namespace ::gpumem::access;

void MisalignedAccessCheck::report(const MemoryAccess &Access,
                                   const GlobalVerdict &Verdict,
                                   const KernelAccesses &Kernel) {
  SourceLocation Loc = findingLocation(Access);
  const ::gpumem::model::GlobalCost &Cost = Verdict.Cost;
  diag(Loc, "misaligned global %0 of '%1': starts %2 bytes past a %3-byte "
            "boundary, %4 %plural{1:transaction|:transactions}4 per warp (%5%% "
            "efficiency), %6 %plural{1:sector|:sectors}6; aligned, it would "
            "need %7")
      << kindName(Access.Kind) << spelling(Access)
      << static_cast<long long>(Verdict.MisalignBytes) << Arch.TransactionBytes
      << Cost.Transactions << percent(Cost.Efficiency) << Cost.Sectors
      << Verdict.FixedCost.Transactions;
  std::int64_t Low = INT64_MAX, High = INT64_MIN;
  for (unsigned L = 0; L < ::gpumem::lanes::WarpLanes; ++L)
    if ((Verdict.Worst->Active >> L) & 1U) {
      Low = std::min(Low, Verdict.Worst->Offset[L]);
      High = std::max(High, Verdict.Worst->Offset[L] + Access.Width - 1);
    }
  if (isa<ParmVarDecl>(Access.Base) || isa<FieldDecl>(Access.Base))
    diag(Loc,
         "lanes touch bytes [%0, %1] of a base assumed %2-byte aligned "
         "(cudaMalloc), crossing a block boundary",
         DiagnosticIDs::Note)
        << static_cast<long long>(Low) << static_cast<long long>(High)
        << static_cast<long long>(Access.BaseAlignment);
  else
    diag(Loc,
         "lanes touch bytes [%0, %1] of '%2', declared %3-byte aligned, "
         "crossing a block boundary",
         DiagnosticIDs::Note)
        << static_cast<long long>(Low) << static_cast<long long>(High)
        << Access.Base->getName()
        << static_cast<long long>(Access.BaseAlignment);
  noteCommon(Access, Verdict, Kernel);
}

} // namespace clang::tidy::gpumem
