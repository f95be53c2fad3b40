//===- FunctionFacts.h - which variables a function writes ------*- C++ -*-===//
//
// The lane evaluator reads a local variable through its initializer, which
// is only sound when nothing else writes it. This pass records, once per
// function, every write to a variable (assignment, increment, address
// taken, non-const reference argument), which writes sit in a for-loop's
// increment, so induction variables can be told apart from variables that
// are reassigned (whose reads ReachingWrites follows).
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_CUDA_FUNCTIONFACTS_H
#define GPUMEM_CHECKS_CUDA_FUNCTIONFACTS_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

namespace gpumem::cuda {

/// A for-loop whose increment is the only writer of its variable.
struct InductionLoop {
  const clang::ForStmt *Loop = nullptr;
  /// The initial value (the declaration's initializer or the init
  /// assignment's right-hand side).
  const clang::Expr *Init = nullptr;
  /// Reads of the variable outside the loop (`for (j = 0; ...) ...;
  /// out[j]`, possible when it is declared before the loop): they hold no
  /// value the loop runs with.
  llvm::SmallPtrSet<const clang::DeclRefExpr *, 2> ReadsOutside;
};

/// One address in an array a runtime launch passes as the kernel's
/// arguments (`&n` in `void *args[] = {&in, &n};`).
struct LaunchArgument {
  /// What the address is taken of (`n`): what the kernel's parameter
  /// receives.
  const clang::Expr *Value = nullptr;
  /// The variable it names (heldVariable); null for `&a[i]`, `&p->f`.
  const clang::VarDecl *Var = nullptr;
};

/// True when \p Inner is \p Outer or one of the statements under it.
bool contains(const clang::Stmt *Outer, const clang::Stmt *Inner);

/// The declaration of \p VD under \p S, and in \p Parent the statement
/// it is a direct child of (a block, a for's init); null when \p S holds
/// none.
const clang::DeclStmt *declarationOf(const clang::VarDecl *VD,
                                     const clang::Stmt *S,
                                     const clang::Stmt **Parent = nullptr);

/// The variable the lvalue \p E is held in: `v`, or `v.a.b` through `.`
/// only (writing block.x writes block); null for anything reached through
/// a pointer (`p->a`, `a[i]`).
const clang::VarDecl *heldVariable(const clang::Expr *E);

/// Writes to variables in one function body.
class FunctionFacts {
public:
  explicit FunctionFacts(const clang::FunctionDecl *FD);

  /// Statements that write \p VD after its declaration.
  llvm::ArrayRef<const clang::Stmt *> writesOf(const clang::VarDecl *VD) const;
  /// The loop \p VD is the induction variable of, if that is all it is.
  const InductionLoop *inductionLoopOf(const clang::VarDecl *VD) const;
  /// Every variable written, with its writes.
  const llvm::DenseMap<const clang::VarDecl *,
                       llvm::SmallVector<const clang::Stmt *, 2>> &
  allWrites() const {
    return Writes;
  }
  /// The addresses in \p Array's initializer, when it is a local array
  /// of addresses used only as the argument array of runtime launches
  /// (cuda::argumentArray); null otherwise. Taking those addresses is not
  /// a write of the variables: the launch copies what they hold.
  const llvm::SmallVector<LaunchArgument, 4> *
  launchArguments(const clang::VarDecl *Array) const {
    auto It = ArgumentArrays.find(Array);
    return It == ArgumentArrays.end() ? nullptr : &It->second;
  }
  /// False when the body has nothing that can reach memory: no subscript,
  /// dereference, `->`, call or asm (a functor's `return a + b;`).
  bool mayTouchMemory() const { return TouchesMemory; }

private:
  bool TouchesMemory = false;
  llvm::DenseMap<const clang::VarDecl *, llvm::SmallVector<const clang::Stmt *, 2>>
      Writes;
  llvm::DenseMap<const clang::VarDecl *, InductionLoop> Induction;
  llvm::DenseMap<const clang::VarDecl *, llvm::SmallVector<LaunchArgument, 4>>
      ArgumentArrays;
};

/// The facts of the function that declares a variable.
using FactsOf =
    llvm::function_ref<const FunctionFacts &(const clang::FunctionDecl *)>;

/// The function that declares \p VD when \p VD is a local of it (not a
/// parameter, a static or a volatile) that nothing writes after its
/// declaration (taking its address or binding a non-const reference to it
/// counts as a write); null otherwise.
const clang::FunctionDecl *setOnceOwner(const clang::VarDecl *VD,
                                        FactsOf Facts);

} // namespace gpumem::cuda

#endif // GPUMEM_CHECKS_CUDA_FUNCTIONFACTS_H
