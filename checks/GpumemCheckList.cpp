//===- GpumemCheckList.cpp - the gpumem checks and their names ------------===//
#include "checks/GpumemCheckList.h"

#include "clang-tidy/ClangTidyModule.h"

namespace clang::tidy::gpumem {

void registerGpumemChecks(ClangTidyCheckFactories &Factories) {
  (void)Factories;
}

} // namespace clang::tidy::gpumem
