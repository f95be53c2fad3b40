//===- GpumemOptionTable.cpp - every gpumem option, once ------------------===//
#include "checks/GpumemOptionTable.h"

#include "model/Architecture.h"
#include "model/BankConflict.h"
#include "model/GlobalCost.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/YAMLParser.h"

#include <cassert>
#include <limits>

namespace clang::tidy::gpumem {

namespace {

/// What clang-tidy's OptionsView::get<bool> reads: YAML's booleans (true,
/// yes, on, y and their negatives, in three cases) and any integer (0 is
/// false). --verify-config called `yes` invalid, which the checks read as
/// true.
bool isBool(llvm::StringRef V) {
  long long Number;
  return llvm::yaml::parseBool(V).has_value() || !V.getAsInteger(10, Number);
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

bool isPreset(llvm::StringRef V) {
  return ::gpumem::model::findPreset(V.trim().str()) != nullptr;
}
bool isBlockDim(llvm::StringRef V) {
  return V.trim().empty() || parseBlockDim(V).has_value();
}
bool isFindingPlace(llvm::StringRef V) {
  return V.trim() == "header" || V.trim() == "call";
}
bool isDumpFormat(llvm::StringRef V) {
  return V.trim() == "text" || V.trim() == "json";
}
bool isBlockSize(llvm::StringRef V) { return isUnsignedIn(V, 32, 1024); }
bool isSize(llvm::StringRef V) { return isUnsignedIn(V, 1, 1 << 20); }
/// A power of two from \p Min to 2^20 bytes.
bool isPowerOfTwoIn(llvm::StringRef V, unsigned Min) {
  unsigned long long N;
  return !V.trim().getAsInteger(10, N) && N >= Min && N <= (1U << 20) &&
         (N & (N - 1)) == 0;
}
bool isBlockBytes(llvm::StringRef V) { return isPowerOfTwoIn(V, 4); }
bool isBankWidth(llvm::StringRef V) {
  unsigned long long N;
  return !V.trim().getAsInteger(10, N) && (N == 4 || N == 8);
}
bool isBankCount(llvm::StringRef V) { return isPowerOfTwoIn(V, 1); }
bool isPhaseRule(llvm::StringRef V) {
  return ::gpumem::model::parsePhaseRule(V.trim().str()).has_value();
}
bool isCoalescingUnit(llvm::StringRef V) {
  return ::gpumem::model::parseCoalescingUnit(V.trim().str()).has_value();
}
bool isDegree(llvm::StringRef V) { return isUnsignedIn(V, 0, 1u << 20); }
bool isLaneCount(llvm::StringRef V) { return isUnsignedIn(V, 1, 32); }
bool isPercent(llvm::StringRef V) {
  return isNumberIn(V, 0, 100, /*MinOpen=*/true);
}
// Finite and far above any GPU (1 EFLOP/s, 1 PB/s, a balance of a
// million FLOP/byte): a larger or infinite value is a typo, not hardware.
/// 0 (the preset's), or a rate a machine can have: a GFLOP/s or a GB/s
/// at least (1e-308 GB/s made the machine balance infinite).
bool isRate(llvm::StringRef V) {
  double D;
  return !V.trim().getAsDouble(D) && (D == 0 || (D >= 1 && D <= 1e9));
}
bool isBalance(llvm::StringRef V) { return isNumberIn(V, 0, 1e6, false); }

using R = OptionReaders;
using S = OptionSyntax;

const GpumemOptionSpec Table[] = {
    // The hardware and the block shape, read by every check.
    {"GpuPreset", "a100", R::AllChecks, true, S::Text, true, isPreset,
     nullptr},
    {"TransactionBytes", "128", R::AllChecks, true, S::Integer, true,
     isBlockBytes, "expected a power of two from 4 to 1048576; using the "
     "preset's"},
    {"SectorBytes", "32", R::AllChecks, true, S::Integer, true, isBlockBytes,
     "expected a power of two from 4 to 1048576, at most TransactionBytes; "
     "using the preset's"},
    {"BankCount", "32", R::AllChecks, true, S::Integer, true, isBankCount,
     "expected a power of two from 1 to 1048576; using the preset's"},
    {"BankWidthBytes", "4", R::AllChecks, true, S::Integer, true, isBankWidth,
     "expected 4 or 8; using the preset's"},
    {"BlockDim", "", R::AllChecks, true, S::Text, true, isBlockDim,
     "expected 'X', 'X,Y' or 'X,Y,Z', each from 1 to 1024; ignored"},
    {"MaxAccessesPerKernel", "4096", R::AllChecks, true, S::Integer, true,
     isSize, "expected an integer from 1 to 1048576; using 4096"},
    {"AssumedBlockSize", "256", R::AllChecks, true, S::Integer, true,
     isBlockSize, "expected a block size from 32 to 1024; using 256"},
    // Where a finding in a header's device function is reported; the
    // editor's default is 'call' (GpumemTidyModule.cpp).
    {"HeaderFindingsAt", "header", R::AllChecks, true, S::Text, true,
     isFindingPlace, "expected 'header' or 'call'; using 'header'"},
    // The policy of the global-memory checks.
    {"ReportOneShotPartialWarp", "false", R::GlobalChecks, true, S::Boolean,
     true, isBool, "expected 'true' or 'false'"},
    {"PartialWarpMaxLanes", "16", R::GlobalChecks, true, S::Integer, true,
     isLaneCount, "expected a number of lanes from 1 to 32; using 16"},
    {"EfficiencyThreshold", "100", R::GlobalChecks, true, S::Number, true,
     isPercent, "expected a percentage above 0 and at most 100; using 100"},
    {"CoalescingUnit", "transactions", R::GlobalChecks, true,
     S::Enumeration, true, isCoalescingUnit,
     "expected 'transactions' or 'sectors'; using 'transactions'"},
    // gpumem-bank-conflict.
    {"PhaseRule", "by-access-width", R::BankConflict, true, S::Enumeration,
     false, isPhaseRule,
     "expected 'by-access-width' or 'whole-warp'; using 'by-access-width'"},
    {"MinimumDegree", "2", R::BankConflict, true, S::Integer, false,
     isDegree, "expected a non-negative integer"},
    // Conflicts that need a parameter the file never fixes to be a
    // multiple of the bank period: off by default (issue 39).
    {"SymbolicStrideConflicts", "false", R::BankConflict, true, S::Boolean,
     true, isBool, "expected 'true' or 'false'"},
    // gpumem-arithmetic-intensity.
    {"PeakGflops", "0", R::ArithmeticIntensity, true, S::Number, true, isRate,
     "expected 0 or a number from 1 to 1e9; using the preset's"},
    {"PeakGBps", "0", R::ArithmeticIntensity, true, S::Number, true, isRate,
     "expected 0 or a number from 1 to 1e9; using the preset's"},
    {"MachineBalance", "0", R::ArithmeticIntensity, true, S::Number, true,
     isBalance, "expected a number from 0 to 1e6; using the preset's"},
    {"ReportAll", "false", R::ArithmeticIntensity, true, S::Boolean, true,
     isBool, "expected 'true' or 'false'"},
    // debug-gpumem-access-dump.
    {"LaneOffsets", "false", R::AccessDump, false, S::Boolean, true, isBool,
     "expected 'true' or 'false'"},
    {"Predictions", "false", R::AccessDump, false, S::Boolean, true, isBool,
     "expected 'true' or 'false'"},
    {"Format", "text", R::AccessDump, false, S::Enumeration, false,
     isDumpFormat, "expected 'text' or 'json'; using 'text'"},
};

} // namespace

llvm::ArrayRef<GpumemOptionSpec> gpumemOptionTable() { return Table; }

const GpumemOptionSpec *findGpumemOption(llvm::StringRef Name) {
  for (const GpumemOptionSpec &Spec : Table)
    if (Spec.Name == Name)
      return &Spec;
  return nullptr;
}

const GpumemOptionSpec &gpumemOption(llvm::StringRef Name) {
  const GpumemOptionSpec *Spec = findGpumemOption(Name);
  assert(Spec && "not a gpumem option");
  return *Spec;
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
