//===- AccessWalk.cpp - statements, guards and loops of the walk ----------===//
#include "checks/access/AccessWalk.h"

#include "checks/access/AccessShapes.h"
#include "checks/access/OffsetScenarios.h"
#include "checks/cuda/ConstantInt.h"
#include "checks/cuda/FunctionFacts.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/SaveAndRestore.h"

namespace gpumem::access::detail {

namespace {

/// The loop depth for the accesses of \p Branch, at \p Depth: a branch
/// that ends by leaving the loop (`{ out[k] = v; break; }`, the kernel's
/// `return`) makes its accesses once per pass of the loops around that
/// one, not once per iteration.
unsigned depthAfter(const clang::Stmt *Branch, unsigned Depth, bool InSwitch,
                    unsigned CallDepth) {
  const auto *Block = llvm::dyn_cast_or_null<clang::CompoundStmt>(Branch);
  const clang::Stmt *Last =
      Block && !Block->body_empty() ? Block->body_back() : nullptr;
  if (!Last || Depth == 0)
    return Depth;
  if (llvm::isa<clang::BreakStmt>(Last) && !InSwitch)
    return Depth - 1;
  if (llvm::isa<clang::ReturnStmt>(Last) && CallDepth == 0)
    return 0;
  return Depth;
}

} // namespace

using namespace clang;
using lanes::LaneMask;

namespace {

/// Keeps in \p Shares the most share of the block any call gives \p S.
void keepMostShare(llvm::DenseMap<const Stmt *, double> &Shares,
                   const Stmt *S, double Share) {
  double &Kept = Shares[S];
  Kept = std::max(Kept, Share);
}

} // namespace

void AccessWalk::run(const Stmt *Body, LaneMask Lanes) {
  Populated = Lanes;
  State S;
  S.Active = Lanes;
  visit(Body, S);
}

bool AccessWalk::bindWholeVectorRef(const VarDecl *VD, const State &St) {
  const Expr *Init = wholeVectorBinding(VD, Ctx);
  if (!Init)
    return false;
  record(Init, AccessKind::Load, St);
  visitLValueParts(Init, St);
  WholeVectorRefs.insert(VD);
  return true;
}

bool AccessWalk::readsWholeVectorCopy(const Expr *E) const {
  const VarDecl *VD = cuda::heldVariable(E);
  return VD && WholeVectorRefs.count(VD);
}

void AccessWalk::narrow(State &S, const Expr *Cond, bool Holds,
                        const Stmt *Loop) {
  // Kept for re-deciding with pinned loop values (if (index < blockDim.x)
  // in a reduction depends on the loop's s).
  S.Guards.push_back({Cond, Holds, Loop});
  // Each warp of a launched block decides the guard too, while every
  // guard before it was decided for each (BlockLanes).
  static const std::vector<lanes::WarpAssignment> NoWarps;
  if (!Warps)
    Warps = Eval.blockWarps(MaxWarpsDecided);
  const std::vector<lanes::WarpAssignment> &Block =
      S.Block.known() ? *Warps : NoWarps;
  std::optional<lanes::WarpMasks> PerWarp;
  lanes::Evaluated<std::optional<LaneMask>> Decided =
      Eval.decideGuard(S.Guards.back(), Block, PerWarp);
  if (!Decided.Value) {
    // A comparison with a value no scenario fixes (a bounds check on a
    // parameter, i < n) stays undecided under any pins: not kept.
    if (neverDecided(Cond))
      S.Guards.pop_back();
    else
      conditionSymbols(Cond, Eval, S.GuardSymbols);
    return;
  }
  const LaneMask Passing = Holds ? *Decided.Value : ~*Decided.Value;
  if (!Block.empty())
    S.Block.narrow(S.Active, *Decided.Value, Holds, PerWarp);
  S.Active &= Passing;
  S.ThreadGuard = true;
  S.GuardLoopDepth = S.LoopDepth;
  S.FirstWarpGuard |= Decided.Did.decidedForFirstWarp();
  S.FirstBlockGuard |= Decided.Did.decidedForFirstBlock();
}

bool AccessWalk::neverDecided(const Expr *Cond) {
  const auto *BO = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
  if (!BO || !BO->isComparisonOp())
    return false;
  const lanes::SymbolTable &Symbols = Eval.symbols();
  // blockDim takes the assumed size in guards (compareLanes).
  const std::map<lanes::SymbolId, std::int64_t> Bounds =
      Eval.geometry().boundsSubstitution();
  for (const Expr *Side : {BO->getLHS(), BO->getRHS()}) {
    if (Side->getType()->isPointerType())
      return false;
    for (lanes::SymbolId Id : Eval.evaluate(Side).symbols())
      if (Symbols[Id].Values.empty() && !Symbols[Id].ThreadDerived &&
          !Symbols[Id].isBlockIndex() && !Bounds.count(Id))
        return true;
  }
  return false;
}

void AccessWalk::visit(const Stmt *S, const State &St) {
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
    Body.InSwitch = false;
    Passes.enter(S, Eval.currentFunction());
    visitChildren(S, Body);
    Passes.leave();
    return;
  }
  if (isa<SwitchStmt>(S) && !St.InSwitch) {
    State Inside = St;
    Inside.InSwitch = true;
    return visitChildren(S, Inside);
  }
  if (isa<LambdaExpr>(S))
    return;
  if (const auto *Asm = dyn_cast<GCCAsmStmt>(S))
    return visitAsm(Asm, St);
  if (const auto *E = dyn_cast<Expr>(S))
    return visitExpr(E, St);
  visitChildren(S, St);
}

void AccessWalk::visitCompound(const CompoundStmt *CS, const State &St) {
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
        keepMostShare(Out.ExitShares, If,
                      Narrowed->Block.share(Narrowed->Active));
      }
  }
}

bool AccessWalk::bindsWholeVectorRef(const DeclStmt *DS) const {
  return llvm::any_of(DS->decls(), [&](const Decl *D) {
    const auto *VD = dyn_cast<VarDecl>(D);
    return VD && VD->getType()->isReferenceType() &&
           isWholeVector(VD->getType()->getPointeeType(), Ctx);
  });
}

void AccessWalk::visitWholeVectorRefs(const DeclStmt *DS, const State &St) {
  for (const Decl *D : DS->decls())
    if (const auto *VD = dyn_cast<VarDecl>(D);
        VD && !bindWholeVectorRef(VD, St) && VD->getInit())
      visit(VD->getInit(), St);
}

void AccessWalk::visitIf(const IfStmt *If, const State &St) {
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
  Then.LoopDepth =
      depthAfter(If->getThen(), Then.LoopDepth, Then.InSwitch, CallDepth);
  // What the work count needs of this if: the lanes of each branch, and
  // whether the warp takes one branch as a whole.
  Out.BranchLanes[If->getThen()] |= Then.Active;
  // Where the branch was decided per warp, the block's share that runs
  // it (the most over the calls that reach it).
  auto NoteShare = [&](const Stmt *Branch, const State &In) {
    if (In.Block.decided())
      keepMostShare(Out.BranchShares, Branch, In.Block.share(In.Active));
  };
  NoteShare(If->getThen(), Then);
  if (If->getElse()) {
    Out.BranchLanes[If->getElse()] |= Else.Active;
    NoteShare(If->getElse(), Else);
    // Asked once per if, not once per call that reaches it.
    if (!If->getConditionVariable() && Then.Active == St.Active &&
        Else.Active == St.Active && !Out.UniformIfs.contains(If) &&
        Eval.warpUniform(If->getCond()))
      Out.UniformIfs.insert(If);
  }
  visit(If->getThen(), Then);
  visit(If->getElse(), Else);
}

/// True when \p For's condition compares the counter it declares,
/// started at a constant, with a constant, and fails at the start (`k <
/// ITEMS` in an instantiation with ITEMS at 0): its body makes no access.
static bool neverRuns(const ForStmt *For, const ASTContext &Ctx) {
  // `for (int k = 0; k < ITEMS; ++k)`: the counter's start and the bound
  // are constants (literals, template arguments, constexpr), the counter
  // is declared by the loop, and the comparison fails at the start.
  const auto *Cmp = dyn_cast_or_null<BinaryOperator>(
      For->getCond() ? For->getCond()->IgnoreParenImpCasts() : nullptr);
  const auto *Init = dyn_cast_or_null<DeclStmt>(For->getInit());
  if (!Cmp || !Cmp->isComparisonOp() || !Init || !Init->isSingleDecl())
    return false;
  const auto *Counter = dyn_cast<VarDecl>(Init->getSingleDecl());
  if (!Counter || !Counter->getInit())
    return false;
  auto Side = [&](const Expr *E) -> std::optional<std::int64_t> {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    if (Ref && Ref->getDecl() == Counter)
      return cuda::constantInt(Counter->getInit(), Ctx);
    return cuda::constantInt(E, Ctx);
  };
  auto Named = [&](const Expr *E) {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return Ref && Ref->getDecl() == Counter;
  };
  if (Named(Cmp->getLHS()) == Named(Cmp->getRHS()))
    return false;
  const std::optional<std::int64_t> L = Side(Cmp->getLHS());
  const std::optional<std::int64_t> R = Side(Cmp->getRHS());
  if (!L || !R)
    return false;
  // The loop runs no pass when its condition fails at the start.
  std::optional<bool> Holds = cuda::comparisonHolds(Cmp->getOpcode(), *L, *R);
  return Holds && !*Holds;
}

void AccessWalk::visitFor(const ForStmt *For, const State &St) {
  visit(For->getInit(), St);
  State Body = St;
  Fors.push_back(For);
  llvm::scope_exit Leave([this] { Fors.pop_back(); });
  // A loop each active lane leaves after one pass makes its accesses once.
  const bool Repeats = !Eval.runsAtMostOnce(For, St.Active);
  if (Repeats) {
    ++Body.LoopDepth;
    Passes.enter(For, Eval.currentFunction());
  }
  llvm::scope_exit LeaveLoop([&] {
    if (Repeats)
      Passes.leave();
  });
  Body.InSwitch = false;
  visit(For->getCond(), Body);
  if (neverRuns(For, Ctx))
    return;
  narrowToFirstPass(Body, For, For->getCond(), For->getConditionVariable());
  visit(For->getBody(), Body);
  visit(For->getInc(), Body);
}

void AccessWalk::visitWhile(const WhileStmt *While, const State &St) {
  State Body = St;
  ++Body.LoopDepth;
  Body.InSwitch = false;
  Passes.enter(While, Eval.currentFunction());
  llvm::scope_exit LeaveLoop([this] { Passes.leave(); });
  visit(While->getConditionVariableDeclStmt(), Body);
  visit(While->getCond(), Body);
  narrowToFirstPass(Body, While, While->getCond(),
                    While->getConditionVariable());
  visit(While->getBody(), Body);
}

void AccessWalk::narrowToFirstPass(State &Body, const Stmt *Loop,
                                   const Expr *Cond, const VarDecl *CondVar) {
  if (!Cond || CondVar)
    return;
  // A while loop's variable is read through its writes around the loop,
  // which costs: its bound is read first, and only a number (or blockDim)
  // lets the condition cut lanes at a place known for every warp; a bound
  // on a parameter (`while (i < n)`, grid-stride) is a bounds check.
  if (isa<WhileStmt>(Loop)) {
    const auto *BO = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
    if (!BO || !BO->isRelationalOp())
      return;
    const bool LeftIsVariable =
        isa<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts());
    const Expr *Bound = LeftIsVariable ? BO->getRHS() : BO->getLHS();
    if (!Eval.evaluate(Bound)
             .substitute(Eval.geometry().boundsSubstitution())
             .asConstant())
      return;
  }
  if (Eval.warpUniform(Cond))
    return;
  narrow(Body, Cond, true, Loop);
  // What the work count needs: the lanes (and the block's share) of the
  // loop's first pass, which its body's FLOPs are charged to as its
  // accesses are.
  const Stmt *Inside = narrowedLoopBody(Loop);
  Out.BranchLanes[Inside] |= Body.Active;
  if (Body.Block.decided())
    keepMostShare(Out.BranchShares, Inside, Body.Block.share(Body.Active));
}

void AccessWalk::visitChildren(const Stmt *S, const State &St,
                               const Expr *Skip) {
  for (const Stmt *Child : S->children())
    if (Child != Skip)
      visit(Child, St);
}

} // namespace gpumem::access::detail
