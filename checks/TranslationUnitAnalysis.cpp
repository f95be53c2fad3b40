//===- TranslationUnitAnalysis.cpp - the kernels of one TU, analysed ------===//
#include "checks/TranslationUnitAnalysis.h"
#include "checks/ParseRecovery.h"
#include "checks/RepresentativeInstances.h"

#include "checks/launch/HeaderLaunches.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Path.h"

namespace clang::tidy::gpumem {

AnalysedKernels::AnalysedKernels(TranslationUnitAnalysis &Unit,
                                 ::gpumem::access::AnalysisSettings Settings)
    : Unit(Unit), Context(Unit.context()),
      Kernels(Unit.kernels().begin(), Unit.kernels().end()),
      Settings(std::move(Settings)) {
  Analysed.reserve(Kernels.size());
  for (const FunctionDecl *Kernel : Kernels)
    Analysed.push_back(::gpumem::access::collectKernelAccesses(
        Kernel, *Unit.context(), Unit.launches(), this->Settings,
        &Unit.functions()));
}

bool AnalysedKernels::isFor(
    const TranslationUnitAnalysis &Of,
    const ::gpumem::access::AnalysisSettings &With) const {
  return Context == Of.context() && llvm::ArrayRef(Kernels) == Of.kernels() &&
         Settings == With;
}

const ::gpumem::access::KernelVerdicts &
AnalysedKernels::globalVerdicts(const ::gpumem::model::Architecture &Arch,
                                const ::gpumem::access::GlobalPolicy &Policy) {
  for (const Verdicts &V : Judged)
    if (V.Arch == Arch && V.Policy == Policy)
      return V.Judged;
  ::gpumem::access::KernelVerdicts All(Analysed.size());
  for (std::size_t K = 0; K < Analysed.size(); ++K)
    for (const ::gpumem::access::MemoryAccess &Access : Analysed[K].Accesses)
      All[K].push_back(Access.Space == ::gpumem::lanes::MemorySpace::Global
                           ? judgeGlobalAccess(Access, Arch, Policy)
                           : ::gpumem::access::GlobalVerdict());
  Judged.push_back({Arch, Policy, std::move(All)});
  return Judged.back().Judged;
}

const ::gpumem::access::KernelAccesses &
AnalysedKernels::reanalysedWith(const ::gpumem::access::KernelAccesses &Kernel,
                                ::gpumem::cuda::BlockShape Shape) {
  auto [It, Inserted] =
      OtherShapes.try_emplace({Kernel.Kernel, Shape.X, Shape.Y, Shape.Z});
  if (Inserted) {
    // The checks' settings, without the dump's uniform terms.
    ::gpumem::access::AnalysisSettings Other = Settings;
    Other.KeepUniformOffsetTerms = false;
    Other.BlockDim = Shape;
    It->second = ::gpumem::access::collectKernelAccesses(
        Kernel.Kernel, *Unit.context(), Unit.launches(), Other,
        &Unit.functions());
  }
  return It->second;
}

namespace {

/// The shapes a finding that depends on an assumed block is tried with:
/// common 2-D tiles whose rows are narrower than a warp; for a block of
/// fewer than 32 threads (its __launch_bounds__), every 2-D split of it.
/// None where the block is not assumed or the access does not read the
/// row index.
std::vector<::gpumem::cuda::BlockShape>
otherShapes(const ::gpumem::access::KernelAccesses &Kernel,
            const ::gpumem::access::MemoryAccess &Access) {
  if (!Access.ReadsRowIndex || Kernel.Block.fixedByCode() ||
      Kernel.Block.Source == ::gpumem::access::BlockShapeSource::Option)
    return {};
  if (Kernel.Block.Source != ::gpumem::access::BlockShapeSource::LaunchBounds)
    return {{16, 16, 1}, {8, 8, 1}};
  std::vector<::gpumem::cuda::BlockShape> Splits;
  for (std::int64_t X = 1; X < Kernel.MaxThreads; ++X)
    if (Kernel.MaxThreads % X == 0)
      Splits.push_back({X, Kernel.MaxThreads / X, 1});
  return Splits;
}

/// \p Access as \p Other (the kernel analysed again) makes it, or null.
const ::gpumem::access::MemoryAccess *
sameAccess(const ::gpumem::access::KernelAccesses &Other,
           const ::gpumem::access::MemoryAccess &Access) {
  for (const ::gpumem::access::MemoryAccess &A : Other.Accesses)
    if (A.Expression == Access.Expression && A.CallSite == Access.CallSite &&
        A.Kind == Access.Kind)
      return &A;
  return nullptr;
}

} // namespace

llvm::SmallVector<std::pair<::gpumem::cuda::BlockShape,
                            const ::gpumem::access::MemoryAccess *>,
                  4>
AnalysedKernels::underOtherShapes(
    const ::gpumem::access::KernelAccesses &Kernel,
    const ::gpumem::access::MemoryAccess &Access) {
  llvm::SmallVector<std::pair<::gpumem::cuda::BlockShape,
                              const ::gpumem::access::MemoryAccess *>,
                    4>
      Found;
  if (!Context)
    return Found;
  for (const ::gpumem::cuda::BlockShape &Shape : otherShapes(Kernel, Access))
    Found.push_back({Shape, sameAccess(reanalysedWith(Kernel, Shape), Access)});
  return Found;
}

bool AnalysedKernels::holdsUnderOtherShapes(
    const ::gpumem::access::KernelAccesses &Kernel,
    const ::gpumem::access::MemoryAccess &Access,
    llvm::function_ref<bool(const ::gpumem::access::MemoryAccess &)>
        IsFinding) {
  if (!Context)
    return true;
  // A warning that flips under another shape is not given: the shapes
  // are tried in turn, and the first that flips it ends the trial.
  for (const ::gpumem::cuda::BlockShape &Shape : otherShapes(Kernel, Access)) {
    const ::gpumem::access::MemoryAccess *Same =
        sameAccess(reanalysedWith(Kernel, Shape), Access);
    if (!Same || !IsFinding(*Same))
      return false;
  }
  return true;
}

void TranslationUnitAnalysis::startTranslationUnit() {
  Context = nullptr;
  Kernels.clear();
  Launches.clear();
  Functions = ::gpumem::lanes::FunctionCache();
  Uninstantiated.clear();
  NoValidInstance.clear();
  Representatives.clear();
  LaunchedThroughCall.clear();
  Finished = false;
  HeaderLaunchesRead = false;
  Analyses.clear();
}

void TranslationUnitAnalysis::addKernel(const FunctionDecl *Kernel,
                                        ASTContext &Ctx) {
  Context = &Ctx;
  if (!Kernel || Kernel->isInvalidDecl())
    return;
  if (const FunctionTemplateDecl *Template =
          Kernel->getDescribedFunctionTemplate()) {
    if (Template->specializations().empty())
      Uninstantiated.insert(Kernel);
    else if (llvm::all_of(
                 Template->specializations(),
                 [](const FunctionDecl *F) { return F->isInvalidDecl(); }))
      NoValidInstance.insert({Kernel, *Template->specializations().begin()});
  }
  if (Kernel->isDependentContext())
    return;
  Kernels.insert(Kernel);
}

void TranslationUnitAnalysis::addLaunchCall(const CallExpr *Call,
                                            ASTContext &Ctx) {
  Context = &Ctx;
  if (std::optional<::gpumem::cuda::KernelLaunch> Launch =
          ::gpumem::cuda::KernelLaunch::read(Call))
    addLaunch(*Launch, Ctx);
}

void TranslationUnitAnalysis::addLaunch(
    const ::gpumem::cuda::KernelLaunch &Launch, ASTContext &Ctx) {
  Launches.add(Launch, Ctx);
  // The kernel of a launch, where the matchers do not reach its
  // definition: gpumem-clangd matches the open file's declarations only,
  // and a kernel of the project's header is in the preamble.
  const FunctionDecl *Def = nullptr;
  if (const FunctionDecl *Kernel = Launch.Kernel;
      Kernel && Kernel->hasBody(Def) && Def->hasAttr<CUDAGlobalAttr>() &&
      !Def->isInvalidDecl() && !Def->isDependentContext() &&
      !Ctx.getSourceManager().isInSystemHeader(Def->getLocation()))
    Kernels.insert(Def);
}

/// Reads the launches the main file reaches through headers' host
/// functions, once per TU: into the launches and kernels where the matchers
/// saw the open file only (gpumem-clangd), and as the calls findings go to
/// with HeaderFindingsAt call.
void TranslationUnitAnalysis::readLaunchesThroughHeaders(
    bool HeaderFindingsAtCall) {
  if (!Context || HeaderLaunchesRead)
    return;
  ASTContext &Ctx = *Context;
  const std::vector<Decl *> Scope = Ctx.getTraversalScope();
  // gpumem-clangd: the matchers saw the open file's declarations only.
  const bool OpenFileOnly =
      Scope.size() != 1 || !isa<TranslationUnitDecl>(Scope.front());
  if (!OpenFileOnly && !HeaderFindingsAtCall)
    return;
  HeaderLaunchesRead = true;
  // The headers the open file includes after its preamble are parsed with
  // it, but the matchers saw none of their kernels and launches.
  if (OpenFileOnly)
    ::gpumem::launch::forEachKernelAndLaunch(
        ::gpumem::launch::headerDeclsParsedWithMainFile(Ctx),
        [&](const FunctionDecl *Kernel) { Kernels.insert(Kernel); },
        [&](const ::gpumem::cuda::KernelLaunch &Launch) {
          addLaunch(Launch, Ctx);
        });
  ::gpumem::launch::forEachLaunchThroughHeaders(
      Ctx, [&](const ::gpumem::cuda::KernelLaunch &Launch,
               const CallExpr *MainFileCall) {
        // The command line's matchers saw this launch already.
        if (OpenFileOnly)
          addLaunch(Launch, Ctx);
        LaunchedThroughCall.try_emplace(Launch.Kernel, MainFileCall);
      });
}

void TranslationUnitAnalysis::finishCollecting(bool HeaderFindingsAtCall,
                                               Preprocessor *PP,
                                               ClangTidyContext &TidyContext) {
  if (!Finished) {
    Finished = true;
    sayWhatWasNotAnalysed(PP, TidyContext);
    // The runtime's launches (cudaLaunchKernel) are read here, not by a
    // matcher: a matcher on every call costs.
    if (Context)
      ::gpumem::cuda::forEachRuntimeLaunch(
          *Context, [&](const ::gpumem::cuda::KernelLaunch &Launch) {
            addLaunch(Launch, *Context);
          });
  }
  // A check of its own HeaderFindingsAt may still want them.
  readLaunchesThroughHeaders(HeaderFindingsAtCall);
}

AnalysedKernels *TranslationUnitAnalysis::analysed(
    const ::gpumem::access::AnalysisSettings &Settings,
    ClangTidyContext &TidyContext) {
  if (!Context || Kernels.empty())
    return nullptr;
  for (AnalysedKernels &Done : Analyses)
    if (Done.isFor(*this, Settings))
      return &Done;
  AnalysedKernels &Made = Analyses.emplace_back(*this, Settings);
  // A kernel cut short at MaxAccessesPerKernel is said once, whether or
  // not a finding of its first accesses notes it: with none, the cut
  // was silent.
  for (const ::gpumem::access::KernelAccesses &K : Made.kernels())
    if (K.AccessesCapped)
      TidyContext.diag("gpumem-diagnostic-access-limit",
                       K.Kernel->getLocation(),
                       "only the first %0 accesses of '%1' are analysed; "
                       "the others are left out (option "
                       "MaxAccessesPerKernel)")
          << static_cast<unsigned>(K.Accesses.size()) << K.Kernel->getName();
  return &Made;
}

const std::string *TranslationUnitAnalysis::representativeChoice(
    const FunctionDecl *Kernel) const {
  auto It = Representatives.find(Kernel);
  return It == Representatives.end() ? nullptr : &It->second;
}

MainFileRoute
TranslationUnitAnalysis::mainFileRoute(const FunctionDecl *Kernel,
                                       bool HeaderFindingsAtCall) const {
  MainFileRoute Route;
  if (!HeaderFindingsAtCall || !Context || !Kernel)
    return Route;
  const SourceManager &SM = Context->getSourceManager();
  if (SM.isInMainFile(SM.getExpansionLoc(Kernel->getLocation())))
    return Route;
  if (const ::gpumem::launch::LaunchSites::Entry *Launch =
          Launches.find(Kernel);
      Launch && Launch->Where.isValid() &&
      SM.isInMainFile(SM.getExpansionLoc(Launch->Where))) {
    Route.At = Launch->Where;
    return Route;
  }
  if (auto It = LaunchedThroughCall.find(Kernel->getCanonicalDecl());
      It != LaunchedThroughCall.end() &&
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

/// A header run directly that does not compile on its own (it needs what
/// its includers include first): what parses is analysed, the rest only
/// where a file includes it, which is said once.
static void sayHeaderAlone(const ASTContext *Context, bool Failed,
                           const std::string &Why,
                           ClangTidyContext &TidyContext) {
  if (Failed && Context) {
    const SourceManager &SM = Context->getSourceManager();
    const OptionalFileEntryRef Main =
        SM.getFileEntryRefForID(SM.getMainFileID());
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
static void sayNoValidInstance(
    const llvm::MapVector<const FunctionDecl *, const FunctionDecl *>
        &NoValidInstance,
    const ASTContext &Context, ClangTidyContext &TidyContext) {
  for (const auto &[Template, Instance] : NoValidInstance) {
    std::string Name;
    llvm::raw_string_ostream OS(Name);
    Instance->getNameForDiagnostic(OS, Context.getPrintingPolicy(),
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
void TranslationUnitAnalysis::sayWhatWasNotAnalysed(
    Preprocessor *PP, ClangTidyContext &TidyContext) {
  const std::vector<MissingHeader> Missing = takeMissingHeaders();
  const bool Failed = !Missing.empty() ||
                      (Context && Context->getDiagnostics().hasErrorOccurred());
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
  for (const FunctionDecl *Template : Uninstantiated)
    if (Failed || (Context && Context->getSourceManager().isInMainFile(
                                  Context->getSourceManager().getExpansionLoc(
                                      Template->getLocation()))))
      Templates.push_back(Template);
  std::vector<std::pair<const FunctionDecl *, RepresentativeInstance>> Made;
  {
    Sema *S = PP && Context ? semaWhileParsing(*PP) : nullptr;
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
        R = Budget.charge(
            *Context, [&] { return instantiateRepresentative(*S, Template); });
      else if (!Failed)
        continue; // the editor, as the user types a kernel not launched yet
      else
        R.WhyNot = "no instantiation can be made after the parse";
      if (R.Instance) {
        Kernels.insert(R.Instance);
        Representatives[R.Instance] = R.Chosen;
      }
      Made.emplace_back(Template, std::move(R));
    }
  }
  // Under names of their own, not a check's: they are not findings, and
  // tools that count findings leave them out (gpumem_findings.py).
  const unsigned Analysed = Kernels.size();
  for (const MissingHeader &Header : Missing)
    TidyContext.diag("gpumem-diagnostic-missing-header", Header.At,
                     "header '%0' not found; the file is analysed without "
                     "it (%1 %plural{1:kernel|:kernels}1 analysed)")
        << Header.Name << Analysed;
  sayHeaderAlone(Context, Failed, Why, TidyContext);
  if (Context)
    sayNoValidInstance(NoValidInstance, *Context, TidyContext);
  for (const auto &[Template, R] : Made) {
    if (R.Instance) {
      std::string Name;
      llvm::raw_string_ostream OS(Name);
      R.Instance->getNameForDiagnostic(OS, Context->getPrintingPolicy(),
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

} // namespace clang::tidy::gpumem
