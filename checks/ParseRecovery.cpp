//===- ParseRecovery.cpp --------------------------------------------------===//
#include "checks/ParseRecovery.h"

#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringSet.h"

namespace clang::tidy::gpumem {

namespace {

/// Skips headers that are not found (FileNotFound) and reports each at its
/// #include (InclusionDirective follows with no file).
class MissingHeaders : public PPCallbacks {
public:
  explicit MissingHeaders(
      std::function<void(SourceLocation, llvm::StringRef)> Report)
      : Report(std::move(Report)) {}

  bool FileNotFound(StringRef FileName) override {
    Skipped.insert(FileName);
    return true;
  }

  void InclusionDirective(SourceLocation, const Token &, StringRef FileName,
                          bool, CharSourceRange FilenameRange,
                          OptionalFileEntryRef File, StringRef, StringRef,
                          const Module *, bool,
                          SrcMgr::CharacteristicKind) override {
    if (!File && Skipped.contains(FileName))
      Report(FilenameRange.getBegin(), FileName);
  }

private:
  std::function<void(SourceLocation, llvm::StringRef)> Report;
  llvm::StringSet<> Skipped;
};

} // namespace

namespace {
/// The preprocessor of the TU being set up that has the recovery. Every
/// check of a TU is offered the same preprocessor; the first installs it.
/// Thread local: clangd parses files in parallel. Reset when a TU's
/// analysis starts and ends (resetParseRecovery), since the next TU's
/// preprocessor may be allocated where this one was.
thread_local const Preprocessor *Installed = nullptr;
} // namespace

void resetParseRecovery() { Installed = nullptr; }

void installParseRecovery(
    Preprocessor &PP,
    std::function<void(SourceLocation, llvm::StringRef)> Report) {
  if (Installed == &PP)
    return;
  Installed = &PP;
  // Errors in host code the toolkit no longer supports must not end the
  // parse before the kernels (clang's default is 20).
  PP.getDiagnostics().setErrorLimit(0);
  PP.addPPCallbacks(std::make_unique<MissingHeaders>(std::move(Report)));
}

} // namespace clang::tidy::gpumem
