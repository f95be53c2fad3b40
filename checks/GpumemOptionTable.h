//===- GpumemOptionTable.h - every gpumem option, once ----------*- C++ -*-===//
//
// One row per option: its name, the default --dump-config shows, which
// checks read it and how (the check's key first, then the global one, or
// the check's key only), and what a valid value is. The checks read their
// defaults here, their configuration diagnostics and gpumem-tidy's
// --verify-config validate with it, and a lit test holds the doc pages to
// it (test/docs/one-home.test). A new option is one row here, one
// read in its check's constructor and a line in the check's doc page.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_GPUMEMOPTIONTABLE_H
#define GPUMEM_CHECKS_GPUMEMOPTIONTABLE_H

#include "checks/cuda/BlockShape.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace clang::tidy::gpumem {

/// The checks that read an option.
enum class OptionReaders {
  /// Every gpumem check (the hardware and the block shape).
  AllChecks,
  /// The four global-memory checks (their shared policy).
  GlobalChecks,
  BankConflict,
  ArithmeticIntensity,
  AccessDump,
};

/// How a value is written: clang-tidy itself reports a value of an integer,
/// boolean or enumerated option that does not parse as one.
enum class OptionSyntax { Text, Integer, Boolean, Enumeration, Number };

struct GpumemOptionSpec {
  llvm::StringLiteral Name;
  /// The value --dump-config shows when the option is not set.
  llvm::StringLiteral Default;
  OptionReaders Readers;
  /// True when a check reads its own key, then the global one
  /// (getLocalOrGlobal); false for the check's own key only.
  bool GlobalKey;
  OptionSyntax Syntax;
  /// True when the checks report a bad value with clang-tidy's
  /// configuration diagnostic (the enumerations read with get() are
  /// reported by clang-tidy alone).
  bool CheckReports;
  bool (*Valid)(llvm::StringRef Value);
  /// What a valid value is and what is used instead ("expected a
  /// positive integer; using the preset's").
  const char *Expected;
};

/// Every option, in the order of the docs.
llvm::ArrayRef<GpumemOptionSpec> gpumemOptionTable();

/// The row of \p Name, or null when it is not a gpumem option.
const GpumemOptionSpec *findGpumemOption(llvm::StringRef Name);

/// The row of \p Name, which must be one.
const GpumemOptionSpec &gpumemOption(llvm::StringRef Name);

/// Parses BlockDim's "X", "X,Y" or "X,Y,Z" (integers from 1 to 1024).
std::optional<::gpumem::cuda::BlockShape> parseBlockDim(llvm::StringRef Text);

} // namespace clang::tidy::gpumem

#endif // GPUMEM_CHECKS_GPUMEMOPTIONTABLE_H
