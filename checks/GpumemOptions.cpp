//===- GpumemOptions.cpp --------------------------------------------------===//
#include "checks/GpumemOptions.h"

#include "model/BankConflict.h"
#include "model/GlobalCost.h"

#include "llvm/ADT/StringExtras.h"

#include <limits>

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
  // Zero or nonsense sizes would divide by zero in the model; the range is
  // gpumemOptionProblem's.
  auto Valid = [](unsigned V) { return V > 0 && V <= (1U << 20); };
  if (Valid(TransactionBytes))
    A.TransactionBytes = TransactionBytes;
  if (Valid(SectorBytes))
    A.SectorBytes = SectorBytes;
  if (Valid(BankCount))
    A.BankCount = BankCount;
  if (Valid(BankWidthBytes))
    A.BankWidthBytes = BankWidthBytes;
  return A;
}

::gpumem::access::AnalysisSettings GpumemOptions::analysisSettings() const {
  ::gpumem::access::AnalysisSettings S;
  S.BlockDim = parseBlockDim(BlockDim);
  if (AssumedBlockSize >= 32 && AssumedBlockSize <= 1024)
    S.AssumedBlockSize = AssumedBlockSize;
  return S;
}

namespace {

bool isBool(llvm::StringRef V) {
  return V.equals_insensitive("true") || V.equals_insensitive("false") ||
         V == "1" || V == "0";
}

bool isUnsignedIn(llvm::StringRef V, unsigned long long Min,
                  unsigned long long Max) {
  unsigned long long N;
  return !V.trim().getAsInteger(10, N) && N >= Min && N <= Max;
}

bool isNumberIn(llvm::StringRef V, double Min, double Max, bool MinOpen) {
  double D;
  return !V.trim().getAsDouble(D) && (MinOpen ? D > Min : D >= Min) &&
         D <= Max;
}

} // namespace

std::optional<std::string> gpumemOptionProblem(llvm::StringRef Option,
                                               llvm::StringRef Value) {
  if (Option == "GpuPreset") {
    if (::gpumem::model::findPreset(Value.trim().str()))
      return std::nullopt;
    return "expected one of " +
           llvm::join(::gpumem::model::presetNames(), ", ") +
           "; using 'a100'";
  }
  if (Option == "BlockDim")
    return Value.trim().empty() || parseBlockDim(Value)
               ? std::nullopt
               : std::optional<std::string>(
                     "expected 'X', 'X,Y' or 'X,Y,Z', each from 1 to 1024; "
                     "ignored");
  if (Option == "AssumedBlockSize")
    return isUnsignedIn(Value, 32, 1024)
               ? std::nullopt
               : std::optional<std::string>(
                     "expected a block size from 32 to 1024; using 256");
  if (Option == "TransactionBytes" || Option == "SectorBytes" ||
      Option == "BankCount" || Option == "BankWidthBytes")
    return isUnsignedIn(Value, 1, 1 << 20)
               ? std::nullopt
               : std::optional<std::string>(
                     "expected a positive integer; using the preset's");
  if (Option == "PhaseRule")
    return ::gpumem::model::parsePhaseRule(Value.trim().str())
               ? std::nullopt
               : std::optional<std::string>(
                     "expected 'by-access-width' or 'whole-warp'; using "
                     "'by-access-width'");
  if (Option == "CoalescingUnit")
    return ::gpumem::model::parseCoalescingUnit(Value.trim().str())
               ? std::nullopt
               : std::optional<std::string>(
                     "expected 'transactions' or 'sectors'; using "
                     "'transactions'");
  if (Option == "MinimumDegree")
    return isUnsignedIn(Value, 0, 1u << 20)
               ? std::nullopt
               : std::optional<std::string>("expected a non-negative integer");
  if (Option == "PartialWarpMaxLanes")
    return isUnsignedIn(Value, 1, 32)
               ? std::nullopt
               : std::optional<std::string>(
                     "expected a number of lanes from 1 to 32; using 16");
  if (Option == "EfficiencyThreshold")
    return isNumberIn(Value, 0, 100, /*MinOpen=*/true)
               ? std::nullopt
               : std::optional<std::string>(
                     "expected a percentage above 0 and at most 100; using "
                     "100");
  if (Option == "PeakGflops" || Option == "PeakGBps" ||
      Option == "MachineBalance")
    return isNumberIn(Value, 0, std::numeric_limits<double>::max(),
                      /*MinOpen=*/false)
               ? std::nullopt
               : std::optional<std::string>(
                     "expected a non-negative number; using the preset's");
  if (Option == "ReportOneShotPartialWarp" || Option == "ReportAll" ||
      Option == "LaneOffsets" || Option == "Predictions")
    return isBool(Value) ? std::nullopt
                         : std::optional<std::string>(
                               "expected 'true' or 'false'");
  return std::nullopt;
}

std::optional<::gpumem::cuda::BlockShape> parseBlockDim(llvm::StringRef Text) {
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
  return ::gpumem::cuda::BlockShape{Dims[0], Dims[1], Dims[2]};
}

} // namespace clang::tidy::gpumem
