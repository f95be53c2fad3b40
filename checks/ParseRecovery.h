//===- ParseRecovery.h - keep parsing what real projects throw at us -*- C++ -*-===//
//
// A real project's file often includes a header the analysis cannot find
// (omp.h, a project header not on the path) or calls host APIs a newer
// toolkit removed. Clang treats a missing header as fatal, and after a
// fatal error it instantiates no template: template kernels vanish without
// a word. After 20 errors it stops altogether. For the checks, a missing
// header is skipped and said once, as a warning naming it
// (gpumem-diagnostic-missing-header, with the count of kernels analysed),
// and no error
// limit stops the parse; the rest of the file is analysed as far as it
// parses. Only the first 20 errors are printed, then one line with the
// count of the rest.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_PARSERECOVERY_H
#define GPUMEM_CHECKS_PARSERECOVERY_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>
#include <utility>

namespace clang {
class Preprocessor;
} // namespace clang

namespace clang::tidy::gpumem {

/// Installs the recovery on \p PP once (later calls for the same
/// preprocessor do nothing).
void installParseRecovery(Preprocessor &PP);

/// A header that was not found, at its #include.
struct MissingHeader {
  SourceLocation At;
  std::string Name;
};

/// The headers not found in this TU, in order; forgets them (the first
/// check to end the TU says them).
std::vector<MissingHeader> takeMissingHeaders();

/// Errors the recovery did not print in this TU (past the first
/// ErrorsShown, Clang's usual limit), and where the first of them was;
/// the count starts again from zero.
std::pair<unsigned, SourceLocation> takeHiddenErrors();

/// Errors printed per translation unit before the rest are only counted.
inline constexpr unsigned ErrorsShown = 20;

/// Forgets which preprocessor has the recovery: called when a TU's
/// analysis starts and ends, so the next TU gets it even if its
/// preprocessor lives at the same address.
void resetParseRecovery();

} // namespace clang::tidy::gpumem

#endif
