//===- AccessDumpCheck.h - debug-gpumem-access-dump -------------*- C++ -*-===//
#ifndef GPUMEM_CHECKS_ACCESSDUMPCHECK_H
#define GPUMEM_CHECKS_ACCESSDUMPCHECK_H

#include "checks/KernelAccessCheck.h"

namespace clang::tidy::gpumem {

/// Prints the analysis result for every access (a remark per access), so
/// the analysis layer can be tested on its own. Not a gpumem-* check: it
/// is enabled only by name.
class AccessDumpCheck : public KernelAccessCheck {
public:
  AccessDumpCheck(StringRef Name, ClangTidyContext *Context)
      : KernelAccessCheck(Name, Context) {}

protected:
  void checkKernels(
      llvm::ArrayRef<::gpumem::access::KernelAccesses> Kernels) override;
};

} // namespace clang::tidy::gpumem

#endif
