//===- GlobalAccessCheck.cpp ----------------------------------------------===//
#include "checks/GlobalAccessCheck.h"
#include "checks/GpumemCheckNames.h"
#include "checks/LibraryCalls.h"

#include "checks/access/ReportedAnalyses.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

namespace clang::tidy {

namespace gpumem {

using namespace ::gpumem::access;

GlobalPolicy readGlobalPolicy(ClangTidyCheck::OptionsView &Options) {
  GlobalPolicy P;
  P.ReportOneShotPartialWarp =
      readOption<bool>(Options, "ReportOneShotPartialWarp");
  unsigned MaxLanes = readOption<unsigned>(Options, "PartialWarpMaxLanes");
  if (MaxLanes >= 1 && MaxLanes <= 32)
    P.PartialWarpMaxLanes = MaxLanes;
  std::string Threshold =
      readOption<std::string>(Options, "EfficiencyThreshold");
  double Percent = 100;
  if (!llvm::StringRef(Threshold).getAsDouble(Percent) && Percent > 0 &&
      Percent <= 100)
    P.EfficiencyThreshold = Percent / 100.0;
  P.Unit = readOption<::gpumem::model::CoalescingUnit>(Options,
                                                       "CoalescingUnit");
  return P;
}

GlobalAccessCheck::GlobalAccessCheck(StringRef Name, ClangTidyContext *Context)
    : KernelAccessCheck(Name, Context, OptionReaders::GlobalChecks),
      Policy(readGlobalPolicy(Options)),
      Arch(Hardware.architecture()) {}

void GlobalAccessCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  KernelAccessCheck::storeOptions(Opts);
  Options.store(Opts, "ReportOneShotPartialWarp",
                Policy.ReportOneShotPartialWarp);
  Options.store(Opts, "PartialWarpMaxLanes", Policy.PartialWarpMaxLanes);
  Options.store(Opts, "EfficiencyThreshold",
                std::to_string(static_cast<int>(
                    Policy.EfficiencyThreshold * 100.0 + 0.5)));
  Options.store(Opts, "CoalescingUnit", Policy.Unit);
}

llvm::StringRef globalCheckFor(GlobalCause Cause) {
  switch (Cause) {
  case GlobalCause::Stride:
  case GlobalCause::SymbolicStride:
    return names::UncoalescedAccess;
  case GlobalCause::ArrayOfStructs:
    return names::AosAccess;
  case GlobalCause::Misaligned:
    return names::MisalignedAccess;
  case GlobalCause::PartialWarp:
    return names::PartialWarpAccess;
  case GlobalCause::Unknown:
  case GlobalCause::Coalesced:
    return "";
  }
  return "";
}

void GlobalAccessCheck::checkKernels(llvm::ArrayRef<KernelAccesses> Kernels) {
  // The four global checks share the verdicts of the TU when their
  // settings agree (they do unless one of them is configured apart).
  const KernelVerdicts &Verdicts = analysis().globalVerdicts(Arch, Policy);
  // One diagnostic per source location: an access in a device function is
  // analysed once per call, one in a template once per instantiation, and
  // the costliest is reported.
  std::vector<GlobalFinding> Findings = reportedGlobalFindings(
      Kernels, Verdicts,
      [this](GlobalCause Cause) {
        return owns(Cause) ? getID() : llvm::StringRef();
      },
      Arch, Policy,
      [this](const KernelAccesses &Kernel, const MemoryAccess &A,
             llvm::function_ref<bool(const MemoryAccess &)> IsFinding) {
        return analysis().holdsUnderOtherShapes(Kernel, A, IsFinding);
      });
  // Inside a library call, one finding per call: the costliest (the first
  // on ties), the others counted there. A field-by-field initialiser gave
  // one warning per field, all on the same line of the user's code.
  llvm::DenseMap<const CallExpr *, std::pair<std::size_t, unsigned>> AtCall;
  std::vector<bool> Kept(Findings.size(), true);
  for (std::size_t I = 0; I < Findings.size(); ++I) {
    const GlobalFinding &F = Findings[I];
    if (hidden(*F.Access)) {
      Kept[I] = false;
      continue;
    }
    const CallExpr *Call = libraryCall(*F.Access, Context->getSourceManager());
    if (!Call)
      continue;
    auto [It, First] = AtCall.try_emplace(Call, I, 0);
    if (First)
      continue;
    std::size_t &Best = It->second.first;
    ++It->second.second;
    if (costlier(*F.Verdict, *Findings[Best].Verdict)) {
      Kept[Best] = false;
      Best = I;
    } else {
      Kept[I] = false;
    }
  }
  for (std::size_t I = 0; I < Findings.size(); ++I) {
    if (!Kept[I])
      continue;
    const GlobalFinding &F = Findings[I];
    report(*F.Access, *F.Verdict, *F.Kernel);
    noteAlike(*this, findingLocation(*F.Access), F.Alike, *F.Kernel,
              strideFactorName(*F.Access, *F.Kernel->Symbols),
              [this](const MemoryAccess &A) { return findingLocation(A); });
    if (const CallExpr *Call =
            libraryCall(*F.Access, Context->getSourceManager()))
      noteLibraryCallAlike(findingLocation(*F.Access), *F.Access,
                           AtCall.lookup(Call).second);
  }
}

void GlobalAccessCheck::noteCommon(const MemoryAccess &Access,
                                   const GlobalVerdict &Verdict,
                                   const KernelAccesses &Kernel) {
  if (Policy.Unit == ::gpumem::model::CoalescingUnit::Sectors)
    diag(findingLocation(Access),
         "judged by %0-byte sectors (CoalescingUnit): %1 "
         "%plural{1:sector|:sectors}1 where %2 would do (%3%% sector "
         "efficiency)",
         DiagnosticIDs::Note)
        << Arch.SectorBytes << Verdict.Cost.Sectors << Verdict.Cost.IdealSectors
        << percent(Verdict.Cost.SectorEfficiency);
  noteWarpStarts(Access, Verdict, Kernel);
  if (std::optional<WorstWarp> Warp =
          Verdict.Worst
              ? worstWarp(Kernel, Access, *Verdict.Worst,
                          [&](const LaneScenario &S) {
                            return ::gpumem::model::computeGlobalCost(
                                       footprintOf(Access, S.Offset, S.Active),
                                       Arch)
                                .units(Policy.Unit);
                          })
              : std::nullopt)
    noteWorstWarp(*this, findingLocation(Access), Kernel, *Warp,
                  Policy.Unit == ::gpumem::model::CoalescingUnit::Sectors
                      ? "sectors"
                      : "transactions",
                  Verdict.Shifted && !Access.ShiftedBy.empty() &&
                      !Verdict.WorstStart);
  noteShownWarp(*this, findingLocation(Access), Access);
  noteNoWrap(*this, findingLocation(Access), Access);
  noteIndexDefinition(*this, Access.Expression);
  noteCallSite(Access, Kernel);
  noteConstantArguments(*this, analysis().unit().launches(), Kernel, Access);
  noteBlockDim(Kernel);
  noteInstantiation(Kernel, Access.Expression->getExprLoc());
}

void GlobalAccessCheck::noteLibraryCallAlike(
    SourceLocation Loc, const ::gpumem::access::MemoryAccess &Access,
    unsigned Others) {
  if (!Others)
    return;
  const FunctionDecl *Callee = Access.CallSite->getDirectCallee();
  diag(Loc,
       "%0 more %plural{1:access|:accesses}0 inside '%1' through this call "
       "%plural{1:has|:have}0 a finding of this check; this warning speaks "
       "for %plural{1:it|:them}0",
       DiagnosticIDs::Note)
      << Others << (Callee ? Callee->getNameAsString() : std::string("?"));
}


/// 'a', 'b' and 'c': the names of \p Ids.
static std::string quotedNames(llvm::ArrayRef<::gpumem::lanes::SymbolId> Ids,
                               const ::gpumem::lanes::SymbolTable &Symbols) {
  std::string Out;
  for (std::size_t I = 0; I < Ids.size(); ++I) {
    if (I)
      Out += I + 1 == Ids.size() ? " and " : ", ";
    Out += "'" + Symbols[Ids[I]].Name + "'";
  }
  return Out;
}

/// A number with at most two decimals, no trailing zeros (1.75, 2).
static std::string decimals(double V) {
  std::string S;
  llvm::raw_string_ostream(S) << llvm::format("%.2f", V);
  while (!S.empty() && S.back() == '0')
    S.pop_back();
  if (!S.empty() && S.back() == '.')
    S.pop_back();
  return S;
}

void GlobalAccessCheck::noteWarpStarts(const MemoryAccess &Access,
                                       const GlobalVerdict &Verdict,
                                       const KernelAccesses &Kernel) {
  if (!Kernel.Symbols)
    return;
  const ::gpumem::lanes::SymbolTable &Symbols = *Kernel.Symbols;
  // The quotient of a `%` taken as not wrapping has its own note.
  std::vector<::gpumem::lanes::SymbolId> Assumed;
  for (::gpumem::lanes::SymbolId Id : Access.AssumedAlignedBy)
    if (Symbols[Id].WrapDivisor.empty() && Symbols[Id].MultipleDivisor.empty())
      Assumed.push_back(Id);
  if (Verdict.Shifted && !Access.ShiftedBy.empty()) {
    // The worst start's cost, where the numbers are what most warps pay.
    const bool Common = Verdict.WorstStart.has_value();
    diag(findingLocation(Access),
         "the launch's warps start at different offsets within a %0-byte "
         "block (%1 %select{moves|move}2 them): the numbers above are "
         "%select{the worst warp's, which %4%% of the warps pay|what %3%% of "
         "the warps pay; the worst start, %4%% of them, costs %5 "
         "%plural{1:transaction|:transactions}5 and %6 "
         "%plural{1:sector|:sectors}6}9; over the warps, a mean of %7 "
         "transactions and %8 sectors per warp",
         DiagnosticIDs::Note)
        << Arch.TransactionBytes << quotedNames(Access.ShiftedBy, Symbols)
        << (Access.ShiftedBy.size() == 1 ? 0 : 1)
        << decimals(100.0 * Verdict.CommonShare)
        << decimals(100.0 * Verdict.WorstShare)
        << (Common ? Verdict.WorstStart->Transactions : 0U)
        << (Common ? Verdict.WorstStart->Sectors : 0U)
        << decimals(Verdict.MeanTransactions) << decimals(Verdict.MeanSectors)
        << (Common ? 1 : 0);
  }
  // What the assumption hides: the worst start, at the worst scenario, if
  // those values are anything.
  unsigned Transactions = 0, Sectors = 0;
  if (!Assumed.empty() && Access.AssumedStep > 0 && Verdict.Worst &&
      ::gpumem::access::shiftable(Verdict.Worst->Offset))
    for (std::int64_t Shift = 0; Shift < Arch.TransactionBytes;
         Shift += Access.AssumedStep) {
      ::gpumem::model::GlobalCost C = ::gpumem::access::costShiftedBy(
          Access, Verdict.Worst->Offset, Verdict.Worst->Active, Shift, Arch);
      Transactions = std::max(Transactions, C.Transactions);
      Sectors = std::max(Sectors, C.Sectors);
    }
  if (Transactions > Verdict.Cost.Transactions ||
      Sectors > Verdict.Cost.Sectors)
    diag(findingLocation(Access),
         "assuming %0 %select{keeps|keep}1 each warp's start %2-byte aligned "
         "(a multiple of %3); otherwise up to %4 "
         "%plural{1:transaction|:transactions}4 and %5 "
         "%plural{1:sector|:sectors}5 per warp",
         DiagnosticIDs::Note)
        << quotedNames(Assumed, Symbols) << (Assumed.size() == 1 ? 0 : 1)
        << Arch.TransactionBytes
        << static_cast<unsigned>(Access.AssumedMultiple)
        << Transactions << Sectors;
}

} // namespace gpumem
} // namespace clang::tidy
