//===- ReachingWrites.h - the writes that reach a read ---------*- C++ -*-===//
//
// Reaching definitions over Clang's CFG for the local integers and pointers
// of one function that are written only by assignments, compound
// assignments and ++/--. A read (a DeclRefExpr) maps to the writes whose
// value it may see; the writes of one variable that feed each other around
// a loop (`p += BK` inside the loop, `s ^= 1`) form a cycle, with the
// writes that enter it from outside. Variables whose address is taken or
// that bind to a non-const reference are not tracked: a write through an
// alias is invisible here.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_CUDA_REACHINGWRITES_H
#define GPUMEM_CHECKS_CUDA_REACHINGWRITES_H

#include "checks/cuda/FunctionFacts.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMap.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <memory>
#include <optional>
#include <vector>

namespace clang {
class CFG;
} // namespace clang

namespace gpumem::cuda {

/// How a write sets its variable.
enum class WriteKind {
  /// A parameter's value on entry.
  Entry,
  /// A declaration with an initializer (the expression is Value).
  Init,
  /// A declaration without one.
  Uninitialized,
  /// `x = e` (e is Value).
  Assign,
  /// `x op= e` (e is Value), `x++`, `--x` (Value is null).
  Step,
};

/// One write of a tracked variable.
struct Write {
  const clang::VarDecl *Var = nullptr;
  WriteKind Kind = WriteKind::Entry;
  /// The assignment or increment; the declaration's initializer for Init;
  /// null for Entry and Uninitialized.
  const clang::Expr *Statement = nullptr;
  /// The right-hand side or initializer.
  const clang::Expr *Value = nullptr;
  /// The read of the variable a Step starts from (its operand).
  const clang::DeclRefExpr *SteppedRead = nullptr;
};

/// Writes of one variable that reach each other around a loop.
struct WriteCycle {
  llvm::SmallVector<unsigned, 4> Members;
  /// Writes outside the cycle whose value enters it.
  llvm::SmallVector<unsigned, 4> Entries;
};

class ReachingWrites {
public:
  /// Builds the CFG of \p FD and solves reaching writes for its tracked
  /// variables; valid() is false when the CFG cannot be built.
  ReachingWrites(const clang::FunctionDecl *FD, clang::ASTContext &Ctx,
                 const FunctionFacts &Facts);
  ~ReachingWrites();

  bool valid() const { return Valid; }
  /// True when the function was given up because more write-read pairs
  /// than MaxReachingPairs reach its reads (its reads are unknown: limit).
  bool overBudget() const { return OverBudget; }
  bool tracks(const clang::VarDecl *VD) const { return Tracked.count(VD); }
  /// The writes \p Read may see; null when the read is not in the CFG (a
  /// lambda body, an unevaluated operand).
  const llvm::SmallVector<unsigned, 4> *
  reaching(const clang::DeclRefExpr *Read) const;
  const Write &write(unsigned Id) const { return Writes[Id]; }
  /// The cycle write \p Id belongs to, if it is on one.
  const WriteCycle *cycleOf(unsigned Id) const;
  /// Parents in the function body, for the conditions around a write;
  /// built on first use (only joins and cycles need them).
  const clang::ParentMap &parents() const;
  /// Each `continue` and `break` (the CFG's terminators): a lane that
  /// takes one skips writes the others make.
  llvm::ArrayRef<const clang::Stmt *> jumps() const { return Jumps; }
  /// The loop or switch \p Jump leaves; null if none is found.
  const clang::Stmt *leftBy(const clang::Stmt *Jump) const;
  /// True when the function has a goto: paths the syntax does not show.
  bool hasGoto() const { return Goto; }

  /// Pairs of a read and a write that reaches it, over the function, before
  /// its flow is given up: the pairs are the analysis' memory and time (an
  /// else-if chain of N branches that each step the index of a loop has N
  /// reads that each see N writes). 4 bytes each: 2 MB.
  static constexpr unsigned MaxReachingPairs = 500000;

private:
  bool Valid = false;
  bool OverBudget = false;
  llvm::DenseSet<const clang::VarDecl *> Tracked;
  std::vector<Write> Writes;
  llvm::DenseMap<const clang::DeclRefExpr *, llvm::SmallVector<unsigned, 4>>
      Reaching;
  std::vector<WriteCycle> Cycles;
  llvm::DenseMap<unsigned, unsigned> CycleOfWrite;
  const clang::Stmt *Body = nullptr;
  mutable std::unique_ptr<clang::ParentMap> Parents;
  std::vector<const clang::Stmt *> Jumps;
  bool Goto = false;

  /// Block visits of the solution before the function's flow is given up
  /// (a CFG so large that the reads become "reassigned"): each visit is
  /// linear in the writes, and a monotone solution visits a block at most
  /// once per write that reaches it.
  static constexpr unsigned MaxBlockVisits = 200000;

  struct FlowElements;
  /// The variables whose every write is one the analysis follows.
  void trackVariables(const FunctionFacts &Facts);
  /// The writes and reads of tracked variables in \p Graph, block by block
  /// (and the jumps and gotos); untracks a variable written where the CFG
  /// does not show it.
  FlowElements collectElements(const clang::FunctionDecl *FD,
                               const clang::CFG &Graph,
                               const FunctionFacts &Facts);
  /// The write of \p VD's declaration, made on first use.
  unsigned writeOfDeclaration(
      const clang::VarDecl *VD,
      llvm::DenseMap<const clang::VarDecl *, unsigned> &DeclWrite);
  /// The writes live at each block's entry (Clang's forward worklist in
  /// reverse post-order); none past MaxBlockVisits.
  std::optional<std::vector<llvm::BitVector>>
  solve(const clang::CFG &Graph, const FlowElements &Elements) const;
  /// The writes each tracked read sees.
  /// Records what each read sees; false, with nothing kept, past
  /// MaxReachingPairs.
  bool recordReads(const clang::CFG &Graph, const FlowElements &Elements,
                   const std::vector<llvm::BitVector> &In);
  void findCycles();
};

/// The reads of \p VD inside \p E, in order.
void readsOf(const clang::Expr *E, const clang::VarDecl *VD,
             llvm::SmallVectorImpl<const clang::DeclRefExpr *> &Out);

/// How a write steps its variable.
enum class StepKind { Add, Multiply, Divide, ShiftLeft, ShiftRight, None };

struct WriteStep {
  StepKind Kind = StepKind::None;
  /// The operand (null for ++ and --: one).
  const clang::Expr *Amount = nullptr;
  /// Subtracting (`-=`, `--`, `x = x - e`).
  bool Negate = false;
};

/// The step \p Write makes to \p VD: `x op= e`, `x = x op e`, `++x`,
/// `x--`; Kind None for any other write.
WriteStep stepOf(const clang::Expr *Write, const clang::VarDecl *VD);

/// \p E when it names \p VD (through parentheses and implicit casts).
/// \p E without parentheses, implicit casts and explicit casts from one
/// pointer type to another.
const clang::Expr *withoutPointerCasts(const clang::Expr *E);

const clang::DeclRefExpr *refTo(const clang::Expr *E, const clang::VarDecl *VD);

/// The innermost loop that holds every statement of \p Members; null when
/// none does (or one of them is null).
const clang::Stmt *loopAround(const clang::ParentMap &PM,
                              llvm::ArrayRef<const clang::Stmt *> Members);

/// The additive step a write makes: +e, -e, ++, --, x = x + e, and
/// x = e + x; Kind None otherwise.
WriteStep additiveStep(const Write &W);
/// \p S and its ancestors in \p PM.
llvm::SmallPtrSet<const clang::Stmt *, 16>
ancestorsOf(const clang::ParentMap &PM, const clang::Stmt *S);

} // namespace gpumem::cuda

#endif // GPUMEM_CHECKS_CUDA_REACHINGWRITES_H
