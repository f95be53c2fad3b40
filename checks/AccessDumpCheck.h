//===- AccessDumpCheck.h - debug-gpumem-access-dump -------------*- C++ -*-===//
#ifndef GPUMEM_CHECKS_ACCESSDUMPCHECK_H
#define GPUMEM_CHECKS_ACCESSDUMPCHECK_H

#include "checks/KernelAccessCheck.h"

namespace clang::tidy::gpumem {

/// Prints the analysis result for every access (a remark per access), so
/// the analysis layer can be tested on its own. Not a gpumem-* check: it
/// is enabled only by name.
///
/// Option `LaneOffsets` (default false) appends, to each access, the 32
/// per-lane byte offsets and the active-lane mask of the scenario the
/// checks price (the worst one; for a symbolic stride, the sample value)
/// and the array's element size, and to each kernel the transaction,
/// sector and bank sizes: the data tools/gpumem-report.py draws from.
class AccessDumpCheck : public KernelAccessCheck {
public:
  AccessDumpCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;

protected:
  void checkKernels(
      llvm::ArrayRef<::gpumem::access::KernelAccesses> Kernels) override;
  /// The dump prints every term of each offset.
  bool keepsUniformOffsetTerms() const override { return true; }

private:
  const bool LaneOffsets;
};

} // namespace clang::tidy::gpumem

#endif
