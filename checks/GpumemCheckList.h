//===- GpumemCheckList.h - the gpumem checks, for one registration -*- C++ -*-//
#ifndef GPUMEM_CHECKS_GPUMEMCHECKLIST_H
#define GPUMEM_CHECKS_GPUMEMCHECKLIST_H

namespace clang::tidy {
class ClangTidyCheckFactories;
namespace gpumem {

/// Registers every gpumem-* check under its name.
void registerGpumemChecks(ClangTidyCheckFactories &Factories);

} // namespace gpumem
} // namespace clang::tidy

#endif
