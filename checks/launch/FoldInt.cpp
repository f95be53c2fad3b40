//===- FoldInt.cpp --------------------------------------------------------===//
#include "checks/launch/FoldInt.h"

#include "checks/cuda/ConstantInt.h"
#include "checks/cuda/FunctionFacts.h"
#include "checks/cuda/ReachingWrites.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/Support/MathExtras.h"

namespace gpumem::launch {

using namespace gpumem::cuda;

using namespace clang;

namespace {

/// True when \p V is a value of the integer type \p T.
bool fits(std::int64_t V, QualType T, const ASTContext &Ctx) {
  if (T.isNull() || !T->isIntegralOrEnumerationType())
    return false;
  const unsigned Bits = Ctx.getIntWidth(T);
  if (Bits >= 64)
    return !T->isUnsignedIntegerOrEnumerationType() || V >= 0;
  if (T->isUnsignedIntegerOrEnumerationType())
    return V >= 0 && static_cast<std::uint64_t>(V) < (std::uint64_t(1) << Bits);
  const std::int64_t Half = std::int64_t(1) << (Bits - 1);
  return V >= -Half && V < Half;
}

std::optional<std::int64_t> binary(BinaryOperatorKind Op, std::int64_t L,
                                   std::int64_t R, unsigned Bits) {
  std::int64_t Out = 0;
  switch (Op) {
  case BO_Add:
    return llvm::AddOverflow(L, R, Out) ? std::nullopt
                                        : std::optional<std::int64_t>(Out);
  case BO_Sub:
    return llvm::SubOverflow(L, R, Out) ? std::nullopt
                                        : std::optional<std::int64_t>(Out);
  case BO_Mul:
    return llvm::MulOverflow(L, R, Out) ? std::nullopt
                                        : std::optional<std::int64_t>(Out);
  case BO_Div:
  case BO_Rem:
    if (R == 0 || (L == INT64_MIN && R == -1))
      return std::nullopt;
    return Op == BO_Div ? L / R : L % R;
  case BO_Shl:
    if (R < 0 || R >= Bits || L < 0 || R >= 63 || L > (INT64_MAX >> R))
      return std::nullopt;
    return L << R;
  case BO_Shr:
    if (R < 0 || R >= Bits || L < 0)
      return std::nullopt;
    return L >> R;
  case BO_And:
    return L & R;
  case BO_Or:
    return L | R;
  case BO_Xor:
    return L ^ R;
  default:
    return std::nullopt;
  }
}

/// True when every use of \p Array in \p Body reads an element (`a[i]`
/// as a value), walks the elements by value or const reference (`for
/// (int s : a)`) or is not evaluated (`sizeof(a) / sizeof(a[0])`): none
/// writes one or lets the array go where writes are not seen.
bool onlyElementsRead(const VarDecl *Array, const Stmt *Body) {
  struct Uses : RecursiveASTVisitor<Uses> {
    const VarDecl *Array;
    unsigned Refs = 0, Reads = 0;
    explicit Uses(const VarDecl *Array) : Array(Array) {}
    bool shouldVisitLambdaBody() const { return true; }
    // sizeof and alignof only name their operand.
    bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *) {
      return true;
    }
    bool names(const Expr *E) const {
      const auto *Ref =
          E ? dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()) : nullptr;
      return Ref && Ref->getDecl() == Array;
    }
    bool VisitDeclRefExpr(DeclRefExpr *Ref) {
      Refs += Ref->getDecl() == Array;
      return true;
    }
    bool VisitImplicitCastExpr(ImplicitCastExpr *Cast) {
      if (Cast->getCastKind() == CK_LValueToRValue)
        if (const auto *AS = dyn_cast<ArraySubscriptExpr>(
                Cast->getSubExpr()->IgnoreParens()))
          Reads += names(AS->getBase());
      return true;
    }
    bool VisitCXXForRangeStmt(CXXForRangeStmt *Range) {
      const VarDecl *Var = Range->getLoopVariable();
      if (!Var || !names(Range->getRangeInit()))
        return true;
      const QualType T = Var->getType();
      Reads +=
          !T->isReferenceType() || T.getNonReferenceType().isConstQualified();
      return true;
    }
  } Found(Array);
  Found.TraverseStmt(const_cast<Stmt *>(Body));
  return Found.Refs == Found.Reads;
}

} // namespace

std::optional<std::vector<std::int64_t>>
constantElements(const VarDecl *Array, const ASTContext &Ctx) {
  const auto *Type =
      Array ? Ctx.getAsConstantArrayType(Array->getType()) : nullptr;
  const auto *List =
      Array && Array->getInit()
          ? dyn_cast<InitListExpr>(Array->getInit()->IgnoreImplicit())
          : nullptr;
  if (!Type || !List || Array->getType().isVolatileQualified() ||
      !Type->getElementType()->isIntegralOrEnumerationType() ||
      Type->getSize().getZExtValue() != List->getNumInits() ||
      List->getNumInits() == 0)
    return std::nullopt;
  if (!Type->getElementType().isConstQualified()) {
    const auto *Owner =
        Array->hasLocalStorage()
            ? dyn_cast_or_null<FunctionDecl>(Array->getParentFunctionOrMethod())
            : nullptr;
    if (!Owner || !Owner->hasBody() ||
        !onlyElementsRead(Array, Owner->getBody()))
      return std::nullopt;
  }
  std::vector<std::int64_t> Elements;
  for (const Expr *Init : List->inits()) {
    std::optional<std::int64_t> K = constantInt(Init, Ctx);
    if (!K)
      return std::nullopt;
    Elements.push_back(*K);
  }
  return Elements;
}

std::optional<std::int64_t> foldInt(const Expr *E, const ASTContext &Ctx,
                                    KnownVariable Known, unsigned Depth) {
  if (!E || Depth > 16 || E->isValueDependent() ||
      !E->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  if (std::optional<std::int64_t> K = constantInt(E, Ctx))
    return K;
  std::optional<std::int64_t> V;
  E = E->IgnoreParens();
  if (const auto *Cast = dyn_cast<ImplicitCastExpr>(E);
      Cast && (Cast->getCastKind() == CK_LValueToRValue ||
               Cast->getCastKind() == CK_IntegralCast ||
               Cast->getCastKind() == CK_NoOp)) {
    V = foldInt(Cast->getSubExpr(), Ctx, Known, Depth + 1);
  } else if (const auto *Cast = dyn_cast<ExplicitCastExpr>(E);
             Cast && (Cast->getCastKind() == CK_IntegralCast ||
                      Cast->getCastKind() == CK_NoOp)) {
    V = foldInt(Cast->getSubExpr(), Ctx, Known, Depth + 1);
  } else if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl()))
      V = Known(VD);
  } else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    // `steps[i]`: the index first, so Known is asked of the variables it
    // reads (a caller learns which one varies).
    const auto *Ref =
        dyn_cast<DeclRefExpr>(AS->getBase()->IgnoreParenImpCasts());
    const auto *Array = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    std::optional<std::int64_t> Index =
        Array ? foldInt(AS->getIdx(), Ctx, Known, Depth + 1) : std::nullopt;
    if (Index && *Index >= 0)
      if (std::optional<std::vector<std::int64_t>> Elements =
              constantElements(Array, Ctx);
          Elements && static_cast<std::uint64_t>(*Index) < Elements->size())
        V = (*Elements)[*Index];
  } else if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    std::optional<std::int64_t> Sub =
        foldInt(UO->getSubExpr(), Ctx, Known, Depth + 1);
    if (Sub && UO->getOpcode() == UO_Minus && *Sub != INT64_MIN)
      V = -*Sub;
    else if (Sub && UO->getOpcode() == UO_Not)
      V = ~*Sub;
    else if (Sub && UO->getOpcode() == UO_Plus)
      V = Sub;
  } else if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    std::optional<std::int64_t> L =
        foldInt(BO->getLHS(), Ctx, Known, Depth + 1);
    std::optional<std::int64_t> R =
        L ? foldInt(BO->getRHS(), Ctx, Known, Depth + 1) : std::nullopt;
    if (L && R)
      V = binary(BO->getOpcode(), *L, *R, Ctx.getIntWidth(E->getType()));
  } else if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    // The condition is an integer or a comparison of integers.
    std::optional<std::int64_t> C;
    if (const auto *Cmp =
            dyn_cast<BinaryOperator>(CO->getCond()->IgnoreParenImpCasts());
        Cmp && Cmp->isComparisonOp()) {
      std::optional<std::int64_t> L =
          foldInt(Cmp->getLHS(), Ctx, Known, Depth + 1);
      std::optional<std::int64_t> R =
          foldInt(Cmp->getRHS(), Ctx, Known, Depth + 1);
      if (L && R)
        C = comparisonHolds(Cmp->getOpcode(), *L, *R);
    } else {
      C = foldInt(CO->getCond(), Ctx, Known, Depth + 1);
    }
    if (C)
      V = foldInt(*C ? CO->getTrueExpr() : CO->getFalseExpr(), Ctx, Known,
                  Depth + 1);
  }
  if (V && !fits(*V, E->getType(), Ctx))
    return std::nullopt;
  return V;
}

std::optional<std::int64_t> valueAfterWrite(const Stmt *W, const VarDecl *VD,
                                            std::optional<std::int64_t> Before,
                                            const ASTContext &Ctx,
                                            KnownVariable Known) {
  auto IsVD = [&](const Expr *E) {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return Ref && Ref->getDecl() == VD;
  };
  auto Reads = [&](const VarDecl *Read) {
    return Read == VD ? Before : Known(Read);
  };
  const QualType Type = VD->getType();
  std::optional<std::int64_t> After;
  if (const auto *Assign = dyn_cast<BinaryOperator>(W);
      Assign && Assign->getOpcode() == BO_Assign && IsVD(Assign->getLHS())) {
    After = foldInt(Assign->getRHS(), Ctx, Reads);
  } else if (const auto *Compound = dyn_cast<CompoundAssignOperator>(W);
             Compound && IsVD(Compound->getLHS()) && Before) {
    // The operation runs in the computation type (int for a short).
    std::optional<std::int64_t> R = foldInt(Compound->getRHS(), Ctx, Reads);
    const QualType In = Compound->getComputationResultType();
    if (R && fits(*Before, In, Ctx))
      After = binary(
          BinaryOperator::getOpForCompoundAssignment(Compound->getOpcode()),
          *Before, *R, Ctx.getIntWidth(In));
    if (After && !fits(*After, In, Ctx))
      After.reset();
  } else if (const auto *Step = dyn_cast<UnaryOperator>(W);
             Step && Step->isIncrementDecrementOp() &&
             IsVD(Step->getSubExpr()) && Before) {
    After = binary(Step->isIncrementOp() ? BO_Add : BO_Sub, *Before, 1, 64);
  }
  if (After && !fits(*After, Type, Ctx))
    return std::nullopt;
  return After;
}

std::optional<std::int64_t> setOnceValue(const VarDecl *VD,
                                         const ASTContext &Ctx, FactsOf Facts,
                                         unsigned Depth) {
  const Expr *Init = setOnceOwner(VD, Facts) ? VD->getInit() : nullptr;
  if (!Init || Depth > 8)
    return std::nullopt;
  return foldInt(Init, Ctx, [&](const VarDecl *Read) {
    return setOnceValue(Read, Ctx, Facts, Depth + 1);
  });
}

std::optional<std::vector<std::int64_t>>
foldAtEach(const Expr *E, const VarDecl *VD,
           llvm::ArrayRef<std::int64_t> Values, const ASTContext &Ctx,
           KnownVariable Known) {
  std::vector<std::int64_t> Folded;
  for (std::int64_t V : Values) {
    std::optional<std::int64_t> At = foldInt(E, Ctx, [&](const VarDecl *Read) {
      return Read == VD ? std::optional(V) : Known(Read);
    });
    if (!At)
      return std::nullopt;
    if (!llvm::is_contained(Folded, *At))
      Folded.push_back(*At);
  }
  return Folded;
}

/// True when \p E reads \p VD.
static bool readsVariable(const Expr *E, const VarDecl *VD) {
  llvm::SmallVector<const DeclRefExpr *, 2> Reads;
  readsOf(E, VD, Reads);
  return !Reads.empty();
}

bool nonDecreasingIn(const Expr *E, const VarDecl *VD, const ASTContext &Ctx,
                     unsigned Depth) {
  if (!E || Depth > 32)
    return false;
  E = E->IgnoreParens();
  if (!readsVariable(E, VD))
    return true;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    return Ref->getDecl() == VD;
  if (const auto *Cast = dyn_cast<ImplicitCastExpr>(E)) {
    if (Cast->getCastKind() == CK_LValueToRValue ||
        Cast->getCastKind() == CK_NoOp)
      return nonDecreasingIn(Cast->getSubExpr(), VD, Ctx, Depth + 1);
    // A widening that keeps the order: to a type as wide of the same
    // signedness, or from unsigned to a wider signed one (a negative int
    // made unsigned comes out larger than any bound).
    QualType From = Cast->getSubExpr()->getType(), To = Cast->getType();
    if (Cast->getCastKind() != CK_IntegralCast || !From->isIntegerType() ||
        !To->isIntegerType())
      return false;
    const unsigned FromBits = Ctx.getIntWidth(From),
                   ToBits = Ctx.getIntWidth(To);
    const bool Keeps = From->isSignedIntegerType() == To->isSignedIntegerType()
                           ? ToBits >= FromBits
                           : From->isUnsignedIntegerType() && ToBits > FromBits;
    return Keeps && nonDecreasingIn(Cast->getSubExpr(), VD, Ctx, Depth + 1);
  }
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO)
    return false;
  const Expr *L = BO->getLHS(), *R = BO->getRHS();
  auto Constant = [&](const Expr *C) { return constantInt(C, Ctx); };
  switch (BO->getOpcode()) {
  case BO_Add:
    return nonDecreasingIn(L, VD, Ctx, Depth + 1) &&
           nonDecreasingIn(R, VD, Ctx, Depth + 1);
  case BO_Sub:
    // `t - 1` of an unsigned t wraps below 0 to more than any bound.
    return E->getType()->isSignedIntegerType() && !readsVariable(R, VD) &&
           nonDecreasingIn(L, VD, Ctx, Depth + 1);
  case BO_Mul: {
    std::optional<std::int64_t> CL = Constant(L), CR = Constant(R);
    return (CL && *CL >= 0 && nonDecreasingIn(R, VD, Ctx, Depth + 1)) ||
           (CR && *CR >= 0 && nonDecreasingIn(L, VD, Ctx, Depth + 1));
  }
  case BO_Div:
  case BO_Shl:
  case BO_Shr: {
    std::optional<std::int64_t> CR = Constant(R);
    const bool Positive =
        CR && (BO->getOpcode() == BO_Div ? *CR > 0 : *CR >= 0);
    return Positive && nonDecreasingIn(L, VD, Ctx, Depth + 1);
  }
  default:
    return false;
  }
}

bool straightLine(const Stmt *S, unsigned Depth) {
  if (!S)
    return true;
  if (Depth > 64)
    return false;
  if (isa<LambdaExpr>(S))
    return true;
  if (isa<IfStmt, SwitchStmt, ForStmt, WhileStmt, DoStmt, CXXForRangeStmt,
          BreakStmt, ContinueStmt, ReturnStmt, GotoStmt, IndirectGotoStmt,
          AbstractConditionalOperator, CXXThrowExpr, CXXTryStmt>(S))
    return false;
  if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isLogicalOp())
    return false;
  for (const Stmt *Child : S->children())
    if (!straightLine(Child, Depth + 1))
      return false;
  return true;
}

std::optional<std::vector<std::int64_t>>
inductionValues(const InductionLoop &Loop, const VarDecl *VD,
                const ASTContext &Ctx, KnownVariable Known, std::size_t Most) {
  // `for (int s = 1;; s *= 2)` has no condition: no last value.
  const Expr *Cond = Loop.Loop ? Loop.Loop->getCond() : nullptr;
  const auto *Test =
      Cond ? dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts()) : nullptr;
  if (!Test || !Test->isComparisonOp() || !Loop.Init || !Loop.Loop->getInc())
    return std::nullopt;
  std::optional<std::int64_t> Value = foldInt(Loop.Init, Ctx, Known);
  std::vector<std::int64_t> Values;
  while (Value) {
    auto At = [&](const VarDecl *Read) {
      return Read == VD ? Value : Known(Read);
    };
    std::optional<std::int64_t> L = foldInt(Test->getLHS(), Ctx, At);
    std::optional<std::int64_t> R =
        L ? foldInt(Test->getRHS(), Ctx, At) : std::nullopt;
    if (!R)
      return std::nullopt;
    std::optional<bool> Holds = comparisonHolds(Test->getOpcode(), *L, *R);
    if (!Holds)
      return std::nullopt;
    if (!*Holds)
      return Values;
    if (Values.size() == Most)
      return std::nullopt;
    Values.push_back(*Value);
    Value = valueAfterWrite(Loop.Loop->getInc(), VD, Value, Ctx, Known);
  }
  return std::nullopt;
}

} // namespace gpumem::launch
