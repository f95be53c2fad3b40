//===- TranslationUnitState.h - what the checks of a TU share ---*- C++ -*-===//
//
// The gpumem checks of one translation unit share what each would
// otherwise build again: the kernels and launches matched once for all of
// them and their analysis (TranslationUnitAnalysis.h), and the option
// problems already reported. It lives in one object per thread (clangd
// builds several files at once, each on its own thread, and a thread
// checks one TU at a time); the first check to start a TU empties what
// belongs to the last one. The parse recovery keeps its own per-thread
// state (ParseRecovery.h).
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_TRANSLATIONUNITSTATE_H
#define GPUMEM_CHECKS_TRANSLATIONUNITSTATE_H

#include "checks/TranslationUnitAnalysis.h"

#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace clang {
namespace ast_matchers {
class MatchFinder;
} // namespace ast_matchers
} // namespace clang

namespace clang::tidy::gpumem {

struct TranslationUnitState {
  /// The analysis of the TU each MatchFinder matches for: all the checks
  /// of a TU register with one finder and share what it matches (the
  /// checks hold it; it dies with the last of them).
  std::vector<std::pair<const ast_matchers::MatchFinder *,
                        std::weak_ptr<TranslationUnitAnalysis>>>
      Analyses;
  /// The option values reported as invalid, per clang-tidy context.
  std::pair<const ClangTidyContext *, std::set<std::string>> ReportedOptions;
};

/// This thread's state (KernelAccessCheck.cpp defines it).
TranslationUnitState &translationUnitState();

} // namespace clang::tidy::gpumem

#endif // GPUMEM_CHECKS_TRANSLATIONUNITSTATE_H
