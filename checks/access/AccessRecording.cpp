//===- AccessRecording.cpp - the accesses the walk records ----------------===//
#include "checks/access/AccessWalk.h"

#include "checks/access/AccessShapes.h"
#include "checks/access/OffsetScenarios.h"

#include "checks/cuda/CudaBuiltins.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/SaveAndRestore.h"

namespace gpumem::access::detail {

using namespace clang;
using lanes::MemorySpace;

/// The copy of a whole object, an lvalue read: `x = a[i]` through an
/// lvalue-to-rvalue cast, a copy construction.
static const Expr *copiedLValue(const Expr *E) {
  if (const auto *Cast = dyn_cast<ImplicitCastExpr>(E);
      Cast && Cast->getCastKind() == CK_LValueToRValue)
    return Cast->getSubExpr();
  if (const auto *Ctor = dyn_cast<CXXConstructExpr>(E);
      Ctor && Ctor->getNumArgs() == 1 &&
      Ctor->getConstructor()->isCopyOrMoveConstructor())
    return Ctor->getArg(0);
  return nullptr;
}

void AccessWalk::accessOrVisit(const Expr *E, AccessKind Kind,
                               const State &St) {
  if (!mayBeMemory(E))
    return visit(E, St);
  record(E, Kind, St);
  visitLValueParts(E, St);
}

void AccessWalk::visitExpr(const Expr *E, const State &St) {
  if (const Expr *Read = copiedLValue(E)) {
    if (readsWholeVectorCopy(Read))
      return;
    if (mayBeMemory(Read))
      return accessOrVisit(Read, AccessKind::Load, St);
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E);
      BO && BO->isAssignmentOp() && mayBeMemory(BO->getLHS())) {
    const std::size_t Before = Out.Accesses.size();
    accessOrVisit(BO->getLHS(),
                  BO->isCompoundAssignmentOp() ? AccessKind::ReadModifyWrite
                                               : AccessKind::Store,
                  St);
    // A guarded store of a reduction's result (the partial-warp check's
    // exclusion).
    // (Global stores in a loop only: the partial-warp check judges nothing
    // else by default; a one-shot store reported by ReportOneShotPartialWarp
    // is not excluded.)
    if (St.ThreadGuard && St.LoopDepth > 0 && Out.Accesses.size() > Before &&
        Out.Accesses[Before].Expression == BO->getLHS() &&
        Out.Accesses[Before].Space == lanes::MemorySpace::Global &&
        readsWarpReduction(BO->getRHS(), Eval.currentFunction(), Eval))
      Out.Accesses[Before].StoresReductionResult = true;
    return visit(BO->getRHS(), St);
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->isIncrementDecrementOp() && mayBeMemory(UO->getSubExpr()))
    return accessOrVisit(UO->getSubExpr(), AccessKind::ReadModifyWrite, St);
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
      Op && Op->getOperator() == OO_Equal && Op->getNumArgs() == 2) {
    accessOrVisit(Op->getArg(0), AccessKind::Store, St);
    return accessOrVisit(Op->getArg(1), AccessKind::Load, St);
  }
  if (const auto *Member = dyn_cast<CXXMemberCallExpr>(E);
      Member && isa_and_nonnull<CXXConversionDecl>(Member->getMethodDecl()) &&
      Member->getImplicitObjectArgument())
    return visitConversion(Member->getImplicitObjectArgument(), St);
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E)) {
    if (entersCallable(Op))
      return visitCall(Op, St);
    for (unsigned I = 0; I < Op->getNumArgs(); ++I)
      visitUnenteredArgument(Op, I, St);
    return;
  }
  if (const auto *Call = dyn_cast<CallExpr>(E);
      Call && !isa<CUDAKernelCallExpr>(Call))
    return visitCall(Call, St);
  visitChildren(E, St);
}

bool AccessWalk::entersCallable(const CXXOperatorCallExpr *Op) {
  // `f(i)` of a function object a kernel template is handed (`struct Scale
  // { float *out; ... void operator()(int i) const { out[i] = ...; } }`):
  // entered as a member function call is, its fields read from the object
  // (the kernel's by-value parameter, a local the kernel builds). An
  // operator() that returns a reference is an accessor (`a(i, j)`), whose
  // result is the access itself, not entered.
  const auto *Callee = dyn_cast_or_null<CXXMethodDecl>(cuda::calleeOf(Op));
  // One whose body cannot reach memory (`return a + b;` of a reduction's
  // operator) is not walked: it has no access to record.
  if (Op->getOperator() == OO_Call && Callee &&
      !Callee->getParent()->isLambda())
    return !Callee->getReturnType()->isReferenceType() && Callee->hasBody() &&
           Eval.functionFacts(Callee).mayTouchMemory();
  // `put(i, x)` of `auto put = [&](int j, float v) { out[j] = v; };`: its
  // body is walked as a device function's, with its parameters bound to
  // the call's arguments. The variables it captures are read where they
  // were declared (their initialisers), right when nothing writes them
  // after, by reference or by copy alike; the integers and pointers its
  // function writes are bound by the evaluator (a loop counter to the
  // loop's value where the call is in the loop, a copy to its value where
  // the lambda was made, others unknown). A lambda that captures `this`,
  // or an object its function writes, is not entered.
  const auto *Method = dyn_cast_or_null<CXXMethodDecl>(cuda::calleeOf(Op));
  if (Op->getOperator() != OO_Call || !Method ||
      !Method->getParent()->isLambda())
    return false;
  for (const LambdaCapture &Capture : Method->getParent()->captures()) {
    if (!Capture.capturesVariable())
      return false;
    const auto *VD = dyn_cast<VarDecl>(Capture.getCapturedVar());
    const auto *Owner =
        VD ? dyn_cast<FunctionDecl>(VD->getDeclContext()) : nullptr;
    if (!VD || !Owner || VD->getType().isVolatileQualified())
      return false;
    if (!Eval.functionFacts(Owner).writesOf(VD).empty() &&
        !lanes::LaneEvaluator::bindsWrittenCapture(VD->getType()))
      return false;
  }
  return true;
}

void AccessWalk::visitUnenteredArgument(const CallExpr *Call, unsigned I,
                                        const State &St) {
  const Expr *Arg = Call->getArg(I);
  if (mayBeMemory(Arg))
    if (std::optional<AccessKind> Kind = referenceArgumentAccess(Call, I)) {
      record(Arg, *Kind, St);
      return visitLValueParts(Arg, St);
    }
  visit(Arg, St);
}

void AccessWalk::visitConversion(const Expr *Object, const State &St) {
  if (cuda::isBuiltinVariable(Object))
    return; // dim3(threadIdx): no memory
  accessOrVisit(Object, AccessKind::Load, St);
}

void AccessWalk::visitLValueParts(const Expr *E, const State &St) {
  E = E->IgnoreParenImpCasts();
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    visitLValueParts(AS->getBase(), St);
    visit(AS->getIdx(), St);
    return;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    if (ME->isArrow())
      visit(ME->getBase(), St);
    else
      visitLValueParts(ME->getBase(), St);
    return;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_Deref) {
    visit(UO->getSubExpr(), St);
    return;
  }
  if (isa<DeclRefExpr>(E))
    return;
  visit(E, St);
}

void AccessWalk::visitCall(const CallExpr *Call, const State &St) {
  const FunctionDecl *Callee = cuda::calleeOf(Call);
  StringRef Name =
      Callee && Callee->getIdentifier() ? Callee->getName() : StringRef();
  if (visitCopyCall(Call, St))
    return;
  if (Callee && Call->getNumArgs() == 2 && isStoreIntrinsic(Name) &&
      Call->getArg(0)->getType()->isPointerType()) {
    recordPointer(Call->getArg(0), Call, AccessKind::Store, St);
    visitPointerParts(Call->getArg(0), St);
    visit(Call->getArg(1), St);
    return;
  }
  if (Callee && Call->getNumArgs() >= 1 &&
      (isLoadIntrinsic(Name) || isAtomic(Name))) {
    const Expr *Ptr = Call->getArg(0);
    if (Ptr->getType()->isPointerType()) {
      recordPointer(
          Ptr, Call,
          isAtomic(Name) ? AccessKind::ReadModifyWrite : AccessKind::Load, St);
      for (unsigned I = 0; I < Call->getNumArgs(); ++I)
        visitPointerParts(Call->getArg(I), St);
      return;
    }
  }
  // Arguments are evaluated in the caller.
  const FunctionDecl *Def = nullptr;
  const SourceManager &SM = Ctx.getSourceManager();
  const unsigned Limit =
      Callee && Callee->hasBody(Def) && Def &&
              SM.isInSystemHeader(SM.getExpansionLoc(Def->getLocation()))
          ? MaxLibraryCallDepth
          : MaxCallDepth;
  // Inside a call not followed, every deeper call is not followed either:
  // its arguments mean nothing in the evaluator's frame.
  const bool Deep = Def && (CallDepth >= Limit || Unfollowed);
  // The callee's body, one call deeper, through this call when it is the
  // kernel's.
  auto WalkBody = [&] {
    ++CallDepth;
    const CallExpr *SavedCall = KernelCall;
    if (!KernelCall)
      KernelCall = Call;
    visit(Def->getBody(), St);
    KernelCall = SavedCall;
    --CallDepth;
  };
  if (!Callee || !Def || Deep || CalleeVisits > MaxCalleeVisits ||
      !cuda::isDeviceFunction(Def)) {
    for (unsigned I = 0; I < Call->getNumArgs(); ++I)
      visitUnenteredArgument(Call, I, St);
    // Past the depth, the function's accesses are still recorded, as
    // unknown with why (Unfollowed), down to MaxUnfollowedDepth and not
    // into recursion: an access never vanishes.
    if (!Deep || !cuda::isDeviceFunction(Def) ||
        CallDepth >= MaxUnfollowedDepth ||
        llvm::is_contained(UnfollowedPath, Def))
      return;
    std::optional<std::string> Reason = Unfollowed;
    if (!Reason)
      Reason = "inside the call of '" + Def->getNameAsString() + "', " +
               std::to_string(CallDepth + 1) +
               " device functions deep (the analysis follows " +
               std::to_string(Limit) + ")";
    llvm::SaveAndRestore<std::optional<std::string>> Saved(Unfollowed, Reason);
    UnfollowedPath.push_back(Def);
    WalkBody();
    UnfollowedPath.pop_back();
    return;
  }
  for (const Expr *Arg : Call->arguments())
    visit(Arg, St);
  if (!Eval.enterCall(Call)) {
    // Its reference arguments are still read (their indices are visited).
    for (unsigned I = 0; I < Call->getNumArgs(); ++I)
      if (std::optional<AccessKind> Kind = referenceArgumentAccess(Call, I);
          Kind && mayBeMemory(Call->getArg(I)))
        record(Call->getArg(I), *Kind, St);
    return;
  }
  WalkBody();
  Eval.leaveCall();
}

void AccessWalk::visitPointerParts(const Expr *E, const State &St) {
  E = E->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_AddrOf) {
    visitLValueParts(UO->getSubExpr(), St);
    return;
  }
  visit(E, St);
}

bool AccessWalk::full() {
  if (Out.Accesses.size() < Settings.MaxAccesses)
    return false;
  Out.AccessesCapped = true;
  return true;
}

void AccessWalk::record(const Expr *LValue, AccessKind Kind, const State &St) {
  if (full())
    return;
  // `t(i)` of a CuTe tensor: none for registers, the element's address for
  // memory (CuteViews.h).
  if (std::optional<CuteViews::ElementPlan> Element =
          Cute.planElement(LValue, Kind)) {
    if (Element->Access)
      add(LValue, Element->Access->Address, Element->Access->Bytes, Kind, St,
          [&] { return Element->Access->Again(); });
    for (const Expr *Coordinate : Element->Coordinates)
      visit(Coordinate, St);
    return;
  }
  QualType T = LValue->getType().getNonReferenceType().getCanonicalType();
  if (T->isIncompleteType() || !T->isConstantSizeType() || T->isDependentType())
    return;
  lanes::PointerValue Address = Eval.evaluateAddress(LValue);
  add(LValue, Address, Ctx.getTypeSizeInChars(T).getQuantity(), Kind, St);
}

void AccessWalk::recordPointer(const Expr *Ptr, const Expr *Where,
                               AccessKind Kind, const State &St) {
  if (full())
    return;
  QualType T = Ptr->getType()->getPointeeType().getCanonicalType();
  if (T->isIncompleteType() || !T->isConstantSizeType() ||
      T->isDependentType() || T->isVoidType())
    return;
  lanes::PointerValue Address = Eval.evaluatePointer(Ptr);
  const Expr *Target = Ptr->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(Target);
      UO && UO->getOpcode() == UO_AddrOf)
    Target = UO->getSubExpr();
  else
    Target = Where;
  add(Target, Address, Ctx.getTypeSizeInChars(T).getQuantity(), Kind, St);
}

/// Prices \p A, which no lane of the first warp makes, for \p Warp,
/// whose \p Lanes make it: its offset at that warp's thread symbols (kept
/// in \p Pins for the scenarios), its first thread noted.
static void shownWarp(MemoryAccess &A, const lanes::ThreadGeometry &Geometry,
                      const lanes::WarpAssignment &Warp, lanes::LaneMask Lanes,
                      std::map<lanes::SymbolId, std::int64_t> &Pins) {
  const std::optional<cuda::BlockShape> &Shape = Geometry.shape();
  if (!Shape || !Shape->complete())
    return;
  for (const auto &[Id, Value] : Warp.Values)
    Pins[Id] = Value;
  // Its first thread: lane 0's index in the block, row by row.
  std::int64_t Thread = 0, Scale = 1;
  const std::int64_t Extents[3] = {Shape->X, Shape->Y, Shape->Z};
  for (unsigned Axis = 0; Axis < 3; ++Axis) {
    std::optional<lanes::LaneVector> Index =
        Geometry.threadIdx(Axis).substitute(Pins).asPerLane();
    if (!Index) {
      Pins.clear();
      return;
    }
    Thread += (*Index)[0] * Scale;
    Scale *= Extents[Axis];
  }
  A.Offset = A.Offset.substitute(Pins);
  A.Active = Lanes;
  A.ShownWarpThread = Thread;
}

void AccessWalk::add(const Expr *Target, const lanes::PointerValue &Given,
                     std::int64_t Width, AccessKind Kind, const State &St,
                     llvm::function_ref<lanes::PointerValue()> AddressAgain) {
  if (Given.Space == MemorySpace::Local ||
      Given.Space == MemorySpace::Constant)
    return;
  if (++RecordsOf[Target] > MaxRecordsPerExpression)
    return;
  // Inside a call the evaluator did not enter, its parameters mean nothing
  // here: the place is unknown, with why (a shared array stays shared).
  std::optional<lanes::PointerValue> Forced;
  if (Unfollowed) {
    Forced = lanes::PointerValue::unknown(
        lanes::UnknownKind::Limit, *Unfollowed,
        Target->getExprLoc().getRawEncoding());
    if (Given.Space == MemorySpace::Shared)
      Forced->Space = MemorySpace::Shared;
    AddressAgain = nullptr;
  }
  const lanes::PointerValue &Address = Forced ? *Forced : Given;
  if (Address.Space == MemorySpace::Unknown && !Address.isUnknown())
    return;
  MemoryAccess A;
  A.Expression = Target;
  A.Function = Eval.currentFunction();
  A.Kernel = Out.Kernel;
  A.CallSite = KernelCall;
  A.Space = Address.Space;
  A.Base = Address.Base;
  auto [Known, New] = AlignmentOf.try_emplace(A.Base, 0);
  if (New)
    Known->second = baseAlignmentOf(A.Base, Ctx);
  A.BaseAlignment = Known->second;
  A.Kind = Kind;
  A.Width = static_cast<unsigned>(Width);
  A.InstructionBytes = instructionBytes(Target, A.Width, Ctx);
  A.Offset = Address.Offset;
  A.Active = St.Active;
  // No lane of the first warp makes it: the first warp whose lanes do.
  std::map<lanes::SymbolId, std::int64_t> WarpPins;
  if (!(St.Active & Populated) && St.Block.known())
    if (std::optional<std::size_t> W = St.Block.firstRunning(Populated);
        W && Warps && *W < Warps->size())
      shownWarp(A, Eval.geometry(), (*Warps)[*W], St.Block.lanesOf(*W),
                WarpPins);
  A.InLoop = St.LoopDepth > 0;
  A.GuardedByThreadIndex = St.ThreadGuard;
  A.GuardInsideLoop =
      St.ThreadGuard && St.LoopDepth > 0 && St.GuardLoopDepth == St.LoopDepth;
  A.GuardOnFirstWarp = St.FirstWarpGuard && WarpPins.empty();
  if (A.GuardedByThreadIndex && A.Space == MemorySpace::Global)
    Passes.note(A, Target, St.LoopDepth, Eval, Ctx);
  if (St.Block.decided())
    A.BlockShare = St.Block.share(St.Active);
  A.GuardOnFirstBlock = St.FirstBlockGuard;
  A.Struct = structFieldOf(Target, Ctx);
  for (lanes::SymbolId Id : A.Offset.symbols()) {
    if (const std::string &D = Eval.symbols()[Id].WrapDivisor;
        !D.empty() && llvm::find(A.NoWrapDivisors, D) == A.NoWrapDivisors.end())
      A.NoWrapDivisors.push_back(D);
    if (const std::string &D = Eval.symbols()[Id].MultipleDivisor;
        !D.empty() && !llvm::is_contained(A.UniformMultipleDivisors, D))
      A.UniformMultipleDivisors.push_back(D);
    A.ReadsRowIndex |= Eval.symbols()[Id].isRowIndex();
    A.DependsOnWarp |= Eval.symbols()[Id].ThreadDerived;
    A.BlockAxes |= Eval.symbols()[Id].BlockAxes;
  }
  if (A.Space == MemorySpace::Shared) {
    A.Array = arrayShapeOf(A.Base, Ctx);
    A.IndexesPastRow = A.Array && A.Array->Dims.size() > 1 &&
                       indexesPastRow(Target, *A.Array, A.Active, Eval);
  }
  concretizeOffset(A, Eval,
                   {St.Guards, St.GuardSymbols, Populated, Fors,
                    WarpPins.empty() ? nullptr : &WarpPins},
                   Settings.MaxScenarios, Settings.TransactionBytes,
                   Settings.SectorBytes, AddressAgain);
  // A factor the kernel's own checks bound (if (N > 16) return;).
  if (A.SymbolicStride.size() == 1) {
    const lanes::SymbolKey &Key = Eval.symbols()[A.SymbolicStride[0]].Key;
    if (Key.Kind == lanes::SymbolKind::Parameter)
      if (auto It = Out.ParameterBounds.find(
              static_cast<const clang::ParmVarDecl *>(Key.Node));
          It != Out.ParameterBounds.end()) {
        A.FactorBound = It->second;
        A.FactorBoundAtLaunch = Out.BoundsAtLaunch.contains(It->first);
      }
    if (Key.Kind == lanes::SymbolKind::Parameter)
      if (auto It = Out.LaunchValues.find(
              static_cast<const clang::ParmVarDecl *>(Key.Node));
          It != Out.LaunchValues.end())
        A.FactorValues = It->second;
  }
  if (!Settings.KeepUniformOffsetTerms)
    A.Offset = A.Offset.withoutUniformTerms();
  Out.Accesses.push_back(std::move(A));
}

} // namespace gpumem::access::detail
