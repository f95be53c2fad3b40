//===- GlobalAccessCheck.cpp ----------------------------------------------===//
#include "checks/GlobalAccessCheck.h"

#include "checks/access/ReportedAnalyses.h"

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
    return "gpumem-uncoalesced-access";
  case GlobalCause::ArrayOfStructs:
    return "gpumem-aos-access";
  case GlobalCause::Misaligned:
    return "gpumem-misaligned-access";
  case GlobalCause::PartialWarp:
    return "gpumem-partial-warp-access";
  case GlobalCause::Unknown:
  case GlobalCause::Coalesced:
    return "";
  }
  return "";
}

void GlobalAccessCheck::checkKernels(llvm::ArrayRef<KernelAccesses> Kernels) {
  // The four global checks share the verdicts of the TU when their
  // settings agree (they do unless one of them is configured apart).
  const KernelVerdicts &Verdicts = globalVerdicts(Arch, Policy);
  // One diagnostic per source location: an access in a device function is
  // analysed once per call, one in a template once per instantiation, and
  // the costliest is reported.
  for (const GlobalFinding &F : reportedGlobalFindings(
           Kernels, Verdicts,
           [this](GlobalCause Cause) {
             return owns(Cause) ? getID() : llvm::StringRef();
           },
           Arch, Policy,
           [this](const KernelAccesses &Kernel, const MemoryAccess &A,
                  llvm::function_ref<bool(const MemoryAccess &)> IsFinding) {
             return holdsUnderOtherShapes(Kernel, A, IsFinding);
           }))
    report(*F.Access, *F.Verdict, *F.Kernel);
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
  noteIndexDefinition(Access.Expression);
  noteCallSite(Access, Kernel);
  noteConstantArguments(Kernel, Access);
  noteBlockDim(Kernel);
  noteInstantiation(Kernel, Access.Expression->getExprLoc());
}

} // namespace gpumem
} // namespace clang::tidy
