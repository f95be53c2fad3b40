//===- FunctionFacts.cpp --------------------------------------------------===//
#include "checks/lanes/FunctionFacts.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

namespace gpumem::lanes {

using namespace clang;

namespace {

/// The variable an lvalue names, looking through `.member` (writing
/// block.x writes block).
const VarDecl *writtenVar(const Expr *E) {
  if (!E)
    return nullptr;
  E = E->IgnoreParenImpCasts();
  while (const auto *ME = dyn_cast<MemberExpr>(E)) {
    if (ME->isArrow())
      return nullptr;
    E = ME->getBase()->IgnoreParenImpCasts();
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  return Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
}

class WriteFinder : public RecursiveASTVisitor<WriteFinder> {
public:
  llvm::DenseMap<const VarDecl *, llvm::SmallVector<const Stmt *, 2>> Writes;

  bool shouldVisitLambdaBody() const { return true; }

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      note(writtenVar(BO->getLHS()), BO);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
      note(writtenVar(UO->getSubExpr()), UO);
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *Call) {
    if (Call->isAssignmentOp() && Call->getNumArgs() > 0)
      note(writtenVar(Call->getArg(0)), Call);
    return true;
  }
  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      const VarDecl *VD = writtenVar(Call->getArg(I));
      if (!VD)
        continue;
      // A non-const reference parameter may write the variable.
      if (!Callee || I >= Callee->getNumParams()) {
        if (!Callee)
          note(VD, Call);
        continue;
      }
      QualType PT = Callee->getParamDecl(I)->getType();
      if (PT->isReferenceType() && !PT.getNonReferenceType().isConstQualified())
        note(VD, Call);
    }
    return true;
  }
  bool VisitVarDecl(VarDecl *VD) {
    // Binding a non-const reference to a variable lets it be written.
    if (VD->getType()->isReferenceType() &&
        !VD->getType().getNonReferenceType().isConstQualified())
      note(writtenVar(VD->getInit()), VD->getInit());
    return true;
  }

private:
  void note(const VarDecl *VD, const Stmt *S) {
    if (VD)
      Writes[VD].push_back(S);
  }
};

bool contains(const Stmt *Outer, const Stmt *Inner) {
  if (!Outer)
    return false;
  if (Outer == Inner)
    return true;
  for (const Stmt *Child : Outer->children())
    if (contains(Child, Inner))
      return true;
  return false;
}

/// One walk of a body: its for-loops, whether control jumps (continue,
/// goto), and which of the writes sit under a condition.
class BodyWalk {
public:
  explicit BodyWalk(const llvm::DenseSet<const Stmt *> &WriteStmts)
      : WriteStmts(WriteStmts) {}

  llvm::SmallVector<const ForStmt *, 8> Loops;
  llvm::DenseSet<const Stmt *> ConditionalWrites;
  bool Jumps = false;

  void walk(const Stmt *S, bool Under, unsigned Depth = 0) {
    if (!S)
      return;
    // Too deep to follow: as if control could jump anywhere.
    if (Depth > 512) {
      Jumps = true;
      return;
    }
    if (Under && WriteStmts.count(S))
      ConditionalWrites.insert(S);
    if (isa<ContinueStmt>(S) || isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S))
      Jumps = true;
    if (const auto *FS = dyn_cast<ForStmt>(S))
      Loops.push_back(FS);
    // In an if, a switch, `a && b`, `a || b` and `c ? x : y`, one child
    // decides whether the children after it run; a lambda and `a ?: b` are
    // taken as conditional whole.
    const Stmt *Decider = nullptr;
    if (const auto *If = dyn_cast<IfStmt>(S))
      Decider = If->getCond();
    else if (const auto *Switch = dyn_cast<SwitchStmt>(S))
      Decider = Switch->getCond();
    else if (const auto *BO = dyn_cast<BinaryOperator>(S);
             BO && BO->isLogicalOp())
      Decider = BO->getLHS();
    else if (const auto *CO = dyn_cast<ConditionalOperator>(S))
      Decider = CO->getCond();
    bool ChildrenUnder =
        Under || isa<LambdaExpr>(S) || isa<BinaryConditionalOperator>(S);
    for (const Stmt *Child : S->children()) {
      walk(Child, ChildrenUnder, Depth + 1);
      if (Child && Child == Decider)
        ChildrenUnder = true;
    }
  }

private:
  const llvm::DenseSet<const Stmt *> &WriteStmts;
};

} // namespace

FunctionFacts::FunctionFacts(const FunctionDecl *FD) {
  if (!FD || !FD->hasBody())
    return;
  WriteFinder Finder;
  Finder.TraverseStmt(FD->getBody());
  Writes = std::move(Finder.Writes);

  llvm::DenseSet<const Stmt *> WriteStmts;
  for (const auto &Entry : Writes)
    WriteStmts.insert(Entry.second.begin(), Entry.second.end());
  BodyWalk Walk(WriteStmts);
  Walk.walk(FD->getBody(), false);
  ConditionalWrites = std::move(Walk.ConditionalWrites);
  Jumps = Walk.Jumps;
  for (const ForStmt *FS : Walk.Loops) {
    const VarDecl *VD = nullptr;
    const Expr *Init = nullptr;
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(FS->getInit())) {
      if (DS->isSingleDecl())
        if ((VD = dyn_cast<VarDecl>(DS->getSingleDecl())))
          Init = VD->getInit();
    } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(FS->getInit())) {
      if (BO->getOpcode() == BO_Assign) {
        VD = writtenVar(BO->getLHS());
        Init = BO->getRHS();
      }
    }
    if (!VD || !Init || !FS->getInc())
      continue;
    // Every write must be the init assignment or inside the increment.
    bool OnlyLoopWrites = true;
    for (const Stmt *W : Writes.lookup(VD))
      if (W != FS->getInit() && !contains(FS->getInc(), W))
        OnlyLoopWrites = false;
    if (OnlyLoopWrites)
      Induction[VD] = InductionLoop{FS, Init};
  }
}

llvm::ArrayRef<const Stmt *>
FunctionFacts::writesOf(const VarDecl *VD) const {
  auto It = Writes.find(VD);
  if (It == Writes.end())
    return {};
  return It->second;
}

bool FunctionFacts::writtenUnconditionally(const VarDecl *VD) const {
  if (Jumps)
    return false;
  for (const Stmt *W : writesOf(VD))
    if (ConditionalWrites.count(W))
      return false;
  return true;
}

const InductionLoop *FunctionFacts::inductionLoopOf(const VarDecl *VD) const {
  auto It = Induction.find(VD);
  return It == Induction.end() ? nullptr : &It->second;
}

} // namespace gpumem::lanes
