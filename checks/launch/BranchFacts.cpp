//===- BranchFacts.cpp ----------------------------------------------------===//
#include "checks/launch/BranchFacts.h"
#include "checks/cuda/KernelLaunch.h"
#include "checks/launch/FoldInt.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"

#include <algorithm>
#include <optional>

namespace gpumem::launch {

using namespace gpumem::cuda;

using namespace clang;

namespace {

/// The local variable or parameter \p E names, through casts.
const VarDecl *namedVariable(const Expr *E) {
  const auto *Ref =
      dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr);
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

/// `v == C`, `v != C`, `v <= C`, `v < C`, `v > C`, `v >= C` (either
/// side), with v a local variable: what it says of v where it holds
/// (Then) and where it does not (Else).
struct Comparison {
  const VarDecl *Var = nullptr;
  /// Equal to Value, at most Value, or nothing known.
  enum Kind { None, Equals, AtMost };
  Kind Then = None, Else = None;
  std::int64_t ThenValue = 0, ElseValue = 0;
};
Comparison testedComparison(const Expr *Cond, const ASTContext &Ctx) {
  Comparison Out;
  const auto *BO =
      Cond ? dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts()) : nullptr;
  if (!BO || !BO->isComparisonOp())
    return Out;
  for (bool Swapped : {false, true}) {
    const Expr *L = Swapped ? BO->getRHS() : BO->getLHS();
    const Expr *R = Swapped ? BO->getLHS() : BO->getRHS();
    const VarDecl *V = namedVariable(L);
    auto C = integerConstant(R, Ctx);
    if (!V || !C)
      continue;
    BinaryOperatorKind Op =
        Swapped ? BinaryOperator::reverseComparisonOp(BO->getOpcode())
                : BO->getOpcode();
    Out.Var = V;
    // An order says something of integers only (not of an enumeration's
    // order, not of a bool).
    if (Op != BO_EQ && Op != BO_NE &&
        (!V->getType()->isIntegerType() || V->getType()->isBooleanType() ||
         V->getType()->isEnumeralType()))
      Op = BO_Comma;
    switch (Op) {
    case BO_EQ:
      Out.Then = Comparison::Equals, Out.ThenValue = *C;
      break;
    case BO_NE:
      Out.Else = Comparison::Equals, Out.ElseValue = *C;
      break;
    case BO_LE:
      Out.Then = Comparison::AtMost, Out.ThenValue = *C;
      break;
    case BO_LT:
      Out.Then = Comparison::AtMost, Out.ThenValue = *C - 1;
      break;
    case BO_GT:
      Out.Else = Comparison::AtMost, Out.ElseValue = *C;
      break;
    case BO_GE:
      Out.Else = Comparison::AtMost, Out.ElseValue = *C - 1;
      break;
    default:
      Out.Var = nullptr;
    }
    return Out;
  }
  return Out;
}

/// True when \p S calls a function the translation unit defines (a
/// helper that may launch; a library's declared function does not).
bool callsDefinedFunction(const Stmt *S) {
  const auto *Call = dyn_cast<CallExpr>(S);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  return Callee && Callee->hasBody();
}

class Walk {
public:
  Walk(const ASTContext &Ctx,
       llvm::DenseMap<const CallExpr *, BranchFacts::AtLaunch> &Out)
      : Ctx(Ctx), Out(Out) {}

  void walk(const Stmt *S, unsigned Depth = 0) {
    if (!S || Depth > 256)
      return;
    // A lambda's body runs when it is called, not where it is written.
    if (isa<LambdaExpr>(S))
      return;
    if ((!Stack.empty() || !Loops.empty()) &&
        (mayLaunchKernel(S) || callsDefinedFunction(S)))
      Out[cast<CallExpr>(S)] = {Stack, Loops};
    if (isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) ||
        isa<CXXForRangeStmt>(S)) {
      Loops.push_back(S->getBeginLoc());
      const Stmt *Body = nullptr;
      llvm::SmallVector<BranchFact, 2> EachPass;
      passFacts(S, Body, EachPass);
      for (const Stmt *Child : S->children()) {
        if (!Child || Child != Body || EachPass.empty()) {
          walk(Child, Depth + 1);
          continue;
        }
        const std::size_t Outer = Stack.size();
        Stack.append(EachPass.begin(), EachPass.end());
        walk(Child, Depth + 1);
        Stack.resize(Outer);
      }
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
  llvm::DenseMap<const CallExpr *, BranchFacts::AtLaunch> &Out;
  llvm::SmallVector<BranchFact, 2> Stack;
  llvm::SmallVector<SourceLocation, 2> Loops;

  /// Walks \p S with `Var == Value` (or `Var <= Value`, \p AtMost)
  /// known, when Var is set.
  void walkWith(const Stmt *S, const VarDecl *Var, std::int64_t Value,
                SourceLocation Since, unsigned Depth, bool AtMost = false) {
    if (!Var) {
      walk(S, Depth + 1);
      return;
    }
    Stack.push_back({Var, Value, Since, AtMost});
    walk(S, Depth + 1);
    Stack.pop_back();
  }

  /// What each comparison of the `&&` chain \p Cond says where it holds.
  void thenFacts(const Expr *Cond, SourceLocation Since,
                 llvm::SmallVectorImpl<BranchFact> &Out, unsigned Depth = 0) {
    if (!Cond || Depth > 8)
      return;
    if (const auto *BO = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
        BO && BO->getOpcode() == BO_LAnd) {
      thenFacts(BO->getLHS(), Since, Out, Depth + 1);
      thenFacts(BO->getRHS(), Since, Out, Depth + 1);
      return;
    }
    const Comparison Test = testedComparison(Cond, Ctx);
    if (Test.Var && Test.Then)
      Out.push_back(
          {Test.Var, Test.ThenValue, Since, Test.Then == Comparison::AtMost});
  }

  /// What holds at the start of each pass of loop \p S's \p Body: a `for`
  /// or `while` condition, tested again before every pass (`for (int s =
  /// 1; s <= 4; s *= 2)` runs its body with s <= 4), and the largest
  /// constant of a braced list a range-for walks (`for (int s : {1, 2,
  /// 4})`). A write in the body before the launch undoes it, as for a
  /// branch: the facts start where the body does.
  void passFacts(const Stmt *S, const Stmt *&Body,
                 llvm::SmallVectorImpl<BranchFact> &Out) {
    const Expr *Cond = nullptr;
    if (const auto *For = dyn_cast<ForStmt>(S);
        For && !For->getConditionVariable())
      Cond = For->getCond(), Body = For->getBody();
    else if (const auto *While = dyn_cast<WhileStmt>(S);
             While && !While->getConditionVariable())
      Cond = While->getCond(), Body = While->getBody();
    if (Cond && Body) {
      thenFacts(Cond, Body->getBeginLoc(), Out);
      return;
    }
    const auto *Range = dyn_cast<CXXForRangeStmt>(S);
    std::optional<std::vector<std::int64_t>> Walked =
        Range ? rangeForConstants(Range, Ctx) : std::nullopt;
    if (!Walked)
      return;
    Body = Range->getBody();
    Out.push_back({Range->getLoopVariable(), *llvm::max_element(*Walked),
                   Body->getBeginLoc(), /*AtMost=*/true});
  }

  void walkSwitch(const SwitchStmt *Switch, unsigned Depth) {
    walk(Switch->getInit(), Depth + 1);
    walk(Switch->getCond(), Depth + 1);
    const VarDecl *Var = Switch->getConditionVariable()
                             ? nullptr
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
    if (If->getConditionVariable()) {
      walk(If->getThen(), Depth + 1);
      walk(If->getElse(), Depth + 1);
      return;
    }
    // The then-branch knows what every comparison of an `&&` chain says;
    // the else-branch what a single comparison's failing says.
    llvm::SmallVector<BranchFact, 2> Then;
    thenFacts(If->getCond(), If->getBeginLoc(), Then);
    const std::size_t Outer = Stack.size();
    Stack.append(Then.begin(), Then.end());
    walk(If->getThen(), Depth + 1);
    Stack.resize(Outer);
    const Comparison Test = testedComparison(If->getCond(), Ctx);
    walkWith(If->getElse(), Test.Else ? Test.Var : nullptr, Test.ElseValue,
             If->getBeginLoc(), Depth, Test.Else == Comparison::AtMost);
  }

  /// A block: after `if (v != C) <exit>;` (a host check that throws or
  /// returns, `if (K != 16) throw ...`), the statements that follow run
  /// with v == C; after `if (v > C) <exit>;`, with v <= C.
  void walkBlock(const CompoundStmt *Block, unsigned Depth) {
    const std::size_t Outer = Stack.size();
    for (const Stmt *Child : Block->body()) {
      walk(Child, Depth + 1);
      const auto *If = dyn_cast_or_null<IfStmt>(Child);
      if (!If || If->getElse() || !endsFlow(If->getThen()))
        continue;
      if (const Comparison Test = testedComparison(
              If->getConditionVariable() ? nullptr : If->getCond(), Ctx);
          Test.Var && Test.Else)
        Stack.push_back({Test.Var, Test.ElseValue, If->getBeginLoc(),
                         Test.Else == Comparison::AtMost});
    }
    Stack.resize(Outer);
  }
};

} // namespace

BranchFacts::BranchFacts(const FunctionDecl *FD, const ASTContext &Ctx) {
  if (FD && FD->getBody())
    Walk(Ctx, Launches).walk(FD->getBody());
}

llvm::ArrayRef<BranchFact> BranchFacts::at(const CallExpr *Launch) const {
  auto It = Launches.find(Launch);
  if (It == Launches.end())
    return {};
  return It->second.Facts;
}

llvm::ArrayRef<SourceLocation>
BranchFacts::loopsAround(const CallExpr *Launch) const {
  auto It = Launches.find(Launch);
  if (It == Launches.end())
    return {};
  return It->second.Loops;
}

std::optional<std::vector<std::int64_t>>
rangeForConstants(const CXXForRangeStmt *Range, const ASTContext &Ctx) {
  const VarDecl *Var = Range ? Range->getLoopVariable() : nullptr;
  // `int s` or `const int &s`: a copy of each element, or the element.
  QualType Type = Var ? Var->getType() : QualType();
  if (!Type.isNull() && Type->isReferenceType())
    Type = Type.getNonReferenceType().isConstQualified()
               ? Type.getNonReferenceType()
               : QualType();
  if (Type.isNull() || !Type->isIntegerType() || Type->isBooleanType() ||
      !Range->getRangeInit())
    return std::nullopt;
  const Expr *List = Range->getRangeInit()->IgnoreImplicit();
  if (const auto *Std = dyn_cast<CXXStdInitializerListExpr>(List))
    List = Std->getSubExpr()->IgnoreImplicit();
  // A braced list of constants, or an array of constants nothing changes
  // (`for (int s : steps)`, FoldInt.h).
  std::optional<std::vector<std::int64_t>> Elements;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(List->IgnoreParens())) {
    if (const auto *Array = dyn_cast<VarDecl>(Ref->getDecl()))
      Elements = constantElements(Array, Ctx);
  } else if (const auto *Init = dyn_cast<InitListExpr>(List)) {
    Elements.emplace();
    for (const Expr *E : Init->inits()) {
      std::optional<std::int64_t> C = integerConstant(E, Ctx);
      if (!C)
        return std::nullopt;
      Elements->push_back(*C);
    }
  }
  if (!Elements || Elements->empty())
    return std::nullopt;
  std::vector<std::int64_t> Values;
  for (std::int64_t E : *Elements)
    if (!llvm::is_contained(Values, E))
      Values.push_back(E);
  return Values;
}

} // namespace gpumem::launch
