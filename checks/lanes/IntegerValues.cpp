//===- IntegerValues.cpp - integer expressions, node by node -------------===//
//
// The integer visitor: literals, casts, operators, selects, references,
// calls, members and subscripts, each a Visit that does the work and
// returns the value; the arithmetic is the lane algebra's (LaneValue).
// Operands go back through EvaluatorCore::evaluate, which counts depth and
// steps.
//
//===----------------------------------------------------------------------===//
#include "checks/lanes/EvaluatorCore.h"

#include "checks/lanes/EvaluatorSupport.h"

#include "checks/cuda/ConstantInt.h"
#include "checks/cuda/CooperativeGroups.h"
#include "checks/cuda/CudaBuiltins.h"
#include "checks/lanes/GroupValues.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtVisitor.h"
#include "clang/Basic/TargetInfo.h"
#include "llvm/Support/SaveAndRestore.h"

#include <algorithm>

namespace gpumem::lanes {

using namespace clang;
using namespace detail;

namespace {

/// CUDA's functions that reinterpret a value's bits as another type
/// (__float_as_int), as written or as Clang's CUDA headers call them
/// (__nv_float_as_int).
bool isBitReinterpretation(StringRef Name) {
  Name.consume_front("__nv_");
  Name.consume_front("__");
  return Name == "float_as_int" || Name == "float_as_uint" ||
         Name == "int_as_float" || Name == "uint_as_float" ||
         Name == "double_as_longlong" || Name == "longlong_as_double";
}

/// A lane mask as a value: 1 in the lanes of \p Mask, 0 elsewhere.
LaneValue maskValue(LaneMask Mask) {
  LaneVector B;
  for (unsigned L = 0; L < WarpLanes; ++L)
    B[L] = (Mask >> L) & 1U;
  return LaneValue::perLane(B);
}

/// The integer value of one expression node, one Visit per node kind (the
/// transfer functions of Clang's LiveVariables are the model). Each Visit
/// does the work; what an evaluation shares (frames, pins, caps, effects)
/// is the core's.
class IntegerVisitor : public ConstStmtVisitor<IntegerVisitor, LaneValue> {
public:
  explicit IntegerVisitor(EvaluatorCore &Core) : Core(Core) {}

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
    return Core.evaluate(S->getReplacement());
  }
  LaneValue VisitConstantExpr(const ConstantExpr *CE) {
    if (CE->hasAPValueResult() && CE->getAPValueResult().isInt())
      return LaneValue::constant(CE->getAPValueResult().getInt().getExtValue());
    return Core.evaluate(CE->getSubExpr());
  }
  LaneValue VisitCXXDefaultArgExpr(const CXXDefaultArgExpr *Def) {
    return Core.evaluate(Def->getExpr());
  }
  LaneValue VisitExprWithCleanups(const ExprWithCleanups *Cleanups) {
    return Core.evaluate(Cleanups->getSubExpr());
  }
  LaneValue VisitCastExpr(const CastExpr *Cast);
  LaneValue VisitBinaryOperator(const BinaryOperator *BO);
  LaneValue VisitUnaryOperator(const UnaryOperator *UO);
  LaneValue VisitConditionalOperator(const ConditionalOperator *CO);
  LaneValue VisitDeclRefExpr(const DeclRefExpr *Ref) {
    if (const auto *ECD = dyn_cast<EnumConstantDecl>(Ref->getDecl()))
      return LaneValue::constant(ECD->getInitVal().getExtValue());
    if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl()))
      return variable(VD, Ref);
    return LaneValue::unknown(UnknownKind::NotFollowed,
                              "reference the analysis does not follow",
                              Core.loc(Ref));
  }
  LaneValue VisitCallExpr(const CallExpr *Call);
  LaneValue VisitMemberExpr(const MemberExpr *ME);
  LaneValue VisitArraySubscriptExpr(const ArraySubscriptExpr *AS) {
    return loaded(AS);
  }
  LaneValue VisitStmt(const Stmt *S) {
    return LaneValue::unknown(UnknownKind::NotFollowed,
                              "expression the analysis does not follow",
                              Core.loc(S));
  }

private:
  EvaluatorCore &Core;

  /// sizeof, alignof and the type traits: what Clang folds them to.
  LaneValue folded(const Expr *S) {
    if (auto K = cuda::constantInt(S, Core.Ctx))
      return LaneValue::constant(*K);
    return LaneValue::unknown(UnknownKind::NotFollowed,
                              "size that is not a constant", Core.loc(S));
  }
  /// The value \p Lvalue loads: a shared load's, else data-dependent.
  LaneValue loaded(const Expr *Lvalue);
  LaneValue variable(const VarDecl *VD, const Expr *Use);
  /// A local variable read (its loop's symbol, its reaching writes, its
  /// initializer), or a kernel parameter's symbol.
  LaneValue local(const VarDecl *VD, const Expr *Use);
  /// min/max (and umin/umax) of a call's two arguments.
  LaneValue minOrMax(const CallExpr *Call, bool Min);
};

} // namespace

LaneValue EvaluatorCore::evaluate(const Expr *E) {
  if (!E)
    return LaneValue::unknown(UnknownKind::NotFollowed, "missing expression");
  if (Guard.tooDeep(Depth, MaxDepth, MaxStackBytes))
    return LaneValue::unknown(UnknownKind::Limit,
                              "expression nested too deeply", loc(E));
  if (!takeStep())
    return LaneValue::unknown(UnknownKind::Limit,
                              "expression too costly to analyse", loc(E));
  llvm::SaveAndRestore Deeper(Depth, Depth + 1);
  E = E->IgnoreParens();
  if (E->isValueDependent() || E->isTypeDependent())
    return LaneValue::unknown(UnknownKind::NotFollowed, "dependent expression",
                              loc(E));
  if (auto Builtin = cuda::matchBuiltinIndex(E))
    return pinned(builtinValue(*Builtin, Geometry));
  return IntegerVisitor(*this).Visit(E);
}

LaneValue EvaluatorCore::evaluateLocal(const VarDecl *VD, const Expr *Init) {
  if (Frames.empty())
    return evaluate(Init);
  // Frames may grow while the initializer is evaluated (inlined calls):
  // hold the index, not a reference.
  const std::size_t FrameIndex = Frames.size() - 1;
  if (const LaneValue *Known = recall(Frames[FrameIndex].Locals, VD))
    return *Known;
  Evaluated<LaneValue> V = collect([&] { return evaluate(Init); });
  remember(Frames[FrameIndex].Locals, VD, V);
  return std::move(V.Value);
}

LaneValue detail::builtinValue(cuda::BuiltinIndex Builtin,
                               const ThreadGeometry &G) {
  switch (Builtin.Var) {
  case cuda::BuiltinVar::ThreadIdx:
    return G.threadIdx(Builtin.Axis);
  case cuda::BuiltinVar::BlockIdx:
    return G.blockIdx(Builtin.Axis);
  case cuda::BuiltinVar::BlockDim:
    return G.blockDim(Builtin.Axis);
  case cuda::BuiltinVar::GridDim:
    return G.gridDim(Builtin.Axis);
  }
  return LaneValue::unknown(UnknownKind::NotFollowed, "builtin variable");
}

LaneValue IntegerVisitor::loaded(const Expr *Lvalue) {
  if (std::optional<LaneValue> Loaded = Core.Uniform.load(Lvalue))
    return *Loaded;
  // An element of the thread's own array of offsets.
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Lvalue->IgnoreParens()))
    if (std::optional<PointerValue> Element = Core.Arrays.element(AS))
      return Element->Offset;
  // An element of an array field of the kernel's struct parameter.
  if (std::optional<LaneValue> Field = Core.Fields.parameterValue(Lvalue))
    return *Field;
  return LaneValue::unknown(UnknownKind::DataDependent,
                            "index reads memory (data-dependent)",
                            Core.loc(Lvalue));
}

LaneValue IntegerVisitor::VisitCastExpr(const CastExpr *Cast) {
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
                              Core.loc(Cast));
  }
  LaneValue V = Core.evaluate(Cast->getSubExpr());
  if (Cast->getCastKind() == CK_IntegralCast)
    return inType(inType(V, Cast->getSubExpr(), Core.Ctx), Cast->getType(),
                  Cast, Core.Ctx, /*Converted=*/true);
  if (Cast->getCastKind() != CK_IntegralToBoolean)
    return V;
  auto Lanes = V.asPerLane();
  if (!Lanes)
    return LaneValue::unknown(UnknownKind::SymbolicOperation,
                              "truth value of a symbolic integer",
                              Core.loc(Cast));
  LaneVector B;
  for (unsigned L = 0; L < WarpLanes; ++L)
    B[L] = (*Lanes)[L] != 0;
  return LaneValue::perLane(B);
}

LaneValue IntegerVisitor::VisitUnaryOperator(const UnaryOperator *UO) {
  switch (UO->getOpcode()) {
  case UO_Plus:
    return Core.evaluate(UO->getSubExpr());
  case UO_Minus:
    return -Core.evaluate(UO->getSubExpr());
  case UO_Not:
    return LaneValue::constant(-1) - Core.evaluate(UO->getSubExpr());
  case UO_LNot: {
    auto Mask = Core.evaluateCondition(UO->getSubExpr());
    if (!Mask)
      return LaneValue::unknown(UnknownKind::NotFollowed,
                                "negation of a non-lane condition",
                                Core.loc(UO));
    return maskValue(~*Mask & AllLanes);
  }
  case UO_Deref:
    return loaded(UO);
  default:
    return LaneValue::unknown(UnknownKind::NotFollowed,
                              "operator with side effects in an index",
                              Core.loc(UO));
  }
}

LaneValue
IntegerVisitor::VisitConditionalOperator(const ConditionalOperator *CO) {
  Evaluated<LaneValue> Cond =
      Core.collect([&] { return Core.evaluate(CO->getCond()); });
  if (auto Known = Cond.Value.asConstant())
    return Core.evaluate(*Known ? CO->getTrueExpr() : CO->getFalseExpr());
  auto Lanes = Cond.Value.asPerLane();
  if (!Lanes) {
    LaneValue Unknown = LaneValue::unknown(
        UnknownKind::SymbolicOperation,
        "conditional on a value that is not known per lane", Core.loc(CO));
    if (!Core.warpUniform(CO->getCond()))
      return Unknown;
    // The warp takes one side: the value is one of two it shares.
    LaneValue T = Core.evaluate(CO->getTrueExpr());
    LaneValue F = Core.evaluate(CO->getFalseExpr());
    return Core.Uniform.result(std::move(Unknown), CO, UniformOperation{CO},
                               {&T, &F});
  }
  Evaluated<LaneValue> T =
      Core.collect([&] { return Core.evaluate(CO->getTrueExpr()); });
  Evaluated<LaneValue> F =
      Core.collect([&] { return Core.evaluate(CO->getFalseExpr()); });
  Effects OfSelect = Cond.Did;
  OfSelect += T.Did;
  OfSelect += F.Did;
  if (OfSelect.decidedForFirstWarp()) {
    // The condition (or a select in a side) was decided for the first
    // warp of the block (tid < 16 ? tid : 0), so the value is that warp's:
    // picking per lane between terms in the warp's position would describe
    // no warp.
    std::map<SymbolId, std::int64_t> FirstWarp;
    const bool FirstBlock = OfSelect.decidedForFirstBlock();
    for (const LaneValue *V : {&T.Value, &F.Value})
      for (SymbolId Id : V->symbols())
        if (Core.Symbols[Id].ThreadDerived ||
            (FirstBlock && Core.Symbols[Id].isBlockIndex()))
          FirstWarp[Id] = 0;
    T.Value = T.Value.substitute(FirstWarp);
    F.Value = F.Value.substitute(FirstWarp);
  }
  return LaneValue::select(*Lanes, T.Value, F.Value);
}

LaneValue IntegerVisitor::VisitMemberExpr(const MemberExpr *ME) {
  // A field of a local aggregate or of a kernel's struct parameter.
  if (std::optional<LaneValue> Field = Core.Fields.member(ME))
    return *Field;
  // block.thread_index().y and the other dim3 queries of a group.
  if (const auto *Call =
          dyn_cast<CallExpr>(ME->getBase()->IgnoreParenImpCasts()))
    if (auto CG = cuda::matchCooperativeGroupsCall(Call, Core.Ctx);
        CG && ME->getMemberDecl()->getIdentifier()) {
      StringRef Field = ME->getMemberDecl()->getName();
      if (Field == "x" || Field == "y" || Field == "z")
        return groupQueryValue(*CG, Field[0] - 'x', Core.Geometry,
                               Core.Symbols);
    }
  return loaded(ME);
}

LaneValue IntegerVisitor::VisitBinaryOperator(const BinaryOperator *BO) {
  BinaryOperatorKind Op = BO->getOpcode();
  if (Op == BO_Comma)
    return Core.evaluate(BO->getRHS());
  if (BO->isComparisonOp() || BO->isLogicalOp()) {
    auto Mask = Core.evaluateCondition(BO);
    if (!Mask)
      return LaneValue::unknown(UnknownKind::NotFollowed,
                                "condition that is not decided per lane",
                                Core.loc(BO));
    return maskValue(*Mask);
  }
  if (BO->isAssignmentOp())
    return LaneValue::unknown(UnknownKind::NotFollowed,
                              "assignment inside an index", Core.loc(BO));
  if (BO->getLHS()->getType()->isPointerType() ||
      BO->getRHS()->getType()->isPointerType())
    return LaneValue::unknown(UnknownKind::NotFollowed, "pointer difference",
                              Core.loc(BO));

  LaneValue L = Core.evaluate(BO->getLHS());
  LaneValue R = Core.evaluate(BO->getRHS());
  // A shift by the width of the (promoted) type or more, or by a negative
  // count, is undefined: no number to price (`1 << 40` in 32 bits).
  if ((Op == BO_Shl || Op == BO_Shr) && BO->getType()->isIntegerType())
    if (std::optional<std::int64_t> Count = R.asConstant()) {
      const unsigned Width = integerWidth(BO->getType(), Core.Ctx);
      if (*Count < 0 || *Count >= static_cast<std::int64_t>(Width))
        return LaneValue::unknown(UnknownKind::Arithmetic,
                                  "shift by " + std::to_string(*Count) +
                                      " of a " + std::to_string(Width) +
                                      "-bit value is undefined",
                                  Core.loc(BO));
    }
  // +, -, *, <<, &, |, ^ agree with their value modulo 2^32, so an
  // operand that wrapped needs no reduction before them; /, % and >> do
  // not.
  if (Op == BO_Div || Op == BO_Rem || Op == BO_Shr) {
    L = inType(L, BO->getLHS(), Core.Ctx);
    R = inType(R, BO->getRHS(), Core.Ctx);
  }
  std::optional<LaneValue> Result = arithmetic(Op, L, R);
  if (!Result)
    return LaneValue::unknown(UnknownKind::NotFollowed,
                              "operator the analysis does not follow",
                              Core.loc(BO));
  if ((Op == BO_Rem || Op == BO_Div || Op == BO_Shr) && Result->isUnknown()) {
    if (std::optional<LaneValue> NoWrap =
            Core.Uniform.remainderWithoutWrap(BO, L, R))
      return *NoWrap;
    if (std::optional<LaneValue> Groups =
            Core.Uniform.quotientOfUniformMultiple(BO, L, R))
      return *Groups;
  }
  if (Result->isUnknown() && Result->reason().Location == 0)
    Result = LaneValue::unknown(Result->reason().Kind, Result->reason().What,
                                Core.loc(BO));
  return Core.Uniform.result(std::move(*Result), BO,
                             UniformOperation{nullptr, BO->getOpcode()},
                             {&L, &R});
}

LaneValue IntegerVisitor::variable(const VarDecl *VD, const Expr *Use) {
  if (!isIntegerLike(VD->getType().getNonReferenceType()))
    return LaneValue::unknown(
        UnknownKind::NotFollowed,
        "'" + VD->getNameAsString() + "' is not an integer", Core.loc(Use));
  // Fixed for a while (the subscript of a local array's write, read as
  // the element a read names).
  const auto &Fixed = Core.assumed().Fixed;
  for (auto It = Fixed.rbegin(); It != Fixed.rend(); ++It)
    if (It->Var == VD)
      return It->Value.Offset;
  const std::vector<CallFrame> &Frames = Core.frames();
  const cuda::FunctionFacts *F = Frames.empty() ? nullptr : Frames.back().Facts;
  if (const cuda::InductionLoop *Loop =
          VD->hasLocalStorage() && F ? F->inductionLoopOf(VD) : nullptr) {
    // Read after its loop (`for (j = 0; j < 4; ++j) ...; out[j]`), it
    // holds the value that ended the loop, none of those the loop ran.
    if (const auto *Read =
            dyn_cast_or_null<DeclRefExpr>(Use ? Use->IgnoreParens() : nullptr);
        Read && Loop->ReadsOutside.contains(Read))
      return LaneValue::unknown(UnknownKind::Reassigned,
                                "'" + VD->getNameAsString() +
                                    "' is read after its loop",
                                Core.loc(Use));
    return Core.Loops.valueOf(VD, *Loop);
  }
  // Written more than once: the writes that reach this read.
  if (const auto *Read = dyn_cast<DeclRefExpr>(Use->IgnoreParens()))
    if (std::optional<PointerValue> Flow = Core.Reassigned.valueAt(VD, Read))
      return Flow->Offset;
  // Parameters bound by an inlined call.
  for (auto It = Frames.rbegin(); It != Frames.rend(); ++It)
    if (auto Bound = It->Values.find(VD); Bound != It->Values.end())
      return Bound->second;

  if (VD->hasLocalStorage()) {
    // Written in a way the reaching writes do not follow (its address
    // taken, a read inside a lambda).
    if (F && !F->writesOf(VD).empty()) {
      // An asm statement's output: the instructions are not followed.
      for (const Stmt *W : F->writesOf(VD))
        if (isa<AsmStmt>(W))
          return LaneValue::unknown(UnknownKind::NotFollowed,
                                    "'" + VD->getNameAsString() +
                                        "' is written by inline asm",
                                    Core.loc(W));
      return LaneValue::unknown(UnknownKind::Reassigned,
                                "'" + VD->getNameAsString() + "' is reassigned",
                                Core.loc(F->writesOf(VD).front()));
    }
    if (isa<ParmVarDecl>(VD)) {
      // A kernel parameter: the same in every lane of every warp.
      return Core.pinned(LaneValue::symbol(Core.Symbols.intern(
          SymbolKey{SymbolKind::Parameter, VD, nullptr, 0, {}},
          VD->getNameAsString())));
    }
    if (VD->getType().getNonReferenceType().isVolatileQualified())
      return LaneValue::unknown(UnknownKind::NotFollowed, "volatile variable",
                                Core.loc(Use));
    if (const Expr *Init = VD->getInit())
      return Core.evaluateLocal(VD, Init);
    return LaneValue::unknown(
        UnknownKind::NotFollowed,
        "'" + VD->getNameAsString() + "' has no initializer", Core.loc(Use));
  }
  // Namespace-scope or static: only constants are followed.
  if (VD->getType().isConstQualified() || VD->isConstexpr()) {
    if (const Expr *Init = VD->getAnyInitializer()) {
      if (auto K = cuda::constantInt(Init, Core.Ctx))
        return LaneValue::constant(*K);
      return Core.evaluate(Init);
    }
  }
  if (std::optional<LaneValue> Loaded = Core.Uniform.load(Use))
    return *Loaded;
  return LaneValue::unknown(
      UnknownKind::DataDependent,
      "index reads memory ('" + VD->getNameAsString() + "')", Core.loc(Use));
}

LaneValue IntegerVisitor::VisitCallExpr(const CallExpr *Call) {
  const FunctionDecl *Callee = cuda::calleeOf(Call);
  if (!Callee)
    return LaneValue::unknown(UnknownKind::NotFollowed,
                              "call through a pointer", Core.loc(Call));
  if (auto CG = cuda::matchCooperativeGroupsCall(Call, Core.Ctx);
      CG && !cuda::isDim3Query(CG->Query))
    return groupQueryValue(*CG, 0, Core.Geometry, Core.Symbols);
  StringRef Name = Callee->getIdentifier() ? Callee->getName() : "";
  if ((Name == "__mul24" || Name == "__umul24") && Call->getNumArgs() == 2)
    return Core.evaluate(Call->getArg(0)) * Core.evaluate(Call->getArg(1));
  if ((Name == "min" || Name == "max" || Name == "umin" || Name == "umax") &&
      Call->getNumArgs() == 2)
    return minOrMax(Call, Name.ends_with("min"));
  // A float's bits read as an integer (an index kept in a float array and
  // read back with __float_as_int): data-dependent when the float is read
  // from memory, as the integer read directly would be; a value of its own
  // when the warp shares the float (a parameter's bits); otherwise bits no
  // lane arithmetic gives.
  if (isBitReinterpretation(Name) && Call->getNumArgs() == 1) {
    LaneValue Float = Core.evaluate(Call->getArg(0));
    if (Float.isUnknown() && Float.reason().Kind == UnknownKind::DataDependent)
      return Float;
    return Core.Uniform.result(
        LaneValue::unknown(UnknownKind::SymbolicOperation,
                           "the bits of a floating-point value",
                           Core.loc(Call)),
        Call, UniformOperation{Callee}, {&Float});
  }
  // constexpr functions of constants.
  if (auto K = cuda::constantInt(Call, Core.Ctx))
    return LaneValue::constant(*K);
  // A helper that only returns an expression: inline it.
  if (const Expr *Returned = returnedBy(Call))
    if (EvaluatorCore::CallScope In(Core, Call); In)
      return Core.evaluate(Returned);
  return LaneValue::unknown(UnknownKind::NotFollowed,
                            "call to '" + Callee->getNameAsString() +
                                "' the analysis does not follow",
                            Core.loc(Call));
}

LaneValue IntegerVisitor::minOrMax(const CallExpr *Call, bool Min) {
  LaneValue First = Core.evaluate(Call->getArg(0));
  LaneValue Second = Core.evaluate(Call->getArg(1));
  if (First.isUnknown())
    return First;
  if (Second.isUnknown())
    return Second;
  const bool FirstVaries = First.kind() == LaneKind::Varying;
  const bool SecondVaries = Second.kind() == LaneKind::Varying;
  LaneValue Diff = First - Second;
  if (auto PerLane = Diff.asPerLane()) { // each lane takes its own side
    LaneVector Pick;
    for (unsigned L = 0; L < WarpLanes; ++L)
      Pick[L] = Min ? std::min<std::int64_t>((*PerLane)[L], 0)
                    : std::max<std::int64_t>((*PerLane)[L], 0);
    return Second + LaneValue::perLane(Pick);
  }
  // A symbol the collector enumerates (a loop counter with known values,
  // the warp's row in a known block) is set to each value and the call
  // evaluated again, per lane: no decision for all of them from one.
  const bool Enumerable = llvm::any_of(Diff.symbols(), [&](SymbolId Id) {
    return !Core.Symbols[Id].Values.empty();
  });
  if (!Diff.isUnknown() && !Enumerable && FirstVaries != SecondVaries) {
    // A lane's value against a bound: where the comparison is decided as
    // an `if` would decide it, inside the grid (the second block, the
    // first warp), and every lane takes the same side, that side.
    std::optional<LaneMask> TakesFirst =
        Core.compareLanes(Min ? BO_LE : BO_GE, Diff, /*Interior=*/true);
    if (TakesFirst && (*TakesFirst == AllLanes || *TakesFirst == 0))
      return *TakesFirst ? First : Second;
    // A bound the lanes cannot be compared with (`min(x, w - 1)`, w a
    // parameter): a bounds check, taken as not reached for the whole warp,
    // as `if (x < w)` is taken as true.
    if (!TakesFirst)
      return FirstVaries ? First : Second;
  }
  return Core.Uniform.result(
      LaneValue::unknown(UnknownKind::SymbolicOperation,
                         "min/max of symbolic values", Core.loc(Call)),
      Call, UniformOperation{cuda::calleeOf(Call)}, {&First, &Second});
}

unsigned detail::integerWidth(QualType T, const ASTContext &Ctx) {
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

LaneValue detail::inType(LaneValue V, const Expr *Of, const ASTContext &Ctx) {
  return inType(std::move(V), Of->getType(), Of, Ctx);
}

LaneValue detail::inType(LaneValue V, QualType T, const Expr *Where,
                         const ASTContext &Ctx, bool Converted) {
  if (V.isUnknown())
    return V;
  T = T.getNonReferenceType().getCanonicalType();
  if (!T->isIntegralOrEnumerationType() || T->isBooleanType() ||
      T->isDependentType() || (T->isEnumeralType() && !T->isIntegerType()))
    return V;
  const unsigned Width = integerWidth(T, Ctx);
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
                              locationOf(Where));
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

std::optional<LaneValue> detail::arithmetic(BinaryOperatorKind Op,
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
