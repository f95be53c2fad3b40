//===- ParameterBounds.cpp - what a kernel's own checks say of its sizes --===//
#include "checks/access/ParameterBounds.h"

#include "checks/access/AccessShapes.h"
#include "checks/cuda/ConstantInt.h"
#include "checks/cuda/FunctionFacts.h"

#include "clang/AST/ExprCXX.h"

#include <algorithm>
#include <limits>

namespace gpumem::access {

using namespace clang;

namespace {

class BoundReader {
public:
  BoundReader(const FunctionDecl *Kernel, ASTContext &Ctx)
      : Kernel(Kernel), Ctx(Ctx) {}

  llvm::DenseMap<const ParmVarDecl *, std::int64_t> Bounds;

  /// What holds past a check: `cond` after an assert, `!cond` after an
  /// early exit. Conjunctions of what holds, disjunctions of what exits.
  void holds(const Expr *Cond, bool Negated) {
    // assert's static_cast<bool>(cond), a condition in parentheses.
    Cond = Cond->IgnoreParenCasts();
    const auto *BO = dyn_cast<BinaryOperator>(Cond);
    if (!BO)
      return;
    if (BO->getOpcode() == (Negated ? BO_LOr : BO_LAnd)) {
      holds(BO->getLHS(), Negated);
      holds(BO->getRHS(), Negated);
      return;
    }
    if (!BO->isRelationalOp())
      return;
    BinaryOperatorKind Op =
        Negated ? BinaryOperator::negateComparisonOp(BO->getOpcode())
                : BO->getOpcode();
    const Expr *Var = BO->getLHS(), *Bound = BO->getRHS();
    if (!parameter(Var)) {
      std::swap(Var, Bound);
      Op = BinaryOperator::reverseComparisonOp(Op);
    }
    // P < C or P <= C, with P a parameter the kernel never writes.
    const ParmVarDecl *P = parameter(Var);
    std::optional<std::int64_t> C = cuda::constantInt(Bound, Ctx);
    if (!P || !C || (Op != BO_LT && Op != BO_LE) ||
        *C == std::numeric_limits<std::int64_t>::min())
      return;
    const std::int64_t Upper = Op == BO_LT ? *C - 1 : *C;
    auto [It, New] = Bounds.try_emplace(P, Upper);
    if (!New)
      It->second = std::min(It->second, Upper);
  }

  void statement(const Stmt *S) {
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      if (!If->getElse() && !If->getConditionVariable() &&
          isExitStatement(If->getThen()))
        holds(If->getCond(), /*Negated=*/true);
      return;
    }
    // assert(cond): cond ? (void)0 : <a call that does not return>.
    if (const auto *E = dyn_cast<Expr>(S))
      if (const auto *CO =
              dyn_cast<ConditionalOperator>(E->IgnoreParenImpCasts()))
        if (endsInFailure(CO->getFalseExpr()))
          holds(CO->getCond(), /*Negated=*/false);
  }

private:
  const FunctionDecl *Kernel;
  ASTContext &Ctx;
  /// The kernel's writes, walked only once a check names a parameter.
  std::optional<cuda::FunctionFacts> Facts;

  const ParmVarDecl *parameter(const Expr *E) {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    const auto *P = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
    if (!P || !P->getType()->isIntegerType())
      return nullptr;
    if (!Facts)
      Facts.emplace(Kernel);
    return Facts->writesOf(P).empty() ? P : nullptr;
  }
  static bool endsInFailure(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    const auto *Call = dyn_cast<CallExpr>(E);
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    if (!Callee)
      return false;
    const StringRef Name =
        Callee->getIdentifier() ? Callee->getName() : StringRef();
    return Callee->isNoReturn() || Name == "__assert_fail" ||
           Name == "__assertfail" || Name == "__assert_rtn";
  }
};

} // namespace

llvm::DenseMap<const ParmVarDecl *, std::int64_t>
parameterUpperBounds(const FunctionDecl *Kernel, ASTContext &Ctx) {
  const FunctionDecl *Def = nullptr;
  if (!Kernel || !Kernel->hasBody(Def) || !Def)
    return llvm::DenseMap<const ParmVarDecl *, std::int64_t>();
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  if (!Body)
    return llvm::DenseMap<const ParmVarDecl *, std::int64_t>();
  BoundReader Reader(Def, Ctx);
  for (const Stmt *S : Body->body())
    Reader.statement(S);
  return std::move(Reader.Bounds);
}

} // namespace gpumem::access
