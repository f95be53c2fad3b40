//===- TranslationUnitState.h - what the checks of a TU share ---*- C++ -*-===//
//
// The gpumem checks of one translation unit share what each would
// otherwise build again: the parse recovery installed on its preprocessor,
// the kernels and launches matched once for all of them, their analysis,
// and the option problems already reported. It lives in one object per
// thread (clangd builds several files at once, each on its own thread,
// and a thread checks one TU at a time); the first check to start a TU
// empties what belongs to the last one (KernelAccessCheck, ParseRecovery).
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_TRANSLATIONUNITSTATE_H
#define GPUMEM_CHECKS_TRANSLATIONUNITSTATE_H

#include "checks/KernelAccessCheck.h"
#include "checks/ParseRecovery.h"

#include <list>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace clang {
class Preprocessor;
namespace ast_matchers {
class MatchFinder;
} // namespace ast_matchers
} // namespace clang

namespace clang::tidy::gpumem {

class ErrorOutputLimit;

struct TranslationUnitState {
  /// The parse recovery (ParseRecovery.h): the preprocessor that has it,
  /// its output limit (owned by the preprocessor's diagnostics engine, until
  /// the end of the TU takes the count of hidden errors), and the headers
  /// the TU did not find.
  struct Recovery {
    const Preprocessor *Installed = nullptr;
    ErrorOutputLimit *Limit = nullptr;
    std::vector<MissingHeader> Missing;
  } Parse;
  /// The kernels and launches matched for each MatchFinder: all the checks
  /// of a TU register with one finder and share what it matches.
  std::vector<std::pair<const ast_matchers::MatchFinder *,
                        std::weak_ptr<KernelAccessCheck::Collection>>>
      Collections;
  /// The analyses of the TU's kernels, one per setting (a list: the checks
  /// hold pointers into it while they report).
  std::list<KernelAccessCheck::SharedAnalysis> Analyses;
  /// The option values reported as invalid, per clang-tidy context.
  std::pair<const ClangTidyContext *, std::set<std::string>> ReportedOptions;
};

/// This thread's state (KernelAccessCheck.cpp defines it).
TranslationUnitState &translationUnitState();

} // namespace clang::tidy::gpumem

#endif // GPUMEM_CHECKS_TRANSLATIONUNITSTATE_H
