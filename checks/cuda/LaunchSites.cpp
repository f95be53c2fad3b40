//===- LaunchSites.cpp ----------------------------------------------------===//
#include "checks/cuda/LaunchSites.h"

#include "checks/cuda/ConstantInt.h"
#include "checks/cuda/FunctionFacts.h"

#include "clang/Basic/SourceManager.h"

#include <memory>

namespace gpumem::cuda {

using namespace clang;

namespace {

using FactsCache = LaunchSites::FactsCache;

/// The axis a `dim3` member expression names (block.x is 0), or -1.
int dim3Axis(const MemberExpr *ME) {
  const auto *Field = dyn_cast<FieldDecl>(ME->getMemberDecl());
  if (!Field || !Field->getIdentifier())
    return -1;
  llvm::StringRef Name = Field->getName();
  return Name == "x" ? 0 : Name == "y" ? 1 : Name == "z" ? 2 : -1;
}

/// Reads the block argument of one launch.
class ShapeReader {
public:
  ShapeReader(const CUDAKernelCallExpr *Launch, ASTContext &Ctx,
              FactsCache &Facts)
      : Launch(Launch), Ctx(Ctx), SM(Ctx.getSourceManager()), Facts(Facts) {}

  std::optional<BlockShape> shapeOf(const Expr *E, unsigned Depth);

  /// An extent read was a constant CUDA rejects (0 or negative).
  bool NonPositive = false;

private:
  const CUDAKernelCallExpr *Launch;
  ASTContext &Ctx;
  const SourceManager &SM;
  FactsCache &Facts;

  LaunchSites::FunctionCache &cacheOf(const FunctionDecl *FD) {
    LaunchSites::FunctionCache &C = Facts[FD];
    if (!C.Writes)
      C.Writes = std::make_unique<FunctionFacts>(FD);
    if (!C.Branches)
      C.Branches = std::make_unique<BranchFacts>(FD, Ctx);
    return C;
  }

  bool before(SourceLocation A, SourceLocation B) const {
    return SM.isBeforeInTranslationUnit(A, B);
  }

  std::int64_t extentOf(const Expr *E);

public:
  /// The integer \p E (an extent or an argument of the launch) has where
  /// the launch reads it: a constant, a local the launch's branch or an
  /// earlier check fixes (`case 256:`, `if (K != 16) throw ...;`), or a
  /// local set once from a constant and never written again (`int nx =
  /// 1000;` in main); std::nullopt for anything else.
  std::optional<std::int64_t> valueAtLaunch(const Expr *E);

private:
  std::optional<BlockShape> variableShape(const VarDecl *VD,
                                                 unsigned Depth);
};

/// A positive constant extent, or 0 for one that is not a constant. A
/// variable the launch's branch fixes (`case 256:` of `switch (threads)`)
/// is that constant when no write to it can run between the first of \p E
/// and the branch's test, and the launch: every write comes before that
/// point, or after the launch with no loop around the launch that starts
/// after that point.
std::int64_t ShapeReader::extentOf(const Expr *E) {
  if (auto D = constantInt(E, Ctx)) {
    NonPositive |= *D <= 0;
    return *D > 0 ? *D : 0;
  }
  std::optional<std::int64_t> V = valueAtLaunch(E);
  return V && *V > 0 ? *V : 0;
}

std::optional<std::int64_t> ShapeReader::valueAtLaunch(const Expr *E) {
  if (auto D = constantInt(E, Ctx))
    return D;
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  const auto *FD =
      VD && VD->hasLocalStorage() && !VD->getType().isVolatileQualified()
          ? dyn_cast<FunctionDecl>(VD->getParentFunctionOrMethod())
          : nullptr;
  if (!FD)
    return std::nullopt;
  LaunchSites::FunctionCache &C = cacheOf(FD);
  // Set once from a constant: nothing else writes it (taking its address
  // or binding a non-const reference counts as a write).
  if (const Expr *Init = VD->getInit();
      Init && !isa<ParmVarDecl>(VD) && C.Writes->writesOf(VD).empty())
    if (auto D = constantInt(Init, Ctx))
      return D;
  llvm::ArrayRef<BranchFact> Known = C.Branches->at(Launch);
  for (auto It = Known.rbegin(); It != Known.rend(); ++It) {
    if (It->Var != VD)
      continue;
    SourceLocation From =
        before(E->getBeginLoc(), It->Since) ? E->getBeginLoc() : It->Since;
    bool LoopSinceFrom = false;
    for (SourceLocation Loop : C.Branches->loopsAround(Launch))
      LoopSinceFrom |= before(From, Loop);
    for (const Stmt *W : C.Writes->writesOf(VD)) {
      bool Earlier = before(W->getEndLoc(), From);
      bool Later = !LoopSinceFrom &&
                   before(Launch->getEndLoc(), W->getBeginLoc());
      if (!Earlier && !Later)
        return std::nullopt;
    }
    return It->Value;
  }
  return std::nullopt;
}

/// The shape of dim3 variable \p VD where the launch reads it: its
/// initializer, then the `VD.x = n` assignments before the launch. Each
/// write must be a statement of the function's outermost block (run once,
/// in order); anything else that writes the variable fixes nothing.
std::optional<BlockShape> ShapeReader::variableShape(const VarDecl *VD,
                                                            unsigned Depth) {
  if (VD->isInvalidDecl())
    return std::nullopt;
  std::optional<BlockShape> Shape =
      VD->getInit() ? shapeOf(VD->getInit(), Depth + 1) : std::nullopt;
  const auto *FD = dyn_cast<FunctionDecl>(VD->getDeclContext());
  if (!FD)
    return Shape;
  llvm::ArrayRef<const Stmt *> Writes = cacheOf(FD).Writes->writesOf(VD);
  if (Writes.empty())
    return Shape;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(FD->getBody());
  if (!Body)
    return std::nullopt;
  // `dim3 block;` is (1, 1, 1) before any write.
  if (!Shape && !VD->getInit() && VD->getType()->isRecordType())
    Shape = BlockShape{1, 1, 1};
  if (!Shape && VD->getInit() && isa<CXXConstructExpr>(VD->getInit()) &&
      cast<CXXConstructExpr>(VD->getInit())->getNumArgs() == 0)
    Shape = BlockShape{1, 1, 1};
  if (!Shape)
    return std::nullopt;
  for (const Stmt *W : Writes) {
    const Stmt *TopLevel = nullptr;
    for (const Stmt *S : Body->body()) {
      const Stmt *Bare = S;
      if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(S))
        Bare = Cleanups->getSubExpr();
      if (Bare == W)
        TopLevel = S;
    }
    const auto *Assign = dyn_cast<BinaryOperator>(W);
    const auto *Member =
        Assign && Assign->getOpcode() == BO_Assign
            ? dyn_cast<MemberExpr>(Assign->getLHS()->IgnoreParenImpCasts())
            : nullptr;
    int Axis = Member ? dim3Axis(Member) : -1;
    if (!TopLevel || Axis < 0)
      return std::nullopt;
    if (!before(W->getBeginLoc(), Launch->getBeginLoc()))
      continue;
    std::int64_t Extent = extentOf(Assign->getRHS());
    (Axis == 0 ? Shape->X : Axis == 1 ? Shape->Y : Shape->Z) = Extent;
  }
  return Shape;
}

std::optional<BlockShape> ShapeReader::shapeOf(const Expr *E,
                                                      unsigned Depth) {
  if (!E || Depth > 8)
    return std::nullopt;
  E = E->IgnoreParenImpCasts();
  // An initializer clang could not make sense of (a call to an undeclared
  // function when a header is missing) may have no type to read; one with
  // errors inside (`dim3 block(x.size(1))` with x of a missing type) still
  // gives what its constant parts say.
  if (E->getType().isNull())
    return std::nullopt;
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
    return shapeOf(MT->getSubExpr(), Depth + 1);
  if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
    return shapeOf(BT->getSubExpr(), Depth + 1);
  if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(E))
    return shapeOf(FC->getSubExpr(), Depth + 1);
  if (E->getType()->isIntegralOrEnumerationType()) {
    std::int64_t X = extentOf(E);
    if (X == 0)
      return std::nullopt;
    return BlockShape{X, 1, 1};
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
    if (!VD)
      return std::nullopt;
    return variableShape(VD, Depth);
  }
  // dim3(16, 16), dim3{4, 8, depth}, {4, 8, depth}: each constant extent,
  // 0 for the others.
  auto Extents = [&](auto Args) -> std::optional<BlockShape> {
    std::int64_t Dims[3] = {1, 1, 1};
    unsigned I = 0;
    for (const Expr *Arg : Args) {
      if (I == 3 || isa<CXXDefaultArgExpr>(Arg))
        break;
      Dims[I++] = extentOf(Arg);
    }
    return BlockShape{Dims[0], Dims[1], Dims[2]};
  };
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
    if (Construct->getNumArgs() == 1 &&
        Construct->getArg(0)->getType()->isRecordType())
      return shapeOf(Construct->getArg(0), Depth + 1); // a copy
    return Extents(Construct->arguments());
  }
  if (const auto *Init = dyn_cast<InitListExpr>(E))
    return Extents(Init->inits());
  return std::nullopt;
}

} // namespace

std::optional<BlockShape>
constantBlockShape(const CUDAKernelCallExpr *Launch, ASTContext &Ctx) {
  FactsCache Facts;
  return LaunchSites::constantBlockShape(Launch, Ctx, Facts);
}

bool launchableBlock(const BlockShape &S) {
  // CUDA's limits on a block (compute capability 5.0 and later): x and y
  // at most 1024, z at most 64, at most 1024 threads in all. An extent
  // that is not a constant (0 here) counts as 1.
  auto Known = [](std::int64_t E) { return E > 0 ? E : 1; };
  return S.X <= 1024 && S.Y <= 1024 && S.Z <= 64 &&
         Known(S.X) * Known(S.Y) * Known(S.Z) <= 1024;
}

LaunchSites::LaunchShape
LaunchSites::readShape(const CUDAKernelCallExpr *Launch, ASTContext &Ctx,
                       FactsCache &Facts) {
  const CallExpr *Config = Launch->getConfig();
  if (!Config || Config->getNumArgs() < 2)
    return {};
  ShapeReader Reader(Launch, Ctx, Facts);
  std::optional<BlockShape> Shape = Reader.shapeOf(Config->getArg(1), 0);
  // A block CUDA would not launch says nothing of the blocks that run.
  if (Reader.NonPositive || (Shape && !launchableBlock(*Shape)))
    return {std::nullopt, true};
  // Extents that are not constants are fine when the others place every
  // lane of a warp (`dim3 block = {4, 8, depth}`); otherwise nothing.
  if (Shape && !Shape->placesLanes())
    return {};
  return {Shape, false};
}

std::optional<BlockShape>
LaunchSites::constantBlockShape(const CUDAKernelCallExpr *Launch,
                                ASTContext &Ctx, FactsCache &Facts) {
  return readShape(Launch, Ctx, Facts).Shape;
}

const FunctionDecl *launchedKernel(const CUDAKernelCallExpr *Launch) {
  const FunctionDecl *FD = Launch->getDirectCallee();
  return FD ? FD->getCanonicalDecl() : nullptr;
}

void LaunchSites::add(const CUDAKernelCallExpr *Launch, ASTContext &Ctx) {
  const FunctionDecl *Kernel = launchedKernel(Launch);
  if (!Kernel)
    return;
  LaunchShape Read = readShape(Launch, Ctx, Facts);
  const std::optional<BlockShape> &Shape = Read.Shape;
  // The integer constants this launch passes (a template argument or a
  // constexpr folds too; anything else is no constant).
  std::vector<std::optional<std::int64_t>> Args;
  ShapeReader Reader(Launch, Ctx, Facts);
  for (const Expr *Arg : Launch->arguments()) {
    std::optional<std::int64_t> Value;
    const Expr *E = Arg->IgnoreParenImpCasts();
    if (!E->isValueDependent() && E->getType()->isIntegralOrEnumerationType())
      Value = Reader.valueAtLaunch(E);
    Args.push_back(Value);
  }
  auto [It, Inserted] = Entries.try_emplace(Kernel);
  Entry &E = It->second;
  if (Read.Invalid && E.InvalidLaunch.isInvalid())
    E.InvalidLaunch = Launch->getBeginLoc();
  if (!Shape && !Read.Invalid && !E.RuntimeBlock)
    if (const CallExpr *Config = Launch->getConfig();
        Config && Config->getNumArgs() >= 2)
      E.RuntimeBlock = Config->getArg(1);
  if (Inserted) {
    E.Shape = Shape;
    E.Where = Launch->getBeginLoc();
    E.ConstantArgs = std::move(Args);
    return;
  }
  if (E.ConstantArgs.size() != Args.size())
    E.ConstantArgs.clear();
  for (std::size_t I = 0; I < E.ConstantArgs.size(); ++I)
    if (E.ConstantArgs[I] != Args[I])
      E.ConstantArgs[I].reset();
  bool Same = E.Shape && Shape && E.Shape->X == Shape->X &&
              E.Shape->Y == Shape->Y && E.Shape->Z == Shape->Z;
  if (!Same) {
    E.Conflicting = true;
    E.Shape.reset();
  }
}

const LaunchSites::Entry *LaunchSites::find(const FunctionDecl *Kernel) const {
  auto It = Entries.find(Kernel ? Kernel->getCanonicalDecl() : nullptr);
  return It == Entries.end() ? nullptr : &It->second;
}

} // namespace gpumem::cuda
