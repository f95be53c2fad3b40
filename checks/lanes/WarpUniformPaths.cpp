//===- WarpUniformPaths.cpp - do the lanes of a warp take one path --------===//
//
// A reassigned variable has one value per warp only where the warp's lanes
// took the same branches between the write and the read: these functions
// find the conditions on the way and the continue and break statements
// that could split the lanes, and ask a predicate whether each condition is
// warp-uniform.
//
//===----------------------------------------------------------------------===//
#include "checks/lanes/WarpUniformPaths.h"
#include "checks/cuda/Loops.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

namespace gpumem::lanes {

using namespace clang;

/// The child of \p P that holds \p S (or is it).
static const Stmt *childHolding(const ParentMap &PM, const Stmt *P,
                                const Stmt *S) {
  for (; S && PM.getParent(S) != P; S = PM.getParent(S))
    ;
  return S;
}

/// True when, inside \p P, what \p Later holds runs after what \p Earlier
/// holds in one pass (not in exclusive branches, not around a loop).
static bool runsAfter(const Stmt *P, const Stmt *Earlier, const Stmt *Later) {
  if (cuda::isLoop(P))
    return false;
  if (const auto *If = dyn_cast<IfStmt>(P))
    if ((Earlier == If->getThen() || Earlier == If->getElse()) &&
        (Later == If->getThen() || Later == If->getElse()))
      return false;
  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(P))
    if (Earlier != CO->getCond() && Later != CO->getCond())
      return false;
  int EarlierAt = -1, LaterAt = -1, At = 0;
  for (const Stmt *Child : P->children()) {
    if (Child == Earlier)
      EarlierAt = At;
    if (Child == Later)
      LaterAt = At;
    ++At;
  }
  return EarlierAt >= 0 && LaterAt > EarlierAt;
}

/// The condition that decides whether \p Child of \p P runs: an if's
/// branch, a switch's body, an arm of ?:, the right side of && or ||, a
/// loop's body (and a for's increment); null when \p Child runs whenever
/// \p P does.
static const Expr *branchCondition(const Stmt *P, const Stmt *Child) {
  if (const auto *If = dyn_cast<IfStmt>(P))
    return Child == If->getThen() || Child == If->getElse() ? If->getCond()
                                                            : nullptr;
  if (const auto *Switch = dyn_cast<SwitchStmt>(P))
    return Child == Switch->getBody() ? Switch->getCond() : nullptr;
  if (const auto *CO = dyn_cast<ConditionalOperator>(P))
    return Child != CO->getCond() ? CO->getCond() : nullptr;
  if (const auto *BO = dyn_cast<BinaryOperator>(P); BO && BO->isLogicalOp())
    return Child == BO->getRHS() ? BO->getLHS() : nullptr;
  if (const auto *While = dyn_cast<WhileStmt>(P))
    return Child == While->getBody() ? While->getCond() : nullptr;
  if (const auto *For = dyn_cast<ForStmt>(P))
    return Child == For->getBody() || Child == For->getInc() ? For->getCond()
                                                             : nullptr;
  if (const auto *Do = dyn_cast<DoStmt>(P))
    return Child == Do->getBody() ? Do->getCond() : nullptr;
  return nullptr;
}

bool reachedTogether(const cuda::ReachingWrites &RW, const Stmt *From,
                     const Stmt *Read, const Stmt *Loop,
                     llvm::function_ref<bool(const Expr *)> Uniform) {
  const ParentMap &PM = RW.parents();
  const auto Holders = cuda::ancestorsOf(PM, Read);
  // Within the loop a cycle goes around, every branch up to the loop
  // counts: a lane that skipped a step in an earlier trip is behind.
  const Stmt *StopAt = Loop && Holders.count(Loop) ? Loop : nullptr;
  bool AroundLoop = false;
  const Stmt *Child = From;
  for (const Stmt *P = PM.getParent(From); P; Child = P, P = PM.getParent(P)) {
    if (P == StopAt)
      return true;
    if (!StopAt && !AroundLoop && Holders.count(P)) {
      // The first statement that holds both: done if the read follows the
      // write in one pass; otherwise the write reaches the read around a
      // loop, and every branch up to that loop counts.
      if (cuda::isLoop(P) || runsAfter(P, Child, childHolding(PM, P, Read)))
        return true;
      AroundLoop = true;
    }
    if (AroundLoop && cuda::isLoop(P))
      return true;
    if (isa<BinaryConditionalOperator>(P) || isa<CXXForRangeStmt>(P) ||
        isa<LambdaExpr>(P))
      return false;
    if (const Expr *Cond = branchCondition(P, Child); !Uniform(Cond))
      return false;
  }
  return true;
}

bool jumpsTogether(const cuda::ReachingWrites &RW,
                   llvm::ArrayRef<const Stmt *> Around,
                   llvm::function_ref<bool(const Expr *)> Uniform) {
  if (RW.jumps().empty())
    return true;
  const ParentMap &PM = RW.parents();
  llvm::SmallVector<llvm::SmallPtrSet<const Stmt *, 16>, 4> Holders;
  for (const Stmt *S : Around)
    if (S)
      Holders.push_back(cuda::ancestorsOf(PM, S));
  for (const Stmt *Jump : RW.jumps()) {
    const Stmt *Target = RW.leftBy(Jump);
    if (!Target)
      return false;
    // Only a jump out of a loop or switch that holds one of the writes or
    // the read can change which write the read sees.
    if (llvm::none_of(Holders, [&](const auto &H) { return H.count(Target); }))
      continue;
    // Up to the loop or switch it leaves, every branch is warp-uniform.
    const Stmt *Child = Jump;
    for (const Stmt *P = PM.getParent(Jump); P && P != Target;
         Child = P, P = PM.getParent(P)) {
      if (isa<SwitchStmt>(P) || cuda::isLoop(P))
        return false; // a nested construct's own jump; not judged here
      if (const Expr *Cond = branchCondition(P, Child); !Uniform(Cond))
        return false;
    }
  }
  return true;
}

} // namespace gpumem::lanes
