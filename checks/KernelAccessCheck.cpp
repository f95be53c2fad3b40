//===- KernelAccessCheck.cpp ----------------------------------------------===//
#include "checks/KernelAccessCheck.h"
#include "checks/ParseRecovery.h"
#include "checks/TranslationUnitState.h"

#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "llvm/ADT/STLExtras.h"

#include <set>

using namespace clang::ast_matchers;

namespace clang::tidy::gpumem {

// In
//   __global__ void k(float *p) { ... }      // KernelId binds k
//   void host() { k<<<g, 256>>>(p); }         // LaunchId binds the launch
static constexpr char KernelId[] = "kernel";
static constexpr char LaunchId[] = "launch";

/// Reports, once per TU and spelling, each option \p Check reads
/// (gpumemOptionTable) whose value gpumemOptionProblem rejects, with
/// clang-tidy's configuration diagnostic.
static void diagnoseBadOptions(ClangTidyCheck &Check, StringRef ID,
                               const ClangTidyCheck::OptionsView &Options,
                               const GpumemOptions &Hardware,
                               const ClangTidyContext *TidyContext,
                               std::optional<OptionReaders> OwnOptions) {
  // Global options are read by every check: one report per context.
  auto &Said = translationUnitState().ReportedOptions;
  if (Said.first != TidyContext)
    Said = {TidyContext, {}};
  for (const GpumemOptionSpec &Spec : gpumemOptionTable()) {
    if (!Spec.CheckReports || (Spec.Readers != OptionReaders::AllChecks &&
                               Spec.Readers != OwnOptions))
      continue;
    const StringRef Name = Spec.Name;
    std::string Key = (ID + "." + Name).str();
    std::optional<StringRef> Value = Options.get(Name);
    if (!Value) {
      Value = Options.getLocalOrGlobal(Name);
      Key = Name.str();
    }
    if (!Value)
      continue;
    // Options read as integers or booleans: clang-tidy itself reports a
    // value that is neither; only a range is left to say.
    long long Integer;
    bool ClangTidyReports = (Spec.Syntax == OptionSyntax::Integer ||
                             Spec.Syntax == OptionSyntax::Boolean) &&
                            Value->trim().getAsInteger(10, Integer);
    std::optional<std::string> Problem = gpumemOptionProblem(Name, *Value);
    if (!Problem || ClangTidyReports ||
        !Said.second.insert(Key + "=" + Value->str()).second)
      continue;
    Check.configurationDiag(
        "invalid configuration value '%0' for option '%1'; %2")
        << *Value << Key << *Problem;
  }
  // Valid one by one, wrong together: a sector is part of a transaction.
  if (!gpumemOptionProblem("TransactionBytes",
                           std::to_string(Hardware.TransactionBytes)) &&
      !gpumemOptionProblem("SectorBytes",
                           std::to_string(Hardware.SectorBytes)) &&
      Hardware.SectorBytes > Hardware.TransactionBytes &&
      Said.second
          .insert("sizes=" + std::to_string(Hardware.SectorBytes) + ">" +
                  std::to_string(Hardware.TransactionBytes))
          .second)
    Check.configurationDiag("option 'SectorBytes' (%0) is larger than "
                            "'TransactionBytes' (%1); using the preset's sizes")
        << Hardware.SectorBytes << Hardware.TransactionBytes;
}

KernelAccessCheck::KernelAccessCheck(StringRef Name, ClangTidyContext *Context,
                                     std::optional<OptionReaders> OwnOptions)
    : ClangTidyCheck(Name, Context), Hardware(Options), TidyContext(Context) {
  diagnoseBadOptions(*this, getID(), Options, Hardware, TidyContext,
                     OwnOptions);
}

void KernelAccessCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  Hardware.store(Opts, Options);
}

void KernelAccessCheck::registerPPCallbacks(const SourceManager &,
                                            Preprocessor *PP,
                                            Preprocessor *) {
  installParseRecovery(*PP);
  this->PP = PP;
}

void KernelAccessCheck::registerMatchers(MatchFinder *Finder) {
  // All the checks of a TU register with one finder and match the same
  // kernels and launches, so one set of matchers serves them (six sets
  // cost 5% of a parse).
  auto &Slots = translationUnitState().Analyses;
  for (const auto &[Registered, Shared] : Slots)
    if (Registered == Finder)
      if ((Found = Shared.lock())) {
        // The finder calls onStart/onEndOfTranslationUnit only on checks
        // with a matcher: this one matches the TU node, once.
        Finder->addMatcher(translationUnitDecl(), this);
        return;
      }
  // Slots of finders whose checks are gone.
  llvm::erase_if(Slots, [](const auto &S) { return S.second.expired(); });
  Found = std::make_shared<TranslationUnitAnalysis>();
  Slots.emplace_back(Finder, Found);
  auto KernelDefinition =
      functionDecl(isDefinition(), hasAttr(attr::CUDAGlobal));
  Finder->addMatcher(KernelDefinition.bind(KernelId), this);
  // The runtime's launch functions (cudaLaunchKernel) are found at the end
  // of the TU (cuda::forEachRuntimeLaunch): a matcher on every call costs.
  Finder->addMatcher(cudaKernelCallExpr().bind(LaunchId), this);
}

void KernelAccessCheck::check(const MatchFinder::MatchResult &Result) {
  if (const auto *Call = Result.Nodes.getNodeAs<CallExpr>(LaunchId))
    Found->addLaunchCall(Call, *Result.Context);
  else
    Found->addKernel(Result.Nodes.getNodeAs<FunctionDecl>(KernelId),
                     *Result.Context);
}

TranslationUnitState &translationUnitState() {
  static thread_local TranslationUnitState State;
  return State;
}

void KernelAccessCheck::onStartOfTranslationUnit() {
  resetParseRecovery();
  // A check that outlives its TU would otherwise keep the last one's nodes.
  if (Found)
    Found->startTranslationUnit();
  Reported.clear();
}

void KernelAccessCheck::onEndOfTranslationUnit() {
  // The first check to end the TU says how many errors were not printed.
  if (auto [Hidden, At] = takeHiddenErrors(); Hidden && At.isValid())
    TidyContext->diag("clang-diagnostic-error", At,
                      "%0 more %plural{1:error|:errors}0 not shown; the "
                      "analysis went on past them",
                      DiagnosticIDs::Error)
        << Hidden;
  resetParseRecovery();
  if (!Found)
    return;
  Found->finishCollecting(Hardware.HeaderFindingsAtCall, PP, *TidyContext);
  ::gpumem::access::AnalysisSettings Settings = Hardware.analysisSettings();
  Settings.KeepUniformOffsetTerms = keepsUniformOffsetTerms();
  Current = Found->analysed(Settings, *TidyContext);
  if (!Current)
    return;
  Context = Found->context();
  checkKernels(Current->kernels());
  Current = nullptr;
  Reported.clear();
}

AnalysedKernels &KernelAccessCheck::analysis() const {
  assert(Current && "analysis() outside checkKernels");
  return *Current;
}

} // namespace clang::tidy::gpumem
