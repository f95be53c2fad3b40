//===- ReachingWrites.cpp -------------------------------------------------===//
#include "checks/cuda/ReachingWrites.h"
#include "checks/cuda/Loops.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Analysis/Analyses/PostOrderCFGView.h"
#include "clang/Analysis/CFG.h"
#include "clang/Analysis/FlowSensitive/DataflowWorklist.h"
#include "llvm/ADT/BitVector.h"

#include <algorithm>
#include <functional>

namespace gpumem::cuda {

using namespace clang;

namespace {

/// The write \p S makes to \p VD when it is one the analysis follows.
std::optional<Write> followedWrite(const Stmt *S, const VarDecl *VD) {
  if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
    if (!BO->isAssignmentOp() || !refTo(BO->getLHS(), VD))
      return std::nullopt;
    Write W;
    W.Var = VD;
    W.Statement = BO;
    W.Value = BO->getRHS();
    W.Kind = BO->getOpcode() == BO_Assign ? WriteKind::Assign : WriteKind::Step;
    if (W.Kind == WriteKind::Step)
      W.SteppedRead = refTo(BO->getLHS(), VD);
    return W;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
    if (!UO->isIncrementDecrementOp() || !refTo(UO->getSubExpr(), VD))
      return std::nullopt;
    Write W;
    W.Var = VD;
    W.Kind = WriteKind::Step;
    W.Statement = UO;
    W.SteppedRead = refTo(UO->getSubExpr(), VD);
    return W;
  }
  return std::nullopt;
}

bool trackableType(const VarDecl *VD) {
  QualType T = VD->getType();
  if (T->isReferenceType() || T.isVolatileQualified())
    return false;
  return T->isIntegralOrUnscopedEnumerationType() || T->isPointerType();
}

/// The variable an assignment or increment \p S writes, when it names
/// one directly.
const VarDecl *assignedVariable(const Stmt *S) {
  const Expr *Target = nullptr;
  if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp())
    Target = BO->getLHS();
  else if (const auto *UO = dyn_cast<UnaryOperator>(S);
           UO && UO->isIncrementDecrementOp())
    Target = UO->getSubExpr();
  const auto *Ref =
      Target ? dyn_cast<DeclRefExpr>(Target->IgnoreParenImpCasts()) : nullptr;
  return Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
}

} // namespace

void readsOf(const Expr *E, const VarDecl *VD,
             llvm::SmallVectorImpl<const DeclRefExpr *> &Out) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const VarDecl *VD;
    llvm::SmallVectorImpl<const DeclRefExpr *> &Out;
    Finder(const VarDecl *VD, llvm::SmallVectorImpl<const DeclRefExpr *> &Out)
        : VD(VD), Out(Out) {}
    bool VisitDeclRefExpr(DeclRefExpr *Ref) {
      if (Ref->getDecl() == VD)
        Out.push_back(Ref);
      return true;
    }
  } F(VD, Out);
  F.TraverseStmt(const_cast<Expr *>(E));
}

const Expr *withoutPointerCasts(const Expr *E) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    const auto *Cast = dyn_cast<ExplicitCastExpr>(E);
    if (!Cast ||
        (Cast->getCastKind() != CK_BitCast && Cast->getCastKind() != CK_NoOp) ||
        !Cast->getType()->isPointerType())
      return E;
    E = Cast->getSubExpr();
  }
}

const DeclRefExpr *refTo(const Expr *E, const VarDecl *VD) {
  const auto *Ref =
      dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
  return Ref && Ref->getDecl() == VD ? Ref : nullptr;
}

/// The step a binary operator makes (`i + e`, `i += e` as BO_Add); false
/// for an operator that is no step the analysis follows.
static bool stepOfOperator(BinaryOperatorKind Op, WriteStep &Step) {
  switch (Op) {
  case BO_Add:
    Step.Kind = StepKind::Add;
    return true;
  case BO_Sub:
    Step.Kind = StepKind::Add;
    Step.Negate = true;
    return true;
  case BO_Mul:
    Step.Kind = StepKind::Multiply;
    return true;
  case BO_Div:
    Step.Kind = StepKind::Divide;
    return true;
  case BO_Shl:
    Step.Kind = StepKind::ShiftLeft;
    return true;
  case BO_Shr:
    Step.Kind = StepKind::ShiftRight;
    return true;
  default:
    return false;
  }
}

WriteStep stepOf(const Expr *Write, const VarDecl *VD) {
  WriteStep Step;
  if (!Write)
    return Step;
  Write = Write->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(Write)) {
    if (UO->isIncrementDecrementOp() && refTo(UO->getSubExpr(), VD)) {
      Step.Kind = StepKind::Add;
      Step.Negate = UO->isDecrementOp();
    }
    return Step;
  }
  const auto *BO = dyn_cast<BinaryOperator>(Write);
  // `k += n, i += n`: the side that steps i, when the other does not
  // mention it.
  if (BO && BO->getOpcode() == BO_Comma) {
    auto Mentions = [&](const Expr *Side) {
      llvm::SmallVector<const DeclRefExpr *, 2> Refs;
      readsOf(Side, VD, Refs);
      return !Refs.empty();
    };
    if (!Mentions(BO->getLHS()))
      return stepOf(BO->getRHS(), VD);
    if (!Mentions(BO->getRHS()))
      return stepOf(BO->getLHS(), VD);
    return Step;
  }
  if (!BO || !refTo(BO->getLHS(), VD))
    return Step;
  // i op= e
  if (BO->isCompoundAssignmentOp()) {
    Step.Amount = BO->getRHS();
    return stepOfOperator(
               BinaryOperator::getOpForCompoundAssignment(BO->getOpcode()),
               Step)
               ? Step
               : WriteStep{};
  }
  // i = i op e; a pointer stepped through casts, `p = (int4 *)((half *)p
  // + 8 * k)`, is stepped too (the evaluator prices each write in bytes).
  const auto *RHS =
      BO->getOpcode() == BO_Assign
          ? dyn_cast<BinaryOperator>(withoutPointerCasts(BO->getRHS()))
          : nullptr;
  if (!RHS || !refTo(withoutPointerCasts(RHS->getLHS()), VD))
    return WriteStep{};
  Step.Amount = RHS->getRHS();
  return stepOfOperator(RHS->getOpcode(), Step) ? Step : WriteStep{};
}

llvm::SmallPtrSet<const Stmt *, 16> ancestorsOf(const ParentMap &PM,
                                                const Stmt *S) {
  llvm::SmallPtrSet<const Stmt *, 16> Out;
  for (; S; S = PM.getParent(S))
    Out.insert(S);
  return Out;
}

ReachingWrites::~ReachingWrites() = default;

/// The elements of a CFG that the solution needs, by block: each write of
/// a tracked variable and each read of one, in order.
struct ReachingWrites::FlowElements {
  using Element = std::pair<const Stmt *, llvm::SmallVector<unsigned, 1>>;
  std::vector<llvm::SmallVector<Element, 8>> OfBlock;
  /// The writes of the parameters, live at the entry.
  llvm::SmallVector<unsigned, 8> EntryWrites;
  /// The writes of each variable: what a write to it kills.
  llvm::DenseMap<const VarDecl *, llvm::BitVector> WritesOfVar;

  /// \p Live after write \p W.
  void apply(llvm::BitVector &Live, const Write &Made, unsigned W) const {
    Live.reset(WritesOfVar.find(Made.Var)->second);
    Live.set(W);
  }
};

ReachingWrites::ReachingWrites(const FunctionDecl *FD, ASTContext &Ctx,
                               const FunctionFacts &Facts) {
  if (!FD || !FD->hasBody())
    return;
  trackVariables(Facts);
  if (Tracked.empty())
    return;
  // The elements the solution reads: declarations, assignments,
  // increments and the reads of variables; the other statements are not
  // made elements (they cost the build, not the answer).
  CFG::BuildOptions Options;
  Options.setAlwaysAdd(Stmt::DeclStmtClass)
      .setAlwaysAdd(Stmt::BinaryOperatorClass)
      .setAlwaysAdd(Stmt::CompoundAssignOperatorClass)
      .setAlwaysAdd(Stmt::UnaryOperatorClass)
      .setAlwaysAdd(Stmt::DeclRefExprClass);
  std::unique_ptr<CFG> Graph = CFG::buildCFG(FD, FD->getBody(), &Ctx, Options);
  if (!Graph)
    return;
  Body = FD->getBody();
  FlowElements Elements = collectElements(FD, *Graph, Facts);
  std::optional<std::vector<llvm::BitVector>> In = solve(*Graph, Elements);
  if (!In)
    return;
  if (!recordReads(*Graph, Elements, *In)) {
    OverBudget = true;
    return;
  }
  findCycles();
  Valid = true;
}

void ReachingWrites::trackVariables(const FunctionFacts &Facts) {
  for (const auto &[VD, Stmts] : Facts.allWrites()) {
    if (!VD->hasLocalStorage() || !trackableType(VD))
      continue;
    if (std::all_of(Stmts.begin(), Stmts.end(), [VD = VD](const Stmt *S) {
          return followedWrite(S, VD).has_value();
        }))
      Tracked.insert(VD);
  }
}

unsigned ReachingWrites::writeOfDeclaration(
    const VarDecl *VD, llvm::DenseMap<const VarDecl *, unsigned> &DeclWrite) {
  auto [It, New] = DeclWrite.try_emplace(VD, Writes.size());
  if (New) {
    Write W;
    W.Var = VD;
    W.Kind = VD->getInit() ? WriteKind::Init : WriteKind::Uninitialized;
    W.Statement = VD->getInit();
    W.Value = VD->getInit();
    Writes.push_back(W);
  }
  return It->second;
}

ReachingWrites::FlowElements
ReachingWrites::collectElements(const FunctionDecl *FD, const CFG &Graph,
                                const FunctionFacts &Facts) {
  FlowElements Out;
  Out.OfBlock.resize(Graph.getNumBlockIDs());
  // Writes in CFG order: parameters first, then each block's elements.
  for (const ParmVarDecl *P : FD->parameters())
    if (Tracked.count(P)) {
      Out.EntryWrites.push_back(Writes.size());
      Writes.push_back(Write{P, WriteKind::Entry, nullptr, nullptr, nullptr});
    }
  llvm::DenseMap<const Stmt *, unsigned> WriteAt;
  llvm::DenseMap<const VarDecl *, unsigned> DeclWrite;
  llvm::DenseSet<const Stmt *> SeenWrites;
  for (const CFGBlock *B : Graph) {
    if (!B)
      continue;
    if (const Stmt *T = B->getTerminatorStmt()) {
      if (isa<ContinueStmt>(T) || isa<BreakStmt>(T))
        Jumps.push_back(T);
      else if (isa<GotoStmt>(T) || isa<IndirectGotoStmt>(T))
        Goto = true;
    }
    for (const CFGElement &E : *B) {
      auto CS = E.getAs<CFGStmt>();
      if (!CS)
        continue;
      const Stmt *S = CS->getStmt();
      llvm::SmallVector<unsigned, 1> Made;
      if (const auto *DS = dyn_cast<DeclStmt>(S)) {
        for (const Decl *D : DS->decls())
          if (const auto *VD = dyn_cast<VarDecl>(D); VD && Tracked.count(VD))
            Made.push_back(writeOfDeclaration(VD, DeclWrite));
      } else if (const VarDecl *VD = assignedVariable(S);
                 VD && Tracked.count(VD)) {
        auto [It, New] = WriteAt.try_emplace(S, Writes.size());
        if (New)
          Writes.push_back(*followedWrite(S, VD));
        SeenWrites.insert(S);
        Made.push_back(It->second);
      }
      // Only writes and reads of tracked variables matter to the solution.
      const auto *Ref = dyn_cast<DeclRefExpr>(S);
      const auto *Read = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
      if (!Made.empty() || (Read && Tracked.count(Read)))
        Out.OfBlock[B->getBlockID()].push_back({S, std::move(Made)});
    }
  }
  // A write the CFG does not show (inside a lambda) would go unseen.
  for (auto It = Tracked.begin(); It != Tracked.end();) {
    const VarDecl *VD = *It++;
    for (const Stmt *S : Facts.writesOf(VD))
      if (!SeenWrites.count(S)) {
        Tracked.erase(VD);
        break;
      }
  }
  for (unsigned I = 0, N = Writes.size(); I < N; ++I) {
    llvm::BitVector &Bits = Out.WritesOfVar[Writes[I].Var];
    Bits.resize(N);
    Bits.set(I);
  }
  return Out;
}

std::optional<std::vector<llvm::BitVector>>
ReachingWrites::solve(const CFG &Graph, const FlowElements &Elements) const {
  // In[B] = union of Out[pred], Out[B] = the block applied to In[B]: a
  // union of bit sets that only grow, so the fixed point is reached in any
  // order; reverse post-order reaches it in few passes.
  const unsigned N = Writes.size();
  const unsigned Blocks = Graph.getNumBlockIDs();
  std::vector<llvm::BitVector> In(Blocks, llvm::BitVector(N)),
      Out(Blocks, llvm::BitVector(N));
  for (unsigned W : Elements.EntryWrites)
    In[Graph.getEntry().getBlockID()].set(W);
  PostOrderCFGView Order(&Graph);
  ForwardDataflowWorklist Work(Graph, &Order);
  for (const CFGBlock *B : Order)
    Work.enqueueBlock(B);
  unsigned Visits = 0;
  while (const CFGBlock *B = Work.dequeue()) {
    if (++Visits > MaxBlockVisits)
      return std::nullopt;
    const unsigned ID = B->getBlockID();
    llvm::BitVector Live = In[ID];
    for (const auto &[S, Made] : Elements.OfBlock[ID])
      for (unsigned W : Made)
        Elements.apply(Live, Writes[W], W);
    if (Live == Out[ID])
      continue;
    Out[ID] = Live;
    for (const CFGBlock *Succ : B->succs()) {
      if (!Succ)
        continue;
      // Only a write the successor does not have yet changes it.
      llvm::BitVector &SuccIn = In[Succ->getBlockID()];
      if (!Live.test(SuccIn))
        continue;
      SuccIn |= Live;
      Work.enqueueBlock(Succ);
    }
  }
  return In;
}

bool ReachingWrites::recordReads(const CFG &Graph, const FlowElements &Elements,
                                 const std::vector<llvm::BitVector> &In) {
  std::size_t Pairs = 0;
  // Each tracked read sees the live writes of its variable.
  for (const CFGBlock *B : Graph) {
    if (!B)
      continue;
    llvm::BitVector Live = In[B->getBlockID()];
    for (const auto &[S, Made] : Elements.OfBlock[B->getBlockID()]) {
      if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
        if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
            VD && Tracked.count(VD)) {
          llvm::BitVector Seen = Live;
          Seen &= Elements.WritesOfVar.find(VD)->second;
          Pairs += Seen.count();
          if (Pairs > MaxReachingPairs) {
            Reaching.clear();
            return false;
          }
          // A read the CFG lists once (all but a few) fills its slot
          // without a search: the search made a chain of n writes that
          // each read the variable cost n^3.
          auto &Slot = Reaching[Ref];
          const bool Fresh = Slot.empty();
          for (unsigned W : Seen.set_bits())
            if (Fresh || !llvm::is_contained(Slot, W))
              Slot.push_back(W);
        }
      for (unsigned W : Made)
        Elements.apply(Live, Writes[W], W);
    }
  }
  return true;
}

const ParentMap &ReachingWrites::parents() const {
  if (!Parents)
    Parents = std::make_unique<ParentMap>(const_cast<Stmt *>(Body));
  return *Parents;
}

const Stmt *ReachingWrites::leftBy(const Stmt *Jump) const {
  const bool Break = isa<BreakStmt>(Jump);
  const Stmt *Target = parents().getParent(Jump);
  while (Target && !isLoop(Target) && !(Break && isa<SwitchStmt>(Target)))
    Target = parents().getParent(Target);
  return Target;
}

const llvm::SmallVector<unsigned, 4> *
ReachingWrites::reaching(const DeclRefExpr *Read) const {
  auto It = Reaching.find(Read);
  return It == Reaching.end() ? nullptr : &It->second;
}

const WriteCycle *ReachingWrites::cycleOf(unsigned Id) const {
  auto It = CycleOfWrite.find(Id);
  return It == CycleOfWrite.end() ? nullptr : &Cycles[It->second];
}

void ReachingWrites::findCycles() {
  // Write W depends on the writes its reads of the same variable see.
  const unsigned N = Writes.size();
  std::vector<llvm::SmallVector<unsigned, 4>> Deps(N);
  // Sets as bits, so that a chain of n writes that each read the variable
  // costs n^2, not n^3.
  llvm::BitVector Have(N);
  for (unsigned W = 0; W < N; ++W) {
    llvm::SmallVector<const DeclRefExpr *, 2> Reads;
    if (Writes[W].SteppedRead)
      Reads.push_back(Writes[W].SteppedRead);
    if (Writes[W].Value)
      readsOf(Writes[W].Value, Writes[W].Var, Reads);
    for (const DeclRefExpr *R : Reads)
      if (const auto *Seen = reaching(R))
        for (unsigned D : *Seen)
          if (!Have.test(D)) {
            Have.set(D);
            Deps[W].push_back(D);
          }
    for (unsigned D : Deps[W])
      Have.reset(D);
  }
  // Tarjan's strongly connected components.
  std::vector<int> Index(N, -1), Low(N, 0);
  std::vector<bool> OnStack(N, false);
  std::vector<unsigned> Stack;
  int Next = 0;
  std::function<void(unsigned)> Visit = [&](unsigned V) {
    Index[V] = Low[V] = Next++;
    Stack.push_back(V);
    OnStack[V] = true;
    for (unsigned D : Deps[V]) {
      if (Index[D] < 0) {
        Visit(D);
        Low[V] = std::min(Low[V], Low[D]);
      } else if (OnStack[D]) {
        Low[V] = std::min(Low[V], Index[D]);
      }
    }
    if (Low[V] != Index[V])
      return;
    WriteCycle C;
    unsigned M;
    do {
      M = Stack.back();
      Stack.pop_back();
      OnStack[M] = false;
      C.Members.push_back(M);
    } while (M != V);
    if (C.Members.size() == 1 && !llvm::is_contained(Deps[V], V))
      return;
    for (unsigned Member : C.Members)
      Have.set(Member);
    llvm::BitVector Entered(N);
    for (unsigned Member : C.Members)
      for (unsigned D : Deps[Member])
        if (!Have.test(D) && !Entered.test(D)) {
          Entered.set(D);
          C.Entries.push_back(D);
        }
    for (unsigned Member : C.Members)
      Have.reset(Member);
    for (unsigned Member : C.Members)
      CycleOfWrite[Member] = Cycles.size();
    Cycles.push_back(std::move(C));
  };
  for (unsigned W = 0; W < N; ++W)
    if (Index[W] < 0)
      Visit(W);
}

/// The innermost loop that holds every statement of \p Members.
const Stmt *loopAround(const ParentMap &PM,
                       llvm::ArrayRef<const Stmt *> Members) {
  if (Members.empty() || llvm::is_contained(Members, nullptr))
    return nullptr;
  llvm::SmallVector<llvm::SmallPtrSet<const Stmt *, 16>, 4> Holders;
  for (const Stmt *M : Members.drop_front())
    Holders.push_back(ancestorsOf(PM, M));
  for (const Stmt *P = PM.getParent(Members.front()); P; P = PM.getParent(P))
    if (isLoop(P) &&
        llvm::all_of(Holders, [&](const auto &H) { return H.count(P); }))
      return P;
  return nullptr;
}

/// The additive step a write makes: +e, -e, ++, --, x = x + e, and
/// x = e + x; Kind None otherwise.
WriteStep additiveStep(const Write &W) {
  WriteStep Step = stepOf(W.Statement, W.Var);
  if (Step.Kind == StepKind::Add)
    return Step;
  const auto *BO = dyn_cast_or_null<BinaryOperator>(W.Statement);
  const auto *Sum =
      BO && BO->getOpcode() == BO_Assign
          ? dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts())
          : nullptr;
  if (Sum && Sum->getOpcode() == BO_Add && refTo(Sum->getRHS(), W.Var))
    return WriteStep{StepKind::Add, Sum->getLHS(), false};
  return WriteStep{};
}

} // namespace gpumem::cuda
