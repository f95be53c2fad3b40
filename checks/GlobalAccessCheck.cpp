//===- GlobalAccessCheck.cpp ----------------------------------------------===//
#include "checks/GlobalAccessCheck.h"

#include "llvm/ADT/MapVector.h"
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
  // One diagnostic per source location. An access in a device function is
  // analysed once per call, one in a template once per instantiation: the
  // costliest is reported (the most sectors beyond what its bytes need,
  // then the lowest efficiency, then the first found).
  struct Candidate {
    const KernelAccesses *Kernel;
    const MemoryAccess *Access;
    const GlobalVerdict *Verdict;
  };
  auto Costlier = [](const GlobalVerdict &A, const GlobalVerdict &B) {
    if (A.Cost.ExcessSectors != B.Cost.ExcessSectors)
      return A.Cost.ExcessSectors > B.Cost.ExcessSectors;
    return A.Cost.Efficiency < B.Cost.Efficiency;
  };
  llvm::MapVector<unsigned, Candidate> Worst;
  for (std::size_t K = 0; K < Kernels.size(); ++K)
    for (std::size_t I = 0; I < Kernels[K].Accesses.size(); ++I) {
      const MemoryAccess &Access = Kernels[K].Accesses[I];
      if (Access.Space != ::gpumem::lanes::MemorySpace::Global)
        continue;
      const GlobalVerdict &Verdict = Verdicts[K][I];
      SourceLocation Loc = Access.Expression->getExprLoc();
      if (!owns(Verdict.Cause) || Loc.isInvalid() ||
          !holdsUnderOtherShapes(Kernels[K], Access,
                                 [&](const MemoryAccess &Other) {
                                   return owns(judgeGlobalAccess(
                                                   Other, Arch, Policy)
                                                   .Cause);
                                 }))
        continue;
      Candidate C{&Kernels[K], &Access, &Verdict};
      auto [It, Inserted] = Worst.try_emplace(Loc.getRawEncoding(), C);
      if (!Inserted && Costlier(Verdict, *It->second.Verdict))
        It->second = C;
    }
  for (const auto &[Key, C] : Worst)
    report(*C.Access, *C.Verdict, *C.Kernel);
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
