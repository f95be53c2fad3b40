//===- HostCallers.cpp ----------------------------------------------------===//
#include "checks/launch/HostCallers.h"

#include "checks/cuda/ConstantInt.h"
#include "checks/cuda/CudaBuiltins.h"
#include "checks/cuda/FunctionFacts.h"
#include "checks/cuda/ReachingWrites.h"
#include "checks/launch/BranchFacts.h"
#include "checks/launch/FoldInt.h"
#include "checks/launch/HostTensors.h"
#include "checks/launch/LaunchReader.h"

#include "clang/AST/ASTLambda.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"

namespace gpumem::launch {

using namespace gpumem::cuda;

using namespace clang;

namespace {

/// Helpers followed up from the launch, at most.
constexpr unsigned MaxDepth = 4;

class CallFinder : public RecursiveASTVisitor<CallFinder> {
public:
  CallFinder(llvm::DenseMap<const FunctionDecl *,
                            llvm::SmallVector<const CallExpr *, 2>> &Calls,
             llvm::DenseMap<const CXXRecordDecl *, NameUses> &Closures,
             llvm::DenseMap<const FunctionDecl *, NameUses> &Functions,
             llvm::DenseMap<const VarDecl *, const CXXForRangeStmt *> &Ranges)
      : Calls(Calls), Closures(Closures), Functions(Functions), Ranges(Ranges) {
  }
  bool VisitCXXForRangeStmt(CXXForRangeStmt *Range) {
    if (const VarDecl *Var = Range->getLoopVariable())
      Ranges[Var] = Range;
    return true;
  }
  bool shouldVisitTemplateInstantiations() const { return true; }
  // Calls are all it looks for: not in the types the code spells, and not
  // in device code (a kernel or a __device__ function calls no host
  // helper), which is most of a file of kernels.
  bool shouldWalkTypesOfTypeLocs() const { return false; }
  bool TraverseDecl(Decl *D) {
    if (isDeviceOnly(dyn_cast_or_null<FunctionDecl>(D)))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool VisitCallExpr(CallExpr *Call) {
    if (const FunctionDecl *Callee = Call->getDirectCallee())
      Calls[Callee->getCanonicalDecl()].push_back(Call);
    if (const auto *Named = dyn_cast_or_null<DeclRefExpr>(
            Call->getCallee() ? Call->getCallee()->IgnoreParenImpCasts()
                              : nullptr))
      if (const auto *Callee = dyn_cast<FunctionDecl>(Named->getDecl()))
        ++Functions[Callee->getCanonicalDecl()].Calls;
    // `launch(1)` of a lambda held in a local: a call of its closure.
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Call);
        Op && Op->getOperator() == OO_Call && Op->getNumArgs() > 0)
      if (const CXXRecordDecl *Closure = closureOf(Op->getArg(0)))
        ++Closures[Closure].Calls;
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (const auto *Function = dyn_cast<FunctionDecl>(Ref->getDecl()))
      ++Functions[Function->getCanonicalDecl()].Reads;
    else if (const CXXRecordDecl *Closure = closureOf(Ref))
      ++Closures[Closure].Reads;
    return true;
  }
  bool VisitVarDecl(VarDecl *VD) {
    const Expr *Init =
        VD->getInit() ? VD->getInit()->IgnoreImplicit() : nullptr;
    if (const auto *Copy = dyn_cast_or_null<CXXConstructExpr>(Init);
        Copy && Copy->getNumArgs() == 1)
      Init = Copy->getArg(0)->IgnoreImplicit();
    if (const auto *Lambda = dyn_cast_or_null<LambdaExpr>(Init))
      ++Closures[Lambda->getLambdaClass()].Held;
    return true;
  }

private:
  llvm::DenseMap<const FunctionDecl *, llvm::SmallVector<const CallExpr *, 2>>
      &Calls;
  llvm::DenseMap<const CXXRecordDecl *, NameUses> &Closures;
  llvm::DenseMap<const FunctionDecl *, NameUses> &Functions;
  llvm::DenseMap<const VarDecl *, const CXXForRangeStmt *> &Ranges;

  /// The lambda's closure type \p E reads a local of (`launch`).
  static const CXXRecordDecl *closureOf(const Expr *E) {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    const CXXRecordDecl *Record =
        VD ? VD->getType().getNonReferenceType()->getAsCXXRecordDecl()
           : nullptr;
    return Record && Record->isLambda() ? Record : nullptr;
  }
};

/// True when no other file can call \p FD: an instantiation of a template
/// the main file defines, or internal linkage.
bool ownedByFile(const FunctionDecl *FD, const SourceManager &SM) {
  if (!FD->isExternallyVisible())
    return true;
  const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern();
  if (!Pattern ||
      FD->getTemplateSpecializationKind() != TSK_ImplicitInstantiation)
    return false;
  for (const FunctionDecl *Redecl : Pattern->redecls())
    if (!SM.isInMainFile(SM.getExpansionLoc(Redecl->getLocation())))
      return false;
  return true;
}

} // namespace

bool HostCallers::ownedLambda(const FunctionDecl *FD) const {
  const auto *Method = dyn_cast<CXXMethodDecl>(FD);
  if (!Method || !isLambdaCallOperator(Method))
    return false;
  auto It = Closures.find(Method->getParent());
  return It != Closures.end() && It->second.Held == 1 && It->second.Calls > 0 &&
         It->second.Reads == It->second.Calls;
}

bool HostCallers::handedOn(const FunctionDecl *FD) const {
  auto It = Functions.find(FD->getCanonicalDecl());
  return It != Functions.end() && It->second.Reads != It->second.Calls;
}

void HostCallers::build(ASTContext &Ctx) {
  Built = true;
  const SourceManager &SM = Ctx.getSourceManager();
  CallFinder Finder(Calls, Closures, Functions, RangeLoops);
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (SM.isInMainFile(SM.getExpansionLoc(D->getLocation())))
      Finder.TraverseDecl(D);
}

std::optional<std::vector<std::int64_t>>
HostCallers::valuesOf(const ParmVarDecl *P, ASTContext &Ctx, std::size_t Most,
                      unsigned Depth) {
  // Asked once per launch and argument: the launch's own answer is kept.
  if (Depth == 0) {
    auto [It, New] = Known.try_emplace(P);
    if (New)
      It->second = valuesOf(P, Ctx, Most, 1);
    return It->second;
  }
  const auto *FD = dyn_cast_or_null<FunctionDecl>(P->getDeclContext());
  if (!FD || Depth > MaxDepth)
    return std::nullopt;
  const unsigned Index = P->getFunctionScopeIndex();
  // A launch in the template itself (its arguments not dependent) speaks
  // for every instantiation: the values of all of theirs.
  if (const FunctionTemplateDecl *Template =
          FD->getDescribedFunctionTemplate()) {
    std::vector<std::int64_t> Values;
    for (const FunctionDecl *Instance : Template->specializations()) {
      if (Index >= Instance->getNumParams())
        return std::nullopt;
      auto Of = valuesOf(Instance->getParamDecl(Index), Ctx, Most, Depth);
      if (!Of)
        return std::nullopt;
      for (std::int64_t V : *Of)
        if (!llvm::is_contained(Values, V))
          Values.push_back(V);
    }
    if (Values.empty() || Values.size() > Most)
      return std::nullopt;
    return Values;
  }
  std::optional<llvm::SmallVector<Passing, 2>> Passed = passing(P, Ctx);
  if (!Passed)
    return std::nullopt;
  std::vector<std::int64_t> Values;
  for (const Passing &At : *Passed) {
    std::optional<std::vector<std::int64_t>> Of =
        valuesAt(At.Argument, Ctx, Most, Depth);
    // What the call's own function says there: the branch around the call
    // (`case 256:`), the writes that reach it.
    if (!Of && !At.Argument->isValueDependent())
      Of = LaunchReader(At.Call, Ctx, Facts, this)
               .valuesAtLaunch(At.Argument->IgnoreParenImpCasts());
    if (!Of)
      return std::nullopt;
    for (std::int64_t V : *Of)
      if (!llvm::is_contained(Values, V))
        Values.push_back(V);
    if (Values.size() > Most)
      return std::nullopt;
  }
  return Values;
}

std::optional<llvm::SmallVector<HostCallers::Passing, 2>>
HostCallers::passing(const ParmVarDecl *P, ASTContext &Ctx) {
  const auto *FD = dyn_cast_or_null<FunctionDecl>(P->getDeclContext());
  if (!FD)
    return std::nullopt;
  // A lambda has no linkage, yet may be called wherever it is handed: it
  // is the file's own only when it is only ever called. A function other
  // files may call is refused first, before the file's calls are walked
  // (most launches sit in such functions).
  const auto *Method = dyn_cast<CXXMethodDecl>(FD);
  const bool Lambda = Method && isLambdaCallOperator(Method);
  if (!FD->hasBody() || P->getType().isVolatileQualified() ||
      (!Lambda && !ownedByFile(FD, Ctx.getSourceManager())) ||
      !factsIn(Facts, FD).writesOf(P).empty())
    return std::nullopt;
  if (!Built)
    build(Ctx);
  if (Lambda ? !ownedLambda(FD) : handedOn(FD))
    return std::nullopt;
  auto It = Calls.find(FD->getCanonicalDecl());
  if (It == Calls.end() || It->second.empty())
    return std::nullopt;
  llvm::SmallVector<Passing, 2> Out;
  for (const CallExpr *Call : It->second) {
    // A member called through an operator (`launch(1)`) takes its object
    // as the call's first argument.
    const unsigned At =
        P->getFunctionScopeIndex() +
        (isa<CXXOperatorCallExpr>(Call) && Method && !Method->isStatic() ? 1
                                                                         : 0);
    if (At >= Call->getNumArgs() || Call->getDirectCallee() != FD)
      return std::nullopt;
    Out.push_back({Call, Call->getArg(At)});
  }
  return Out;
}

std::optional<std::int64_t>
HostCallers::boundOf(const ParmVarDecl *P, ASTContext &Ctx, unsigned Depth) {
  const auto *FD = dyn_cast_or_null<FunctionDecl>(P->getDeclContext());
  if (!FD || Depth > MaxDepth)
    return std::nullopt;
  const unsigned Index = P->getFunctionScopeIndex();
  std::optional<std::int64_t> Most;
  auto Join = [&](std::optional<std::int64_t> B) {
    if (B)
      Most = Most ? std::max(*Most, *B) : *B;
    return B.has_value();
  };
  // A launch in the template itself: the bound of every instantiation's.
  if (const FunctionTemplateDecl *Template =
          FD->getDescribedFunctionTemplate()) {
    for (const FunctionDecl *Instance : Template->specializations())
      if (Index >= Instance->getNumParams() ||
          !Join(boundOf(Instance->getParamDecl(Index), Ctx, Depth)))
        return std::nullopt;
    return Most;
  }
  std::optional<llvm::SmallVector<Passing, 2>> Passed = passing(P, Ctx);
  if (!Passed)
    return std::nullopt;
  for (const Passing &At : *Passed) {
    // What the call's own function says of the argument there (a branch
    // around the call, an earlier check); else, for the caller's own
    // parameter, what its callers pass, a helper up.
    std::optional<std::int64_t> B =
        At.Argument->isValueDependent()
            ? std::nullopt
            : LaunchReader(At.Call, Ctx, Facts, this)
                  .boundAtLaunch(At.Argument->IgnoreParenImpCasts());
    const auto *Ref = dyn_cast<DeclRefExpr>(At.Argument->IgnoreParenImpCasts());
    if (const auto *Up = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
        !B && Up)
      B = boundOf(Up, Ctx, Depth + 1);
    if (!Join(B))
      return std::nullopt;
  }
  return Most;
}

std::optional<std::vector<std::int64_t>>
HostCallers::valuesOfExpression(const Expr *E, ASTContext &Ctx,
                                std::size_t Most, unsigned Depth) {
  if (E->isValueDependent())
    return std::nullopt;
  auto WritesIn = factsOf();
  // `cols / 2` with `cols` a local set once folds as it is; the first
  // variable the fold does not know is the one that may take values.
  const VarDecl *Varying = nullptr;
  if (std::optional<std::int64_t> K = foldInt(E, Ctx, [&](const VarDecl *VD) {
        std::optional<std::int64_t> Value = setOnceValue(VD, Ctx, WritesIn);
        if (!Value && !Varying)
          Varying = VD;
        return Value;
      }))
    return std::vector<std::int64_t>{*K};
  if (!Varying)
    return std::nullopt;
  llvm::SmallVector<const DeclRefExpr *, 2> Reads;
  readsOf(E, Varying, Reads);
  if (Reads.empty())
    return std::nullopt;
  std::optional<std::vector<std::int64_t>> Of =
      valuesAt(Reads.front(), Ctx, Most, Depth);
  if (!Of)
    return std::nullopt;
  // `cols * 2` at each value of `cols`; any other variable it reads that is
  // not set once (a second one with values of its own) fails the fold.
  std::optional<std::vector<std::int64_t>> Values =
      foldAtEach(E, Varying, *Of, Ctx, [&](const VarDecl *VD) {
        return setOnceValue(VD, Ctx, WritesIn);
      });
  if (!Values || Values->empty() || Values->size() > Most)
    return std::nullopt;
  return Values;
}

std::optional<std::vector<std::int64_t>> HostCallers::valuesAt(const Expr *Arg,
                                                               ASTContext &Ctx,
                                                               std::size_t Most,
                                                               unsigned Depth) {
  if (Arg->isValueDependent())
    return std::nullopt;
  if (std::optional<std::int64_t> K = constantInt(Arg, Ctx))
    return std::vector<std::int64_t>{*K};
  auto WritesIn = factsOf();
  const auto *Ref = dyn_cast<DeclRefExpr>(Arg->IgnoreParenImpCasts());
  if (!Ref)
    return valuesOfExpression(Arg, Ctx, Most, Depth);
  const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
  if (!VD || !VD->hasLocalStorage() || VD->getType().isVolatileQualified())
    return std::nullopt;
  if (const auto *Param = dyn_cast<ParmVarDecl>(VD))
    return valuesOf(Param, Ctx, Most, Depth + 1);
  if (std::optional<std::int64_t> K = setOnceOrStride(VD, Ctx, WritesIn))
    return std::vector<std::int64_t>{*K};
  // A loop's variable, where the call runs at every pass (the body has no
  // branch or jump) and nothing but the loop writes the variable: `for
  // (int s : {1, 2}) launch(s);` passes each element, `for (int s = 1; s
  // <= 4; s *= 2) launch(s);` each value the loop steps through.
  const auto *Owner =
      dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
  if (!Owner)
    return std::nullopt;
  const FunctionFacts &Writes = factsIn(Facts, Owner);
  if (auto It = RangeLoops.find(VD); It != RangeLoops.end()) {
    const Stmt *Body = It->second->getBody();
    if (!Writes.writesOf(VD).empty() || !contains(Body, Arg) ||
        !straightLine(Body))
      return std::nullopt;
    auto Values = rangeForConstants(It->second, Ctx);
    return Values && Values->size() <= Most ? Values : std::nullopt;
  }
  if (const InductionLoop *Loop = Writes.inductionLoopOf(VD);
      Loop && contains(Loop->Loop->getBody(), Arg) &&
      straightLine(Loop->Loop->getBody()))
    return inductionValues(
        *Loop, VD, Ctx,
        [&](const VarDecl *Other) {
          return setOnceValue(Other, Ctx, WritesIn);
        },
        Most);
  return std::nullopt;
}

} // namespace gpumem::launch
