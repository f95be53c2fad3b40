//===- KernelAccessCollector.cpp - walking a kernel for accesses ----------===//
//
// The walk follows statements in order. An `if` splits the active mask by
// its condition when the condition is decided per lane; `if (c) return;`
// (or continue/break) removes those lanes from the statements after it.
// Conditions that do not depend on the lane (n > 0, i < n on a global
// index) leave the mask alone: they are bounds checks, not partial warps.
//
//===----------------------------------------------------------------------===//
#include "checks/access/KernelAccessCollector.h"

#include "checks/access/AccessShapes.h"
#include "checks/access/KernelBlockShape.h"
#include "checks/access/OffsetScenarios.h"

#include "checks/cuda/CudaBuiltins.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/SaveAndRestore.h"

namespace gpumem::access {

using namespace clang;
using lanes::LaneMask;
using lanes::LaneValue;
using lanes::MemorySpace;
using lanes::SymbolId;

namespace {

class Collector {
public:
  Collector(ASTContext &Ctx, lanes::LaneEvaluator &Eval,
            const AnalysisSettings &Settings, KernelAccesses &Out)
      : Ctx(Ctx), Eval(Eval), Settings(Settings), Out(Out) {}

  void run(const Stmt *Body, LaneMask Lanes) {
    Populated = Lanes;
    State S;
    S.Active = Lanes;
    visit(Body, S);
  }

private:
  struct State {
    LaneMask Active = lanes::AllLanes;
    unsigned LoopDepth = 0;
    bool ThreadGuard = false;
    /// The loop depth of the innermost guard that narrowed the lanes.
    unsigned GuardLoopDepth = 0;
    /// One of the guards was decided for the first warp of the block, or
    /// for the first block (a guard on blockIdx).
    bool FirstWarpGuard = false;
    bool FirstBlockGuard = false;
    /// Conditions around the statement.
    std::vector<lanes::LaneEvaluator::Guard> Guards;
    /// Loop variables with known values that undecided guards compare
    /// (if (tx <= m) in a loop over m): the lanes are decided per value.
    std::vector<SymbolId> GuardSymbols;
  };

  ASTContext &Ctx;
  lanes::LaneEvaluator &Eval;
  const AnalysisSettings &Settings;
  KernelAccesses &Out;
  unsigned CallDepth = 0;
  /// Statements visited inside called device functions, all calls together:
  /// a function that calls the next one a hundred times, four deep, would
  /// otherwise be walked 10^8 times. Past the budget calls are not followed.
  unsigned CalleeVisits = 0;
  static constexpr unsigned MaxCalleeVisits = 100000;
  /// Statements and expressions the walk is inside; deeper subtrees (a
  /// 10,000-term sum is a tree 10,000 deep) are not walked, which keeps the
  /// recursion off the end of the stack.
  unsigned Nesting = 0;
  static constexpr unsigned MaxNesting = 256;
  /// The call in the kernel body through which the walk entered the
  /// device function it is in; null in the kernel itself.
  const CallExpr *KernelCall = nullptr;
  LaneMask Populated = lanes::AllLanes;
  /// Const references bound to a whole vector in memory (`const uint4 &v =
  /// p[i]`): the vector is loaded once, with one wide instruction, where
  /// the reference is bound; reads of its fields read that copy.
  llvm::SmallPtrSet<const VarDecl *, 4> WholeVectorRefs;

  /// Binds `const V &v = <memory>` for a whole vector V: one load of the
  /// vector. False when \p VD is not such a reference.
  bool bindWholeVectorRef(const VarDecl *VD, const State &St) {
    const Expr *Init = wholeVectorBinding(VD, Ctx);
    if (!Init)
      return false;
    record(Init, AccessKind::Load, St);
    visitLValueParts(Init, St);
    WholeVectorRefs.insert(VD);
    return true;
  }

  /// A field (or the whole) of a bound whole-vector reference: no access.
  bool readsWholeVectorCopy(const Expr *E) const {
    E = E->IgnoreParenImpCasts();
    while (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (ME->isArrow())
        return false;
      E = ME->getBase()->IgnoreParenImpCasts();
    }
    const auto *Ref = dyn_cast<DeclRefExpr>(E);
    const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
    return VD && WholeVectorRefs.count(VD);
  }

  void narrow(State &S, const Expr *Cond, bool Holds,
              const Stmt *Loop = nullptr) {
    // Kept for re-deciding with pinned loop values (if (index < blockDim.x)
    // in a reduction depends on the loop's s).
    S.Guards.push_back({Cond, Holds, Loop});
    lanes::LaneEvaluator::DecidedCondition Decided =
        Eval.decideGuard(S.Guards.back());
    if (!Decided.Lanes) {
      conditionSymbols(Cond, Eval, S.GuardSymbols);
      return;
    }
    S.Active &= Holds ? *Decided.Lanes : ~*Decided.Lanes;
    S.ThreadGuard = true;
    S.GuardLoopDepth = S.LoopDepth;
    S.FirstWarpGuard |= Decided.Did.decidedForFirstWarp();
    S.FirstBlockGuard |= Decided.Did.decidedForFirstBlock();
  }

  void visit(const Stmt *S, const State &St) {
    // Past the cap nothing more is analysed (full(), on the access that
    // found it).
    if (!S || Out.AccessesCapped)
      return;
    if (CallDepth > 0 && ++CalleeVisits > MaxCalleeVisits)
      return;
    if (Nesting >= MaxNesting)
      return;
    llvm::SaveAndRestore<unsigned> Deeper(Nesting, Nesting + 1);
    if (const auto *CS = dyn_cast<CompoundStmt>(S))
      return visitCompound(CS, St);
    if (const auto *DS = dyn_cast<DeclStmt>(S); DS && bindsWholeVectorRef(DS))
      return visitWholeVectorRefs(DS, St);
    if (const auto *If = dyn_cast<IfStmt>(S))
      return visitIf(If, St);
    if (const auto *For = dyn_cast<ForStmt>(S))
      return visitFor(For, St);
    if (const auto *While = dyn_cast<WhileStmt>(S))
      return visitWhile(While, St);
    if (isa<DoStmt>(S) || isa<CXXForRangeStmt>(S)) {
      State Body = St;
      ++Body.LoopDepth;
      return visitChildren(S, Body);
    }
    if (isa<LambdaExpr>(S))
      return;
    if (const auto *E = dyn_cast<Expr>(S))
      return visitExpr(E, St);
    visitChildren(S, St);
  }

  void visitCompound(const CompoundStmt *CS, const State &St) {
    // The state is copied only once an early exit narrows the lanes of the
    // statements after it.
    std::optional<State> Narrowed;
    for (const Stmt *Child : CS->body()) {
      visit(Child, Narrowed ? *Narrowed : St);
      // if (cond) return; removes the lanes where cond holds.
      if (const auto *If = dyn_cast<IfStmt>(Child))
        if (!If->getElse() && isExitStatement(If->getThen()) &&
            !If->getConditionVariable()) {
          if (!Narrowed)
            Narrowed = St;
          narrow(*Narrowed, If->getCond(), false);
        }
    }
  }

  /// A declaration of a reference to a whole vector element.
  bool bindsWholeVectorRef(const DeclStmt *DS) const {
    return llvm::any_of(DS->decls(), [&](const Decl *D) {
      const auto *VD = dyn_cast<VarDecl>(D);
      return VD && VD->getType()->isReferenceType() &&
             isWholeVector(VD->getType()->getPointeeType(), Ctx);
    });
  }

  void visitWholeVectorRefs(const DeclStmt *DS, const State &St) {
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D);
          VD && !bindWholeVectorRef(VD, St) && VD->getInit())
        visit(VD->getInit(), St);
  }

  void visitIf(const IfStmt *If, const State &St) {
    visit(If->getInit(), St);
    visit(If->getConditionVariableDeclStmt(), St);
    visit(If->getCond(), St);
    // A condition fixed in this instantiation (`if (nIsPow2)`, `if
    // (blockSize >= 512)` on template parameters): the other branch is not
    // compiled, and its accesses are none of this kernel's.
    bool Fixed = false;
    if (const Expr *Cond = If->getCond();
        Cond && !If->getConditionVariable() && !Cond->isValueDependent() &&
        Cond->EvaluateAsBooleanCondition(Fixed, Ctx)) {
      visit(Fixed ? If->getThen() : If->getElse(), St);
      return;
    }
    State Then = St, Else = St;
    if (!If->getConditionVariable()) {
      narrow(Then, If->getCond(), true);
      narrow(Else, If->getCond(), false);
    }
    visit(If->getThen(), Then);
    visit(If->getElse(), Else);
  }

  void visitFor(const ForStmt *For, const State &St) {
    visit(For->getInit(), St);
    State Body = St;
    // A loop each active lane leaves after one pass makes its accesses once.
    if (!Eval.runsAtMostOnce(For, St.Active))
      ++Body.LoopDepth;
    visit(For->getCond(), Body);
    narrowToFirstPass(Body, For, For->getCond(), For->getConditionVariable());
    visit(For->getBody(), Body);
    visit(For->getInc(), Body);
  }

  void visitWhile(const WhileStmt *While, const State &St) {
    State Body = St;
    ++Body.LoopDepth;
    visit(While->getConditionVariableDeclStmt(), Body);
    visit(While->getCond(), Body);
    narrowToFirstPass(Body, While, While->getCond(),
                      While->getConditionVariable());
    visit(While->getBody(), Body);
  }

  /// A loop's condition is a guard on its body, decided for the first pass
  /// (the pass every loop that runs makes): a bound on a lane-started
  /// variable (`i = threadIdx.x; i < 8`) leaves the lanes below it. A
  /// condition the lanes share (k < n) is left alone: deciding it per
  /// enumerated value would change nothing.
  void narrowToFirstPass(State &Body, const Stmt *Loop, const Expr *Cond,
                         const VarDecl *CondVar) {
    if (!Cond || CondVar || Eval.warpUniform(Cond))
      return;
    narrow(Body, Cond, true, Loop);
  }

  void visitChildren(const Stmt *S, const State &St, const Expr *Skip = nullptr) {
    for (const Stmt *Child : S->children())
      if (Child != Skip)
        visit(Child, St);
  }

  /// \p E as an access of kind \p Kind where it may be memory (with the
  /// indices inside it), else as any other expression.
  void accessOrVisit(const Expr *E, AccessKind Kind, const State &St) {
    if (!mayBeMemory(E))
      return visit(E, St);
    record(E, Kind, St);
    visitLValueParts(E, St);
  }

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

  void visitExpr(const Expr *E, const State &St) {
    if (const Expr *Read = copiedLValue(E)) {
      if (readsWholeVectorCopy(Read))
        return;
      if (mayBeMemory(Read))
        return accessOrVisit(Read, AccessKind::Load, St);
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E);
        BO && BO->isAssignmentOp() && mayBeMemory(BO->getLHS())) {
      accessOrVisit(BO->getLHS(),
                    BO->isCompoundAssignmentOp() ? AccessKind::ReadModifyWrite
                                                 : AccessKind::Store,
                    St);
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
      for (unsigned I = 0; I < Op->getNumArgs(); ++I)
        visitUnenteredArgument(Op, I, St);
      return;
    }
    if (const auto *Call = dyn_cast<CallExpr>(E);
        Call && !isa<CUDAKernelCallExpr>(Call))
      return visitCall(Call, St);
    visitChildren(E, St);
  }

  /// An argument of a call the walk does not enter (an operator: `a[i] *
  /// b[i]` on __half, a function without a body): in memory and bound to a
  /// reference, it is the callee's access (referenceArgumentAccess),
  /// recorded here; anything else is visited as any expression.
  void visitUnenteredArgument(const CallExpr *Call, unsigned I,
                              const State &St) {
    const Expr *Arg = Call->getArg(I);
    if (mayBeMemory(Arg))
      if (std::optional<AccessKind> Kind = referenceArgumentAccess(Call, I)) {
        record(Arg, *Kind, St);
        return visitLValueParts(Arg, St);
      }
    visit(Arg, St);
  }

  /// (float)h[i] with h a __half or __nv_bfloat16 array: the conversion
  /// operator reads the whole element, its object; its body reads only that
  /// object (through `this`, which is not followed), so it is not walked.
  void visitConversion(const Expr *Object, const State &St) {
    if (cuda::isBuiltinVariable(Object))
      return; // dim3(threadIdx): no memory
    accessOrVisit(Object, AccessKind::Load, St);
  }

  /// Visits the index expressions inside an lvalue, not the lvalue itself.
  void visitLValueParts(const Expr *E, const State &St) {
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

  void visitCall(const CallExpr *Call, const State &St) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    StringRef Name =
        Callee && Callee->getIdentifier() ? Callee->getName() : StringRef();
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
        recordPointer(Ptr, Call,
                      isAtomic(Name) ? AccessKind::ReadModifyWrite
                                     : AccessKind::Load,
                      St);
        for (unsigned I = 0; I < Call->getNumArgs(); ++I)
          visitPointerParts(Call->getArg(I), St);
        return;
      }
    }
    // Arguments are evaluated in the caller.
    const FunctionDecl *Def = nullptr;
    if (!Callee || !Callee->hasBody(Def) || !Def || CallDepth >= 4 ||
        CalleeVisits > MaxCalleeVisits || !cuda::isDeviceFunction(Def)) {
      for (unsigned I = 0; I < Call->getNumArgs(); ++I)
        visitUnenteredArgument(Call, I, St);
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
    ++CallDepth;
    const CallExpr *SavedCall = KernelCall;
    if (!KernelCall)
      KernelCall = Call;
    visit(Def->getBody(), St);
    KernelCall = SavedCall;
    --CallDepth;
    Eval.leaveCall();
  }

  void visitPointerParts(const Expr *E, const State &St) {
    E = E->IgnoreParenImpCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(E);
        UO && UO->getOpcode() == UO_AddrOf) {
      visitLValueParts(UO->getSubExpr(), St);
      return;
    }
    visit(E, St);
  }

  /// True, and the kernel marked capped, when MaxAccesses accesses are
  /// already collected.
  bool full() {
    if (Out.Accesses.size() < Settings.MaxAccesses)
      return false;
    Out.AccessesCapped = true;
    return true;
  }

  void record(const Expr *LValue, AccessKind Kind, const State &St) {
    if (full())
      return;
    QualType T = LValue->getType().getNonReferenceType().getCanonicalType();
    if (T->isIncompleteType() || !T->isConstantSizeType() ||
        T->isDependentType())
      return;
    lanes::PointerValue Address = Eval.evaluateAddress(LValue);
    add(LValue, Address, Ctx.getTypeSizeInChars(T).getQuantity(), Kind, St);
  }

  void recordPointer(const Expr *Ptr, const Expr *Where, AccessKind Kind,
                     const State &St) {
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

  void add(const Expr *Target, const lanes::PointerValue &Address,
           std::int64_t Width, AccessKind Kind, const State &St) {
    if (Address.Space == MemorySpace::Local ||
        Address.Space == MemorySpace::Constant)
      return;
    if (Address.Space == MemorySpace::Unknown && !Address.isUnknown())
      return;
    MemoryAccess A;
    A.Expression = Target;
    A.Function = Eval.currentFunction();
    A.CallSite = KernelCall;
    A.Space = Address.Space;
    A.Base = Address.Base;
    A.BaseAlignment = baseAlignmentOf(A.Base, Ctx);
    A.Kind = Kind;
    A.Width = static_cast<unsigned>(Width);
    A.InstructionBytes = instructionBytes(Target, A.Width, Ctx);
    A.Offset = Address.Offset;
    A.Active = St.Active;
    A.InLoop = St.LoopDepth > 0;
    A.GuardedByThreadIndex = St.ThreadGuard;
    A.GuardInsideLoop = St.ThreadGuard && St.LoopDepth > 0 &&
                        St.GuardLoopDepth == St.LoopDepth;
    A.GuardOnFirstWarp = St.FirstWarpGuard;
    A.GuardOnFirstBlock = St.FirstBlockGuard;
    A.Struct = structFieldOf(Target, Ctx);
    for (lanes::SymbolId Id : A.Offset.symbols()) {
      A.ReadsRowIndex |= Eval.symbols()[Id].isRowIndex();
      A.DependsOnWarp |= Eval.symbols()[Id].ThreadDerived;
      A.BlockAxes |= Eval.symbols()[Id].BlockAxes;
    }
    if (A.Space == MemorySpace::Shared) {
      A.Array = arrayShapeOf(A.Base, Ctx);
      A.IndexesPastRow =
          A.Array && A.Array->Dims.size() > 1 &&
          indexesPastRow(Target, *A.Array, St.Active, Eval);
    }
    concretizeOffset(A, Eval, {St.Guards, St.GuardSymbols, Populated},
                     Settings.MaxScenarios);
    if (!Settings.KeepUniformOffsetTerms)
      A.Offset = A.Offset.withoutUniformTerms();
    Out.Accesses.push_back(std::move(A));
  }
};

} // namespace

KernelAccesses collectKernelAccesses(const FunctionDecl *Kernel,
                                     ASTContext &Ctx,
                                     const cuda::LaunchSites &Launches,
                                     const AnalysisSettings &Settings,
                                     lanes::FunctionCache *Functions) {
  KernelAccesses Out;
  Out.Kernel = Kernel;
  Out.Symbols = std::make_shared<lanes::SymbolTable>();
  Out.AssumedBlockSize = Settings.AssumedBlockSize;
  const FunctionDecl *Def = nullptr;
  if (!Kernel || !Kernel->hasBody(Def) || !Def || Def->isDependentContext())
    return Out;

  decideBlockShape(Def, Kernel, Ctx, Launches, Settings, Out);
  const std::optional<cuda::BlockShape> &Shape = Out.Block.Shape;
  lanes::ThreadGeometry Geometry =
      Shape ? lanes::ThreadGeometry::known(*Shape, *Out.Symbols)
            : lanes::ThreadGeometry::assumed(*Out.Symbols,
                                             Out.AssumedBlockSize);
  lanes::LaneEvaluator Eval(Ctx, *Out.Symbols, Geometry, Functions);
  Eval.enterKernel(Def);
  if (const cuda::LaunchSites::Entry *Launch = Launches.find(Kernel))
    for (std::size_t I = 0;
         I < Launch->ConstantArgs.size() && I < Def->getNumParams(); ++I)
      if (Launch->ConstantArgs[I] &&
          Eval.bindKernelArgument(Def->getParamDecl(I),
                                  *Launch->ConstantArgs[I]))
        Out.ConstantArguments.emplace_back(Def->getParamDecl(I),
                                           *Launch->ConstantArgs[I]);
  Collector C(Ctx, Eval, Settings, Out);
  C.run(Def->getBody(), Geometry.populatedLanes());
  // The results stay until the end of the TU, next to every other kernel's:
  // vectors grown by doubling give their spare room back (2.8 of the 63 MB
  // the analysis held on bench/'s 10,000-kernel TU).
  Out.Accesses.shrink_to_fit();
  for (MemoryAccess &A : Out.Accesses) {
    A.Offset.shrinkToFit();
    A.Scenarios.shrink_to_fit();
  }
  Out.Symbols->shrinkToFit();

  Out.FirstWarpOnly = Geometry.firstWarpOnly();
  Out.UsedAssumedBounds = Eval.kernelEffects().UsedAssumedBounds;
  Out.GuardOnFirstWarp = Eval.kernelEffects().decidedForFirstWarp();
  for (SymbolId Id = 0; Id < Out.Symbols->size(); ++Id)
    if (const VarDecl *VD = Eval.loopVariableOf(Id))
      Out.LoopVariables[Id] = VD;
  return Out;
}

} // namespace gpumem::access
