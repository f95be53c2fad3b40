//===- IntegerValues.cpp - integer expressions, node by node -------------===//
//
// LaneEvaluator's integer visitor: literals, casts, operators, selects,
// references, calls, members and subscripts, each a Visit; the arithmetic
// is the lane algebra's (LaneValue).
//
//===----------------------------------------------------------------------===//
#include "checks/lanes/LaneEvaluator.h"

#include "clang/Basic/TargetInfo.h"

#include <algorithm>

#include "checks/lanes/EvaluatorSupport.h"

#include "checks/cuda/CooperativeGroups.h"
#include "checks/cuda/ConstantInt.h"
#include "checks/cuda/CudaBuiltins.h"
#include "checks/lanes/GroupValues.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtVisitor.h"
#include "llvm/Support/SaveAndRestore.h"

namespace gpumem::lanes {

using namespace clang;
using namespace detail;

/// The integer value of one expression node, one Visit per node kind (the
/// transfer functions of Clang's LiveVariables are the model). It holds no
/// state: what an evaluation needs (frames, pins, caps) is the evaluator's,
/// and every operand goes back through LaneEvaluator::evaluate, which
/// counts depth and steps.
class LaneEvaluator::IntegerVisitor
    : public ConstStmtVisitor<IntegerVisitor, LaneValue> {
public:
  explicit IntegerVisitor(LaneEvaluator &E) : E(E) {}

  LaneValue VisitIntegerLiteral(const IntegerLiteral *IL) {
    return LaneValue::constant(IL->getValue().getSExtValue());
  }
  LaneValue VisitCharacterLiteral(const CharacterLiteral *CL) {
    return LaneValue::constant(CL->getValue());
  }
  LaneValue VisitCXXBoolLiteralExpr(const CXXBoolLiteralExpr *BL) {
    return LaneValue::constant(BL->getValue());
  }
  LaneValue VisitUnaryExprOrTypeTraitExpr(const UnaryExprOrTypeTraitExpr *S) {
    return folded(S);
  }
  LaneValue VisitCXXNoexceptExpr(const CXXNoexceptExpr *S) { return folded(S); }
  LaneValue VisitTypeTraitExpr(const TypeTraitExpr *S) { return folded(S); }
  LaneValue
  VisitSubstNonTypeTemplateParmExpr(const SubstNonTypeTemplateParmExpr *S) {
    return E.evaluate(S->getReplacement());
  }
  LaneValue VisitConstantExpr(const ConstantExpr *CE) {
    if (CE->hasAPValueResult() && CE->getAPValueResult().isInt())
      return LaneValue::constant(CE->getAPValueResult().getInt().getExtValue());
    return E.evaluate(CE->getSubExpr());
  }
  LaneValue VisitCXXDefaultArgExpr(const CXXDefaultArgExpr *Def) {
    return E.evaluate(Def->getExpr());
  }
  LaneValue VisitExprWithCleanups(const ExprWithCleanups *Cleanups) {
    return E.evaluate(Cleanups->getSubExpr());
  }
  LaneValue VisitCastExpr(const CastExpr *Cast) { return E.evaluateCast(Cast); }
  LaneValue VisitBinaryOperator(const BinaryOperator *BO) {
    return E.evaluateBinary(BO);
  }
  LaneValue VisitUnaryOperator(const UnaryOperator *UO) {
    return E.evaluateUnary(UO);
  }
  LaneValue VisitConditionalOperator(const ConditionalOperator *CO) {
    return E.evaluateConditional(CO);
  }
  LaneValue VisitDeclRefExpr(const DeclRefExpr *Ref) {
    if (const auto *ECD = dyn_cast<EnumConstantDecl>(Ref->getDecl()))
      return LaneValue::constant(ECD->getInitVal().getExtValue());
    if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl()))
      return E.evaluateVariable(VD, Ref);
    return LaneValue::unknown(UnknownKind::NotFollowed,
                              "reference the analysis does not follow",
                              E.loc(Ref));
  }
  LaneValue VisitCallExpr(const CallExpr *Call) { return E.evaluateCall(Call); }
  LaneValue VisitMemberExpr(const MemberExpr *ME) {
    return E.evaluateMemberValue(ME);
  }
  LaneValue VisitArraySubscriptExpr(const ArraySubscriptExpr *AS) {
    return E.loadedValue(AS);
  }
  LaneValue VisitStmt(const Stmt *S) {
    return LaneValue::unknown(UnknownKind::NotFollowed,
                              "expression the analysis does not follow",
                              E.loc(S));
  }

private:
  /// sizeof, alignof and the type traits: what Clang folds them to.
  LaneValue folded(const Expr *S) {
    if (auto C = cuda::constantInt(S, E.Ctx))
      return LaneValue::constant(*C);
    return LaneValue::unknown(UnknownKind::NotFollowed,
                              "size that is not a constant", E.loc(S));
  }

  LaneEvaluator &E;
};

LaneValue LaneEvaluator::evaluateImpl(const Expr *E) {
  E = E->IgnoreParens();
  if (E->isValueDependent() || E->isTypeDependent())
    return LaneValue::unknown(UnknownKind::NotFollowed, "dependent expression",
                              loc(E));
  if (auto Builtin = cuda::matchBuiltinIndex(E))
    return builtinValue(*Builtin);
  return IntegerVisitor(*this).Visit(E);
}

LaneValue LaneEvaluator::loadedValue(const Expr *Lvalue) {
  if (std::optional<LaneValue> Loaded = Shared.load(Lvalue))
    return *Loaded;
  // An element of an array field of the kernel's struct parameter.
  if (std::optional<LaneValue> Field = Fields.parameterValue(Lvalue))
    return *Field;
  return LaneValue::unknown(UnknownKind::DataDependent,
                            "index reads memory (data-dependent)", loc(Lvalue));
}

LaneValue LaneEvaluator::evaluateCast(const CastExpr *Cast) {
  switch (Cast->getCastKind()) {
  case CK_IntegralCast:
  case CK_NoOp:
  case CK_LValueToRValue:
  case CK_IntegralToBoolean:
  case CK_UserDefinedConversion:
    break;
  default:
    return LaneValue::unknown(UnknownKind::NotFollowed,
                              "conversion the analysis does not follow",
                              loc(Cast));
  }
  LaneValue V = evaluate(Cast->getSubExpr());
  if (Cast->getCastKind() == CK_IntegralCast)
    return inType(inType(V, Cast->getSubExpr()), Cast->getType(), Cast,
                  /*Converted=*/true);
  if (Cast->getCastKind() != CK_IntegralToBoolean)
    return V;
  auto Lanes = V.asPerLane();
  if (!Lanes)
    return LaneValue::unknown(UnknownKind::SymbolicOperation,
                              "truth value of a symbolic integer", loc(Cast));
  LaneVector B;
  for (unsigned L = 0; L < WarpLanes; ++L)
    B[L] = (*Lanes)[L] != 0;
  return LaneValue::perLane(B);
}

LaneValue LaneEvaluator::evaluateUnary(const UnaryOperator *UO) {
  switch (UO->getOpcode()) {
  case UO_Plus:
    return evaluate(UO->getSubExpr());
  case UO_Minus:
    return -evaluate(UO->getSubExpr());
  case UO_Not:
    return LaneValue::constant(-1) - evaluate(UO->getSubExpr());
  case UO_LNot: {
    auto Mask = evaluateCondition(UO->getSubExpr());
    if (!Mask)
      return LaneValue::unknown(UnknownKind::NotFollowed,
                                "negation of a non-lane condition", loc(UO));
    LaneVector B;
    for (unsigned L = 0; L < WarpLanes; ++L)
      B[L] = !((*Mask >> L) & 1U);
    return LaneValue::perLane(B);
  }
  case UO_Deref:
    return loadedValue(UO);
  default:
    return LaneValue::unknown(UnknownKind::NotFollowed,
                              "operator with side effects in an index",
                              loc(UO));
  }
}

LaneValue LaneEvaluator::evaluateConditional(const ConditionalOperator *CO) {
  const Effects Before = effectsNow();
  LaneValue Cond = evaluate(CO->getCond());
  if (auto C = Cond.asConstant())
    return evaluate(*C ? CO->getTrueExpr() : CO->getFalseExpr());
  auto Lanes = Cond.asPerLane();
  if (!Lanes) {
    LaneValue Unknown = LaneValue::unknown(
        UnknownKind::SymbolicOperation,
        "conditional on a value that is not known per lane", loc(CO));
    if (!warpUniform(CO->getCond()))
      return Unknown;
    // The warp takes one side: the value is one of two it shares.
    LaneValue T = evaluate(CO->getTrueExpr());
    LaneValue F = evaluate(CO->getFalseExpr());
    return Shared.result(Unknown, CO, SharedOperation{CO}, {&T, &F});
  }
  LaneValue T = evaluate(CO->getTrueExpr());
  LaneValue F = evaluate(CO->getFalseExpr());
  const Effects OfSelect = effectsSince(Before);
  if (OfSelect.decidedForFirstWarp()) {
    // The condition (or a select in a side) was decided for the first
    // warp of the block (tid < 16 ? tid : 0), so the value is that warp's:
    // picking per lane between terms in the warp's position would describe
    // no warp.
    std::map<SymbolId, std::int64_t> FirstWarp;
    const bool FirstBlock = OfSelect.decidedForFirstBlock();
    for (const LaneValue *V : {&T, &F})
      for (SymbolId Id : V->symbols())
        if (Symbols[Id].ThreadDerived ||
            (FirstBlock && Symbols[Id].isBlockIndex()))
          FirstWarp[Id] = 0;
    T = T.substitute(FirstWarp);
    F = F.substitute(FirstWarp);
  }
  return LaneValue::select(*Lanes, T, F);
}

LaneValue LaneEvaluator::evaluateMemberValue(const MemberExpr *ME) {
  // A field of a local aggregate or of a kernel's struct parameter.
  if (std::optional<LaneValue> Field = Fields.member(ME))
    return *Field;
  // block.thread_index().y and the other dim3 queries of a group.
  if (const auto *Call =
          dyn_cast<CallExpr>(ME->getBase()->IgnoreParenImpCasts()))
    if (auto CG = cuda::matchCooperativeGroupsCall(Call, Ctx);
        CG && ME->getMemberDecl()->getIdentifier()) {
      StringRef Field = ME->getMemberDecl()->getName();
      if (Field == "x" || Field == "y" || Field == "z")
        return groupQueryValue(*CG, Field[0] - 'x', Geometry, Symbols);
    }
  return loadedValue(ME);
}

LaneValue LaneEvaluator::evaluateBinary(const BinaryOperator *BO) {
  BinaryOperatorKind Op = BO->getOpcode();
  if (Op == BO_Comma)
    return evaluate(BO->getRHS());
  if (BO->isComparisonOp() || BO->isLogicalOp()) {
    auto Mask = evaluateCondition(BO);
    if (!Mask)
      return LaneValue::unknown(UnknownKind::NotFollowed,
                                "condition that is not decided per lane",
                                loc(BO));
    LaneVector B;
    for (unsigned L = 0; L < WarpLanes; ++L)
      B[L] = (*Mask >> L) & 1U;
    return LaneValue::perLane(B);
  }
  if (BO->isAssignmentOp())
    return LaneValue::unknown(UnknownKind::NotFollowed,
                              "assignment inside an index", loc(BO));
  if (BO->getLHS()->getType()->isPointerType() ||
      BO->getRHS()->getType()->isPointerType())
    return LaneValue::unknown(UnknownKind::NotFollowed, "pointer difference",
                              loc(BO));

  LaneValue L = evaluate(BO->getLHS());
  LaneValue R = evaluate(BO->getRHS());
  // +, -, *, <<, &, |, ^ agree with their value modulo 2^32, so an
  // operand that wrapped needs no reduction before them; /, % and >> do
  // not.
  if (Op == BO_Div || Op == BO_Rem || Op == BO_Shr) {
    L = inType(L, BO->getLHS());
    R = inType(R, BO->getRHS());
  }
  std::optional<LaneValue> Result = arithmetic(Op, L, R);
  if (!Result)
    return LaneValue::unknown(UnknownKind::NotFollowed,
                              "operator the analysis does not follow", loc(BO));
  if ((Op == BO_Rem || Op == BO_Div) && Result->isUnknown())
    if (std::optional<LaneValue> NoWrap = Shared.remainderWithoutWrap(BO, L, R))
      return *NoWrap;
  if (Result->isUnknown() && Result->reason().Location == 0)
    Result = LaneValue::unknown(Result->reason().Kind, Result->reason().What,
                                loc(BO));
  return Shared.result(*Result, BO, SharedOperation{nullptr, BO->getOpcode()},
                      {&L, &R});
}

unsigned LaneEvaluator::integerWidth(QualType T) const {
  // The builtin types by their kind: ASTContext::getIntWidth looks the
  // type's layout up, and every subscript and conversion asks.
  if (const auto *BT = dyn_cast<BuiltinType>(T.getTypePtr()))
    switch (BT->getKind()) {
    case BuiltinType::Int:
    case BuiltinType::UInt:
      return Ctx.getTargetInfo().getIntWidth();
    case BuiltinType::LongLong:
    case BuiltinType::ULongLong:
      return Ctx.getTargetInfo().getLongLongWidth();
    case BuiltinType::Long:
    case BuiltinType::ULong:
      return Ctx.getTargetInfo().getLongWidth();
    default:
      break;
    }
  return Ctx.getIntWidth(T);
}

LaneValue LaneEvaluator::inType(LaneValue V, const Expr *Of) const {
  return inType(std::move(V), Of->getType(), Of);
}

LaneValue LaneEvaluator::inType(LaneValue V, QualType T, const Expr *Where,
                                bool Converted) const {
  if (V.isUnknown())
    return V;
  T = T.getNonReferenceType().getCanonicalType();
  if (!T->isIntegralOrEnumerationType() || T->isBooleanType() ||
      T->isDependentType() || (T->isEnumeralType() && !T->isIntegerType()))
    return V;
  const unsigned Width = integerWidth(T);
  if (Width == 0 || Width >= 64)
    return V;
  // Most values are small and non-negative in every lane: in range for
  // the type signed or not, with no more work.
  std::uint64_t Bits = 0;
  for (std::int64_t C : V.laneConstants())
    Bits |= static_cast<std::uint64_t>(C);
  if (Bits >> (Width - 1) == 0)
    return V;
  const bool Signed = T->isSignedIntegerOrEnumerationType();
  const std::int64_t Span = std::int64_t(1) << Width;
  const std::int64_t Low = Signed ? -(Span / 2) : 0;
  const std::int64_t High = Low + Span - 1;
  const LaneVector &K = V.laneConstants();
  const auto [Min, Max] = std::minmax_element(K.begin(), K.end());
  if (*Min >= Low && *Max <= High)
    return V;
  // With symbols in the value, the lanes leave the range for every value
  // of them only when they spread over more than it; otherwise the
  // symbols are taken to bring them back.
  const bool Certain = static_cast<__int128>(*Max) - *Min >= Span;
  if (!V.terms().empty() && !Certain)
    return V;
  // Signed arithmetic that leaves its type is undefined; a conversion to a
  // signed type keeps the low bits, as every CUDA target does.
  if (Signed && !Converted)
    return LaneValue::unknown(UnknownKind::Arithmetic,
                              "the value overflows its " +
                                  std::to_string(Width) + "-bit signed type",
                              loc(Where));
  LaneVector Shift;
  for (unsigned L = 0; L < WarpLanes; ++L) {
    std::int64_t C = K[L] % Span;
    if (C < Low)
      C += Span;
    if (C > High)
      C -= Span;
    Shift[L] = C - K[L];
  }
  return V + LaneValue::perLane(Shift);
}

std::optional<LaneValue> LaneEvaluator::arithmetic(BinaryOperatorKind Op,
                                                   const LaneValue &L,
                                                   const LaneValue &R) {
  switch (Op) {
  case BO_Add:
    return L + R;
  case BO_Sub:
    return L - R;
  case BO_Mul:
    return L * R;
  case BO_Div:
    return L.divide(R);
  case BO_Rem:
    return L.remainder(R);
  case BO_Shl:
    return L.shiftLeft(R);
  case BO_Shr:
    return L.shiftRight(R);
  case BO_And:
    return L.bitAnd(R);
  case BO_Or:
    return L.bitOr(R);
  case BO_Xor:
    return L.bitXor(R);
  default:
    return std::nullopt;
  }
}

} // namespace gpumem::lanes
