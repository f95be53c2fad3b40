//===- LaneEvaluator.cpp - Clang expressions to lane values ---------------===//
#include "checks/lanes/LaneEvaluator.h"

#include "checks/lanes/EvaluatorSupport.h"

#include "checks/cuda/CooperativeGroups.h"
#include "checks/cuda/CudaBuiltins.h"
#include "checks/lanes/GroupValues.h"
#include "checks/lanes/ConstantInt.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

namespace gpumem::lanes {

using namespace clang;
using namespace detail;

const FunctionFacts &FunctionCache::factsOf(const FunctionDecl *FD) {
  auto &Slot = Facts[FD];
  if (!Slot)
    Slot = std::make_unique<FunctionFacts>(FD);
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

const FunctionFacts &LaneEvaluator::factsOf(const FunctionDecl *FD) {
  return Functions.factsOf(FD);
}

LaneEvaluator::Effects
LaneEvaluator::effectsSince(const Effects &Before) const {
  return {FirstWarpGuards - Before.FirstWarpGuards,
          FirstBlockGuards - Before.FirstBlockGuards,
          UsedAssumedBounds && !Before.UsedAssumedBounds};
}

void LaneEvaluator::replay(const Effects &Did) {
  if (Did.FirstWarpGuards) {
    GuardOnFirstWarp = true;
    FirstWarpGuards += Did.FirstWarpGuards;
  }
  if (Did.FirstBlockGuards) {
    GuardOnFirstBlock = true;
    FirstBlockGuards += Did.FirstBlockGuards;
  }
  UsedAssumedBounds = UsedAssumedBounds || Did.UsedAssumedBounds;
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
  DepthGuard Guard(Depth);
  return evaluateImpl(E);
}

LaneValue LaneEvaluator::evaluateImpl(const Expr *E) {
  E = E->IgnoreParens();
  if (E->isValueDependent() || E->isTypeDependent())
    return LaneValue::unknown(UnknownKind::NotFollowed, "dependent expression",
                              loc(E));

  if (auto Builtin = cuda::matchBuiltinIndex(E))
    return builtinValue(*Builtin);

  if (const auto *IL = dyn_cast<IntegerLiteral>(E))
    return LaneValue::constant(IL->getValue().getSExtValue());
  if (const auto *CL = dyn_cast<CharacterLiteral>(E))
    return LaneValue::constant(CL->getValue());
  if (const auto *BL = dyn_cast<CXXBoolLiteralExpr>(E))
    return LaneValue::constant(BL->getValue());
  if (isa<UnaryExprOrTypeTraitExpr>(E) || isa<CXXNoexceptExpr>(E) ||
      isa<TypeTraitExpr>(E)) {
    if (auto C = constantInt(E, Ctx))
      return LaneValue::constant(*C);
    return LaneValue::unknown(UnknownKind::NotFollowed,
                              "size that is not a constant", loc(E));
  }
  if (const auto *Subst = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
    return evaluate(Subst->getReplacement());
  if (const auto *CE = dyn_cast<ConstantExpr>(E)) {
    if (CE->hasAPValueResult() && CE->getAPValueResult().isInt())
      return LaneValue::constant(CE->getAPValueResult().getInt().getExtValue());
    return evaluate(CE->getSubExpr());
  }
  if (const auto *Def = dyn_cast<CXXDefaultArgExpr>(E))
    return evaluate(Def->getExpr());
  if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(E))
    return evaluate(Cleanups->getSubExpr());

  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
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
                                loc(E));
    }
    LaneValue V = evaluate(Cast->getSubExpr());
    if (Cast->getCastKind() == CK_IntegralToBoolean) {
      auto Lanes = V.asPerLane();
      if (!Lanes)
        return LaneValue::unknown(UnknownKind::SymbolicOperation,
                                  "truth value of a symbolic integer", loc(E));
      LaneVector B;
      for (unsigned L = 0; L < WarpLanes; ++L)
        B[L] = (*Lanes)[L] != 0;
      return LaneValue::perLane(B);
    }
    return V;
  }

  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return evaluateBinary(BO);

  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    switch (UO->getOpcode()) {
    case UO_Plus:
      return evaluate(UO->getSubExpr());
    case UO_Minus:
      return -evaluate(UO->getSubExpr());
    case UO_Not: {
      LaneValue V = evaluate(UO->getSubExpr());
      return LaneValue::constant(-1) - V;
    }
    case UO_LNot: {
      auto Mask = evaluateCondition(UO->getSubExpr());
      if (!Mask)
        return LaneValue::unknown(UnknownKind::NotFollowed,
                                  "negation of a non-lane condition", loc(E));
      LaneVector B;
      for (unsigned L = 0; L < WarpLanes; ++L)
        B[L] = !((*Mask >> L) & 1U);
      return LaneValue::perLane(B);
    }
    case UO_Deref:
      if (std::optional<LaneValue> Shared = sharedLoad(E))
        return *Shared;
      return LaneValue::unknown(UnknownKind::DataDependent,
                                "index reads memory (data-dependent)", loc(E));
    default:
      return LaneValue::unknown(UnknownKind::NotFollowed,
                                "operator with side effects in an index",
                                loc(E));
    }
  }

  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    unsigned FirstWarpBefore = FirstWarpGuards;
    unsigned FirstBlockBefore = FirstBlockGuards;
    LaneValue Cond = evaluate(CO->getCond());
    if (auto C = Cond.asConstant())
      return evaluate(*C ? CO->getTrueExpr() : CO->getFalseExpr());
    auto Lanes = Cond.asPerLane();
    if (!Lanes) {
      LaneValue Unknown = LaneValue::unknown(
          UnknownKind::SymbolicOperation,
          "conditional on a value that is not known per lane", loc(E));
      if (!warpUniform(CO->getCond()))
        return Unknown;
      // The warp takes one side: the value is one of two it shares.
      LaneValue T = evaluate(CO->getTrueExpr());
      LaneValue F = evaluate(CO->getFalseExpr());
      return sharedResult(Unknown, CO, "?:@" + std::to_string(loc(CO)),
                          {&T, &F});
    }
    LaneValue T = evaluate(CO->getTrueExpr());
    LaneValue F = evaluate(CO->getFalseExpr());
    if (FirstWarpGuards != FirstWarpBefore) {
      // The condition was decided for the first warp of the block
      // (tid < 16 ? tid : 0), so the value is that warp's: picking per lane
      // between terms in the warp's position would describe no warp.
      std::map<SymbolId, std::int64_t> FirstWarp;
      const bool FirstBlock = FirstBlockGuards != FirstBlockBefore;
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

  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    if (const auto *ECD = dyn_cast<EnumConstantDecl>(Ref->getDecl()))
      return LaneValue::constant(ECD->getInitVal().getExtValue());
    if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl()))
      return evaluateVariable(VD, E);
    return LaneValue::unknown(UnknownKind::NotFollowed,
                              "reference the analysis does not follow", loc(E));
  }

  if (const auto *Call = dyn_cast<CallExpr>(E))
    return evaluateCall(Call);

  // A field of a local aggregate or of a kernel's struct parameter.
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    if (std::optional<LaneValue> Field = evaluateMember(ME))
      return *Field;

  // block.thread_index().y and the other dim3 queries of a group.
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    if (const auto *Call =
            dyn_cast<CallExpr>(ME->getBase()->IgnoreParenImpCasts()))
      if (auto CG = cuda::matchCooperativeGroupsCall(Call, Ctx);
          CG && ME->getMemberDecl()->getIdentifier()) {
        StringRef Field = ME->getMemberDecl()->getName();
        if (Field == "x" || Field == "y" || Field == "z")
          return groupQueryValue(*CG, Field[0] - 'x', Geometry, Symbols);
      }

  if (isa<ArraySubscriptExpr>(E) || isa<MemberExpr>(E)) {
    if (std::optional<LaneValue> Shared = sharedLoad(E))
      return *Shared;
    return LaneValue::unknown(UnknownKind::DataDependent,
                              "index reads memory (data-dependent)", loc(E));
  }

  return LaneValue::unknown(UnknownKind::NotFollowed,
                            "expression the analysis does not follow", loc(E));
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
  return sharedResult(*Result, BO, BO->getOpcodeStr(), {&L, &R});
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
  const FunctionFacts *F = Frames.empty() ? nullptr : Frames.back().Facts;
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
      return pinned(LaneValue::symbol(Symbols.intern(VD->getNameAsString())));
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
      if (auto C = constantInt(Init, Ctx))
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
  DepthGuard Guard(Depth);
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
      UsedAssumedBounds = true;
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
  GuardOnFirstWarp = true;
  ++FirstWarpGuards;
  if (Block) {
    // A guard on a global index that lets in blocks after the first (a
    // border, x > 0) is decided for the second, like every block inside
    // the border; one that lets in the first block only (i == 0) is
    // decided for it.
    std::optional<LaneMask> Inside = Holds(Diff.substitute(SecondBlock));
    if (!Inside || *Inside != 0 || Interior)
      return Inside;
    GuardOnFirstBlock = true;
    ++FirstBlockGuards;
  }
  return Holds(Diff.substitute(FirstWarp));
}

} // namespace gpumem::lanes
