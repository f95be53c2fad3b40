//===- ArithmeticIntensityCheck.h - gpumem-arithmetic-intensity -*- C++ -*-===//
#ifndef GPUMEM_CHECKS_ARITHMETICINTENSITYCHECK_H
#define GPUMEM_CHECKS_ARITHMETICINTENSITYCHECK_H

#include "checks/KernelAccessCheck.h"
#include "checks/access/KernelWork.h"
#include "model/Roofline.h"

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
  /// A machine balance and where it comes from ("option MachineBalance",
  /// "a100, fp32").
  struct Balance {
    double Value;
    std::string Source;
  };
  /// The balance for kernels of precision \p P; none when no bandwidth is
  /// known.
  std::optional<Balance>
  balanceFor(::gpumem::model::Precision P,
             const ::gpumem::model::Architecture &Arch) const;
  void report(const ::gpumem::access::KernelAccesses &Kernel,
              const ::gpumem::access::KernelWork &Work,
              const ::gpumem::model::RooflinePoint &Point, const Balance &B,
              bool ReuseDominates);

  const double PeakGflops;
  const double PeakGBps;
  const double MachineBalance;
  const bool ReportAll;
};

} // namespace clang::tidy::gpumem

#endif
