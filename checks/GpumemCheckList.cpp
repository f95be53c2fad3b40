//===- GpumemCheckList.cpp - the gpumem checks and their names ------------===//
#include "checks/GpumemCheckList.h"

#include "checks/AccessDumpCheck.h"
#include "checks/AosAccessCheck.h"
#include "checks/ArithmeticIntensityCheck.h"
#include "checks/BankConflictCheck.h"
#include "checks/KernelWorkDumpCheck.h"
#include "checks/MisalignedAccessCheck.h"
#include "checks/PartialWarpAccessCheck.h"
#include "checks/UncoalescedAccessCheck.h"

#include "clang-tidy/ClangTidyModule.h"

namespace clang::tidy::gpumem {

void registerGpumemChecks(ClangTidyCheckFactories &Factories) {
  Factories.registerCheck<AosAccessCheck>("gpumem-aos-access");
  Factories.registerCheck<ArithmeticIntensityCheck>(
      "gpumem-arithmetic-intensity");
  Factories.registerCheck<BankConflictCheck>("gpumem-bank-conflict");
  Factories.registerCheck<MisalignedAccessCheck>("gpumem-misaligned-access");
  Factories.registerCheck<PartialWarpAccessCheck>(
      "gpumem-partial-warp-access");
  Factories.registerCheck<UncoalescedAccessCheck>(
      "gpumem-uncoalesced-access");
  // Debug output of the analysis layer; not matched by 'gpumem-*'.
  Factories.registerCheck<AccessDumpCheck>("debug-gpumem-access-dump");
  Factories.registerCheck<KernelWorkDumpCheck>("debug-gpumem-kernel-work");
}

} // namespace clang::tidy::gpumem
