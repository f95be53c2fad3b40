//===- LaneEvaluator.cpp - Clang expressions to lane values ---------------===//
#include "checks/lanes/LaneEvaluator.h"

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

namespace {

/// Keeps the evaluation depth bounded on deeply nested expressions.
class DepthGuard {
public:
  explicit DepthGuard(unsigned &Depth) : Depth(Depth) { ++Depth; }
  ~DepthGuard() { --Depth; }

private:
  unsigned &Depth;
};

bool isIntegerLike(QualType T) {
  return T->isIntegralOrUnscopedEnumerationType() || T->isBooleanType();
}

/// What a small helper returns: its body is `return e;`, after nothing but
/// declarations of variables that are not its locals (the `extern
/// __shared__` buffer of the SharedMemory<T> idiom); null otherwise.
const Expr *returnedExpression(const FunctionDecl *Def) {
  const auto *Body =
      dyn_cast_or_null<CompoundStmt>(Def ? Def->getBody() : nullptr);
  if (!Body || Body->body_empty())
    return nullptr;
  for (const Stmt *S : llvm::drop_end(Body->body())) {
    const auto *DS = dyn_cast<DeclStmt>(S);
    if (!DS)
      return nullptr;
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D); VD && VD->hasLocalStorage())
        return nullptr;
  }
  const auto *Ret = dyn_cast<ReturnStmt>(Body->body_back());
  return Ret ? Ret->getRetValue() : nullptr;
}

bool compareHolds(BinaryOperatorKind Op, std::int64_t A, std::int64_t B) {
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

} // namespace

LaneEvaluator::LaneEvaluator(ASTContext &Ctx, SymbolTable &Symbols,
                             const ThreadGeometry &Geometry)
    : Ctx(Ctx), Symbols(Symbols), Geometry(Geometry) {}

const FunctionFacts &LaneEvaluator::factsOf(const FunctionDecl *FD) {
  auto &Slot = Facts[FD];
  if (!Slot)
    Slot = std::make_unique<FunctionFacts>(FD);
  return *Slot;
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

LaneValue LaneEvaluator::evaluateLoopVariable(const VarDecl *VD,
                                              const InductionLoop &Loop) {
  auto Cached = LoopValues.find(VD);
  if (Cached != LoopValues.end())
    return pinned(Cached->second);

  // Guard against a loop whose own bounds mention its variable.
  LoopValues[VD] = LaneValue::unknown(
      UnknownKind::Reassigned,
      "loop variable '" + VD->getNameAsString() + "' depends on itself",
      loc(Loop.Loop));
  auto Remember = [&](LaneValue V) {
    LoopValues[VD] = V;
    return pinned(V);
  };

  WriteStep Step = stepOf(Loop.Loop->getInc(), VD);
  if (Step.Kind == StepKind::None)
    return Remember(LaneValue::unknown(UnknownKind::Reassigned,
                                       "loop variable '" +
                                           VD->getNameAsString() +
                                           "' changes in a way the analysis "
                                           "does not follow",
                                       loc(Loop.Loop->getInc())));
  auto SavedPins = Pinned;
  const unsigned SavedGeneration = PinGeneration;
  Pinned.clear();
  PinGeneration = ++PinGenerations;
  LaneValue Init = evaluate(Loop.Init);
  LaneValue Amount = Step.Amount ? evaluate(Step.Amount) : LaneValue::constant(1);
  Pinned = SavedPins;
  PinGeneration = SavedGeneration;
  if (Step.Negate)
    Amount = -Amount;
  if (Init.isUnknown())
    return Remember(Init);
  if (Amount.isUnknown())
    return Remember(Amount);
  if (Amount.kind() == LaneKind::Varying)
    return Remember(LaneValue::unknown(UnknownKind::Reassigned,
                                       "loop variable '" +
                                           VD->getNameAsString() +
                                           "' steps differently per lane",
                                       loc(Loop.Loop->getInc())));

  // Enumerate the values when start, step and bound are numbers (blockDim
  // from the launch or the assumed block size).
  std::vector<std::int64_t> Values;
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      Loop.Loop->getCond() ? Loop.Loop->getCond()->IgnoreParenImpCasts()
                           : nullptr);
  auto Bounds = Geometry.boundsSubstitution();
  auto Start = Init.substitute(Bounds).asConstant();
  auto By = Amount.substitute(Bounds).asConstant();
  if (Cond && Cond->isComparisonOp() && Start && By) {
    bool VarOnLeft = refTo(Cond->getLHS(), VD);
    bool VarOnRight = refTo(Cond->getRHS(), VD);
    if (VarOnLeft != VarOnRight) {
      LaneValue BoundValue =
          evaluate(VarOnLeft ? Cond->getRHS() : Cond->getLHS());
      bool BoundUsesAssumption =
          Geometry.assumesBounds() &&
          BoundValue.asConstant() != BoundValue.substitute(Bounds).asConstant();
      auto Bound = BoundValue.substitute(Bounds).asConstant();
      if (Bound) {
        std::int64_t V = *Start;
        for (unsigned Trip = 0; Trip <= MaxLoopTrips; ++Trip) {
          bool Holds = VarOnLeft ? compareHolds(Cond->getOpcode(), V, *Bound)
                                 : compareHolds(Cond->getOpcode(), *Bound, V);
          if (!Holds)
            break;
          if (Trip == MaxLoopTrips) {
            Values.clear();
            break;
          }
          Values.push_back(V);
          std::int64_t Next = V;
          switch (Step.Kind) {
          case StepKind::Add:
            Next = V + *By;
            break;
          case StepKind::Multiply:
            Next = V * *By;
            break;
          case StepKind::Divide:
            Next = *By ? V / *By : V;
            break;
          case StepKind::ShiftLeft:
            Next = (*By >= 0 && *By < 62) ? V << *By : V;
            break;
          case StepKind::ShiftRight:
            Next = (*By >= 0 && *By < 62) ? V >> *By : V;
            break;
          case StepKind::None:
            break;
          }
          if (Next == V || std::llabs(Next) > (std::int64_t(1) << 40)) {
            Values.clear();
            break;
          }
          V = Next;
        }
        if (!Values.empty() && BoundUsesAssumption)
          UsedAssumedBounds = true;
      }
    }
  }

  SymbolId Id = Symbols.intern(VD->getNameAsString() + "#" +
                               std::to_string(LoopSymbols.size()));
  Symbols[Id].Name = VD->getNameAsString();
  LoopSymbols.push_back(LoopSymbol{VD, Id});
  if (!Values.empty()) {
    Symbols[Id].Values = Values;
    return Remember(LaneValue::symbol(Id));
  }
  // `for (s = n / 2; s > 0; s >>= 1)` with n unknown: its values are not
  // known, but they are the same in every lane that runs an iteration.
  if (Step.Kind != StepKind::Add &&
      (Init.kind() == LaneKind::Constant || Init.kind() == LaneKind::Uniform))
    return Remember(LaneValue::symbol(Id));
  if (Step.Kind != StepKind::Add)
    return Remember(LaneValue::unknown(UnknownKind::Reassigned,
                                       "loop variable '" +
                                           VD->getNameAsString() +
                                           "' is scaled by a bound the "
                                           "analysis cannot enumerate",
                                       loc(Loop.Loop)));
  // init + step * (iterations so far); the symbol counts iterations.
  if (Init.asConstant() == std::optional<std::int64_t>(0) &&
      Amount.asConstant() == std::optional<std::int64_t>(1))
    return Remember(LaneValue::symbol(Id));
  Symbols[Id].Name = "iteration of '" + VD->getNameAsString() + "'";
  return Remember(Init + Amount * LaneValue::symbol(Id));
}

LaneValue LaneEvaluator::evaluateCall(const CallExpr *Call) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee)
    return LaneValue::unknown(UnknownKind::NotFollowed,
                              "call through a pointer", loc(Call));
  if (auto CG = cuda::matchCooperativeGroupsCall(Call, Ctx);
      CG && !cuda::isDim3Query(CG->Query))
    return groupQueryValue(*CG, 0, Geometry, Symbols);
  StringRef Name = Callee->getIdentifier() ? Callee->getName() : "";
  if ((Name == "__mul24" || Name == "__umul24") && Call->getNumArgs() == 2)
    return evaluate(Call->getArg(0)) * evaluate(Call->getArg(1));
  if ((Name == "min" || Name == "max" || Name == "umin" || Name == "umax") &&
      Call->getNumArgs() == 2) {
    LaneValue First = evaluate(Call->getArg(0));
    LaneValue Second = evaluate(Call->getArg(1));
    auto A = First.asPerLane();
    auto B = Second.asPerLane();
    if (!A || !B)
      return sharedResult(
          LaneValue::unknown(UnknownKind::SymbolicOperation,
                             "min/max of symbolic values", loc(Call)),
          Call, Name, {&First, &Second});
    LaneVector R;
    for (unsigned L = 0; L < WarpLanes; ++L)
      R[L] = Name.ends_with("min") ? std::min((*A)[L], (*B)[L])
                                   : std::max((*A)[L], (*B)[L]);
    return LaneValue::perLane(R);
  }
  // constexpr functions of constants.
  if (auto C = constantInt(Call, Ctx))
    return LaneValue::constant(*C);
  // A helper that only returns an expression: inline it.
  const FunctionDecl *Def = nullptr;
  if (Callee->hasBody(Def))
    if (const Expr *Returned = returnedExpression(Def);
        Returned && enterCall(Call)) {
      LaneValue V = evaluate(Returned);
      leaveCall();
      return V;
    }
  return LaneValue::unknown(UnknownKind::NotFollowed,
                            "call to '" + Callee->getNameAsString() +
                                "' the analysis does not follow",
                            loc(Call));
}

bool LaneEvaluator::enterCall(const CallExpr *Call) {
  const FunctionDecl *Callee = Call->getDirectCallee();
  const FunctionDecl *Def = nullptr;
  if (!Callee || !Callee->hasBody(Def) || !Def || Frames.size() >= 8)
    return false;
  for (const Frame &F : Frames)
    if (F.Function == Def)
      return false; // recursion
  // A member operator's first argument is its object.
  const auto *Method = dyn_cast<CXXMethodDecl>(Def);
  const bool Instance = Method && Method->isInstance();
  unsigned Offset = isa<CXXOperatorCallExpr>(Call) && Instance ? 1 : 0;
  if (Call->getNumArgs() < Def->getNumParams() + Offset &&
      !Def->isVariadic()) {
    // Default arguments appear as CXXDefaultArgExpr, so this is a mismatch.
    return false;
  }
  Frame New;
  New.Function = Def;
  New.Facts = &factsOf(Def);
  if (Instance) {
    if (const auto *Member = dyn_cast<CXXMemberCallExpr>(Call)) {
      const Expr *Object = Member->getImplicitObjectArgument();
      if (Object)
        New.This = Object->getType()->isPointerType()
                       ? evaluatePointer(Object)
                       : evaluateAddress(Object);
    } else if (isa<CXXOperatorCallExpr>(Call) && Call->getNumArgs() > 0) {
      New.This = evaluateAddress(Call->getArg(0));
    }
  }
  for (unsigned I = 0; I < Def->getNumParams(); ++I) {
    const ParmVarDecl *P = Def->getParamDecl(I);
    const Expr *Arg = Call->getArg(I + Offset);
    QualType T = P->getType();
    if (T->isPointerType())
      New.Pointers[P] = evaluatePointer(Arg);
    else if (T->isReferenceType() && !isIntegerLike(T.getNonReferenceType()))
      New.Pointers[P] = evaluateAddress(Arg);
    else if (isIntegerLike(T.getNonReferenceType()))
      New.Values[P] = evaluate(Arg);
  }
  Frames.push_back(std::move(New));
  return true;
}

void LaneEvaluator::leaveCall() {
  if (Frames.size() > 1)
    Frames.pop_back();
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
      LaneValue Diff = evaluate(BO->getLHS()) - evaluate(BO->getRHS());
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
          if (compareHolds(BO->getOpcode(), (*Lanes)[L], 0))
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
        if (!Inside || *Inside != 0)
          return Inside;
        GuardOnFirstBlock = true;
        ++FirstBlockGuards;
      }
      return Holds(Diff.substitute(FirstWarp));
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

PointerValue LaneEvaluator::offsetBy(PointerValue P, const LaneValue &Index,
                                     QualType Pointee, const Expr *Where) {
  if (P.isUnknown())
    return P;
  if (Index.isUnknown()) {
    P.Offset = Index;
    return P;
  }
  Pointee = Pointee.getCanonicalType();
  std::int64_t Size = 1;
  if (!Pointee->isVoidType()) {
    if (Pointee->isIncompleteType() || Pointee->isDependentType() ||
        !Pointee->isConstantSizeType())
      return PointerValue::unknown(UnknownKind::NotFollowed,
                                   "element of unknown size", loc(Where));
    Size = Ctx.getTypeSizeInChars(Pointee).getQuantity();
  }
  P.Offset = P.Offset + Index * LaneValue::constant(Size);
  return P;
}

PointerValue LaneEvaluator::pointerVariable(const VarDecl *VD, const Expr *Use) {
  if (const auto *Read = dyn_cast<DeclRefExpr>(Use->IgnoreParens()))
    if (std::optional<PointerValue> Flow = flowValue(VD, Read))
      return *Flow;
  for (auto It = Frames.rbegin(); It != Frames.rend(); ++It)
    if (auto Bound = It->Pointers.find(VD); Bound != It->Pointers.end())
      return Bound->second;
  const FunctionFacts *F = Frames.empty() ? nullptr : Frames.back().Facts;
  if (F && !F->writesOf(VD).empty())
    return PointerValue::unknown(UnknownKind::Reassigned,
                                 "pointer '" + VD->getNameAsString() +
                                     "' is reassigned",
                                 loc(F->writesOf(VD).front()));
  if (isa<ParmVarDecl>(VD)) {
    // Kernel pointer parameters point to global memory (cudaMalloc'd,
    // 256-byte aligned).
    PointerValue P;
    P.Space = MemorySpace::Global;
    P.Base = VD;
    P.Offset = LaneValue::constant(0);
    return P;
  }
  if (VD->hasLocalStorage() && VD->getInit())
    return evaluatePointer(VD->getInit());
  if (std::optional<PointerValue> Shared = sharedPointerLoad(Use))
    return *Shared;
  return PointerValue::unknown(
      UnknownKind::DataDependent,
      "pointer '" + VD->getNameAsString() + "' is read from memory", loc(Use));
}

PointerValue LaneEvaluator::evaluatePointer(const Expr *E) {
  if (!E || Depth >= MaxDepth)
    return PointerValue::unknown(UnknownKind::Limit,
                                 "expression nested too deeply", loc(E));
  if (!takeStep())
    return PointerValue::unknown(UnknownKind::Limit,
                                 "expression too costly to analyse", loc(E));
  DepthGuard Guard(Depth);
  E = E->IgnoreParens();
  if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(E))
    return evaluatePointer(Cleanups->getSubExpr());
  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    switch (Cast->getCastKind()) {
    case CK_ArrayToPointerDecay:
      return evaluateAddress(Cast->getSubExpr());
    case CK_DerivedToBase:
    case CK_UncheckedDerivedToBase:
      return toBase(evaluatePointer(Cast->getSubExpr()), Cast);
    case CK_NoOp:
    case CK_BitCast:
    case CK_AddressSpaceConversion:
    // `T *p = SharedMemory<T>();`: the object's `operator T *()`.
    case CK_UserDefinedConversion:
      return evaluatePointer(Cast->getSubExpr());
    case CK_LValueToRValue:
      if (const auto *Ref = dyn_cast<DeclRefExpr>(
              Cast->getSubExpr()->IgnoreParens()))
        if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl()))
          return pointerVariable(VD, Ref);
      if (std::optional<PointerValue> Shared =
              sharedPointerLoad(Cast->getSubExpr()))
        return *Shared;
      return PointerValue::unknown(UnknownKind::DataDependent,
                                   "pointer is read from memory", loc(E));
    default:
      return PointerValue::unknown(UnknownKind::NotFollowed,
                                   "pointer conversion the analysis does "
                                   "not follow",
                                   loc(E));
    }
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl()))
      return pointerVariable(VD, Ref);
  // The object of a member function entered from its call.
  if (isa<CXXThisExpr>(E)) {
    if (!Frames.empty() && Frames.back().This)
      return *Frames.back().This;
    return PointerValue::unknown(UnknownKind::NotFollowed,
                                 "'this' of a function analysed without its "
                                 "object",
                                 loc(E));
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub) {
      const Expr *Ptr = BO->getLHS(), *Int = BO->getRHS();
      if (!Ptr->getType()->isPointerType())
        std::swap(Ptr, Int);
      if (Ptr->getType()->isPointerType() && !Int->getType()->isPointerType()) {
        LaneValue Index = evaluate(Int);
        if (BO->getOpcode() == BO_Sub)
          Index = -Index;
        return offsetBy(evaluatePointer(Ptr), Index,
                        Ptr->getType()->getPointeeType(), E);
      }
    }
    if (BO->getOpcode() == BO_Comma)
      return evaluatePointer(BO->getRHS());
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == UO_AddrOf)
      return evaluateAddress(UO->getSubExpr());
  // A helper (or conversion operator) that returns a buffer or a cast of
  // one: inlined like integer helpers.
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *Def = nullptr;
    if (const FunctionDecl *Callee = Call->getDirectCallee();
        Callee && Callee->hasBody(Def))
      if (const Expr *Returned = returnedExpression(Def);
          Returned && Returned->getType()->isPointerType() && enterCall(Call)) {
        PointerValue P = evaluatePointer(Returned);
        leaveCall();
        return P;
      }
    return PointerValue::unknown(UnknownKind::NotFollowed,
                                 "pointer returned by a call the analysis "
                                 "does not follow",
                                 loc(E));
  }
  return PointerValue::unknown(UnknownKind::NotFollowed,
                               "pointer expression the analysis does not "
                               "follow",
                               loc(E));
}

PointerValue LaneEvaluator::evaluateAddress(const Expr *E) {
  if (!E || Depth >= MaxDepth)
    return PointerValue::unknown(UnknownKind::Limit,
                                 "expression nested too deeply", loc(E));
  if (!takeStep())
    return PointerValue::unknown(UnknownKind::Limit,
                                 "expression too costly to analyse", loc(E));
  DepthGuard Guard(Depth);
  E = E->IgnoreParens();
  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    if (Cast->getCastKind() == CK_NoOp ||
        Cast->getCastKind() == CK_LValueBitCast)
      return evaluateAddress(Cast->getSubExpr());
    if (Cast->getCastKind() == CK_UncheckedDerivedToBase ||
        Cast->getCastKind() == CK_DerivedToBase)
      return toBase(evaluateAddress(Cast->getSubExpr()), Cast);
  }
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
    return offsetBy(evaluatePointer(AS->getBase()), evaluate(AS->getIdx()),
                    AS->getType(), E);
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->getOpcode() == UO_Deref)
      return evaluatePointer(UO->getSubExpr());
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    PointerValue P = ME->isArrow() ? evaluatePointer(ME->getBase())
                                   : evaluateAddress(ME->getBase());
    if (P.isUnknown())
      return P;
    auto AddField = [&](const FieldDecl *FD) {
      if (FD->isBitField() || FD->getParent()->isInvalidDecl())
        return false;
      const ASTRecordLayout &Layout = Ctx.getASTRecordLayout(FD->getParent());
      P.Offset = P.Offset + LaneValue::constant(static_cast<std::int64_t>(
                                Layout.getFieldOffset(FD->getFieldIndex()) /
                                Ctx.getCharWidth()));
      return true;
    };
    if (const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl())) {
      if (!AddField(FD))
        return PointerValue::unknown(UnknownKind::NotFollowed, "bit-field",
                                     loc(E));
      return P;
    }
    if (const auto *IFD = dyn_cast<IndirectFieldDecl>(ME->getMemberDecl())) {
      for (const NamedDecl *ND : IFD->chain())
        if (const auto *FD = dyn_cast<FieldDecl>(ND); !FD || !AddField(FD))
          return PointerValue::unknown(UnknownKind::NotFollowed,
                                       "member the analysis does not follow",
                                       loc(E));
      return P;
    }
    return PointerValue::unknown(UnknownKind::NotFollowed,
                                 "member the analysis does not follow", loc(E));
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
    if (!VD)
      return PointerValue::unknown(UnknownKind::NotFollowed, "not a variable",
                                   loc(E));
    for (auto It = Frames.rbegin(); It != Frames.rend(); ++It)
      if (auto Bound = It->Pointers.find(VD); Bound != It->Pointers.end())
        return Bound->second;
    PointerValue P;
    P.Base = VD;
    P.Offset = LaneValue::constant(0);
    if (cuda::isSharedVariable(VD))
      P.Space = MemorySpace::Shared;
    else if (cuda::isConstantVariable(VD))
      P.Space = MemorySpace::Constant;
    else if (cuda::isDeviceGlobalVariable(VD))
      P.Space = MemorySpace::Global;
    else if (VD->getType()->isReferenceType() && VD->getInit() &&
             VD->hasLocalStorage())
      return evaluateAddress(VD->getInit());
    else if (VD->hasLocalStorage())
      P.Space = MemorySpace::Local;
    else
      return PointerValue::unknown(UnknownKind::NotFollowed,
                                   "variable in an unknown memory space",
                                   loc(E));
    return P;
  }
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E)) {
    // A value bound to a const reference (f(x.upper()), f(make_float4(..)))
    // is a temporary of the thread's own.
    if (!MT->getSubExpr()->isGLValue()) {
      PointerValue P;
      P.Space = MemorySpace::Local;
      P.Offset = LaneValue::constant(0);
      return P;
    }
    return evaluateAddress(MT->getSubExpr());
  }
  // A helper returning a reference (a getter's `return low;`): inlined.
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *Def = nullptr;
    if (const FunctionDecl *Callee = Call->getDirectCallee();
        Callee && Callee->hasBody(Def))
      if (const Expr *Returned = returnedExpression(Def);
          Returned && Returned->isGLValue() && enterCall(Call)) {
        PointerValue P = evaluateAddress(Returned);
        leaveCall();
        return P;
      }
  }
  return PointerValue::unknown(UnknownKind::NotFollowed,
                               "lvalue the analysis does not follow", loc(E));
}

PointerValue LaneEvaluator::toBase(PointerValue P, const CastExpr *Cast) {
  if (P.isUnknown())
    return P;
  QualType From = Cast->getSubExpr()->getType();
  if (From->isPointerType())
    From = From->getPointeeType();
  const CXXRecordDecl *Derived = From->getAsCXXRecordDecl();
  for (const CXXBaseSpecifier *Base : Cast->path()) {
    const CXXRecordDecl *BaseDecl = Base->getType()->getAsCXXRecordDecl();
    if (!Derived || !BaseDecl || Base->isVirtual() ||
        !Derived->hasDefinition() || Derived->isInvalidDecl())
      return PointerValue::unknown(UnknownKind::NotFollowed,
                                   "virtual or unknown base class",
                                   loc(Cast));
    const ASTRecordLayout &Layout = Ctx.getASTRecordLayout(Derived);
    P.Offset = P.Offset + LaneValue::constant(
                              Layout.getBaseClassOffset(BaseDecl).getQuantity());
    Derived = BaseDecl;
  }
  return P;
}

} // namespace gpumem::lanes
