//===- GpumemOptions.cpp --------------------------------------------------===//
#include "checks/GpumemOptions.h"

#include "model/BankConflict.h"
#include "model/GlobalCost.h"

#include "llvm/ADT/StringExtras.h"


namespace clang::tidy::gpumem {

GpumemOptions::GpumemOptions(ClangTidyCheck::OptionsView &Options)
    : Preset(readOption<std::string>(Options, "GpuPreset")),
      TransactionBytes(readOption<unsigned>(Options, "TransactionBytes")),
      SectorBytes(readOption<unsigned>(Options, "SectorBytes")),
      BankCount(readOption<unsigned>(Options, "BankCount")),
      BankWidthBytes(readOption<unsigned>(Options, "BankWidthBytes")),
      BlockDim(readOption<std::string>(Options, "BlockDim")),
      AssumedBlockSize(readOption<std::int64_t>(Options, "AssumedBlockSize")),
      MaxAccessesPerKernel(
          readOption<unsigned>(Options, "MaxAccessesPerKernel")),
      HeaderFindingsAtCall(
          llvm::StringRef(readOption<std::string>(Options, "HeaderFindingsAt"))
              .trim() == "call") {}

void GpumemOptions::store(ClangTidyOptions::OptionMap &Opts,
                          ClangTidyCheck::OptionsView &Options) const {
  Options.store(Opts, "GpuPreset", Preset);
  Options.store(Opts, "TransactionBytes", TransactionBytes);
  Options.store(Opts, "SectorBytes", SectorBytes);
  Options.store(Opts, "BankCount", BankCount);
  Options.store(Opts, "BankWidthBytes", BankWidthBytes);
  Options.store(Opts, "BlockDim", BlockDim);
  Options.store(Opts, "AssumedBlockSize", AssumedBlockSize);
  Options.store(Opts, "MaxAccessesPerKernel", MaxAccessesPerKernel);
  Options.store(Opts, "HeaderFindingsAt",
                HeaderFindingsAtCall ? "call" : "header");
}

::gpumem::model::Architecture GpumemOptions::architecture() const {
  const ::gpumem::model::Architecture *P = ::gpumem::model::findPreset(Preset);
  ::gpumem::model::Architecture A = P ? *P : ::gpumem::model::defaultPreset();
  // A value the table rejects is replaced by the preset's, as the
  // configuration diagnostic says.
  auto Valid = [](llvm::StringRef Option, unsigned V) {
    return !gpumemOptionProblem(Option, std::to_string(V));
  };
  if (Valid("TransactionBytes", TransactionBytes))
    A.TransactionBytes = TransactionBytes;
  if (Valid("SectorBytes", SectorBytes))
    A.SectorBytes = SectorBytes;
  if (Valid("BankCount", BankCount))
    A.BankCount = BankCount;
  if (Valid("BankWidthBytes", BankWidthBytes))
    A.BankWidthBytes = BankWidthBytes;
  // A sector is part of a transaction: a larger one takes the preset's
  // sizes (sizesProblem says so).
  if (A.SectorBytes > A.TransactionBytes) {
    const ::gpumem::model::Architecture &Preset =
        P ? *P : ::gpumem::model::defaultPreset();
    A.TransactionBytes = Preset.TransactionBytes;
    A.SectorBytes = Preset.SectorBytes;
  }
  return A;
}

::gpumem::access::AnalysisSettings GpumemOptions::analysisSettings() const {
  ::gpumem::access::AnalysisSettings S;
  S.BlockDim = parseBlockDim(BlockDim);
  if (AssumedBlockSize >= 32 && AssumedBlockSize <= 1024)
    S.AssumedBlockSize = AssumedBlockSize;
  if (!gpumemOptionProblem("MaxAccessesPerKernel",
                           std::to_string(MaxAccessesPerKernel)))
    S.MaxAccesses = MaxAccessesPerKernel;
  S.TransactionBytes = architecture().TransactionBytes;
  S.SectorBytes = architecture().SectorBytes;
  return S;
}

std::optional<std::string> gpumemOptionProblem(llvm::StringRef Option,
                                               llvm::StringRef Value) {
  const GpumemOptionSpec *Spec = findGpumemOption(Option);
  if (!Spec || Spec->Valid(Value))
    return std::nullopt;
  if (Spec->Expected)
    return std::string(Spec->Expected);
  // The presets, named from the model's list.
  return "expected one of " +
         llvm::join(::gpumem::model::presetNames(), ", ") + "; using '" +
         Spec->Default.str() + "'";
}

} // namespace clang::tidy::gpumem
