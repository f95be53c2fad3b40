//===- GpumemOptions.h - hardware and assumption options --------*- C++ -*-===//
//
// Options every gpumem check reads the same way (getLocalOrGlobal), so a
// .clang-tidy can set the hardware once: the GPU preset, transaction and
// sector sizes, banks, and the blockDim assumption.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_GPUMEMOPTIONS_H
#define GPUMEM_CHECKS_GPUMEMOPTIONS_H

#include "checks/access/KernelAccessCollector.h"
#include "model/Architecture.h"

#include "clang-tidy/ClangTidyCheck.h"

#include <string>

namespace clang::tidy::gpumem {

/// The shared options, read once per check.
struct GpumemOptions {
  std::string Preset;
  unsigned TransactionBytes;
  unsigned SectorBytes;
  unsigned BankCount;
  unsigned BankWidthBytes;
  std::string BlockDim;
  std::int64_t AssumedBlockSize;

  explicit GpumemOptions(ClangTidyCheck::OptionsView &Options);
  void store(ClangTidyOptions::OptionMap &Opts,
             ClangTidyCheck::OptionsView &Options) const;

  /// The architecture with the size overrides applied.
  ::gpumem::model::Architecture architecture() const;
  /// Settings for the access analysis.
  ::gpumem::access::AnalysisSettings analysisSettings() const;
};

/// What is wrong with \p Value for the gpumem option \p Option (its name
/// without the check prefix: "GpuPreset"), as "expected ..." text; nothing
/// when the value is valid or the option is not one of gpumem's. One
/// table for the checks' configuration diagnostics and gpumem-tidy's
/// --verify-config.
std::optional<std::string> gpumemOptionProblem(llvm::StringRef Option,
                                               llvm::StringRef Value);

/// Parses "X", "X,Y" or "X,Y,Z" (positive integers).
std::optional<::gpumem::cuda::BlockShape> parseBlockDim(llvm::StringRef Text);

} // namespace clang::tidy::gpumem

#endif // GPUMEM_CHECKS_GPUMEMOPTIONS_H
