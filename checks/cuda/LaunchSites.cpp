//===- LaunchSites.cpp ----------------------------------------------------===//
#include "checks/cuda/LaunchSites.h"

#include "checks/lanes/ConstantInt.h"
#include "checks/lanes/FunctionFacts.h"

#include <memory>

namespace gpumem::cuda {

using namespace clang;

namespace {

using FactsCache = LaunchSites::FactsCache;

std::optional<lanes::BlockShape> shapeOf(const Expr *E, ASTContext &Ctx,
                                         unsigned Depth, FactsCache &Facts) {
  if (!E || Depth > 8)
    return std::nullopt;
  E = E->IgnoreParenImpCasts();
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
    return shapeOf(MT->getSubExpr(), Ctx, Depth + 1, Facts);
  if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
    return shapeOf(BT->getSubExpr(), Ctx, Depth + 1, Facts);
  if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(E))
    return shapeOf(FC->getSubExpr(), Ctx, Depth + 1, Facts);
  if (E->getType()->isIntegralOrEnumerationType()) {
    auto X = lanes::constantInt(E, Ctx);
    if (!X || *X <= 0)
      return std::nullopt;
    return lanes::BlockShape{*X, 1, 1};
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
    // A dim3 variable counts only when nothing writes it after its
    // initializer (block.x = n would change it).
    if (!VD || !VD->getInit())
      return std::nullopt;
    if (const auto *FD = dyn_cast<FunctionDecl>(VD->getDeclContext())) {
      std::unique_ptr<lanes::FunctionFacts> &Slot = Facts[FD];
      if (!Slot)
        Slot = std::make_unique<lanes::FunctionFacts>(FD);
      if (!Slot->writesOf(VD).empty())
        return std::nullopt;
    }
    return shapeOf(VD->getInit(), Ctx, Depth + 1, Facts);
  }
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
    if (Construct->getNumArgs() == 1 &&
        Construct->getArg(0)->getType()->isRecordType())
      return shapeOf(Construct->getArg(0), Ctx, Depth + 1, Facts); // copy
    std::int64_t Dims[3] = {1, 1, 1};
    for (unsigned I = 0; I < Construct->getNumArgs() && I < 3; ++I) {
      auto D = lanes::constantInt(Construct->getArg(I), Ctx);
      if (!D || *D <= 0)
        return std::nullopt;
      Dims[I] = *D;
    }
    return lanes::BlockShape{Dims[0], Dims[1], Dims[2]};
  }
  if (const auto *Init = dyn_cast<InitListExpr>(E)) {
    std::int64_t Dims[3] = {1, 1, 1};
    for (unsigned I = 0; I < Init->getNumInits() && I < 3; ++I) {
      auto D = lanes::constantInt(Init->getInit(I), Ctx);
      if (!D || *D <= 0)
        return std::nullopt;
      Dims[I] = *D;
    }
    return lanes::BlockShape{Dims[0], Dims[1], Dims[2]};
  }
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
  return shapeOf(Config->getArg(1), Ctx, 0, Facts);
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
