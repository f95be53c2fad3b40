//===- HostCallers.cpp ----------------------------------------------------===//
#include "checks/cuda/HostCallers.h"

#include "checks/cuda/ConstantInt.h"
#include "checks/cuda/CudaBuiltins.h"
#include "checks/cuda/FoldInt.h"
#include "checks/cuda/FunctionFacts.h"
#include "checks/cuda/HostTensors.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"

namespace gpumem::cuda {

using namespace clang;

namespace {

/// Helpers followed up from the launch, at most.
constexpr unsigned MaxDepth = 4;

class CallFinder : public RecursiveASTVisitor<CallFinder> {
public:
  explicit CallFinder(
      llvm::DenseMap<const FunctionDecl *,
                     llvm::SmallVector<const CallExpr *, 2>> &Calls)
      : Calls(Calls) {}
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
    return true;
  }

private:
  llvm::DenseMap<const FunctionDecl *, llvm::SmallVector<const CallExpr *, 2>>
      &Calls;
};

/// True when no other file can call \p FD: an instantiation of a template
/// the main file defines, or internal linkage.
bool ownedByFile(const FunctionDecl *FD, const SourceManager &SM) {
  if (!FD->isExternallyVisible())
    return true;
  const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern();
  if (!Pattern || FD->getTemplateSpecializationKind() !=
                      TSK_ImplicitInstantiation)
    return false;
  for (const FunctionDecl *Redecl : Pattern->redecls())
    if (!SM.isInMainFile(SM.getExpansionLoc(Redecl->getLocation())))
      return false;
  return true;
}

} // namespace

const FunctionFacts &HostCallers::factsOf(const FunctionDecl *FD) {
  std::unique_ptr<FunctionFacts> &Known = Facts[FD];
  if (!Known)
    Known = std::make_unique<FunctionFacts>(FD);
  return *Known;
}

void HostCallers::build(ASTContext &Ctx) {
  Built = true;
  const SourceManager &SM = Ctx.getSourceManager();
  CallFinder Finder(Calls);
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
  if (const FunctionTemplateDecl *Template = FD->getDescribedFunctionTemplate()) {
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
  if (!FD->hasBody() ||
      P->getType().isVolatileQualified() ||
      !ownedByFile(FD, Ctx.getSourceManager()) ||
      !factsOf(FD).writesOf(P).empty())
    return std::nullopt;
  if (!Built)
    build(Ctx);
  auto It = Calls.find(FD->getCanonicalDecl());
  if (It == Calls.end() || It->second.empty())
    return std::nullopt;
  std::vector<std::int64_t> Values;
  for (const CallExpr *Call : It->second) {
    if (Index >= Call->getNumArgs() || Call->getDirectCallee() != FD)
      return std::nullopt;
    std::optional<std::vector<std::int64_t>> At =
        valuesAt(Call->getArg(Index), Ctx, Most, Depth);
    if (!At)
      return std::nullopt;
    for (std::int64_t V : *At)
      if (!llvm::is_contained(Values, V))
        Values.push_back(V);
    if (Values.size() > Most)
      return std::nullopt;
  }
  return Values;
}

std::optional<std::vector<std::int64_t>>
HostCallers::valuesAt(const Expr *Arg, ASTContext &Ctx, std::size_t Most,
                      unsigned Depth) {
  if (Arg->isValueDependent())
    return std::nullopt;
  if (std::optional<std::int64_t> K = constantInt(Arg, Ctx))
    return std::vector<std::int64_t>{*K};
  auto WritesIn = [&](const FunctionDecl *FD) -> const FunctionFacts & {
    return factsOf(FD);
  };
  const auto *Ref = dyn_cast<DeclRefExpr>(Arg->IgnoreParenImpCasts());
  if (!Ref) {
    // `cols / 2` with `cols` a local set once.
    if (std::optional<std::int64_t> K =
            foldInt(Arg, Ctx, [&](const VarDecl *VD) {
              return setOnceValue(VD, Ctx, WritesIn);
            }))
      return std::vector<std::int64_t>{*K};
    return std::nullopt;
  }
  const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
  if (!VD || !VD->hasLocalStorage() || VD->getType().isVolatileQualified())
    return std::nullopt;
  if (const auto *Param = dyn_cast<ParmVarDecl>(VD))
    return valuesOf(Param, Ctx, Most, Depth + 1);
  if (std::optional<std::int64_t> K = setOnceOrStride(VD, Ctx, WritesIn))
    return std::vector<std::int64_t>{*K};
  return std::nullopt;
}

} // namespace gpumem::cuda
