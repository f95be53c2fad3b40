//===- BranchFacts.cpp ----------------------------------------------------===//
#include "checks/cuda/BranchFacts.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"

#include <optional>

namespace gpumem::cuda {

using namespace clang;

namespace {

/// The local variable or parameter \p E names, through casts.
const VarDecl *namedVariable(const Expr *E) {
  const auto *Ref = dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts()
                                                    : nullptr);
  const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return VD && VD->hasLocalStorage() ? VD : nullptr;
}

std::optional<std::int64_t> integerConstant(const Expr *E,
                                            const ASTContext &Ctx) {
  if (!E || E->isValueDependent())
    return std::nullopt;
  auto I = E->getIntegerConstantExpr(Ctx);
  if (!I || I->getSignificantBits() > 63)
    return std::nullopt;
  return I->getExtValue();
}

/// True when control never runs past \p S to the next statement: a jump,
/// a throw, or a call to a function that does not return (`exit`, a
/// check's failure handler).
bool endsFlow(const Stmt *S) {
  if (const auto *Block = dyn_cast<CompoundStmt>(S))
    return !Block->body_empty() && endsFlow(Block->body_back());
  if (const auto *E = dyn_cast<Expr>(S)) {
    E = E->IgnoreParenImpCasts();
    if (isa<CXXThrowExpr>(E))
      return true;
    if (const auto *Call = dyn_cast<CallExpr>(E))
      if (const FunctionDecl *Callee = Call->getDirectCallee())
        return Callee->isNoReturn();
    return false;
  }
  return isa<BreakStmt>(S) || isa<ReturnStmt>(S) || isa<ContinueStmt>(S) ||
         isa<GotoStmt>(S);
}

/// `v == C` or `v != C` (either side), with v a local variable: v, C and
/// whether the test is ==.
struct Equality {
  const VarDecl *Var = nullptr;
  std::int64_t Value = 0;
  bool Equal = true;
};
Equality testedEquality(const IfStmt *If, const ASTContext &Ctx) {
  Equality Out;
  const auto *BO =
      dyn_cast<BinaryOperator>(If->getCond()->IgnoreParenImpCasts());
  if (!BO || If->getConditionVariable() ||
      (BO->getOpcode() != BO_EQ && BO->getOpcode() != BO_NE))
    return Out;
  Out.Equal = BO->getOpcode() == BO_EQ;
  for (auto [L, R] : {std::pair{BO->getLHS(), BO->getRHS()},
                      std::pair{BO->getRHS(), BO->getLHS()}})
    if (const VarDecl *V = namedVariable(L))
      if (auto C = integerConstant(R, Ctx)) {
        Out.Var = V;
        Out.Value = *C;
        break;
      }
  return Out;
}

class Walk {
public:
  Walk(const ASTContext &Ctx,
       llvm::DenseMap<const CUDAKernelCallExpr *, BranchFacts::AtLaunch> &Out)
      : Ctx(Ctx), Out(Out) {}

  void walk(const Stmt *S, unsigned Depth = 0) {
    if (!S || Depth > 256)
      return;
    // A lambda's body runs when it is called, not where it is written.
    if (isa<LambdaExpr>(S))
      return;
    if (const auto *Launch = dyn_cast<CUDAKernelCallExpr>(S))
      if (!Stack.empty())
        Out[Launch] = {Stack, Loops};
    if (isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) ||
        isa<CXXForRangeStmt>(S)) {
      Loops.push_back(S->getBeginLoc());
      for (const Stmt *Child : S->children())
        walk(Child, Depth + 1);
      Loops.pop_back();
      return;
    }
    if (const auto *Switch = dyn_cast<SwitchStmt>(S)) {
      walkSwitch(Switch, Depth);
      return;
    }
    if (const auto *If = dyn_cast<IfStmt>(S)) {
      walkIf(If, Depth);
      return;
    }
    if (const auto *Block = dyn_cast<CompoundStmt>(S)) {
      walkBlock(Block, Depth);
      return;
    }
    for (const Stmt *Child : S->children())
      walk(Child, Depth + 1);
  }

private:
  const ASTContext &Ctx;
  llvm::DenseMap<const CUDAKernelCallExpr *, BranchFacts::AtLaunch> &Out;
  llvm::SmallVector<BranchFact, 2> Stack;
  llvm::SmallVector<SourceLocation, 2> Loops;

  /// Walks \p S with `Var == Value` known (when Var is set).
  void walkWith(const Stmt *S, const VarDecl *Var, std::int64_t Value,
                SourceLocation Since, unsigned Depth) {
    if (!Var) {
      walk(S, Depth + 1);
      return;
    }
    Stack.push_back({Var, Value, Since});
    walk(S, Depth + 1);
    Stack.pop_back();
  }

  void walkSwitch(const SwitchStmt *Switch, unsigned Depth) {
    walk(Switch->getInit(), Depth + 1);
    walk(Switch->getCond(), Depth + 1);
    const VarDecl *Var =
        Switch->getConditionVariable() ? nullptr
                                       : namedVariable(Switch->getCond());
    const auto *Body = dyn_cast_or_null<CompoundStmt>(Switch->getBody());
    if (!Var || !Body) {
      walk(Switch->getBody(), Depth + 1);
      return;
    }
    // The value of the case the statements run under; none after a label
    // reached by falling through, a default, or several labels in a row.
    std::optional<std::int64_t> Current;
    bool PreviousEnds = true;
    for (const Stmt *S : Body->body()) {
      if (const auto *Case = dyn_cast<CaseStmt>(S)) {
        Current.reset();
        if (PreviousEnds && !Case->caseStmtIsGNURange() &&
            !isa<SwitchCase>(Case->getSubStmt()))
          Current = integerConstant(Case->getLHS(), Ctx);
        S = Case->getSubStmt();
      } else if (isa<SwitchCase>(S)) {
        Current.reset();
        S = cast<SwitchCase>(S)->getSubStmt();
      }
      walkWith(S, Current ? Var : nullptr, Current.value_or(0),
               Switch->getBeginLoc(), Depth);
      PreviousEnds = S && endsFlow(S);
    }
  }

  void walkIf(const IfStmt *If, unsigned Depth) {
    walk(If->getInit(), Depth + 1);
    walk(If->getCond(), Depth + 1);
    const Equality Test = testedEquality(If, Ctx);
    walkWith(If->getThen(), Test.Equal ? Test.Var : nullptr, Test.Value,
             If->getBeginLoc(), Depth);
    walkWith(If->getElse(), Test.Equal ? nullptr : Test.Var, Test.Value,
             If->getBeginLoc(), Depth);
  }

  /// A block: after `if (v != C) <exit>;` (a host check that throws or
  /// returns, `if (K != 16) throw ...`), the statements that follow run
  /// with v == C.
  void walkBlock(const CompoundStmt *Block, unsigned Depth) {
    const std::size_t Outer = Stack.size();
    for (const Stmt *Child : Block->body()) {
      walk(Child, Depth + 1);
      const auto *If = dyn_cast_or_null<IfStmt>(Child);
      if (!If || If->getElse() || !endsFlow(If->getThen()))
        continue;
      if (const Equality Test = testedEquality(If, Ctx);
          Test.Var && !Test.Equal)
        Stack.push_back({Test.Var, Test.Value, If->getBeginLoc()});
    }
    Stack.resize(Outer);
  }
};

} // namespace

BranchFacts::BranchFacts(const FunctionDecl *FD, const ASTContext &Ctx) {
  if (FD && FD->getBody())
    Walk(Ctx, Launches).walk(FD->getBody());
}

llvm::ArrayRef<BranchFact>
BranchFacts::at(const CUDAKernelCallExpr *Launch) const {
  auto It = Launches.find(Launch);
  if (It == Launches.end())
    return {};
  return It->second.Facts;
}

llvm::ArrayRef<SourceLocation>
BranchFacts::loopsAround(const CUDAKernelCallExpr *Launch) const {
  auto It = Launches.find(Launch);
  if (It == Launches.end())
    return {};
  return It->second.Loops;
}

} // namespace gpumem::cuda
