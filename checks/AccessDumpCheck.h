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
///
/// Option `Predictions` (default false) appends, to each access whose
/// lanes are known, what the model predicts per request (one warp
/// instruction), as the mean over its scenarios and the worst: 32-byte
/// sectors and 128-byte transactions for global memory, wavefronts for
/// shared memory. bench/nsight/ compares them with Nsight Compute.
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
  const bool Predictions;
};

} // namespace clang::tidy::gpumem

#endif
