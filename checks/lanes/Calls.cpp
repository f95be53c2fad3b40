//===- Calls.cpp - entering the functions a kernel calls
//-------------------===//
//
// A call the evaluator follows is entered: a frame with the callee's
// parameters bound to the caller's values, its object for a member
// function, and for a lambda the captures its function writes.
//
//===----------------------------------------------------------------------===//
#include "checks/cuda/CudaBuiltins.h"
#include "checks/lanes/EvaluatorCore.h"

#include "checks/lanes/EvaluatorSupport.h"
#include "checks/cuda/CooperativeGroups.h"
#include "checks/cuda/ConstantInt.h"
#include "checks/lanes/GroupValues.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

namespace gpumem::lanes {

using namespace clang;
using namespace detail;

const Expr *returnedLValue(const CallExpr *Call) {
  const FunctionDecl *Callee = cuda::calleeOf(Call);
  const FunctionDecl *Def = nullptr;
  if (!Callee || !Callee->getReturnType()->isReferenceType() ||
      !Callee->hasBody(Def))
    return nullptr;
  const Expr *Returned = returnedExpression(Def);
  return Returned && Returned->isGLValue() ? Returned : nullptr;
}

const Expr *detail::returnedBy(const CallExpr *Call) {
  const FunctionDecl *Callee = cuda::calleeOf(Call);
  const FunctionDecl *Def = nullptr;
  return Callee && Callee->hasBody(Def) ? returnedExpression(Def) : nullptr;
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

/// Binds in \p New (the frame of a call of lambda \p Lambda) the
/// integers and pointers it captures that their function writes: a loop
/// counter to the loop's value where the call and (for a copy) the lambda
/// are in the loop's body, another copy to its value where the lambda was
/// made, any other to unknown (reassigned).
void bindWrittenCaptures(EvaluatorCore &C, const CXXRecordDecl &Lambda,
                         const CallExpr *Call, CallFrame &New) {
  const FunctionDecl *Caller =
      C.frames().empty() ? nullptr : C.frames().back().Function;
  const LambdaExpr *Made = lambdaOf(Call);
  for (const LambdaCapture &Capture : Lambda.captures()) {
    const auto *VD = Capture.capturesVariable()
                         ? dyn_cast<VarDecl>(Capture.getCapturedVar())
                         : nullptr;
    const auto *Owner =
        VD ? dyn_cast<FunctionDecl>(VD->getDeclContext()) : nullptr;
    if (!Owner)
      continue;
    const cuda::FunctionFacts &Facts = C.factsOf(Owner);
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
      New.Values[VD] = C.Loops.valueOf(VD, *Loop);
      continue;
    }
    // A copy of any other: its value where the lambda was made, the
    // capture's initialiser read in the function that made it (a counter
    // copied before its loop is not: its reads are the loop's anywhere).
    if (Capture.getCaptureKind() == LCK_ByCopy && !Loop && Made &&
        CalledByOwner)
      if (const Expr *Init = captureInit(*Made, VD)) {
        if (T->isPointerType())
          New.Pointers[VD] = C.evaluatePointer(Init);
        else if (isIntegerLike(T))
          New.Values[VD] = C.evaluate(Init);
        continue;
      }
    const std::string Why = "'" + VD->getNameAsString() +
                            "' is captured by the lambda and written by " +
                            "its function";
    const std::uint64_t At = C.loc(Facts.writesOf(VD).front());
    if (T->isPointerType())
      New.Pointers[VD] =
          PointerValue::unknown(UnknownKind::Reassigned, Why, At);
    else if (isIntegerLike(T))
      New.Values[VD] = LaneValue::unknown(UnknownKind::Reassigned, Why, At);
  }
}

} // namespace

bool EvaluatorCore::enterCall(const CallExpr *Call) {
  const FunctionDecl *Callee = cuda::calleeOf(Call);
  const FunctionDecl *Def = nullptr;
  if (!Callee || !Callee->hasBody(Def) || !Def || Frames.size() >= 8)
    return false;
  for (const CallFrame &F : Frames)
    if (F.Function == Def)
      return false; // recursion
  // A member operator's first argument is its object.
  const auto *Method = dyn_cast<CXXMethodDecl>(Def);
  const bool Instance = Method && Method->isInstance();
  unsigned Offset = isa<CXXOperatorCallExpr>(Call) && Instance ? 1 : 0;
  if (Call->getNumArgs() < Def->getNumParams() + Offset && !Def->isVariadic()) {
    // Default arguments appear as CXXDefaultArgExpr, so this is a mismatch.
    return false;
  }
  CallFrame New;
  New.Function = Def;
  New.Call = Call;
  New.FirstArgument = Offset;
  New.Facts = &factsOf(Def);
  if (Instance) {
    const Expr *Object = nullptr;
    if (const auto *Member = dyn_cast<CXXMemberCallExpr>(Call)) {
      Object = Member->getImplicitObjectArgument();
      if (Object)
        New.This = Object->getType()->isPointerType() ? evaluatePointer(Object)
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
    bindWrittenCaptures(*this, *Method->getParent(), Call, New);
  Frames.push_back(std::move(New));
  return true;
}

void EvaluatorCore::leaveCall() {
  if (Frames.size() > 1)
    Frames.pop_back();
}

} // namespace gpumem::lanes
