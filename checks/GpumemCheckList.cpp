//===- GpumemCheckList.cpp - the gpumem checks and their names ------------===//
#include "checks/GpumemCheckList.h"

#include "checks/AccessDumpCheck.h"
#include "checks/AosAccessCheck.h"
#include "checks/ArithmeticIntensityCheck.h"
#include "checks/BankConflictCheck.h"
#include "checks/GpumemCheckNames.h"
#include "checks/KernelWorkDumpCheck.h"
#include "checks/MisalignedAccessCheck.h"
#include "checks/PartialWarpAccessCheck.h"
#include "checks/UncoalescedAccessCheck.h"

#include "clang-tidy/ClangTidyModule.h"

namespace clang::tidy::gpumem {

void registerGpumemChecks(ClangTidyCheckFactories &Factories) {
  Factories.registerCheck<AosAccessCheck>(names::AosAccess);
  Factories.registerCheck<ArithmeticIntensityCheck>(
      names::ArithmeticIntensity);
  Factories.registerCheck<BankConflictCheck>(names::BankConflict);
  Factories.registerCheck<MisalignedAccessCheck>(names::MisalignedAccess);
  Factories.registerCheck<PartialWarpAccessCheck>(names::PartialWarpAccess);
  Factories.registerCheck<UncoalescedAccessCheck>(names::UncoalescedAccess);
  // Debug output of the analysis layer; not matched by 'gpumem-*'.
  Factories.registerCheck<AccessDumpCheck>(names::AccessDump);
  Factories.registerCheck<KernelWorkDumpCheck>(names::KernelWork);
}

} // namespace clang::tidy::gpumem
