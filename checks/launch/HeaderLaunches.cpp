//===- HeaderLaunches.cpp -------------------------------------------------===//
#include "checks/launch/HeaderLaunches.h"

#include "checks/cuda/CudaBuiltins.h"

#include "clang/AST/Attr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

#include <utility>

namespace gpumem::launch {

using namespace gpumem::cuda;

using namespace clang;

namespace {

/// Host functions followed from the main file's call, at most.
constexpr unsigned MaxDepth = 4;
/// Header functions walked per translation unit, at most: the command
/// line keeps every body, a library's headers outside -isystem included.
constexpr std::size_t MaxFunctions = 256;

/// A host function of the user's headers to walk, with the main file's
/// call that reaches it and how many functions deep it is.
struct Pending {
  const FunctionDecl *Function;
  const CallExpr *MainFileCall;
  unsigned Depth;
};

/// The definition of \p Call's callee where it is a host function with a
/// body outside the main file and the system headers; null otherwise.
const FunctionDecl *headerHostCallee(const CallExpr *Call,
                                     const SourceManager &SM) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  const FunctionDecl *Def = nullptr;
  if (!Callee || !Callee->hasBody(Def) || isDeviceOnly(Def) ||
      Def->isDependentContext())
    return nullptr;
  SourceLocation At = SM.getExpansionLoc(Def->getLocation());
  if (At.isInvalid() || SM.isInMainFile(At) || SM.isInSystemHeader(At))
    return nullptr;
  return Def;
}

/// The calls of one body: launches, and calls of the user's header host
/// functions.
class CallCollector : public RecursiveASTVisitor<CallCollector> {
public:
  explicit CallCollector(const SourceManager &SM) : SM(SM) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldWalkTypesOfTypeLocs() const { return false; }
  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) &&
        (SM.isInSystemHeader(D->getLocation()) ||
         isDeviceOnly(D->getAsFunction())))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }
  bool VisitCallExpr(CallExpr *Call) {
    if (mayLaunchKernel(Call))
      Launches.push_back(Call);
    else if (const FunctionDecl *Callee = headerHostCallee(Call, SM))
      Calls.emplace_back(Call, Callee);
    return true;
  }

  llvm::SmallVector<const CallExpr *, 4> Launches;
  llvm::SmallVector<std::pair<const CallExpr *, const FunctionDecl *>, 8> Calls;

private:
  const SourceManager &SM;
};

} // namespace

void forEachLaunchThroughHeaders(
    ASTContext &Ctx,
    llvm::function_ref<void(const KernelLaunch &, const CallExpr *)> Found) {
  const SourceManager &SM = Ctx.getSourceManager();
  CallCollector MainFile(SM);
  std::vector<Decl *> Scope = Ctx.getTraversalScope();
  const bool WholeUnit =
      Scope.size() == 1 && isa<TranslationUnitDecl>(Scope.front());
  if (WholeUnit) {
    Scope.clear();
    for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
      if (SM.isInMainFile(SM.getExpansionLoc(D->getLocation())))
        Scope.push_back(D);
  }
  for (Decl *D : Scope)
    MainFile.TraverseDecl(D);
  llvm::SmallVector<Pending, 8> Work;
  llvm::DenseSet<const FunctionDecl *> Seen;
  for (const auto &[Call, Callee] : MainFile.Calls)
    if (Seen.insert(Callee).second)
      Work.push_back({Callee, Call, 1});
  // Breadth first: each header function is walked once, for the first
  // call of the main file that reaches it.
  for (std::size_t I = 0; I < Work.size() && I < MaxFunctions; ++I) {
    const Pending P = Work[I];
    CallCollector Body(SM);
    Body.TraverseStmt(const_cast<Stmt *>(P.Function->getBody()));
    for (const CallExpr *Launch : Body.Launches)
      if (std::optional<KernelLaunch> L = KernelLaunch::read(Launch))
        Found(*L, P.MainFileCall);
    if (P.Depth >= MaxDepth)
      continue;
    for (const auto &[Call, Callee] : Body.Calls)
      if (Seen.insert(Callee).second)
        Work.push_back({Callee, P.MainFileCall, P.Depth + 1});
  }
}

std::vector<Decl *> headerDeclsParsedWithMainFile(ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<Decl *> Decls;
  for (Decl *D : Ctx.getTranslationUnitDecl()->noload_decls()) {
    SourceLocation At = SM.getExpansionLoc(D->getLocation());
    if (At.isValid() && !SM.isInMainFile(At) && !SM.isInSystemHeader(At))
      Decls.push_back(D);
  }
  return Decls;
}

namespace {

class KernelAndLaunchFinder
    : public RecursiveASTVisitor<KernelAndLaunchFinder> {
public:
  KernelAndLaunchFinder(llvm::function_ref<void(const FunctionDecl *)> Kernel,
                        llvm::function_ref<void(const KernelLaunch &)> Launch)
      : Kernel(Kernel), Launch(Launch) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldWalkTypesOfTypeLocs() const { return false; }
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->hasAttr<CUDAGlobalAttr>() && FD->doesThisDeclarationHaveABody() &&
        !FD->isInvalidDecl() && !FD->isDependentContext())
      Kernel(FD);
    return true;
  }
  bool VisitCallExpr(CallExpr *Call) {
    if (mayLaunchKernel(Call))
      if (std::optional<KernelLaunch> L = KernelLaunch::read(Call))
        Launch(*L);
    return true;
  }

private:
  llvm::function_ref<void(const FunctionDecl *)> Kernel;
  llvm::function_ref<void(const KernelLaunch &)> Launch;
};

} // namespace

void forEachKernelAndLaunch(
    llvm::ArrayRef<Decl *> Decls,
    llvm::function_ref<void(const FunctionDecl *)> Kernel,
    llvm::function_ref<void(const KernelLaunch &)> Launch) {
  KernelAndLaunchFinder Finder(Kernel, Launch);
  for (Decl *D : Decls)
    Finder.TraverseDecl(D);
}

SourceLocation includedAfterPreamble(SourceLocation Loc,
                                     const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  FileID File = SM.getFileID(SM.getExpansionLoc(Loc));
  const FileID Main = SM.getMainFileID();
  if (File.isInvalid() || File == Main)
    return {};
  SourceLocation Include;
  for (unsigned Depth = 0; File.isValid() && File != Main && Depth < 64;
       ++Depth) {
    Include = SM.getIncludeLoc(File);
    if (Include.isInvalid())
      return {};
    File = SM.getFileID(Include);
  }
  if (File != Main)
    return {};
  bool Invalid = false;
  llvm::StringRef Buffer = SM.getBufferData(Main, &Invalid);
  if (Invalid)
    return {};
  const PreambleBounds Bounds =
      Lexer::ComputePreamble(Buffer, Ctx.getLangOpts());
  if (SM.getFileOffset(Include) < Bounds.Size)
    return {};
  return Include;
}

} // namespace gpumem::launch
