//===- LaunchSites.cpp ----------------------------------------------------===//
#include "checks/cuda/LaunchSites.h"

#include "checks/lanes/ConstantInt.h"
#include "checks/lanes/FunctionFacts.h"

#include "clang/Basic/SourceManager.h"

#include <memory>

namespace gpumem::cuda {

using namespace clang;

namespace {

using FactsCache = LaunchSites::FactsCache;

/// A positive constant extent, or 0 for one that is not a constant.
std::int64_t extentOf(const Expr *E, ASTContext &Ctx) {
  auto D = lanes::constantInt(E, Ctx);
  return D && *D > 0 ? *D : 0;
}

/// The axis a `dim3` member expression names (block.x is 0), or -1.
int dim3Axis(const MemberExpr *ME) {
  const auto *Field = dyn_cast<FieldDecl>(ME->getMemberDecl());
  if (!Field || !Field->getIdentifier())
    return -1;
  llvm::StringRef Name = Field->getName();
  return Name == "x" ? 0 : Name == "y" ? 1 : Name == "z" ? 2 : -1;
}

std::optional<lanes::BlockShape> shapeOf(const Expr *E, ASTContext &Ctx,
                                         unsigned Depth, FactsCache &Facts,
                                         SourceLocation Use);

/// The shape of dim3 variable \p VD where \p Use reads it: its initializer,
/// then the `VD.x = n` assignments before \p Use. Each write must be a
/// statement of the function's outermost block (run once, in order);
/// anything else that writes the variable fixes nothing.
std::optional<lanes::BlockShape> variableShape(const VarDecl *VD,
                                               ASTContext &Ctx, unsigned Depth,
                                               FactsCache &Facts,
                                               SourceLocation Use) {
  std::optional<lanes::BlockShape> Shape =
      VD->getInit() ? shapeOf(VD->getInit(), Ctx, Depth + 1, Facts, Use)
                    : std::nullopt;
  const auto *FD = dyn_cast<FunctionDecl>(VD->getDeclContext());
  if (!FD)
    return Shape;
  std::unique_ptr<lanes::FunctionFacts> &Slot = Facts[FD];
  if (!Slot)
    Slot = std::make_unique<lanes::FunctionFacts>(FD);
  llvm::ArrayRef<const Stmt *> Writes = Slot->writesOf(VD);
  if (Writes.empty())
    return Shape;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(FD->getBody());
  if (!Body)
    return std::nullopt;
  // `dim3 block;` is (1, 1, 1) before any write.
  if (!Shape && !VD->getInit() && VD->getType()->isRecordType())
    Shape = lanes::BlockShape{1, 1, 1};
  if (!Shape && VD->getInit() && isa<CXXConstructExpr>(VD->getInit()) &&
      cast<CXXConstructExpr>(VD->getInit())->getNumArgs() == 0)
    Shape = lanes::BlockShape{1, 1, 1};
  if (!Shape)
    return std::nullopt;
  const SourceManager &SM = Ctx.getSourceManager();
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
    if (Use.isValid() && !SM.isBeforeInTranslationUnit(W->getBeginLoc(), Use))
      continue;
    std::int64_t Extent = extentOf(Assign->getRHS(), Ctx);
    (Axis == 0 ? Shape->X : Axis == 1 ? Shape->Y : Shape->Z) = Extent;
  }
  return Shape;
}

std::optional<lanes::BlockShape> shapeOf(const Expr *E, ASTContext &Ctx,
                                         unsigned Depth, FactsCache &Facts,
                                         SourceLocation Use) {
  if (!E || Depth > 8)
    return std::nullopt;
  E = E->IgnoreParenImpCasts();
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
    return shapeOf(MT->getSubExpr(), Ctx, Depth + 1, Facts, Use);
  if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
    return shapeOf(BT->getSubExpr(), Ctx, Depth + 1, Facts, Use);
  if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(E))
    return shapeOf(FC->getSubExpr(), Ctx, Depth + 1, Facts, Use);
  if (E->getType()->isIntegralOrEnumerationType()) {
    std::int64_t X = extentOf(E, Ctx);
    if (X == 0)
      return std::nullopt;
    return lanes::BlockShape{X, 1, 1};
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
    if (!VD)
      return std::nullopt;
    return variableShape(VD, Ctx, Depth, Facts, Use);
  }
  // dim3(16, 16), dim3{4, 8, depth}, {4, 8, depth}: each constant extent,
  // 0 for the others.
  auto Extents = [&](auto Args) -> std::optional<lanes::BlockShape> {
    std::int64_t Dims[3] = {1, 1, 1};
    unsigned I = 0;
    for (const Expr *Arg : Args) {
      if (I == 3)
        break;
      if (isa<CXXDefaultArgExpr>(Arg))
        break;
      Dims[I++] = extentOf(Arg, Ctx);
    }
    return lanes::BlockShape{Dims[0], Dims[1], Dims[2]};
  };
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
    if (Construct->getNumArgs() == 1 &&
        Construct->getArg(0)->getType()->isRecordType())
      return shapeOf(Construct->getArg(0), Ctx, Depth + 1, Facts, Use); // copy
    return Extents(Construct->arguments());
  }
  if (const auto *Init = dyn_cast<InitListExpr>(E))
    return Extents(Init->inits());
  return std::nullopt;
}

} // namespace

std::optional<lanes::BlockShape>
constantBlockShape(const CUDAKernelCallExpr *Launch, ASTContext &Ctx) {
  FactsCache Facts;
  return LaunchSites::constantBlockShape(Launch, Ctx, Facts);
}

std::optional<lanes::BlockShape>
LaunchSites::constantBlockShape(const CUDAKernelCallExpr *Launch,
                                ASTContext &Ctx, FactsCache &Facts) {
  const CallExpr *Config = Launch->getConfig();
  if (!Config || Config->getNumArgs() < 2)
    return std::nullopt;
  std::optional<lanes::BlockShape> Shape =
      shapeOf(Config->getArg(1), Ctx, 0, Facts, Launch->getBeginLoc());
  // Extents that are not constants are fine when the others place every
  // lane of a warp (`dim3 block = {4, 8, depth}`); otherwise nothing.
  if (Shape && !Shape->placesLanes())
    return std::nullopt;
  return Shape;
}

const FunctionDecl *launchedKernel(const CUDAKernelCallExpr *Launch) {
  const FunctionDecl *FD = Launch->getDirectCallee();
  return FD ? FD->getCanonicalDecl() : nullptr;
}

void LaunchSites::add(const CUDAKernelCallExpr *Launch, ASTContext &Ctx) {
  const FunctionDecl *Kernel = launchedKernel(Launch);
  if (!Kernel)
    return;
  auto Shape = constantBlockShape(Launch, Ctx, Facts);
  // The integer constants this launch passes (a template argument or a
  // constexpr folds too; anything else is no constant).
  std::vector<std::optional<std::int64_t>> Args;
  for (const Expr *Arg : Launch->arguments()) {
    std::optional<std::int64_t> Value;
    const Expr *E = Arg->IgnoreParenImpCasts();
    if (!E->isValueDependent() && E->getType()->isIntegralOrEnumerationType())
      if (std::optional<llvm::APSInt> I = E->getIntegerConstantExpr(Ctx);
          I && I->getSignificantBits() <= 63)
        Value = I->getExtValue();
    Args.push_back(Value);
  }
  auto [It, Inserted] = Entries.try_emplace(Kernel);
  Entry &E = It->second;
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
