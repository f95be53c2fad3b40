//===- LaneEvaluator.cpp - Clang expressions to lane values ---------------===//
#include "checks/lanes/LaneEvaluator.h"

#include "checks/lanes/EvaluatorSupport.h"

#include "checks/cuda/CooperativeGroups.h"
#include "checks/cuda/CudaBuiltins.h"
#include "checks/lanes/GroupValues.h"
#include "checks/cuda/ConstantInt.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/StmtVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/SaveAndRestore.h"

namespace gpumem::lanes {

using namespace clang;
using namespace detail;

const cuda::FunctionFacts &FunctionCache::factsOf(const FunctionDecl *FD) {
  auto &Slot = Facts[FD];
  if (!Slot)
    Slot = std::make_unique<cuda::FunctionFacts>(FD);
  return *Slot;
}

const ReachingWrites &FunctionCache::flowOf(const FunctionDecl *FD,
                                            ASTContext &Ctx) {
  auto &Slot = Flows[FD];
  if (!Slot)
    Slot = std::make_unique<ReachingWrites>(FD, Ctx, factsOf(FD));
  return *Slot;
}

LaneEvaluator::LaneEvaluator(ASTContext &Ctx, SymbolTable &Symbols,
                             const ThreadGeometry &Geometry,
                             FunctionCache *Cache)
    : Ctx(Ctx), Symbols(Symbols), Geometry(Geometry),
      Functions(Cache ? *Cache : OwnCache) {}

const cuda::FunctionFacts &LaneEvaluator::factsOf(const FunctionDecl *FD) {
  return Functions.factsOf(FD);
}

LaneEvaluator::Effects
LaneEvaluator::effectsSince(const Effects &Before) const {
  return {Did.FirstWarpGuards - Before.FirstWarpGuards,
          Did.FirstBlockGuards - Before.FirstBlockGuards,
          Did.UsedAssumedBounds && !Before.UsedAssumedBounds};
}

void LaneEvaluator::replay(const Effects &Again) {
  Did.FirstWarpGuards += Again.FirstWarpGuards;
  Did.FirstBlockGuards += Again.FirstBlockGuards;
  Did.UsedAssumedBounds = Did.UsedAssumedBounds || Again.UsedAssumedBounds;
}

LaneEvaluator::PinScope::PinScope(LaneEvaluator &E,
                                  std::map<SymbolId, std::int64_t> Values)
    : E(E), SavedPins(std::move(Values)), SavedGeneration(E.PinGeneration) {
  std::swap(E.Pinned, SavedPins);
  E.PinGeneration = ++E.PinGenerations;
}

LaneEvaluator::PinScope::~PinScope() {
  E.Pinned = std::move(SavedPins);
  E.PinGeneration = SavedGeneration;
}

bool LaneEvaluator::takeStep() {
  if (Depth == 0)
    QuerySteps = 0;
  return ++QuerySteps <= MaxQuerySteps && ++KernelSteps <= MaxKernelSteps;
}

std::uint64_t LaneEvaluator::loc(const Stmt *S) const {
  return S ? S->getBeginLoc().getRawEncoding() : 0;
}

void LaneEvaluator::enterKernel(const FunctionDecl *FD) {
  Frames.clear();
  Frame Kernel;
  Kernel.Function = FD;
  Kernel.Facts = &factsOf(FD);
  Frames.push_back(std::move(Kernel));
}

bool LaneEvaluator::bindKernelArgument(const ParmVarDecl *P,
                                       std::int64_t Value) {
  if (Frames.empty() || !P ||
      !isIntegerLike(P->getType().getNonReferenceType()) ||
      P->getType()->isReferenceType() ||
      (Frames.front().Facts && !Frames.front().Facts->writesOf(P).empty()))
    return false;
  Frames.front().Values[P] = LaneValue::constant(Value);
  return true;
}

const FunctionDecl *LaneEvaluator::currentFunction() const {
  return Frames.empty() ? nullptr : Frames.back().Function;
}

const VarDecl *LaneEvaluator::loopVariableOf(SymbolId Id) const {
  for (const LoopSymbol &S : LoopSymbols)
    if (S.Id == Id)
      return S.Var;
  return nullptr;
}

LaneValue LaneEvaluator::pinned(LaneValue V) const {
  return Pinned.empty() ? V : V.substitute(Pinned);
}

LaneValue LaneEvaluator::evaluate(const Expr *E) {
  if (!E)
    return LaneValue::unknown(UnknownKind::NotFollowed, "missing expression");
  if (Depth >= MaxDepth)
    return LaneValue::unknown(UnknownKind::Limit,
                              "expression nested too deeply", loc(E));
  if (!takeStep())
    return LaneValue::unknown(UnknownKind::Limit,
                              "expression too costly to analyse", loc(E));
  llvm::SaveAndRestore Deeper(Depth, Depth + 1);
  return evaluateImpl(E);
}

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
  if (std::optional<LaneValue> Shared = sharedLoad(Lvalue))
    return *Shared;
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
    return sharedResult(Unknown, CO, SharedOperation{CO}, {&T, &F});
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
  if (std::optional<LaneValue> Field = evaluateMember(ME))
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
  std::optional<LaneValue> Result = arithmetic(Op, L, R);
  if (!Result)
    return LaneValue::unknown(UnknownKind::NotFollowed,
                              "operator the analysis does not follow", loc(BO));
  if (Result->isUnknown() && Result->reason().Location == 0)
    Result = LaneValue::unknown(Result->reason().Kind, Result->reason().What,
                                loc(BO));
  return sharedResult(*Result, BO, SharedOperation{nullptr, BO->getOpcode()},
                      {&L, &R});
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

LaneValue LaneEvaluator::evaluateVariable(const VarDecl *VD, const Expr *Use) {
  if (!isIntegerLike(VD->getType().getNonReferenceType()))
    return LaneValue::unknown(
        UnknownKind::NotFollowed,
        "'" + VD->getNameAsString() + "' is not an integer", loc(Use));
  const cuda::FunctionFacts *F = Frames.empty() ? nullptr : Frames.back().Facts;
  if (VD->hasLocalStorage() && F && F->inductionLoopOf(VD))
    return evaluateLoopVariable(VD, *F->inductionLoopOf(VD));
  // Written more than once: the writes that reach this read.
  if (const auto *Read = dyn_cast<DeclRefExpr>(Use->IgnoreParens()))
    if (std::optional<PointerValue> Flow = flowValue(VD, Read))
      return Flow->Offset;
  // Parameters bound by an inlined call.
  for (auto It = Frames.rbegin(); It != Frames.rend(); ++It)
    if (auto Bound = It->Values.find(VD); Bound != It->Values.end())
      return Bound->second;

  if (VD->hasLocalStorage()) {
    // Written in a way the reaching writes do not follow (its address
    // taken, a read inside a lambda).
    if (F && !F->writesOf(VD).empty())
      return LaneValue::unknown(UnknownKind::Reassigned,
                                "'" + VD->getNameAsString() + "' is reassigned",
                                loc(F->writesOf(VD).front()));
    if (isa<ParmVarDecl>(VD)) {
      // A kernel parameter: the same in every lane of every warp.
      return pinned(LaneValue::symbol(Symbols.intern(
          SymbolKey{SymbolKind::Parameter, VD, nullptr, 0, {}},
          VD->getNameAsString())));
    }
    if (VD->getType().getNonReferenceType().isVolatileQualified())
      return LaneValue::unknown(UnknownKind::NotFollowed, "volatile variable",
                                loc(Use));
    if (const Expr *Init = VD->getInit())
      return evaluateLocal(VD, Init);
    return LaneValue::unknown(
        UnknownKind::NotFollowed,
        "'" + VD->getNameAsString() + "' has no initializer", loc(Use));
  }
  // Namespace-scope or static: only constants are followed.
  if (VD->getType().isConstQualified() || VD->isConstexpr()) {
    if (const Expr *Init = VD->getAnyInitializer()) {
      if (auto C = cuda::constantInt(Init, Ctx))
        return LaneValue::constant(*C);
      return evaluate(Init);
    }
  }
  if (std::optional<LaneValue> Shared = sharedLoad(Use))
    return *Shared;
  return LaneValue::unknown(
      UnknownKind::DataDependent,
      "index reads memory ('" + VD->getNameAsString() + "')", loc(Use));
}

LaneValue LaneEvaluator::evaluateLocal(const VarDecl *VD, const Expr *Init) {
  if (Frames.empty())
    return evaluate(Init);
  // Frames may grow while the initializer is evaluated (inlined calls):
  // hold the index, not a reference.
  const std::size_t FrameIndex = Frames.size() - 1;
  if (const LaneValue *Known = recall(Frames[FrameIndex].Locals, VD))
    return *Known;
  const Effects Before = effectsNow();
  LaneValue V = evaluate(Init);
  remember(Frames[FrameIndex].Locals, VD, V, Before);
  return V;
}

std::optional<LaneMask> LaneEvaluator::evaluateCondition(const Expr *Cond) {
  if (!Cond || Depth >= MaxDepth || !takeStep())
    return std::nullopt;
  llvm::SaveAndRestore Deeper(Depth, Depth + 1);
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(Cond);
      UO && UO->getOpcode() == UO_LNot) {
    auto M = evaluateCondition(UO->getSubExpr());
    if (!M)
      return std::nullopt;
    return ~*M & AllLanes;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(Cond)) {
    if (BO->getOpcode() == BO_LAnd || BO->getOpcode() == BO_LOr) {
      auto L = evaluateCondition(BO->getLHS());
      auto R = evaluateCondition(BO->getRHS());
      if (BO->getOpcode() == BO_LAnd) {
        // A guard the lanes share (n > 0) leaves the other side in charge.
        if (!L)
          return R;
        if (!R)
          return L;
        return *L & *R;
      }
      if (!L || !R)
        return std::nullopt;
      return *L | *R;
    }
    if (BO->isComparisonOp()) {
      if (BO->getLHS()->getType()->isPointerType() ||
          !BO->getLHS()->getType()->isIntegralOrEnumerationType() ||
          !BO->getRHS()->getType()->isIntegralOrEnumerationType())
        return std::nullopt;
      return compareLanes(BO->getOpcode(),
                          evaluate(BO->getLHS()) - evaluate(BO->getRHS()));
    }
  }
  if (Cond->getType()->isIntegralOrEnumerationType() &&
      !Cond->getType()->isBooleanType()) {
    auto Lanes = evaluate(Cond).asPerLane();
    if (!Lanes)
      return std::nullopt;
    LaneMask M = 0;
    for (unsigned L = 0; L < WarpLanes; ++L)
      if ((*Lanes)[L] != 0)
        M |= 1ULL << L;
    return M;
  }
  if (const auto *Lit = dyn_cast<CXXBoolLiteralExpr>(Cond))
    return Lit->getValue() ? AllLanes : 0;
  return std::nullopt;
}

LaneEvaluator::DecidedCondition
LaneEvaluator::decideCondition(const Expr *Cond) {
  const Effects Before = effectsNow();
  std::optional<LaneMask> Lanes = evaluateCondition(Cond);
  return {Lanes, effectsSince(Before)};
}

std::optional<LaneMask> LaneEvaluator::compareLanes(BinaryOperatorKind Op,
                                                    LaneValue Diff,
                                                    bool Interior) {
  if (Diff.isUnknown())
    return std::nullopt;
  if (!Diff.terms().empty() && Geometry.assumesBounds()) {
    // blockDim in a guard (index < blockDim.x) takes the assumed size,
    // as loop bounds do.
    auto Bounds = Geometry.boundsSubstitution();
    bool MentionsBlockDim = false;
    for (SymbolId Id : Diff.symbols())
      MentionsBlockDim |= Bounds.count(Id) > 0;
    if (MentionsBlockDim) {
      Diff = Diff.substitute(Bounds);
      Did.UsedAssumedBounds = true;
    }
  }
  auto Holds = [&](const LaneValue &V) -> std::optional<LaneMask> {
    auto Lanes = V.asPerLane();
    if (!Lanes)
      return std::nullopt;
    LaneMask M = 0;
    for (unsigned L = 0; L < WarpLanes; ++L)
      if (compareHolds(Op, (*Lanes)[L], 0))
        M |= 1ULL << L;
    return M;
  };
  if (Diff.terms().empty())
    return Holds(Diff);
  // Guards on the thread index are decided for the first warp (its row
  // and warp symbols at 0); anything else is lane-uniform.
  std::map<SymbolId, std::int64_t> FirstWarp, SecondBlock;
  bool Block = false;
  for (SymbolId Id : Diff.symbols()) {
    if (!Symbols[Id].ThreadDerived && !Symbols[Id].isBlockIndex())
      return std::nullopt;
    Block |= Symbols[Id].isBlockIndex();
    FirstWarp[Id] = 0;
    SecondBlock[Id] = Symbols[Id].isBlockIndex() ? 1 : 0;
  }
  ++Did.FirstWarpGuards;
  if (Block) {
    // A guard on a global index that lets in blocks after the first (a
    // border, x > 0) is decided for the second, like every block inside
    // the border; one that lets in the first block only (i == 0) is
    // decided for it.
    std::optional<LaneMask> Inside = Holds(Diff.substitute(SecondBlock));
    if (!Inside || *Inside != 0 || Interior)
      return Inside;
    ++Did.FirstBlockGuards;
  }
  return Holds(Diff.substitute(FirstWarp));
}

} // namespace gpumem::lanes
