//===- GlobalAccessCheck.cpp ----------------------------------------------===//
#include "checks/GlobalAccessCheck.h"

namespace clang::tidy::gpumem {

using namespace ::gpumem::access;

static GlobalPolicy readPolicy(ClangTidyCheck::OptionsView &Options) {
  GlobalPolicy P;
  P.ReportOneShotPartialWarp =
      Options.getLocalOrGlobal("ReportOneShotPartialWarp", false);
  P.PartialWarpMaxLanes = Options.getLocalOrGlobal("PartialWarpMaxLanes", 16U);
  std::string Threshold =
      Options.getLocalOrGlobal("EfficiencyThreshold", "100").str();
  double Percent = 100;
  if (!llvm::StringRef(Threshold).getAsDouble(Percent) && Percent > 0 &&
      Percent <= 100)
    P.EfficiencyThreshold = Percent / 100.0;
  return P;
}

GlobalAccessCheck::GlobalAccessCheck(StringRef Name, ClangTidyContext *Context)
    : KernelAccessCheck(Name, Context), Policy(readPolicy(Options)),
      Arch(Hardware.architecture()) {}

void GlobalAccessCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  KernelAccessCheck::storeOptions(Opts);
  Options.store(Opts, "ReportOneShotPartialWarp",
                Policy.ReportOneShotPartialWarp);
  Options.store(Opts, "PartialWarpMaxLanes", Policy.PartialWarpMaxLanes);
  Options.store(Opts, "EfficiencyThreshold",
                std::to_string(static_cast<int>(
                    Policy.EfficiencyThreshold * 100.0 + 0.5)));
}

void GlobalAccessCheck::checkKernels(llvm::ArrayRef<KernelAccesses> Kernels) {
  for (const KernelAccesses &Kernel : Kernels)
    for (const MemoryAccess &Access : Kernel.Accesses) {
      if (Access.Space != ::gpumem::lanes::MemorySpace::Global)
        continue;
      GlobalVerdict Verdict = judgeGlobalAccess(Access, Arch, Policy);
      if (!owns(Verdict.Cause))
        continue;
      SourceLocation Loc = Access.Expression->getExprLoc();
      if (Loc.isInvalid() || !firstReport(Loc))
        continue;
      report(Access, Verdict, Kernel);
    }
}

void GlobalAccessCheck::noteCommon(const MemoryAccess &Access,
                                   const KernelAccesses &Kernel) {
  noteIndexDefinition(Access.Expression);
  noteCallSite(Access, Kernel);
  noteBlockDim(Kernel);
  noteInstantiation(Kernel, Access.Expression->getExprLoc());
}

} // namespace clang::tidy::gpumem
