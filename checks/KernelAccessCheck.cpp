//===- KernelAccessCheck.cpp ----------------------------------------------===//
#include "checks/KernelAccessCheck.h"
#include "checks/TranslationUnitState.h"
#include "checks/ParseRecovery.h"
#include "checks/RepresentativeInstances.h"

#include "checks/access/KernelAccessCollector.h"
#include "checks/launch/HeaderLaunches.h"
#include "checks/launch/LaunchSites.h"

#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"

#include <list>
#include <map>
#include <set>
#include <tuple>

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

struct KernelAccessCheck::Collection {
  ASTContext *Context = nullptr;
  llvm::SetVector<const FunctionDecl *> Kernels;
  ::gpumem::launch::LaunchSites Launches;
  /// The writes, loops and reaching writes of functions, read once for
  /// every kernel and every setting of this TU.
  ::gpumem::lanes::FunctionCache Functions;
  /// Kernel templates of the TU with no instantiation: no kernel of theirs
  /// is analysed.
  llvm::SetVector<const FunctionDecl *> Uninstantiated;
  /// Kernel templates whose every instantiation is invalid (its body does
  /// not compile for the arguments given), with the first of them.
  llvm::MapVector<const FunctionDecl *, const FunctionDecl *> NoValidInstance;
  /// The instantiations the analysis made of them, where the file did not
  /// compile, with what it chose ("float for 'T'").
  llvm::DenseMap<const FunctionDecl *, std::string> Representatives;
  /// What was not analysed has been said for this TU (by the first check
  /// to end it).
  bool Said = false;
  /// The runtime's launches have been read into Launches.
  bool RuntimeLaunchesRead = false;
  /// Kernels launched from a header's host function that the main file
  /// calls, with that call (the first that reaches each), where findings
  /// in headers go to the main file (HeaderFindingsAt: call).
  llvm::DenseMap<const FunctionDecl *, const CallExpr *> LaunchedThroughCall;
  /// The launches through headers' host functions have been read.
  bool HeaderLaunchesRead = false;
};

/// Records \p Launch in \p Found.
static void addLaunch(KernelAccessCheck::Collection &Found,
                      const ::gpumem::cuda::KernelLaunch &Launch,
                      const SourceManager &SM) {
  Found.Launches.add(Launch, *Found.Context);
  // The kernel of a launch, where the matchers do not reach its
  // definition: gpumem-clangd matches the open file's declarations only,
  // and a kernel of the project's header is in the preamble.
  const FunctionDecl *Def = nullptr;
  if (const FunctionDecl *Kernel = Launch.Kernel;
      Kernel && Kernel->hasBody(Def) && Def->hasAttr<CUDAGlobalAttr>() &&
      !Def->isInvalidDecl() && !Def->isDependentContext() &&
      !SM.isInSystemHeader(Def->getLocation()))
    Found.Kernels.insert(Def);
}

/// Reads the launches the main file reaches through headers' host
/// functions, once per TU: into the launches and kernels where the matchers
/// saw the open file only (gpumem-clangd), and as the calls findings go to
/// with HeaderFindingsAt call.
static void readLaunchesThroughHeaders(KernelAccessCheck::Collection &Found,
                                       bool HeaderFindingsAtCall) {
  if (!Found.Context || Found.HeaderLaunchesRead)
    return;
  ASTContext &Ctx = *Found.Context;
  const std::vector<Decl *> Scope = Ctx.getTraversalScope();
  // gpumem-clangd: the matchers saw the open file's declarations only.
  const bool OpenFileOnly =
      Scope.size() != 1 || !isa<TranslationUnitDecl>(Scope.front());
  if (!OpenFileOnly && !HeaderFindingsAtCall)
    return;
  Found.HeaderLaunchesRead = true;
  // The headers the open file includes after its preamble are parsed with
  // it, but the matchers saw none of their kernels and launches.
  if (OpenFileOnly)
    ::gpumem::launch::forEachKernelAndLaunch(
        ::gpumem::launch::headerDeclsParsedWithMainFile(Ctx),
        [&](const FunctionDecl *Kernel) { Found.Kernels.insert(Kernel); },
        [&](const ::gpumem::cuda::KernelLaunch &Launch) {
          addLaunch(Found, Launch, Ctx.getSourceManager());
        });
  ::gpumem::launch::forEachLaunchThroughHeaders(
      Ctx, [&](const ::gpumem::cuda::KernelLaunch &Launch,
               const CallExpr *MainFileCall) {
        // The command line's matchers saw this launch already.
        if (OpenFileOnly)
          addLaunch(Found, Launch, Ctx.getSourceManager());
        Found.LaunchedThroughCall.try_emplace(Launch.Kernel, MainFileCall);
      });
}

void KernelAccessCheck::registerMatchers(MatchFinder *Finder) {
  // All the checks of a TU register with one finder and match the same
  // kernels and launches, so one set of matchers serves them (six sets
  // cost 5% of a parse).
  auto &Slots = translationUnitState().Collections;
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
  Found = std::make_shared<Collection>();
  Slots.emplace_back(Finder, Found);
  auto KernelDefinition =
      functionDecl(isDefinition(), hasAttr(attr::CUDAGlobal));
  Finder->addMatcher(KernelDefinition.bind(KernelId), this);
  // The runtime's launch functions (cudaLaunchKernel) are found at the end
  // of the TU (cuda::forEachRuntimeLaunch): a matcher on every call costs.
  Finder->addMatcher(cudaKernelCallExpr().bind(LaunchId), this);
}

void KernelAccessCheck::check(const MatchFinder::MatchResult &Result) {
  Found->Context = Result.Context;
  if (const auto *Call = Result.Nodes.getNodeAs<CallExpr>(LaunchId)) {
    if (std::optional<::gpumem::cuda::KernelLaunch> Launch =
            ::gpumem::cuda::KernelLaunch::read(Call))
      addLaunch(*Found, *Launch, *Result.SourceManager);
    return;
  }
  const auto *Kernel = Result.Nodes.getNodeAs<FunctionDecl>(KernelId);
  if (!Kernel || Kernel->isInvalidDecl())
    return;
  if (const FunctionTemplateDecl *Template =
          Kernel->getDescribedFunctionTemplate()) {
    if (Template->specializations().empty())
      Found->Uninstantiated.insert(Kernel);
    else if (llvm::all_of(Template->specializations(),
                          [](const FunctionDecl *F) {
                            return F->isInvalidDecl();
                          }))
      Found->NoValidInstance.insert(
          {Kernel, *Template->specializations().begin()});
  }
  if (Kernel->isDependentContext())
    return;
  Found->Kernels.insert(Kernel);
}

/// The kernels of the translation unit being checked, analysed once for
/// every check derived from KernelAccessCheck: they all match the same
/// kernels and launches (the matchers above), so the first check to reach
/// the end of the TU analyses them and the others reuse the result, where
/// each check used to analyse every kernel again (bench/ measured the
/// analysis at over 40% of a run with six checks). A result is reused only
/// for the same ASTContext, the same kernels and the same analysis
/// settings (a check may set BlockDim or AssumedBlockSize on its own). The
/// cache is emptied when a TU starts: its AST pointers die with the last.
struct KernelAccessCheck::SharedAnalysis {
  const ASTContext *Context = nullptr;
  std::vector<const FunctionDecl *> Kernels;
  ::gpumem::access::AnalysisSettings Settings;
  std::vector<::gpumem::access::KernelAccesses> Analysed;
  /// The global verdicts on Analysed, one set per model and policy.
  struct Verdicts {
    ::gpumem::model::Architecture Arch;
    ::gpumem::access::GlobalPolicy Policy;
    ::gpumem::access::KernelVerdicts Judged;
  };
  std::list<Verdicts> Judged;
  /// Kernels analysed again with another block shape (X, Y, Z).
  std::map<std::tuple<const FunctionDecl *, std::int64_t, std::int64_t,
                      std::int64_t>,
           ::gpumem::access::KernelAccesses>
      OtherShapes;
};

TranslationUnitState &translationUnitState() {
  static thread_local TranslationUnitState State;
  return State;
}

namespace {

std::list<KernelAccessCheck::SharedAnalysis> &sharedAnalyses() {
  return translationUnitState().Analyses;
}

} // namespace

void KernelAccessCheck::onStartOfTranslationUnit() {
  resetParseRecovery();
  sharedAnalyses().clear();
  // A check that outlives its TU would otherwise keep the last one's nodes.
  if (Found) {
    Found->Context = nullptr;
    Found->Kernels.clear();
    Found->Launches.clear();
    Found->LaunchedThroughCall.clear();
    Found->HeaderLaunchesRead = false;
    Found->Uninstantiated.clear();
    Found->Representatives.clear();
    Found->Said = false;
    Found->RuntimeLaunchesRead = false;
  }
  Reported.clear();
}

/// A header run directly that does not compile on its own (it needs what
/// its includers include first): what parses is analysed, the rest only
/// where a file includes it, which is said once.
static void sayHeaderAlone(KernelAccessCheck::Collection *Found, bool Failed,
                           const std::string &Why,
                           ClangTidyContext &TidyContext) {
  if (Failed && Found->Context) {
    const SourceManager &SM = Found->Context->getSourceManager();
    const OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
    const llvm::StringRef Ext =
        Main ? llvm::sys::path::extension(Main->getName()) : "";
    if (Ext == ".cuh" || Ext == ".h" || Ext == ".hpp" || Ext == ".hh" ||
        Ext == ".hxx" || Ext == ".inl")
      TidyContext.diag("gpumem-diagnostic-header-alone",
                       SM.getLocForStartOfFile(SM.getMainFileID()),
                       "this header does not compile on its own (%0); its "
                       "kernels are analysed as far as it parses here, and "
                       "fully where a file that includes it is analysed")
          << Why;
  }
}

/// Kernel templates none of whose instantiations compiles, each named with
/// one that failed.
static void sayNoValidInstance(KernelAccessCheck::Collection *Found,
                               ClangTidyContext &TidyContext) {
  for (const auto &[Template, Instance] : Found->NoValidInstance) {
    std::string Name;
    llvm::raw_string_ostream OS(Name);
    Instance->getNameForDiagnostic(OS, Found->Context->getPrintingPolicy(),
                                   /*Qualified=*/true);
    const unsigned Count = static_cast<unsigned>(llvm::size(
        Template->getDescribedFunctionTemplate()->specializations()));
    TidyContext.diag("gpumem-diagnostic-uninstantiated-kernel",
                     Template->getLocation(),
                     "'%0' is not analysed: %select{its one instantiation, "
                     "'%2', does not compile|none of its %1 instantiations "
                     "compiles ('%2' is one)}3")
        << Template->getQualifiedNameAsString() << Count << Name
        << (Count == 1 ? 0 : 1);
  }
}

/// Says, once per TU, what was not analysed: each header not found, with
/// the count of kernels analysed, and kernel templates never instantiated
/// (any, in a file that did not compile; the main file's, in one that
/// did).
static void sayWhatWasNotAnalysed(KernelAccessCheck::Collection *Found,
                                  Preprocessor *PP,
                                  ClangTidyContext &TidyContext) {
  if (!Found || Found->Said)
    return;
  Found->Said = true;
  const std::vector<MissingHeader> Missing = takeMissingHeaders();
  const bool Failed =
      !Missing.empty() ||
      (Found->Context && Found->Context->getDiagnostics().hasErrorOccurred());
  // A template kernel is instantiated by the code that launches it; where
  // that code did not compile, the kernel vanishes with it. The analysis
  // makes an instantiation of its own where it can.
  const std::string Why = Missing.empty()
                              ? std::string("it has errors")
                              : "'" + Missing.front().Name + "' not found";
  // In a file that compiles, a kernel template of the file itself that
  // nothing instantiates (a header of kernels run directly, a kernel not
  // launched yet) vanished without a word too: it gets the same, and its
  // diagnostic says the file compiled. Those of the file's headers are
  // the business of the files that use them.
  std::vector<const FunctionDecl *> Templates;
  for (const FunctionDecl *Template : Found->Uninstantiated)
    if (Failed ||
        (Found->Context &&
         Found->Context->getSourceManager().isInMainFile(
             Found->Context->getSourceManager().getExpansionLoc(
                 Template->getLocation()))))
      Templates.push_back(Template);
  std::vector<std::pair<const FunctionDecl *, RepresentativeInstance>> Made;
  {
    Sema *S = PP && Found->Context ? semaWhileParsing(*PP) : nullptr;
    // The analysis's own instantiations have a budget, as its other work
    // has: a count, and the AST they add (an instantiation pulls in every
    // helper it uses, a library's included). Past it, a template is named
    // as not analysed, with the budget.
    RepresentativeBudget Budget;
    for (const FunctionDecl *Template : Templates) {
      RepresentativeInstance R;
      if (S && Budget.spent())
        R.WhyNot = Budget.why();
      else if (S)
        R = Budget.charge(*Found->Context,
                          [&] { return instantiateRepresentative(*S, Template); });
      else if (!Failed)
        continue; // the editor, as the user types a kernel not launched yet
      else
        R.WhyNot = "no instantiation can be made after the parse";
      if (R.Instance) {
        Found->Kernels.insert(R.Instance);
        Found->Representatives[R.Instance] = R.Chosen;
      }
      Made.emplace_back(Template, std::move(R));
    }
  }
  // Under names of their own, not a check's: they are not findings, and
  // tools that count findings leave them out (gpumem_findings.py).
  const unsigned Analysed = Found->Kernels.size();
  for (const MissingHeader &Header : Missing)
    TidyContext.diag("gpumem-diagnostic-missing-header", Header.At,
                     "header '%0' not found; the file is analysed without "
                     "it (%1 %plural{1:kernel|:kernels}1 analysed)")
        << Header.Name << Analysed;
  sayHeaderAlone(Found, Failed, Why, TidyContext);
  sayNoValidInstance(Found, TidyContext);
  for (const auto &[Template, R] : Made) {
    if (R.Instance) {
      std::string Name;
      llvm::raw_string_ostream OS(Name);
      R.Instance->getNameForDiagnostic(OS, Found->Context->getPrintingPolicy(),
                                       /*Qualified=*/true);
      TidyContext.diag("gpumem-diagnostic-uninstantiated-kernel",
                       Template->getLocation(),
                       "'%0' is never instantiated %select{(the file did not "
                       "compile: %1)|in this file}4; it is analysed as '%2', "
                       "an instantiation of the analysis's own (%3)")
          << Template->getQualifiedNameAsString() << Why << Name << R.Chosen
          << (Failed ? 0 : 1);
      continue;
    }
    TidyContext.diag("gpumem-diagnostic-uninstantiated-kernel",
                     Template->getLocation(),
                     "%select{|no kernel analysed in this file: }0'%1' is "
                     "never instantiated%select{, so it is not analysed (the "
                     "file did not compile: %2; %3)| in this file, so it is "
                     "not analysed (%3)}4")
        << (Analysed == 0 ? 1 : 0) << Template->getQualifiedNameAsString()
        << Why << R.WhyNot << (Failed ? 0 : 1);
  }
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
  sayWhatWasNotAnalysed(Found.get(), PP, *TidyContext);
  // Once per TU, by the first check to end it: the runtime's launches.
  if (Found && Found->Context && !Found->RuntimeLaunchesRead) {
    Found->RuntimeLaunchesRead = true;
    ::gpumem::cuda::forEachRuntimeLaunch(
        *Found->Context, [&](const ::gpumem::cuda::KernelLaunch &Launch) {
          addLaunch(*Found, Launch, Found->Context->getSourceManager());
        });
  }
  if (Found)
    readLaunchesThroughHeaders(*Found, Hardware.HeaderFindingsAtCall);
  if (!Found || !Found->Context || Found->Kernels.empty())
    return;
  Context = Found->Context;
  ::gpumem::access::AnalysisSettings Settings = Hardware.analysisSettings();
  Settings.KeepUniformOffsetTerms = keepsUniformOffsetTerms();
  Current = nullptr;
  for (SharedAnalysis &Shared : sharedAnalyses())
    if (Shared.Context == Context &&
        llvm::ArrayRef(Shared.Kernels) == Found->Kernels.getArrayRef() &&
        Shared.Settings == Settings)
      Current = &Shared;
  if (!Current) {
    SharedAnalysis Shared;
    Shared.Context = Context;
    Shared.Kernels.assign(Found->Kernels.begin(), Found->Kernels.end());
    Shared.Settings = Settings;
    Shared.Analysed.reserve(Found->Kernels.size());
    for (const FunctionDecl *Kernel : Found->Kernels)
      Shared.Analysed.push_back(::gpumem::access::collectKernelAccesses(
          Kernel, *Context, Found->Launches, Settings, &Found->Functions));
    // A kernel cut short at MaxAccessesPerKernel is said once, whether or
    // not a finding of its first accesses notes it: with none, the cut
    // was silent.
    for (const ::gpumem::access::KernelAccesses &K : Shared.Analysed)
      if (K.AccessesCapped)
        TidyContext->diag("gpumem-diagnostic-access-limit",
                          K.Kernel->getLocation(),
                          "only the first %0 accesses of '%1' are analysed; "
                          "the others are left out (option "
                          "MaxAccessesPerKernel)")
            << static_cast<unsigned>(K.Accesses.size()) << K.Kernel->getName();
    sharedAnalyses().push_back(std::move(Shared));
    Current = &sharedAnalyses().back();
  }
  checkKernels(Current->Analysed);
  Current = nullptr;
  Reported.clear();
}

const std::string *
KernelAccessCheck::representativeChoice(const FunctionDecl *Kernel) const {
  if (!Found)
    return nullptr;
  auto It = Found->Representatives.find(Kernel);
  return It == Found->Representatives.end() ? nullptr : &It->second;
}

MainFileRoute
KernelAccessCheck::mainFileRoute(const FunctionDecl *Kernel) const {
  MainFileRoute Route;
  if (!Hardware.HeaderFindingsAtCall || !Found || !Context || !Kernel)
    return Route;
  const SourceManager &SM = Context->getSourceManager();
  if (SM.isInMainFile(SM.getExpansionLoc(Kernel->getLocation())))
    return Route;
  if (const ::gpumem::launch::LaunchSites::Entry *Launch =
          Found->Launches.find(Kernel);
      Launch && Launch->Where.isValid() &&
      SM.isInMainFile(SM.getExpansionLoc(Launch->Where))) {
    Route.At = Launch->Where;
    return Route;
  }
  if (auto It = Found->LaunchedThroughCall.find(Kernel->getCanonicalDecl());
      It != Found->LaunchedThroughCall.end() &&
      (Route.Launcher = It->second->getDirectCallee())) {
    Route.At = It->second->getBeginLoc();
    Route.How = MainFileRoute::Calls;
    return Route;
  }
  Route.At =
      ::gpumem::launch::includedAfterPreamble(Kernel->getLocation(), *Context);
  Route.How = MainFileRoute::Includes;
  return Route;
}

const ::gpumem::access::KernelVerdicts &
KernelAccessCheck::globalVerdicts(const ::gpumem::model::Architecture &Arch,
                                  const ::gpumem::access::GlobalPolicy &Policy) {
  assert(Current && "globalVerdicts outside checkKernels");
  for (const SharedAnalysis::Verdicts &V : Current->Judged)
    if (V.Arch == Arch && V.Policy == Policy)
      return V.Judged;
  ::gpumem::access::KernelVerdicts All(Current->Analysed.size());
  for (std::size_t K = 0; K < Current->Analysed.size(); ++K)
    for (const ::gpumem::access::MemoryAccess &Access :
         Current->Analysed[K].Accesses)
      All[K].push_back(Access.Space == ::gpumem::lanes::MemorySpace::Global
                           ? judgeGlobalAccess(Access, Arch, Policy)
                           : ::gpumem::access::GlobalVerdict());
  Current->Judged.push_back({Arch, Policy, std::move(All)});
  return Current->Judged.back().Judged;
}

const ::gpumem::access::KernelAccesses &
KernelAccessCheck::reanalysedWith(const ::gpumem::access::KernelAccesses &Kernel,
                                  ::gpumem::cuda::BlockShape Shape) {
  assert(Current && "reanalysedWith outside checkKernels");
  auto [It, Inserted] = Current->OtherShapes.try_emplace(
      {Kernel.Kernel, Shape.X, Shape.Y, Shape.Z});
  if (Inserted) {
    ::gpumem::access::AnalysisSettings Settings = Hardware.analysisSettings();
    Settings.BlockDim = Shape;
    It->second = ::gpumem::access::collectKernelAccesses(
        Kernel.Kernel, *Context, Found->Launches, Settings, &Found->Functions);
  }
  return It->second;
}

bool KernelAccessCheck::holdsUnderOtherShapes(
    const ::gpumem::access::KernelAccesses &Kernel,
    const ::gpumem::access::MemoryAccess &Access,
    llvm::function_ref<bool(const ::gpumem::access::MemoryAccess &)>
        IsFinding) {
  if (!Access.ReadsRowIndex || Kernel.Block.fixedByCode() ||
      Kernel.Block.Source == ::gpumem::access::BlockShapeSource::Option ||
      !Found || !Context)
    return true;
  // Common 2-D tiles whose rows are narrower than a warp; for a block of
  // fewer than 32 threads (its __launch_bounds__), every 2-D split of it.
  std::vector<::gpumem::cuda::BlockShape> Others = {{16, 16, 1}, {8, 8, 1}};
  if (Kernel.Block.Source == ::gpumem::access::BlockShapeSource::LaunchBounds) {
    Others.clear();
    for (std::int64_t X = 1; X < Kernel.MaxThreads; ++X)
      if (Kernel.MaxThreads % X == 0)
        Others.push_back({X, Kernel.MaxThreads / X, 1});
  }
  for (const ::gpumem::cuda::BlockShape &Shape : Others) {
    const ::gpumem::access::KernelAccesses &Other =
        reanalysedWith(Kernel, Shape);
    const ::gpumem::access::MemoryAccess *Same = nullptr;
    for (const ::gpumem::access::MemoryAccess &A : Other.Accesses)
      if (A.Expression == Access.Expression &&
          A.CallSite == Access.CallSite && A.Kind == Access.Kind) {
        Same = &A;
        break;
      }
    if (!Same || !IsFinding(*Same))
      return false;
  }
  return true;
}

/// True when \p S reads \p P (its field \p Field, when given), directly or
/// through the initializers of the locals it reads.
static bool readsParameter(const Stmt *S, const ParmVarDecl *P,
                           const FieldDecl *Field = nullptr,
                           unsigned Depth = 0) {
  if (!S || Depth > 8)
    return false;
  // `p.Field`, where a field is asked for.
  if (const auto *Member = dyn_cast<MemberExpr>(S);
      Field && Member && Member->getMemberDecl() == Field)
    if (const auto *Ref =
            dyn_cast<DeclRefExpr>(Member->getBase()->IgnoreParenImpCasts());
        Ref && Ref->getDecl() == P)
      return true;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S)) {
    if (!Field && Ref->getDecl() == P)
      return true;
    if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
        VD && VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) && VD->getInit())
      return readsParameter(VD->getInit(), P, Field, Depth + 1);
    return false;
  }
  for (const Stmt *Child : S->children())
    if (readsParameter(Child, P, Field, Depth))
      return true;
  return false;
}

void KernelAccessCheck::noteAlike(SourceLocation Loc, unsigned Alike,
                                  const ::gpumem::access::KernelAccesses &Kernel,
                                  llvm::StringRef Parameter) {
  if (Alike == 0 || !Kernel.Kernel)
    return;
  diag(Loc,
       "%0 more %plural{1:access|:accesses}0 of '%1' %plural{1:has|:have}0 "
       "a finding under the same condition on '%2'; this warning speaks for "
       "%plural{1:it|:them}0",
       DiagnosticIDs::Note)
      << Alike << Kernel.Kernel->getName() << Parameter;
}

void KernelAccessCheck::noteConstantArguments(
    const ::gpumem::access::KernelAccesses &Kernel,
    const ::gpumem::access::MemoryAccess &Access) {
  if ((Kernel.ConstantArguments.empty() && Kernel.ConstantFields.empty() &&
       Kernel.PointerOffsets.empty()) ||
      !Found)
    return;
  const auto *Launch = Found->Launches.find(Kernel.Kernel);
  for (const auto &[Param, Value] : Kernel.ConstantArguments)
    if (readsParameter(Access.Expression, Param))
      diag(Launch ? Launch->Where : Param->getLocation(),
           "'%0' is %1 at every launch of '%2' in this file",
           DiagnosticIDs::Note)
          << Param->getName() << static_cast<long long>(Value)
          << Kernel.Kernel->getName();
  for (const auto &Known : Kernel.ConstantFields)
    if (readsParameter(Access.Expression, Known.Parameter, Known.Field))
      diag(Launch ? Launch->Where : Known.Parameter->getLocation(),
           "'%0.%1' is %2 at every launch of '%3' in this file",
           DiagnosticIDs::Note)
          << Known.Parameter->getName() << Known.Field->getName()
          << static_cast<long long>(Known.Value) << Kernel.Kernel->getName();
  for (const auto &[Param, Bytes] : Kernel.PointerOffsets)
    if (Access.Base == Param)
      diag(Launch ? Launch->Where : Param->getLocation(),
           "'%0' points %1 %plural{1:byte|:bytes}1 %select{past|before}2 the "
           "start of its buffer at every launch of '%3' in this file",
           DiagnosticIDs::Note)
          << Param->getName()
          << static_cast<unsigned long long>(Bytes < 0 ? -Bytes : Bytes)
          << (Bytes < 0) << Kernel.Kernel->getName();
}

} // namespace clang::tidy::gpumem
