//===- GpumemOptions.cpp --------------------------------------------------===//
#include "checks/GpumemOptions.h"

namespace clang::tidy::gpumem {

GpumemOptions::GpumemOptions(ClangTidyCheck::OptionsView &Options)
    : Preset(Options.getLocalOrGlobal("GpuPreset", "a100")),
      TransactionBytes(Options.getLocalOrGlobal("TransactionBytes", 128U)),
      SectorBytes(Options.getLocalOrGlobal("SectorBytes", 32U)),
      BankCount(Options.getLocalOrGlobal("BankCount", 32U)),
      BankWidthBytes(Options.getLocalOrGlobal("BankWidthBytes", 4U)),
      BlockDim(Options.getLocalOrGlobal("BlockDim", "")),
      AssumedBlockSize(Options.getLocalOrGlobal("AssumedBlockSize", 256)) {}

void GpumemOptions::store(ClangTidyOptions::OptionMap &Opts,
                          ClangTidyCheck::OptionsView &Options) const {
  Options.store(Opts, "GpuPreset", Preset);
  Options.store(Opts, "TransactionBytes", TransactionBytes);
  Options.store(Opts, "SectorBytes", SectorBytes);
  Options.store(Opts, "BankCount", BankCount);
  Options.store(Opts, "BankWidthBytes", BankWidthBytes);
  Options.store(Opts, "BlockDim", BlockDim);
  Options.store(Opts, "AssumedBlockSize", AssumedBlockSize);
}

::gpumem::model::Architecture GpumemOptions::architecture() const {
  const ::gpumem::model::Architecture *P = ::gpumem::model::findPreset(Preset);
  ::gpumem::model::Architecture A = P ? *P : ::gpumem::model::defaultPreset();
  // Zero or nonsense sizes would divide by zero in the model.
  if (TransactionBytes > 0)
    A.TransactionBytes = TransactionBytes;
  if (SectorBytes > 0)
    A.SectorBytes = SectorBytes;
  if (BankCount > 0)
    A.BankCount = BankCount;
  if (BankWidthBytes > 0)
    A.BankWidthBytes = BankWidthBytes;
  return A;
}

::gpumem::access::AnalysisSettings GpumemOptions::analysisSettings() const {
  ::gpumem::access::AnalysisSettings S;
  S.BlockDim = parseBlockDim(BlockDim);
  if (AssumedBlockSize >= 32)
    S.AssumedBlockSize = AssumedBlockSize;
  return S;
}

std::optional<::gpumem::lanes::BlockShape> parseBlockDim(llvm::StringRef Text) {
  Text = Text.trim();
  if (Text.empty())
    return std::nullopt;
  llvm::SmallVector<llvm::StringRef, 3> Parts;
  Text.split(Parts, ',');
  if (Parts.size() > 3)
    return std::nullopt;
  std::int64_t Dims[3] = {1, 1, 1};
  for (unsigned I = 0; I < Parts.size(); ++I)
    if (Parts[I].trim().getAsInteger(10, Dims[I]) || Dims[I] <= 0 ||
        Dims[I] > 1024)
      return std::nullopt;
  return ::gpumem::lanes::BlockShape{Dims[0], Dims[1], Dims[2]};
}

} // namespace clang::tidy::gpumem
