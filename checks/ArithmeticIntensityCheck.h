//===- ArithmeticIntensityCheck.h - gpumem-arithmetic-intensity -*- C++ -*-===//
#ifndef GPUMEM_CHECKS_ARITHMETICINTENSITYCHECK_H
#define GPUMEM_CHECKS_ARITHMETICINTENSITYCHECK_H

#include "checks/KernelAccessCheck.h"

namespace clang::tidy::gpumem {

/// Finds kernels whose estimated arithmetic intensity is below the machine
/// balance of the target GPU (bandwidth-bound), with the tile that would
/// cross it.
class ArithmeticIntensityCheck : public KernelAccessCheck {
public:
  ArithmeticIntensityCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;

protected:
  void checkKernels(
      llvm::ArrayRef<::gpumem::access::KernelAccesses> Kernels) override;

private:
  const double PeakGflops;
  const double PeakGBps;
  const double MachineBalance;
  const bool ReportAll;
};

} // namespace clang::tidy::gpumem

#endif
