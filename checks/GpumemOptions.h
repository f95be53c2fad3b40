//===- GpumemOptions.h - hardware and assumption options --------*- C++ -*-===//
//
// Options every gpumem check reads the same way (getLocalOrGlobal), so a
// .clang-tidy can set the hardware once: the GPU preset, transaction and
// sector sizes, banks, and the blockDim assumption.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_GPUMEMOPTIONS_H
#define GPUMEM_CHECKS_GPUMEMOPTIONS_H

#include "checks/GpumemOptionTable.h"
#include "checks/access/KernelAccessCollector.h"
#include "model/Architecture.h"
#include "model/BankConflict.h"
#include "model/GlobalCost.h"

#include "clang-tidy/ClangTidyCheck.h"

#include <string>
#include <type_traits>

namespace clang::tidy {

/// PhaseRule's spellings, for clang-tidy's own parsing and diagnostics of
/// the option (an unknown value gets "did you mean"). The bank-conflict
/// check reads it; the access dump reads that check's value for its record.
template <> struct OptionEnumMapping<::gpumem::model::PhaseRule> {
  static llvm::ArrayRef<std::pair<::gpumem::model::PhaseRule, StringRef>>
  getEnumMapping() {
    static constexpr std::pair<::gpumem::model::PhaseRule, StringRef>
        Mapping[] = {{::gpumem::model::PhaseRule::ByAccessWidth,
                      "by-access-width"},
                     {::gpumem::model::PhaseRule::WholeWarp, "whole-warp"}};
    return Mapping;
  }
};

/// CoalescingUnit's spellings, for clang-tidy's parsing and diagnostics of
/// the option.
template <> struct OptionEnumMapping<::gpumem::model::CoalescingUnit> {
  static llvm::ArrayRef<std::pair<::gpumem::model::CoalescingUnit, StringRef>>
  getEnumMapping() {
    static constexpr std::pair<::gpumem::model::CoalescingUnit, StringRef>
        Mapping[] = {
            {::gpumem::model::CoalescingUnit::Transactions, "transactions"},
            {::gpumem::model::CoalescingUnit::Sectors, "sectors"}};
    return Mapping;
  }
};

} // namespace clang::tidy

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
  /// Accesses analysed per kernel; the rest are said to be left out.
  unsigned MaxAccessesPerKernel;
  /// True when a finding in a header's device function is reported at the
  /// kernel's call in the main file, with a note into the header
  /// (HeaderFindingsAt: call, gpumem-clangd's default: an editor shows
  /// only the open file's diagnostics). System headers' findings always
  /// go to the call.
  bool HeaderFindingsAtCall;

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

/// Option \p Name as its row in gpumemOptionTable says to read it (the
/// check's key, then the global one where the row allows), else the row's
/// default: one home for each default.
template <typename T>
T readOption(ClangTidyCheck::OptionsView &Options, llvm::StringRef Name) {
  const GpumemOptionSpec &Spec = gpumemOption(Name);
  if constexpr (std::is_same_v<T, std::string>) {
    return (Spec.GlobalKey ? Options.getLocalOrGlobal(Name, Spec.Default)
                           : Options.get(Name, Spec.Default))
        .str();
  } else {
    std::optional<T> Value = Spec.GlobalKey ? Options.getLocalOrGlobal<T>(Name)
                                            : Options.get<T>(Name);
    if (Value)
      return *Value;
    if constexpr (std::is_enum_v<T>) {
      for (const auto &[Enum, Spelling] :
           OptionEnumMapping<T>::getEnumMapping())
        if (Spelling == Spec.Default)
          return Enum;
      llvm_unreachable("an enumerated option's default is one of its values");
    } else if constexpr (std::is_same_v<T, bool>) {
      return Spec.Default == "true";
    } else {
      T Default{};
      [[maybe_unused]] bool Bad = Spec.Default.getAsInteger(10, Default);
      assert(!Bad && "an integer option's default is an integer");
      return Default;
    }
  }
}

} // namespace clang::tidy::gpumem

#endif // GPUMEM_CHECKS_GPUMEMOPTIONS_H
