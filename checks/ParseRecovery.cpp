//===- ParseRecovery.cpp --------------------------------------------------===//
#include "checks/ParseRecovery.h"
#include "checks/MissingHeaderNames.h"

#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringSet.h"

namespace clang::tidy::gpumem {

namespace {

/// Skips headers that are not found (FileNotFound) and reports each at its
/// #include (InclusionDirective follows with no file).
class MissingHeaders : public PPCallbacks {
public:
  MissingHeaders(Preprocessor &PP, std::vector<MissingHeader> &Out)
      : PP(PP), Out(Out) {}

  bool FileNotFound(StringRef FileName) override {
    Skipped.insert(FileName);
    // The calls the rest of the file makes into it (MissingHeaderNames.h).
    if (!CallsDeclared)
      CallsDeclared = declareMissingHeaderCalls(PP);
    return true;
  }

  void InclusionDirective(SourceLocation, const Token &, StringRef FileName,
                          bool, CharSourceRange FilenameRange,
                          OptionalFileEntryRef File, StringRef, StringRef,
                          const Module *, bool,
                          SrcMgr::CharacteristicKind) override {
    if (!File && Skipped.contains(FileName))
      Out.push_back({FilenameRange.getBegin(), FileName.str()});
  }

private:
  Preprocessor &PP;
  std::vector<MissingHeader> &Out;
  llvm::StringSet<> Skipped;
  bool CallsDeclared = false;
};

} // namespace

/// Passes every diagnostic on to the consumer it replaces, except errors
/// past the first ErrorsShown: those are counted, not printed. Clang's own
/// limit stops the parse; this one only stops the output, so the kernels
/// after the 20th error are still analysed, and 64 KB of garbage does not
/// print megabytes.
class ErrorOutputLimit : public DiagnosticConsumer {
public:
  ErrorOutputLimit(DiagnosticConsumer *Next,
                   std::unique_ptr<DiagnosticConsumer> Owned)
      : Next(Next), Owned(std::move(Owned)) {}

  void HandleDiagnostic(DiagnosticsEngine::Level Level,
                        const Diagnostic &Info) override {
    if (Level >= DiagnosticsEngine::Error && ++Errors > ErrorsShown) {
      ++HiddenTotal;
      if (!Hidden++)
        FirstHidden = Info.getLocation();
      HidingNotes = true;
      return;
    }
    // The notes of a hidden error go with it.
    if (Level == DiagnosticsEngine::Note && HidingNotes)
      return;
    HidingNotes = false;
    Next->HandleDiagnostic(Level, Info);
    countAsNext();
  }
  void clear() override {
    DiagnosticConsumer::clear();
    Next->clear();
  }
  void BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) override {
    Next->BeginSourceFile(LO, PP);
  }
  // The counts "N warnings generated" prints are the consumer's: the next
  // one's (which also receives the checks' diagnostics, from clang-tidy's
  // own engine) and the errors hidden here.
  void EndSourceFile() override {
    Next->EndSourceFile();
    countAsNext();
  }
  void finish() override {
    Next->finish();
    countAsNext();
  }
  bool IncludeInDiagnosticCounts() const override {
    return Next->IncludeInDiagnosticCounts();
  }

  /// Errors not printed so far, and where the first was; forgets them,
  /// and prints the next errors (the line that counts them among them).
  std::pair<unsigned, SourceLocation> takeHidden() {
    std::pair<unsigned, SourceLocation> Out{Hidden, FirstHidden};
    Hidden = 0;
    Errors = 0;
    return Out;
  }

private:
  void countAsNext() {
    NumWarnings = Next->getNumWarnings();
    NumErrors = Next->getNumErrors() + HiddenTotal;
  }

  DiagnosticConsumer *Next;
  std::unique_ptr<DiagnosticConsumer> Owned;
  unsigned Errors = 0;
  unsigned HiddenTotal = 0;
  unsigned Hidden = 0;
  SourceLocation FirstHidden;
  bool HidingNotes = false;
};

namespace {

/// The recovery of this thread's TU: the preprocessor that has it, its
/// output limit (owned by the preprocessor's diagnostics engine, until the
/// end of the TU takes the count of hidden errors), and the headers the TU
/// did not find. Per thread, as the checks' own state: clangd builds
/// several files at once, each on its own thread.
struct RecoveryState {
  const Preprocessor *Installed = nullptr;
  ErrorOutputLimit *Limit = nullptr;
  std::vector<MissingHeader> Missing;
};

RecoveryState &recoveryState() {
  static thread_local RecoveryState State;
  return State;
}

} // namespace

std::vector<MissingHeader> takeMissingHeaders() {
  std::vector<MissingHeader> Out;
  Out.swap(recoveryState().Missing);
  return Out;
}

// The preprocessor that has the recovery is forgotten when a TU's analysis
// starts and ends, since the next TU's preprocessor may be allocated where
// this one was.
void resetParseRecovery() { recoveryState().Installed = nullptr; }

std::pair<unsigned, SourceLocation> takeHiddenErrors() {
  ErrorOutputLimit *&Limit = recoveryState().Limit;
  if (!Limit)
    return {0, SourceLocation()};
  // Asked once per TU, while its engine lives (the end of the TU's
  // matching); the next TU installs its own.
  std::pair<unsigned, SourceLocation> Hidden = Limit->takeHidden();
  Limit = nullptr;
  return Hidden;
}

void installParseRecovery(Preprocessor &PP) {
  RecoveryState &State = recoveryState();
  if (State.Installed == &PP)
    return;
  State.Installed = &PP;
  State.Missing.clear();
  // Errors in host code the toolkit no longer supports must not end the
  // parse before the kernels (clang's default is 20); the output stays
  // within that many errors.
  DiagnosticsEngine &Engine = PP.getDiagnostics();
  Engine.setErrorLimit(0);
  if (DiagnosticConsumer *Next = Engine.getClient()) {
    std::unique_ptr<DiagnosticConsumer> Owned = Engine.takeClient();
    auto Wrapper = std::make_unique<ErrorOutputLimit>(Next, std::move(Owned));
    State.Limit = Wrapper.get();
    Engine.setClient(Wrapper.release(), /*ShouldOwnClient=*/true);
  }
  PP.addPPCallbacks(std::make_unique<MissingHeaders>(PP, State.Missing));
}

} // namespace clang::tidy::gpumem
