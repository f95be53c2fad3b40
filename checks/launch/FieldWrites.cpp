//===- FieldWrites.cpp ----------------------------------------------------===//
#include "checks/launch/FieldWrites.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"

namespace gpumem::launch {

using namespace gpumem::cuda;

using namespace clang;

namespace {

/// The field of \p VD that the lvalue \p E writes (`o.F`, `o.F.x` and
/// `o.F[2]` write F); null when E names VD whole or something else.
const FieldDecl *fieldWritten(const Expr *E, const VarDecl *VD) {
  const FieldDecl *Outermost = nullptr;
  E = E ? E->IgnoreParenImpCasts() : nullptr;
  while (E) {
    if (const auto *Member = dyn_cast<MemberExpr>(E)) {
      if (Member->isArrow())
        return nullptr;
      Outermost = dyn_cast<FieldDecl>(Member->getMemberDecl());
      E = Member->getBase()->IgnoreParenImpCasts();
      continue;
    }
    if (const auto *Subscript = dyn_cast<ArraySubscriptExpr>(E)) {
      E = Subscript->getBase()->IgnoreParenImpCasts();
      continue;
    }
    break;
  }
  const auto *Ref = dyn_cast_or_null<DeclRefExpr>(E);
  return Ref && Ref->getDecl() == VD ? Outermost : nullptr;
}

/// A write of one field: which, and the value of a plain `VD.F = value`
/// (null for any other write of it).
struct Write {
  const FieldDecl *Field = nullptr;
  const Expr *Value = nullptr;
};

/// The field \p W writes of \p VD; Field is null when W may write more
/// than one field (the whole object, its address, a member function).
Write writeOf(const Stmt *W, const VarDecl *VD) {
  auto Plain = [&](const Expr *Target, const Expr *Value) -> Write {
    const FieldDecl *F = fieldWritten(Target, VD);
    const auto *Member = dyn_cast<MemberExpr>(Target->IgnoreParenImpCasts());
    bool Whole = Member && Member->getMemberDecl() == F;
    return {F, Whole ? Value : nullptr};
  };
  if (const auto *Assign = dyn_cast<BinaryOperator>(W))
    return Plain(Assign->getLHS(),
                 Assign->getOpcode() == BO_Assign ? Assign->getRHS() : nullptr);
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(W);
      Op && Op->isAssignmentOp() && Op->getNumArgs() == 2)
    return Plain(Op->getArg(0),
                 Op->getOperator() == OO_Equal ? Op->getArg(1) : nullptr);
  if (const auto *Step = dyn_cast<UnaryOperator>(W))
    return {fieldWritten(Step->getSubExpr(), VD), nullptr};
  if (const auto *Call = dyn_cast<CXXMemberCallExpr>(W))
    return {fieldWritten(Call->getImplicitObjectArgument(), VD), nullptr};
  if (const auto *Call = dyn_cast<CallExpr>(W)) {
    // Each argument that may be written: one field only.
    const FieldDecl *Only = nullptr;
    for (const Expr *Arg : Call->arguments()) {
      const FieldDecl *F = fieldWritten(Arg, VD);
      const Expr *Bare = Arg->IgnoreParenImpCasts();
      const auto *Ref = dyn_cast<DeclRefExpr>(Bare);
      if (Ref && Ref->getDecl() == VD)
        return {};
      if (!F)
        continue;
      if (Only && Only != F)
        return {};
      Only = F;
    }
    return {Only, nullptr};
  }
  return {};
}

/// True when \p W is one of \p Body's own statements.
bool topLevel(const CompoundStmt *Body, const Stmt *W) {
  for (const Stmt *S : Body->body()) {
    if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(S))
      S = Cleanups->getSubExpr();
    if (S == W)
      return true;
  }
  return false;
}

} // namespace

FieldAtRead fieldAt(const VarDecl *VD, const FieldDecl *Field,
                    const FunctionDecl *FD, const FunctionFacts &Writes,
                    const CallExpr *Read, const SourceManager &SM) {
  const auto *Body =
      FD ? dyn_cast_or_null<CompoundStmt>(FD->getBody()) : nullptr;
  if (!VD || !Field || !Body || !Read)
    return {};
  FieldAtRead At{FieldAtRead::Kind::Declared, nullptr};
  const Stmt *Last = nullptr;
  for (const Stmt *W : Writes.writesOf(VD)) {
    if (llvm::any_of(Read->arguments(), [&](const Expr *Arg) {
          return Arg->IgnoreParenImpCasts() == W && isa<UnaryOperator>(W);
        }))
      continue;
    Write Written = writeOf(W, VD);
    if (!Written.Field)
      return {};
    if (Written.Field != Field)
      continue;
    if (!topLevel(Body, W) || !Written.Value)
      return {};
    // An outermost statement after the read does not reach it: a loop
    // around the read is itself one of them, before or after W.
    if (!SM.isBeforeInTranslationUnit(W->getEndLoc(), Read->getBeginLoc()))
      continue;
    if (Last &&
        SM.isBeforeInTranslationUnit(W->getBeginLoc(), Last->getBeginLoc()))
      continue;
    Last = W;
    At = {FieldAtRead::Kind::Assigned, Written.Value};
  }
  return At;
}

} // namespace gpumem::launch
