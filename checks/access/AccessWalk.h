//===- AccessWalk.h - the walk that collects a kernel's accesses -*- C++
//-*-===//
//
// The walk behind collectKernelAccesses (KernelAccessCollector.h), private
// to checks/access. It follows statements in order (AccessWalk.cpp): an
// `if` splits the active mask by its condition when the condition is
// decided per lane; `if (c) return;` (or continue/break) removes those
// lanes from the statements after it; a loop's condition is a guard on
// its body, decided for the first pass. Conditions that do not depend on
// the lane (n > 0, i < n on a global index) leave the mask alone: they are
// bounds checks, not partial warps. At each expression it records the
// memory accesses (AccessRecording.cpp): loads, stores, the arguments of
// calls it does not enter, and the calls it enters.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_ACCESS_ACCESSWALK_H
#define GPUMEM_CHECKS_ACCESS_ACCESSWALK_H

#include "checks/access/BlockLanes.h"
#include "checks/access/CuteViews.h"
#include "checks/access/KernelAccessCollector.h"
#include "checks/access/PassFacts.h"
#include "checks/lanes/LaneEvaluator.h"

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>
#include <vector>

namespace gpumem::access::detail {

/// Walks one kernel body (and the device functions it calls), adding each
/// access it finds to a KernelAccesses.
class AccessWalk {
public:
  AccessWalk(clang::ASTContext &Ctx, lanes::LaneEvaluator &Eval,
             const AnalysisSettings &Settings, KernelAccesses &Out)
      : Ctx(Ctx), Eval(Eval), Settings(Settings), Out(Out), Cute(Ctx, Eval) {}

  void run(const clang::Stmt *Body, lanes::LaneMask Lanes);

private:
  struct State {
    lanes::LaneMask Active = lanes::AllLanes;
    unsigned LoopDepth = 0;
    /// Inside a switch of the innermost loop: a `break` leaves the switch.
    bool InSwitch = false;
    bool ThreadGuard = false;
    /// The loop depth of the innermost guard that narrowed the lanes.
    unsigned GuardLoopDepth = 0;
    /// One of the guards was decided for the first warp of the block, or
    /// for the first block (a guard on blockIdx).
    bool FirstWarpGuard = false;
    bool FirstBlockGuard = false;
    /// Conditions around the statement.
    std::vector<lanes::Guard> Guards;
    /// Loop variables with known values that undecided guards compare
    /// (if (tx <= m) in a loop over m): the lanes are decided per value.
    std::vector<lanes::SymbolId> GuardSymbols;
    /// Each warp's lanes, where guards were decided per warp.
    BlockLanes Block;
  };
  /// The block's warps, when it has several and at most MaxWarpsDecided
  /// (LaneEvaluator::blockWarps), asked once per walk.
  std::optional<std::vector<lanes::WarpAssignment>> Warps;
  static constexpr std::size_t MaxWarpsDecided = 32;
  /// The for-loops around the statement being walked, outermost first
  /// (the walk is in order, so a stack, not a copy in each State).
  llvm::SmallVector<const clang::Stmt *, 8> Fors;
  /// The loops whose passes repeat the statement being walked (those
  /// State::LoopDepth counts).
  PassFacts Passes;

  clang::ASTContext &Ctx;
  lanes::LaneEvaluator &Eval;
  const AnalysisSettings &Settings;
  KernelAccesses &Out;
  /// CuTe's tensors and copies (CuteViews.h).
  CuteViews Cute;
  unsigned CallDepth = 0;
  /// Device functions nested deeper than this are not followed with their
  /// arguments (the evaluator holds 8 frames, the kernel's among them).
  static constexpr unsigned MaxCallDepth = 7;
  /// A library's functions (system headers: CCCL's memcpy_async, texture
  /// fetches) are followed four deep, as before: deeper, their loops over
  /// sizes held in the library's objects are not known, and an access
  /// there would be priced at offsets it never takes.
  static constexpr unsigned MaxLibraryCallDepth = 4;
  /// Past MaxCallDepth, the functions' accesses are still recorded, as
  /// unknown with this reason ("a call nested deeper than ..."): an access
  /// never vanishes. Down to MaxUnfollowedDepth; the functions on that path
  /// are in UnfollowedPath (recursion ends there).
  std::optional<std::string> Unfollowed;
  static constexpr unsigned MaxUnfollowedDepth = 16;
  llvm::SmallVector<const clang::FunctionDecl *, 4> UnfollowedPath;
  /// Records of each expression so far: past MaxRecordsPerExpression (a
  /// helper called a hundred times from each of a hundred places) one
  /// more analysis of the same place adds nothing the reported one does
  /// not say, and would fill the kernel's MaxAccesses before the kernel's
  /// own accesses after the calls.
  llvm::DenseMap<const clang::Expr *, unsigned> RecordsOf;
  static constexpr unsigned MaxRecordsPerExpression = 64;
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
  const clang::CallExpr *KernelCall = nullptr;
  lanes::LaneMask Populated = lanes::AllLanes;

  /// Const references bound to a whole vector in memory (`const uint4 &v =
  /// p[i]`): the vector is loaded once, with one wide instruction, where
  /// the reference is bound; reads of its fields read that copy.
  llvm::SmallPtrSet<const clang::VarDecl *, 4> WholeVectorRefs;
  /// Each base's alignment, asked of the ASTContext once (a tile's
  /// accesses share their array).
  llvm::DenseMap<const clang::ValueDecl *, std::int64_t> AlignmentOf;

  /// Binds `const V &v = <memory>` for a whole vector V: one load of the
  /// vector. False when \p VD is not such a reference.
  bool bindWholeVectorRef(const clang::VarDecl *VD, const State &St);

  /// A field (or the whole) of a bound whole-vector reference: no access.
  bool readsWholeVectorCopy(const clang::Expr *E) const;

  void narrow(State &S, const clang::Expr *Cond, bool Holds,
              const clang::Stmt *Loop = nullptr);

  /// True when \p Cond compares with a symbol no scenario gives a value
  /// and no guard decision substitutes (a parameter): undecided under any
  /// pins.
  bool neverDecided(const clang::Expr *Cond);

  void visit(const clang::Stmt *S, const State &St);

  void visitCompound(const clang::CompoundStmt *CS, const State &St);

  /// A declaration of a reference to a whole vector element.
  bool bindsWholeVectorRef(const clang::DeclStmt *DS) const;

  void visitWholeVectorRefs(const clang::DeclStmt *DS, const State &St);

  void visitIf(const clang::IfStmt *If, const State &St);

  void visitFor(const clang::ForStmt *For, const State &St);

  void visitWhile(const clang::WhileStmt *While, const State &St);

  /// A loop's condition is a guard on its body, decided for the first pass
  /// (the pass every loop that runs makes): a bound on a lane-started
  /// variable (`i = threadIdx.x; i < 8`) leaves the lanes below it. A
  /// condition the lanes share (k < n) is left alone: deciding it per
  /// enumerated value would change nothing.
  void narrowToFirstPass(State &Body, const clang::Stmt *Loop,
                         const clang::Expr *Cond,
                         const clang::VarDecl *CondVar);

  void visitChildren(const clang::Stmt *S, const State &St,
                     const clang::Expr *Skip = nullptr);

  /// \p E as an access of kind \p Kind where it may be memory (with the
  /// indices inside it), else as any other expression.
  void accessOrVisit(const clang::Expr *E, AccessKind Kind, const State &St);

  void visitExpr(const clang::Expr *E, const State &St);

  /// An argument of a call the walk does not enter (an operator: `a[i] *
  /// b[i]` on __half, a function without a body): in memory and bound to a
  /// reference, it is the callee's access (referenceArgumentAccess),
  /// recorded here; anything else is visited as any expression.
  /// True for a call of a lambda or a function object the walk enters
  /// (see its definition).
  bool entersCallable(const clang::CXXOperatorCallExpr *Op);
  void visitUnenteredArgument(const clang::CallExpr *Call, unsigned I,
                              const State &St);

  /// (float)h[i] with h a __half or __nv_bfloat16 array: the conversion
  /// operator reads the whole element, its object; its body reads only that
  /// object (through `this`, which is not followed), so it is not walked.
  void visitConversion(const clang::Expr *Object, const State &St);

  /// Visits the index expressions inside an lvalue, not the lvalue itself.
  void visitLValueParts(const clang::Expr *E, const State &St);

  void visitCall(const clang::CallExpr *Call, const State &St);

  void visitPointerParts(const clang::Expr *E, const State &St);

  /// The memory instructions of an inline PTX statement (AsmAccesses.cpp):
  /// each at the address its operand holds, with the instruction's width;
  /// ldmatrix/stmatrix from the lanes that give row addresses; cp.async a
  /// global load and a shared store. An instruction whose address is not
  /// an operand is recorded as not followed.
  void visitAsm(const clang::GCCAsmStmt *Asm, const State &St);

  /// Copies written as library calls: `__pipeline_memcpy_async(dst, src,
  /// bytes)` (cp.async written in C++), and any call into namespace cute
  /// as CuteViews plans it (a copy's instructions; a builder, not entered).
  /// False for a call walked as any other.
  bool visitCopyCall(const clang::CallExpr *Call, const State &St);

  /// Records one access an asm instruction (or copy intrinsic) makes at
  /// \p Address, \p Bytes wide: the instruction's width, not the
  /// operand's type.
  void addInstruction(
      const clang::Expr *Target, const lanes::PointerValue &Address,
      unsigned Bytes, AccessKind Kind, const std::string &Instruction,
      const State &St,
      llvm::function_ref<lanes::PointerValue()> AddressAgain = nullptr);

  /// True, and the kernel marked capped, when MaxAccesses accesses are
  /// already collected.
  bool full();

  void record(const clang::Expr *LValue, AccessKind Kind, const State &St);

  void recordPointer(const clang::Expr *Ptr, const clang::Expr *Where,
                     AccessKind Kind, const State &St);

  /// \p AddressAgain: how the address is evaluated again with symbols
  /// pinned (concretizeOffset), where it is not the lvalue \p Target's.
  void add(const clang::Expr *Target, const lanes::PointerValue &Address,
           std::int64_t Width, AccessKind Kind, const State &St,
           llvm::function_ref<lanes::PointerValue()> AddressAgain = nullptr);
};

} // namespace gpumem::access::detail

#endif // GPUMEM_CHECKS_ACCESS_ACCESSWALK_H
