//===- PassFacts.h - the loops around an access and their passes -*- C++
//-*-===//
//
// The walk's stack of loops whose passes repeat the statement it is in,
// and what MemoryAccess records of them for a guarded access: whether its
// address is the same each pass, whether each pass ends in a collective
// step, how many constant passes run it (cuda/LoopPasses.h).
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_ACCESS_PASSFACTS_H
#define GPUMEM_CHECKS_ACCESS_PASSFACTS_H

#include "checks/access/MemoryAccess.h"
#include "checks/lanes/LaneEvaluator.h"

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

namespace gpumem::access {

class PassFacts {
public:
  /// The walk enters \p Loop of \p In, whose passes repeat its body.
  void enter(const clang::Stmt *Loop, const clang::FunctionDecl *In) {
    Loops.push_back({Loop, In});
  }
  void leave() { Loops.pop_back(); }

  /// Sets \p A's SameAddressEachPass, PublishesPassResults and
  /// ConstantPasses, for \p Target read in \p Eval's current function at
  /// \p LoopDepth loops (the walk's count: where a branch ending in
  /// `break` left a loop early, the stack and the count disagree and
  /// nothing is said).
  void note(MemoryAccess &A, const clang::Expr *Target, unsigned LoopDepth,
            lanes::LaneEvaluator &Eval, const clang::ASTContext &Ctx);

private:
  struct Frame {
    const clang::Stmt *Loop;
    const clang::FunctionDecl *In;
  };
  llvm::SmallVector<Frame, 8> Loops;
  /// cuda::holdsCollectiveStep of each loop, asked once.
  llvm::DenseMap<const clang::Stmt *, bool> Collective;
};

} // namespace gpumem::access

#endif // GPUMEM_CHECKS_ACCESS_PASSFACTS_H
