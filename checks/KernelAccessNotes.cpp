//===- KernelAccessNotes.cpp - the notes of the kernel-access checks ------===//
//
// The notes every check derived from KernelAccessCheck attaches to a
// finding, in causal order (docs/HOWTO-new-check.md, "Messages"): what the
// analysis left out, where blockDim comes from, where the index is
// defined, the call into a device function, the instantiation; and the
// helpers that spell an access, its kind and a percentage.
//
//===----------------------------------------------------------------------===//
#include "checks/KernelAccessCheck.h"
#include "checks/LibraryCalls.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/GlobPattern.h"
#include "llvm/Support/Regex.h"

namespace clang::tidy::gpumem {

namespace {

/// The source of \p R as written, on one line, at most 80 characters.
std::string spellingOf(SourceRange R, const ASTContext &Context) {
  const SourceManager &SM = Context.getSourceManager();
  CharSourceRange Range = CharSourceRange::getTokenRange(R);
  Range = SM.getExpansionRange(Range);
  StringRef Text = Lexer::getSourceText(Range, SM, Context.getLangOpts());
  std::string Out;
  // Collapse whitespace so a multi-line expression reads on one line.
  bool Space = false;
  for (char C : Text) {
    if (C == '\n' || C == '\t' || C == ' ' || C == '\r') {
      Space = !Out.empty();
      continue;
    }
    if (Space)
      Out += ' ';
    Space = false;
    Out += C;
  }
  if (Out.size() > 80)
    Out = Out.substr(0, 77) + "...";
  return Out;
}

/// Notes what the analysis of \p Kernel left out: accesses past
/// MaxAccessesPerKernel, a launch CUDA would not run.
void noteAnalysisLimits(ClangTidyCheck &Check,
                        const ::gpumem::access::KernelAccesses &Kernel) {
  if (Kernel.AccessesCapped)
    Check.diag(
        Kernel.Kernel->getLocation(),
        "only the first %0 accesses of '%1' are analysed; the others are "
        "left out (option MaxAccessesPerKernel)",
        DiagnosticIDs::Note)
        << static_cast<unsigned>(Kernel.Accesses.size())
        << Kernel.Kernel->getName();
  if (Kernel.InvalidLaunch.isValid())
    Check.diag(
        Kernel.InvalidLaunch,
        "this launch's block is not one CUDA runs (every extent at least 1, "
        "x and y at most 1024, z at most 64, at most 1024 threads): it "
        "fixes no blockDim",
        DiagnosticIDs::Note);
}

void noteLaunchShape(ClangTidyCheck &Check,
                     const ::gpumem::access::KernelAccesses &Kernel) {
  const ::gpumem::access::BlockShapeOrigin &Block = Kernel.Block;
  const auto &S = *Block.Shape;
  std::string Open;
  for (auto [Extent, Axis] : {std::pair{S.Y, "y"}, std::pair{S.Z, "z"}})
    if (Extent <= 0)
      Open += std::string(Open.empty() ? "" : " or ") + "blockDim." + Axis;
  Check.diag(Block.Where, "at this launch, blockDim is (%0)%1%2",
             DiagnosticIDs::Note)
      << S.text(", ", "not a constant")
      << (Kernel.FirstWarpOnly ? "; warps straddle rows, the first warp is "
                                 "shown"
          : Kernel.WarpsWalked
              ? "; warps straddle rows, each of its " +
                    std::to_string(Kernel.WarpsWalked) + " warps is priced"
              : "")
      << (S.assumesWholeRows()
              ? "; assuming blockDim.y is a multiple of " +
                    std::to_string(32 / S.X) + ", so that each warp is " +
                    std::to_string(32 / S.X) + " whole rows"
          : Open.empty()
              ? std::string()
              : "; which thread each lane is does not depend on " + Open);
}

/// Notes where \p Kernel's block shape comes from (or that it is assumed).
void noteBlockOrigin(ClangTidyCheck &Check, const ASTContext &Context,
                     const ::gpumem::access::KernelAccesses &Kernel,
                     llvm::StringRef Assumed) {
  const ::gpumem::access::BlockShapeOrigin &Block = Kernel.Block;
  switch (Block.Source) {
  case ::gpumem::access::BlockShapeSource::Launch:
    return noteLaunchShape(Check, Kernel);
  case ::gpumem::access::BlockShapeSource::Stated: {
    const auto &S = *Block.Shape;
    Check.diag(Block.Where,
               "as the kernel states here, blockDim is (%0, %1, %2)",
               DiagnosticIDs::Note)
        << static_cast<long long>(S.X) << static_cast<long long>(S.Y)
        << static_cast<long long>(S.Z);
    return;
  }
  case ::gpumem::access::BlockShapeSource::LaunchBounds:
    Check.diag(
        Block.Where,
        "a block of at most %0 threads by this __launch_bounds__: judged "
        "as (%0, 1, 1)%1",
        DiagnosticIDs::Note)
        << static_cast<long long>(Kernel.MaxThreads) << Assumed;
    return;
  case ::gpumem::access::BlockShapeSource::Option: {
    const auto &S = *Block.Shape;
    Check.diag(Kernel.Kernel->getLocation(),
               "from option 'BlockDim', blockDim is (%0, %1, %2)",
               DiagnosticIDs::Note)
        << static_cast<long long>(S.X) << static_cast<long long>(S.Y)
        << static_cast<long long>(S.Z);
    return;
  }
  case ::gpumem::access::BlockShapeSource::Assumed:
    break;
  }
  if (Kernel.RuntimeBlock && !Kernel.LaunchesDisagree) {
    // The launch names the shape, a value of the run: blockDim is not a
    // number here, the findings hold for the shapes tried.
    const Expr *Block = Kernel.RuntimeBlock->IgnoreImplicit();
    if (const auto *Copy = dyn_cast<CXXConstructExpr>(Block);
        Copy && Copy->getNumArgs() == 1)
      Block = Copy->getArg(0)->IgnoreImplicit();
    Check.diag(
        Kernel.RuntimeBlock->getBeginLoc(),
        "the block of '%0' is a value of the run at this launch ('%1'): "
        "assuming blockDim.x is a multiple of 32; set option 'BlockDim' to "
        "fix it%2",
        DiagnosticIDs::Note)
        << Kernel.Kernel->getName()
        << spellingOf(Block->getSourceRange(), Context) << Assumed;
    return;
  }
  Check.diag(
      Kernel.Kernel->getLocation(),
      "assuming blockDim.x is a multiple of 32 (no constant launch of '%0' "
      "in this file%1; set option 'BlockDim' to fix it)%2%3",
      DiagnosticIDs::Note)
      << Kernel.Kernel->getName()
      << (Kernel.LaunchesDisagree          ? ", its launches disagree"
          : Kernel.InvalidLaunch.isValid() ? " that CUDA would run"
                                           : "")
      << (Kernel.MaxThreads > 0 ? "; its __launch_bounds__ allows at most " +
                                      std::to_string(Kernel.MaxThreads) +
                                      " threads per block but fixes no shape"
                                : std::string())
      << Assumed;
}

/// The first local variable with an initializer that \p E reads.
static const VarDecl *firstIndexVariable(const Stmt *E, unsigned Depth = 0) {
  if (!E || Depth > 16)
    return nullptr;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl()))
      if (VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) && VD->getInit() &&
          VD->getType()->isIntegralOrEnumerationType())
        return VD;
  for (const Stmt *Child : E->children())
    if (const VarDecl *VD = firstIndexVariable(Child, Depth + 1))
      return VD;
  return nullptr;
}

} // namespace

void KernelAccessCheck::noteBlockDim(
    const ::gpumem::access::KernelAccesses &Kernel, llvm::StringRef Assumed) {
  noteAnalysisLimits(*this, Kernel);
  noteBlockOrigin(*this, *Context, Kernel, Assumed);
}

void noteWorstWarp(ClangTidyCheck &Check, SourceLocation Loc,
                   const ::gpumem::access::KernelAccesses &Kernel,
                   const ::gpumem::access::WorstWarp &Worst,
                   llvm::StringRef Unit, bool AtWorstStart) {
  std::string Mean;
  llvm::raw_string_ostream(Mean) << llvm::format("%.2f", Worst.Mean);
  Check.diag(Loc,
             "blockDim.x = %0 starts rows inside the block's warps, so each "
             "warp has other lanes and each is priced: the numbers above are "
             "warp %1's (threads %2 to %3), which %4 of the %5 warps that run "
             "the access pay%8; over the block's warps, a mean of %6 %7",
             DiagnosticIDs::Note)
      << static_cast<long long>(Kernel.Block.Shape->X)
      << static_cast<long long>(Worst.Warp)
      << static_cast<long long>(Worst.FirstThread)
      << static_cast<long long>(Worst.LastThread) << Worst.Paying
      << Worst.Running << Mean << Unit
      << (AtWorstStart ? " in a block at the worst start" : "");
}

void noteShownWarp(ClangTidyCheck &Check, SourceLocation Loc,
                   const ::gpumem::access::MemoryAccess &A) {
  if (A.ShownWarpThread < 0)
    return;
  const long long First = A.ShownWarpThread;
  Check.diag(Loc,
             "no lane of the block's first warp makes this access: the numbers "
             "are those of the first warp whose lanes do (threads %0 to %1)",
             DiagnosticIDs::Note)
      << First << First + ::gpumem::lanes::WarpLanes - 1;
}

void noteNoWrap(ClangTidyCheck &Check, SourceLocation Loc,
                const ::gpumem::access::MemoryAccess &A) {
  for (const std::string &Divisor : A.NoWrapDivisors)
    Check.diag(
        Loc,
        "assuming no warp's lanes wrap around '%0' in a '/' or '%%' (it is "
        "larger than the span of a warp's indices, as a bounds check is "
        "taken as not reached); where one does, its lanes split in two",
        DiagnosticIDs::Note)
        << Divisor;
  for (const std::string &Divisor : A.UniformMultipleDivisors)
    Check.diag(
        Loc,
        "assuming the part of the index the warp's lanes share is a multiple "
        "of '%0' where it is divided by it (the lanes then fall in groups of "
        "'%0' from the first); where it is not, the groups shift and a warp "
        "may touch one element more",
        DiagnosticIDs::Note)
        << Divisor;
}

void noteIndexDefinition(ClangTidyCheck &Check, const Expr *Access) {
  // g[tid][0], s[i].v[2]: the variable may sit in any subscript of the
  // chain of subscripts and fields.
  const Expr *E = Access->IgnoreParenImpCasts();
  while (E) {
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      E = ME->getBase()->IgnoreParenImpCasts();
      continue;
    }
    const auto *AS = dyn_cast<ArraySubscriptExpr>(E);
    if (!AS)
      return;
    if (const VarDecl *VD = firstIndexVariable(AS->getIdx())) {
      Check.diag(VD->getLocation(), "index '%0' is defined here",
                 DiagnosticIDs::Note)
          << VD->getName();
      return;
    }
    E = AS->getBase()->IgnoreParenImpCasts();
  }
}

/// True when a finding on \p Access goes to the kernel's call: from a
/// system header always, from another header when \p HeaderFindingsAtCall.
static bool movedToCall(const ::gpumem::access::MemoryAccess &Access,
                        const SourceManager &SM, bool HeaderFindingsAtCall) {
  if (!Access.CallSite)
    return false;
  SourceLocation At = SM.getExpansionLoc(Access.Expression->getExprLoc());
  SourceLocation Call = SM.getExpansionLoc(Access.CallSite->getBeginLoc());
  if (SM.isInSystemHeader(At))
    return !SM.isInSystemHeader(Call);
  return HeaderFindingsAtCall && !SM.isInMainFile(At) &&
         SM.isInMainFile(Call);
}

/// True when \p Directive (the text after NOLINT or NOLINTNEXTLINE) names
/// \p Check: no list, or a list with it or a glob matching it.
static bool namesCheck(llvm::StringRef Directive, llvm::StringRef Check) {
  if (!Directive.consume_front("("))
    return true;
  llvm::StringRef List = Directive.take_until([](char C) { return C == ')'; });
  llvm::SmallVector<llvm::StringRef, 4> Names;
  List.split(Names, ',');
  for (llvm::StringRef Name : Names) {
    Name = Name.trim();
    llvm::Expected<llvm::GlobPattern> Glob = llvm::GlobPattern::create(Name);
    if (!Glob) {
      llvm::consumeError(Glob.takeError());
      continue;
    }
    if (Glob->match(Check))
      return true;
  }
  return false;
}

/// True when the kernel's call that leads to \p Access (in a helper)
/// carries a NOLINT or the line before it a NOLINTNEXTLINE naming
/// \p CheckName: the finding is then made at the call, where clang-tidy's
/// NOLINT handling silences it on every path, as in the editor.
static bool silencedAtCall(const ::gpumem::access::MemoryAccess &Access,
                           const SourceManager &SM, llvm::StringRef CheckName) {
  if (!Access.CallSite)
    return false;
  SourceLocation Call = SM.getExpansionLoc(Access.CallSite->getBeginLoc());
  std::pair<FileID, unsigned> At = SM.getDecomposedLoc(Call);
  bool Invalid = false;
  llvm::StringRef Buffer = SM.getBufferData(At.first, &Invalid);
  if (Invalid || At.second > Buffer.size())
    return false;
  std::size_t Start = Buffer.rfind('\n', At.second ? At.second - 1 : 0);
  Start = Start == llvm::StringRef::npos ? 0 : Start + 1;
  std::size_t End = Buffer.find('\n', At.second);
  llvm::StringRef Line = Buffer.slice(Start, End);
  // NOLINT on the call's line (not NOLINTNEXTLINE, BEGIN or END there).
  for (std::size_t Pos = Line.find("NOLINT"); Pos != llvm::StringRef::npos;
       Pos = Line.find("NOLINT", Pos + 6)) {
    llvm::StringRef After = Line.drop_front(Pos + 6);
    if (After.starts_with("NEXTLINE") || After.starts_with("BEGIN") ||
        After.starts_with("END"))
      continue;
    if (namesCheck(After, CheckName))
      return true;
  }
  if (Start == 0)
    return false;
  std::size_t PrevStart = Buffer.rfind('\n', Start - 1 ? Start - 2 : 0);
  PrevStart = PrevStart == llvm::StringRef::npos ? 0 : PrevStart + 1;
  llvm::StringRef Prev = Buffer.slice(PrevStart, Start - 1);
  std::size_t Pos = Prev.find("NOLINTNEXTLINE");
  return Pos != llvm::StringRef::npos &&
         namesCheck(Prev.drop_front(Pos + 14), CheckName);
}

bool KernelAccessCheck::hidden(const ::gpumem::access::MemoryAccess &Access) {
  if (!Context || !TidyContext)
    return false;
  const ClangTidyOptions &Opts = TidyContext->getOptions();
  if (ownedByLibrary(Access, Context->getSourceManager(),
                     Opts.SystemHeaders && *Opts.SystemHeaders))
    return true;
  if (!Opts.HeaderFilterRegex && !Opts.ExcludeHeaderFilterRegex)
    return false;
  const SourceManager &SM = Context->getSourceManager();
  SourceLocation Loc = SM.getExpansionLoc(findingLocation(Access));
  if (Loc.isInvalid() || SM.isInMainFile(Loc))
    return false;
  llvm::StringRef File = SM.getFilename(Loc);
  if (Opts.HeaderFilterRegex && !llvm::Regex(*Opts.HeaderFilterRegex).match(File))
    return true;
  return Opts.ExcludeHeaderFilterRegex &&
         !Opts.ExcludeHeaderFilterRegex->empty() &&
         llvm::Regex(*Opts.ExcludeHeaderFilterRegex).match(File);
}

/// The route in the main file a finding on \p Access in a header kernel
/// goes to (TranslationUnitAnalysis::mainFileRoute), or none where it
/// stays.
static MainFileRoute launchRoute(const ::gpumem::access::MemoryAccess &Access,
                                 const TranslationUnitAnalysis &Unit,
                                 bool HeaderFindingsAtCall) {
  if (!Unit.context() || !HeaderFindingsAtCall)
    return {};
  const SourceManager &SM = Unit.context()->getSourceManager();
  if (SM.isInMainFile(SM.getExpansionLoc(Access.Expression->getExprLoc())) ||
      (Access.CallSite &&
       SM.isInMainFile(SM.getExpansionLoc(Access.CallSite->getBeginLoc()))))
    return {};
  return Unit.mainFileRoute(Access.Kernel, HeaderFindingsAtCall);
}

void noteRoute(ClangTidyCheck &Check, SourceLocation Loc,
               const std::string &What, const MainFileRoute &Route) {
  Check.diag(Loc,
             "%0, %select{which this file launches|launched through '%2', "
             "which this file calls|which this file includes after its own "
             "code}1",
             DiagnosticIDs::Note)
      << What << static_cast<unsigned>(Route.How)
      << (Route.Launcher ? Route.Launcher->getNameAsString() : std::string());
}

/// True when a finding on \p Access goes to the call of the helper that
/// holds it (a header helper with HeaderFindingsAt call, a system header,
/// a NOLINT at the call).
static bool findingAtCall(const ::gpumem::access::MemoryAccess &Access,
                          const ASTContext *Context, bool HeaderFindingsAtCall,
                          llvm::StringRef CheckName) {
  return Context &&
         (movedToCall(Access, Context->getSourceManager(),
                      HeaderFindingsAtCall) ||
          silencedAtCall(Access, Context->getSourceManager(), CheckName));
}

SourceLocation
KernelAccessCheck::findingLocation(const ::gpumem::access::MemoryAccess &Access) {
  if (findingAtCall(Access, Context, Hardware.HeaderFindingsAtCall, getID()))
    return Access.CallSite->getBeginLoc();
  if (MainFileRoute Route =
          launchRoute(Access, analysis().unit(), Hardware.HeaderFindingsAtCall);
      Route.At.isValid())
    return Route.At;
  return Access.Expression->getExprLoc();
}

void KernelAccessCheck::noteCallSite(
    const ::gpumem::access::MemoryAccess &Access,
    const ::gpumem::access::KernelAccesses &Kernel) {
  if (MainFileRoute Route =
          launchRoute(Access, analysis().unit(), Hardware.HeaderFindingsAtCall);
      Route.At.isValid())
    noteRoute(*this, Access.Expression->getExprLoc(),
              "the access '" + spelling(Access) + "' is here, in kernel '" +
                  Kernel.Kernel->getNameAsString() + "' of a header",
              Route);
  if (!Access.CallSite)
    return;
  const FunctionDecl *Callee = Access.CallSite->getDirectCallee();
  std::string CalleeName =
      Callee ? Callee->getNameAsString() : std::string("?");
  if (findingAtCall(Access, Context, Hardware.HeaderFindingsAtCall, getID())) {
    diag(Access.Expression->getExprLoc(),
         "the access '%0' is here, in '%1', analysed with the arguments of "
         "the call in kernel '%2'",
         DiagnosticIDs::Note)
        << spelling(Access) << CalleeName
        << Kernel.Kernel->getName();
    return;
  }
  diag(Access.CallSite->getBeginLoc(),
       "with the arguments of this call to '%0' in kernel '%1'",
       DiagnosticIDs::Note)
      << CalleeName << Kernel.Kernel->getName();
}

bool KernelAccessCheck::firstReport(SourceLocation Loc) {
  return Reported.insert(Loc.getRawEncoding()).second;
}

std::string
KernelAccessCheck::spelling(const ::gpumem::access::MemoryAccess &A) const {
  if (A.Instruction.empty())
    return spelling(A.Expression);
  const SourceManager &SM = Context->getSourceManager();
  SourceRange R = A.Expression->getSourceRange();
  if (SM.isMacroArgExpansion(R.getBegin()) &&
      SM.isMacroArgExpansion(R.getEnd()))
    R = SourceRange(SM.getSpellingLoc(R.getBegin()),
                    SM.getSpellingLoc(R.getEnd()));
  return A.Instruction + " [" + spellingOf(R, *Context) + "]";
}

std::string KernelAccessCheck::spelling(const Expr *E) const {
  return spellingOf(E->getSourceRange(), *Context);
}

const char *kindName(::gpumem::access::AccessKind Kind) {
  switch (Kind) {
  case ::gpumem::access::AccessKind::Load:
    return "load";
  case ::gpumem::access::AccessKind::Store:
    return "store";
  case ::gpumem::access::AccessKind::ReadModifyWrite:
    return "read-modify-write";
  }
  return "access";
}

std::string percent(double Fraction) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << llvm::format("%.1f", Fraction * 100.0);
  return S;
}

void KernelAccessCheck::noteInstantiation(
    const ::gpumem::access::KernelAccesses &Kernel, SourceLocation Loc) {
  if (!Kernel.Kernel->isTemplateInstantiation())
    return;
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  Kernel.Kernel->getNameForDiagnostic(
      OS, Context->getPrintingPolicy(), /*Qualified=*/false);
  if (const std::string *Chosen =
          analysis().unit().representativeChoice(Kernel.Kernel)) {
    diag(Loc,
         "in instantiation '%0', the analysis's own (%1): nothing that "
         "compiled instantiates the kernel",
         DiagnosticIDs::Note)
        << Name << *Chosen;
    return;
  }
  diag(Loc, "in instantiation '%0'", DiagnosticIDs::Note) << Name;
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

void noteAlike(
    ClangTidyCheck &Check, SourceLocation Loc,
    llvm::ArrayRef<const ::gpumem::access::MemoryAccess *> Alike,
    const ::gpumem::access::KernelAccesses &Kernel, llvm::StringRef Parameter,
    llvm::function_ref<SourceLocation(const ::gpumem::access::MemoryAccess &)>
        Where) {
  if (Alike.empty() || !Kernel.Kernel)
    return;
  Check.diag(
      Loc,
      "%0 more %plural{1:access|:accesses}0 of '%1' %plural{1:has|:have}0 "
      "a finding under the same condition on '%2'; this warning speaks for "
      "%plural{1:it|:them}0",
      DiagnosticIDs::Note)
      << static_cast<unsigned>(Alike.size()) << Kernel.Kernel->getName()
      << Parameter;
  // Each place once, in source order (the analyses may meet one twice).
  std::vector<SourceLocation> Places;
  for (const ::gpumem::access::MemoryAccess *A : Alike)
    if (SourceLocation At = Where(*A);
        At.isValid() && At != Loc && !llvm::is_contained(Places, At))
      Places.push_back(At);
  const SourceManager &SM = Kernel.Kernel->getASTContext().getSourceManager();
  llvm::sort(Places, [&](SourceLocation A, SourceLocation B) {
    return SM.isBeforeInTranslationUnit(A, B);
  });
  for (SourceLocation At : Places)
    Check.diag(At,
               "this access has the same finding under the condition on "
               "'%0', said once at the warning",
               DiagnosticIDs::Note)
        << Parameter;
}

void noteConstantArguments(ClangTidyCheck &Check,
                           const ::gpumem::launch::LaunchSites &Launches,
                           const ::gpumem::access::KernelAccesses &Kernel,
                           const ::gpumem::access::MemoryAccess &Access) {
  if (Kernel.ConstantArguments.empty() && Kernel.ConstantFields.empty() &&
      Kernel.PointerOffsets.empty())
    return;
  const auto *Launch = Launches.find(Kernel.Kernel);
  for (const auto &[Param, Value] : Kernel.ConstantArguments)
    if (readsParameter(Access.Expression, Param))
      Check.diag(Launch ? Launch->Where : Param->getLocation(),
                 "'%0' is %1 at every launch of '%2' in this file",
                 DiagnosticIDs::Note)
          << Param->getName() << static_cast<long long>(Value)
          << Kernel.Kernel->getName();
  for (const auto &Known : Kernel.ConstantFields)
    if (readsParameter(Access.Expression, Known.Parameter, Known.Field))
      Check.diag(Launch ? Launch->Where : Known.Parameter->getLocation(),
                 "'%0.%1' is %2 at every launch of '%3' in this file",
                 DiagnosticIDs::Note)
          << Known.Parameter->getName() << Known.Field->getName()
          << static_cast<long long>(Known.Value) << Kernel.Kernel->getName();
  for (const auto &[Param, Bytes] : Kernel.PointerOffsets)
    if (Access.Base == Param)
      Check.diag(
          Launch ? Launch->Where : Param->getLocation(),
          "'%0' points %1 %plural{1:byte|:bytes}1 %select{past|before}2 the "
          "start of its buffer at every launch of '%3' in this file",
          DiagnosticIDs::Note)
          << Param->getName()
          << static_cast<unsigned long long>(Bytes < 0 ? -Bytes : Bytes)
          << (Bytes < 0) << Kernel.Kernel->getName();
}

} // namespace clang::tidy::gpumem
