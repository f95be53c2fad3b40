//===- UncoalescedAccessCheck.cpp - gpumem-uncoalesced-access -------------===//
#include "checks/UncoalescedAccessCheck.h"

#include "checks/access/ReportedAnalyses.h"

namespace clang::tidy::gpumem {

using namespace ::gpumem::access;

UncoalescedAccessCheck::UncoalescedAccessCheck(StringRef Name,
                                               ClangTidyContext *Context)
    : GlobalAccessCheck(Name, Context) {}

void UncoalescedAccessCheck::report(const MemoryAccess &Access,
                                    const GlobalVerdict &Verdict,
                                    const KernelAccesses &Kernel) {
  const std::string Factor = strideFactorName(Access, *Kernel.Symbols);
  if (Verdict.RowsSpanned > 1)
    reportRows(Access, Verdict, Kernel, Factor);
  else if (Verdict.Cause == GlobalCause::SymbolicStride)
    reportSymbolicStride(Access, Verdict, Factor);
  else
    reportStride(Access, Verdict);
  noteCommon(Access, Verdict, Kernel);
}

/// ">= 32" (the sample, "up to"), or "is 16, the most the kernel allows"
/// where the kernel's own checks bound the factor.
static std::string sampleText(const MemoryAccess &Access,
                              const GlobalVerdict &Verdict) {
  const std::string N = std::to_string(Verdict.SymbolicSample);
  if (!Verdict.SampleIsBound)
    return ">= " + N;
  return "is " + N + (Access.FactorBoundAtLaunch
                          ? ", the most the launches in this file pass"
                          : ", the most the kernel allows");
}

/// " 'm' elements apart" where a unit of the factor moves a row by one
/// element of the access's width; otherwise the bytes: " 32 x 'm' bytes
/// apart" (rows of 8 * m floats), " 'pitch' bytes apart" (a pitch in
/// bytes). Empty without a factor.
static std::string rowPitchText(const MemoryAccess &Access,
                                const GlobalVerdict &Verdict,
                                const std::string &Factor) {
  if (Factor.empty())
    return "";
  const ::gpumem::lanes::LaneValue Relative =
      Access.Offset.withoutUniformTerms();
  const unsigned Next = Verdict.LanesPerRow;
  std::int64_t Bytes = 0;
  if (Relative.terms().size() == 1 && Next > 0 &&
      Next < ::gpumem::lanes::WarpLanes)
    Bytes = Relative.terms().front().Coeff[Next] -
            Relative.terms().front().Coeff[0];
  if (Bytes <= 0 || Bytes == static_cast<std::int64_t>(Access.Width))
    return " '" + Factor + "' elements apart";
  if (Bytes == 1)
    return " '" + Factor + "' bytes apart";
  return " " + std::to_string(Bytes) + " x '" + Factor + "' bytes apart";
}

void UncoalescedAccessCheck::reportRows(const MemoryAccess &Access,
                                        const GlobalVerdict &Verdict,
                                        const KernelAccesses &Kernel,
                                        const std::string &Factor) {
  SourceLocation Loc = findingLocation(Access);
  const ::gpumem::model::GlobalCost &Cost = Verdict.Cost;
  // Each warp reads several short rows. With a block narrower than a
  // warp, the rows are its threadIdx.y; with a wider one (a 1-D block
  // whose rows are tid / BK), the index arithmetic makes them, and a
  // wider block would change nothing.
  const std::optional<::gpumem::cuda::BlockShape> &Shape = Kernel.Block.Shape;
  // Clang's diagnostics take at most 10 arguments: the advice is one.
  const std::string Lanes = std::to_string(::gpumem::lanes::WarpLanes);
  const bool NarrowBlock =
      Shape && Shape->X > 0 &&
      Shape->X < static_cast<std::int64_t>(::gpumem::lanes::WarpLanes);
  diag(Loc, "uncoalesced global %0 of '%1': the warp spans %2 rows of %3 "
            "lanes%4, %5 %plural{1:transaction|:transactions}5 per warp "
            "(%6%% efficiency), %7 %plural{1:sector|:sectors}7%8; %9")
      << kindName(Access.Kind) << spelling(Access)
      << Verdict.RowsSpanned << Verdict.LanesPerRow
      << rowPitchText(Access, Verdict, Factor)
      << Cost.Transactions << percent(Cost.Efficiency) << Cost.Sectors
      << (Factor.empty() ? std::string()
                         : " when '" + Factor + "' " + sampleText(Access, Verdict))
      << (NarrowBlock ? "a block " + Lanes + " threads wide keeps each "
                                           "warp in one row"
          : Kernel.WarpsWalked
              ? "blockDim.x = " + std::to_string(Shape->X) +
                    " starts rows inside warps; a block a multiple of " +
                    Lanes + " threads wide keeps each warp in one row"
              : "the rows come from the index, not the block's "
                        "shape: a warp stays in one row only where its " +
                            Lanes + " lanes take consecutive elements of "
                                    "it");
}

void UncoalescedAccessCheck::reportSymbolicStride(const MemoryAccess &Access,
                                                  const GlobalVerdict &Verdict,
                                                  const std::string &Factor) {
  SourceLocation Loc = findingLocation(Access);
  const ::gpumem::model::GlobalCost &Cost = Verdict.Cost;
  // "Coalesced only when 1" holds only where factor 1 is coalesced; a
  // factor that does not scale the lane index evenly has no one stride.
  std::string OnlyWhenOne =
      Verdict.CoalescedWhenFactorIsOne
          ? "; coalesced only when '" + Factor + "' is " +
                std::to_string(Verdict.CoalescingFactor) +
                (Verdict.CoalescingFactor != 1
                     ? " (lanes " + std::to_string(Access.Width) +
                           " bytes apart, the access's width)"
                     : std::string())
          : std::string();
  if (Verdict.SymbolicBytesPerLane != 0)
    diag(Loc, "uncoalesced global %0 of '%1': stride '%2' x %3 bytes, up to "
              "%4 %plural{1:transaction|:transactions}4 per warp (%5%% "
              "efficiency), %6 %plural{1:sector|:sectors}6, when '%2' %7%8")
        << kindName(Access.Kind) << spelling(Access) << Factor
        << static_cast<long long>(Verdict.SymbolicBytesPerLane)
        << Cost.Transactions << percent(Cost.Efficiency) << Cost.Sectors
        << sampleText(Access, Verdict) << OnlyWhenOne;
  else
    diag(Loc, "uncoalesced global %0 of '%1': lane addresses scale with "
              "'%2', up to %3 %plural{1:transaction|:transactions}3 per warp "
              "(%4%% efficiency), %5 %plural{1:sector|:sectors}5, when '%2' "
              "%6%7")
        << kindName(Access.Kind) << spelling(Access) << Factor
        << Cost.Transactions << percent(Cost.Efficiency) << Cost.Sectors
        << sampleText(Access, Verdict) << OnlyWhenOne;
  if (Verdict.CoalescedWhenFactorIsOne)
    diag(Loc,
         "with '%0' = %3 the warp needs %1 "
         "%plural{1:transaction|:transactions}1 (%2%% efficiency)",
         DiagnosticIDs::Note)
        << Factor << Verdict.FixedCost.Transactions
        << percent(Verdict.FixedCost.Efficiency)
        << static_cast<long long>(Verdict.CoalescingFactor);
}

void UncoalescedAccessCheck::reportStride(const MemoryAccess &Access,
                                          const GlobalVerdict &Verdict) {
  SourceLocation Loc = findingLocation(Access);
  const ::gpumem::model::GlobalCost &Cost = Verdict.Cost;
  if (Verdict.StrideBytes)
    diag(Loc, "uncoalesced global %0 of '%1': stride %2 bytes, %3 "
              "%plural{1:transaction|:transactions}3 per warp (%4%% "
              "efficiency), %5 %plural{1:sector|:sectors}5; consecutive lanes "
              "should touch consecutive elements")
        << kindName(Access.Kind) << spelling(Access)
        << static_cast<long long>(*Verdict.StrideBytes) << Cost.Transactions
        << percent(Cost.Efficiency) << Cost.Sectors;
  else
    diag(Loc, "uncoalesced global %0 of '%1': irregular lane pattern, %2 "
              "%plural{1:transaction|:transactions}2 per warp (%3%% "
              "efficiency), %4 %plural{1:sector|:sectors}4; consecutive lanes "
              "should touch consecutive elements")
        << kindName(Access.Kind) << spelling(Access)
        << Cost.Transactions << percent(Cost.Efficiency) << Cost.Sectors;
  diag(Loc,
       "%0 active lanes of %1 bytes each span %2 bytes; the same lanes on "
       "consecutive elements would need %3 "
       "%plural{1:transaction|:transactions}3 (%4%% efficiency)",
       DiagnosticIDs::Note)
      << Verdict.ActiveLanes << Access.Width
      << static_cast<long long>(Cost.SpanBytes) << Verdict.FixedCost.Transactions
      << percent(Verdict.FixedCost.Efficiency);
}

} // namespace clang::tidy::gpumem
