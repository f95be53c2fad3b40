//===- EvaluatorSupport.h - helpers the evaluator's files share -*- C++ -*-===//
//
// The evaluator's core is LaneEvaluator (LaneEvaluator.cpp: state,
// effects, pins and variables; IntegerValues.cpp: the integer visitor;
// Conditions.cpp; PointerValues.cpp: the pointer and address visitors;
// AsmAddresses.cpp: addresses held in integers, for inline asm;
// Calls.cpp), and each idiom it follows is a unit of its own
// (LoopVariables, ReassignedValues, WriteCycles, WarpSharedValues,
// AggregateFields); these are the small helpers they have in common.
// Internal to checks/lanes.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_LANES_EVALUATORSUPPORT_H
#define GPUMEM_CHECKS_LANES_EVALUATORSUPPORT_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"

#include <cstdint>

namespace gpumem::lanes::detail {

using namespace clang;

/// \p E without the nodes that only carry an object along.
inline const Expr *objectOf(const Expr *E) {
  while (E) {
    E = E->IgnoreParens();
    if (const auto *C = dyn_cast<ExprWithCleanups>(E))
      E = C->getSubExpr();
    else if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
      E = M->getSubExpr();
    else if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
      E = B->getSubExpr();
    else if (const auto *F = dyn_cast<CXXFunctionalCastExpr>(E);
             F && F->getCastKind() == CK_NoOp)
      E = F->getSubExpr();
    else if (const auto *I = dyn_cast<ImplicitCastExpr>(E);
             I && (I->getCastKind() == CK_NoOp ||
                   I->getCastKind() == CK_ConstructorConversion ||
                   I->getCastKind() == CK_LValueToRValue))
      E = I->getSubExpr();
    else
      return E;
  }
  return E;
}

inline bool isIntegerLike(clang::QualType T) {
  return T->isIntegralOrUnscopedEnumerationType() || T->isBooleanType();
}

/// What a small helper returns: its body is `return e;`, after nothing but
/// declarations: of variables that are not its locals (the `extern
/// __shared__` buffer of the SharedMemory<T> idiom) or of initialised
/// locals, which nothing between them and the return can write (an
/// accessor's `int *rest = strides + 1;`); null otherwise.
inline const clang::Expr *
returnedExpression(const clang::FunctionDecl *Def) {
  const auto *Body =
      dyn_cast_or_null<CompoundStmt>(Def ? Def->getBody() : nullptr);
  if (!Body || Body->body_empty())
    return nullptr;
  for (const Stmt *S : llvm::drop_end(Body->body())) {
    const auto *DS = dyn_cast<DeclStmt>(S);
    if (!DS)
      return nullptr;
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D);
          VD && VD->hasLocalStorage() &&
          (!VD->getInit() || VD->getType().isVolatileQualified()))
        return nullptr;
  }
  const auto *Ret = dyn_cast<ReturnStmt>(Body->body_back());
  return Ret ? Ret->getRetValue() : nullptr;
}

inline bool compareHolds(clang::BinaryOperatorKind Op, std::int64_t A,
                         std::int64_t B) {
  switch (Op) {
  case BO_LT:
    return A < B;
  case BO_LE:
    return A <= B;
  case BO_GT:
    return A > B;
  case BO_GE:
    return A >= B;
  case BO_EQ:
    return A == B;
  case BO_NE:
    return A != B;
  default:
    return false;
  }
}


} // namespace gpumem::lanes::detail

#endif // GPUMEM_CHECKS_LANES_EVALUATORSUPPORT_H
