//===- Calls.cpp - calls: builtins, helpers, entering -----------------------===//
//
// Part of LaneEvaluator (EvaluatorSupport.h lists its files).
//
//===----------------------------------------------------------------------===//
#include "checks/cuda/CudaBuiltins.h"
#include "checks/lanes/LaneEvaluator.h"

#include "checks/lanes/EvaluatorSupport.h"
#include "checks/cuda/CooperativeGroups.h"
#include "checks/cuda/ConstantInt.h"
#include "checks/lanes/GroupValues.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

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

} // namespace

LaneValue LaneEvaluator::evaluateCall(const CallExpr *Call) {
  const FunctionDecl *Callee = cuda::calleeOf(Call);
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
      Call->getNumArgs() == 2)
    return minOrMax(Call, Name.ends_with("min"));
  // A float's bits read as an integer (an index kept in a float array and
  // read back with __float_as_int): data-dependent when the float is read
  // from memory, as the integer read directly would be; a value of its own
  // when the warp shares the float (a parameter's bits); otherwise bits no
  // lane arithmetic gives.
  if (isBitReinterpretation(Name) && Call->getNumArgs() == 1) {
    LaneValue Float = evaluate(Call->getArg(0));
    if (Float.isUnknown() && Float.reason().Kind == UnknownKind::DataDependent)
      return Float;
    return Shared.result(LaneValue::unknown(UnknownKind::SymbolicOperation,
                                            "the bits of a floating-point value",
                                            loc(Call)),
                         Call, SharedOperation{Callee}, {&Float});
  }
  // constexpr functions of constants.
  if (auto C = cuda::constantInt(Call, Ctx))
    return LaneValue::constant(*C);
  // A helper that only returns an expression: inline it.
  if (const Expr *Returned = returnedBy(Call))
    if (CallScope In(*this, Call); In)
      return evaluate(Returned);
  return LaneValue::unknown(UnknownKind::NotFollowed,
                            "call to '" + Callee->getNameAsString() +
                                "' the analysis does not follow",
                            loc(Call));
}

LaneValue LaneEvaluator::minOrMax(const CallExpr *Call, bool Min) {
  LaneValue First = evaluate(Call->getArg(0));
  LaneValue Second = evaluate(Call->getArg(1));
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
    return !Symbols[Id].Values.empty();
  });
  if (!Diff.isUnknown() && !Enumerable && FirstVaries != SecondVaries) {
    // A lane's value against a bound: where the comparison is decided as
    // an `if` would decide it, inside the grid (the second block, the
    // first warp), and every lane takes the same side, that side.
    std::optional<LaneMask> TakesFirst =
        compareLanes(Min ? BO_LE : BO_GE, Diff, /*Interior=*/true);
    if (TakesFirst && (*TakesFirst == AllLanes || *TakesFirst == 0))
      return *TakesFirst ? First : Second;
    // A bound the lanes cannot be compared with (`min(x, w - 1)`, w a
    // parameter): a bounds check, taken as not reached for the whole warp,
    // as `if (x < w)` is taken as true.
    if (!TakesFirst)
      return FirstVaries ? First : Second;
  }
  return Shared.result(LaneValue::unknown(UnknownKind::SymbolicOperation,
                                         "min/max of symbolic values",
                                         loc(Call)),
                      Call, SharedOperation{cuda::calleeOf(Call)},
                      {&First, &Second});
}

const Expr *returnedLValue(const CallExpr *Call) {
  const FunctionDecl *Callee = cuda::calleeOf(Call);
  const FunctionDecl *Def = nullptr;
  if (!Callee || !Callee->getReturnType()->isReferenceType() ||
      !Callee->hasBody(Def))
    return nullptr;
  const Expr *Returned = returnedExpression(Def);
  return Returned && Returned->isGLValue() ? Returned : nullptr;
}

const Expr *LaneEvaluator::returnedBy(const CallExpr *Call) const {
  const FunctionDecl *Callee = cuda::calleeOf(Call);
  const FunctionDecl *Def = nullptr;
  return Callee && Callee->hasBody(Def) ? returnedExpression(Def) : nullptr;
}

bool LaneEvaluator::enterCall(const CallExpr *Call) {
  const FunctionDecl *Callee = cuda::calleeOf(Call);
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
  New.Call = Call;
  New.FirstArgument = Offset;
  New.Facts = &factsOf(Def);
  if (Instance) {
    const Expr *Object = nullptr;
    if (const auto *Member = dyn_cast<CXXMemberCallExpr>(Call)) {
      Object = Member->getImplicitObjectArgument();
      if (Object)
        New.This = Object->getType()->isPointerType()
                       ? evaluatePointer(Object)
                       : evaluateAddress(Object);
    } else if (isa<CXXOperatorCallExpr>(Call) && Call->getNumArgs() > 0) {
      Object = Call->getArg(0);
      New.This = evaluateAddress(Object);
    }
    // An object a call returned by value: its fields are what that call's
    // returned expression gives them (AggregateFields::returnedObjectPointer).
    if (const auto *From = dyn_cast_or_null<CallExpr>(objectOf(Object));
        From && From->getType()->isRecordType())
      New.ObjectFrom = From;
  }
  for (unsigned I = 0; I < Def->getNumParams(); ++I) {
    const ParmVarDecl *P = Def->getParamDecl(I);
    const Expr *Arg = Call->getArg(I + Offset);
    QualType T = P->getType();
    if (T->isPointerType())
      New.Pointers[P] = evaluatePointer(Arg);
    else if (T->isReferenceType() && !isIntegerLike(T.getNonReferenceType()))
      New.Pointers[P] = evaluateAddress(Arg);
    else if (isIntegerLike(T.getNonReferenceType())) {
      New.Values[P] = evaluate(Arg);
      // An integer reference bound to an element of global or shared
      // memory (`Comparator(uint &keyA, ...)` called with s_key[pos]):
      // reads and writes through it are accesses of that element. Bound to
      // anything else (a local, a temporary), it stays a value.
      if (T->isReferenceType() && Arg->isGLValue()) {
        // (Its offset may be unknown: the element of a known array.)
        PointerValue At = evaluateAddress(Arg);
        if (At.Base && (At.Space == MemorySpace::Global ||
                        At.Space == MemorySpace::Shared))
          New.Pointers[P] = At;
      }
    }
  }
  if (Method && Method->getParent()->isLambda())
    bindWrittenCaptures(*Method->getParent(), Call, New);
  Frames.push_back(std::move(New));
  return true;
}

namespace {

/// The lambda expression that made the object \p Call calls, when that
/// object is a local initialised with it (`auto put = [&](...) {...};`).
const LambdaExpr *lambdaOf(const CallExpr *Call) {
  if (!isa<CXXOperatorCallExpr>(Call) || Call->getNumArgs() == 0)
    return nullptr;
  const auto *Ref = dyn_cast<DeclRefExpr>(objectOf(Call->getArg(0)));
  const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!VD || !VD->hasLocalStorage() || !VD->getInit())
    return nullptr;
  const Expr *Init = objectOf(VD->getInit());
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(Init);
      Construct && Construct->getNumArgs() == 1)
    Init = objectOf(Construct->getArg(0));
  return dyn_cast<LambdaExpr>(Init);
}

/// The expression \p Made initialises its copy of \p VD with.
const Expr *captureInit(const LambdaExpr &Made, const VarDecl *VD) {
  auto Init = Made.capture_init_begin();
  for (const LambdaCapture &C : Made.captures()) {
    if (Init == Made.capture_init_end())
      return nullptr;
    if (C.capturesVariable() && C.getCapturedVar() == VD)
      return *Init;
    ++Init;
  }
  return nullptr;
}

} // namespace

bool LaneEvaluator::bindsWrittenCapture(QualType T) {
  T = T.getNonReferenceType();
  return T->isPointerType() || isIntegerLike(T);
}

void LaneEvaluator::bindWrittenCaptures(const CXXRecordDecl &Lambda,
                                        const CallExpr *Call, Frame &New) {
  const FunctionDecl *Caller =
      Frames.empty() ? nullptr : Frames.back().Function;
  const LambdaExpr *Made = lambdaOf(Call);
  for (const LambdaCapture &Capture : Lambda.captures()) {
    const auto *VD = Capture.capturesVariable()
                         ? dyn_cast<VarDecl>(Capture.getCapturedVar())
                         : nullptr;
    const auto *Owner =
        VD ? dyn_cast<FunctionDecl>(VD->getDeclContext()) : nullptr;
    if (!Owner)
      continue;
    const cuda::FunctionFacts &Facts = factsOf(Owner);
    if (Facts.writesOf(VD).empty())
      continue; // read through its initialiser, as everywhere
    const QualType T = VD->getType().getNonReferenceType();
    // Both rules below read the variable in its own function: the call is
    // made there.
    const bool CalledByOwner =
        Caller && Caller->getCanonicalDecl() == Owner->getCanonicalDecl();
    // A loop counter the lambda sees as the loop has it: by reference when
    // called in the loop's body, by copy when also made there.
    const cuda::InductionLoop *Loop = Facts.inductionLoopOf(VD);
    if (Loop && isIntegerLike(T) && CalledByOwner &&
        cuda::contains(Loop->Loop->getBody(), Call) &&
        (Capture.getCaptureKind() == LCK_ByRef ||
         (Made && cuda::contains(Loop->Loop->getBody(), Made)))) {
      New.Values[VD] = Loops.valueOf(VD, *Loop);
      continue;
    }
    // A copy of any other: its value where the lambda was made, the
    // capture's initialiser read in the function that made it (a counter
    // copied before its loop is not: its reads are the loop's anywhere).
    if (Capture.getCaptureKind() == LCK_ByCopy && !Loop && Made &&
        CalledByOwner)
      if (const Expr *Init = captureInit(*Made, VD)) {
        if (T->isPointerType())
          New.Pointers[VD] = evaluatePointer(Init);
        else if (isIntegerLike(T))
          New.Values[VD] = evaluate(Init);
        continue;
      }
    const std::string Why = "'" + VD->getNameAsString() +
                            "' is captured by the lambda and written by " +
                            "its function";
    const std::uint64_t At = loc(Facts.writesOf(VD).front());
    if (T->isPointerType())
      New.Pointers[VD] =
          PointerValue::unknown(UnknownKind::Reassigned, Why, At);
    else if (isIntegerLike(T))
      New.Values[VD] = LaneValue::unknown(UnknownKind::Reassigned, Why, At);
  }
}

void LaneEvaluator::leaveCall() {
  if (Frames.size() > 1)
    Frames.pop_back();
}

} // namespace gpumem::lanes
