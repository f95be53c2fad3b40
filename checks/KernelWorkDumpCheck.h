//===- KernelWorkDumpCheck.h - debug-gpumem-kernel-work ---------*- C++ -*-===//
#ifndef GPUMEM_CHECKS_KERNELWORKDUMPCHECK_H
#define GPUMEM_CHECKS_KERNELWORKDUMPCHECK_H

#include "checks/KernelAccessCheck.h"

namespace clang::tidy::gpumem {

/// Prints the roofline counting of every kernel (a remark per kernel), so
/// the FLOP and byte counts can be tested apart from the check's verdict.
class KernelWorkDumpCheck : public KernelAccessCheck {
public:
  KernelWorkDumpCheck(StringRef Name, ClangTidyContext *Context)
      : KernelAccessCheck(Name, Context) {}

protected:
  void checkKernels(
      llvm::ArrayRef<::gpumem::access::KernelAccesses> Kernels) override;
};

} // namespace clang::tidy::gpumem

#endif
