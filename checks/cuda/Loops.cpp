//===- Loops.cpp - loops and the comparisons that end them ----------------===//
#include "checks/cuda/Loops.h"
#include "checks/cuda/ConstantInt.h"

#include "clang/AST/Expr.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace gpumem::cuda {

bool isLoop(const Stmt *S) {
  return isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) ||
         isa<CXXForRangeStmt>(S);
}

std::optional<std::int64_t> constantTripCount(const ForStmt *FS,
                                              const ASTContext &Ctx) {
  const VarDecl *VD = nullptr;
  std::optional<std::int64_t> Start;
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(FS->getInit());
      DS && DS->isSingleDecl())
    if ((VD = dyn_cast<VarDecl>(DS->getSingleDecl())))
      Start = constantInt(VD->getInit(), Ctx);
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      FS->getCond() ? FS->getCond()->IgnoreParenImpCasts() : nullptr);
  if (!VD || !Start || !Cond || !FS->getInc())
    return std::nullopt;
  auto IsVar = [VD](const Expr *E) {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return Ref && Ref->getDecl() == VD;
  };
  if (!IsVar(Cond->getLHS()))
    return std::nullopt;
  auto Bound = constantInt(Cond->getRHS(), Ctx);
  if (!Bound)
    return std::nullopt;
  std::int64_t Step = 0;
  const Expr *Inc = FS->getInc()->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(Inc);
      UO && UO->isIncrementDecrementOp() && IsVar(UO->getSubExpr()))
    Step = UO->isIncrementOp() ? 1 : -1;
  else if (const auto *BO = dyn_cast<BinaryOperator>(Inc);
           BO && IsVar(BO->getLHS()) &&
           (BO->getOpcode() == BO_AddAssign || BO->getOpcode() == BO_SubAssign))
    if (auto C = constantInt(BO->getRHS(), Ctx))
      Step = BO->getOpcode() == BO_AddAssign ? *C : -*C;
  if (Step == 0)
    return std::nullopt;
  std::int64_t Trips = 0;
  for (std::int64_t V = *Start; Trips <= (1 << 20); V += Step, ++Trips) {
    // `==` is not read as a loop's condition here.
    std::optional<bool> Holds =
        Cond->getOpcode() == BO_EQ
            ? std::nullopt
            : comparisonHolds(Cond->getOpcode(), V, *Bound);
    if (!Holds)
      return std::nullopt;
    if (!*Holds)
      return Trips;
  }
  return std::nullopt;
}

} // namespace gpumem::cuda
