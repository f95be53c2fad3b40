//===- LaneEvaluator.h - Clang expressions to lane values -------*- C++ -*-===//
//
// Evaluates integer expressions, conditions, pointers and lvalue addresses
// of device code to LaneValues. This is the core: the frames of inlined
// calls, the pins, the caps and the effects every evaluation shares, and
// the visitors per node kind. Each idiom it follows is a unit with its own
// state (docs/analysis.md, "The shape of the analysis"): locals read
// through their initializers here when nothing else writes them
// (cuda::FunctionFacts), through the writes that reach the read when
// something does (ReassignedValues, WriteCycles); induction variables of
// for-loops become symbols (LoopVariables); values the warp shares
// (WarpSharedValues) and fields of local aggregates (AggregateFields). A
// device function called from the kernel is analysed with its parameters
// bound to the caller's values. Every failure is an unknown value with a
// reason and a location; evaluation depth is capped.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_LANES_LANEEVALUATOR_H
#define GPUMEM_CHECKS_LANES_LANEEVALUATOR_H

#include "checks/cuda/CudaBuiltins.h"
#include "checks/cuda/FunctionFacts.h"
#include "checks/lanes/AggregateFields.h"
#include "checks/lanes/LaneValue.h"
#include "checks/lanes/LoopVariables.h"
#include "checks/lanes/PointerValue.h"
#include "checks/lanes/ReachingWrites.h"
#include "checks/lanes/ReassignedValues.h"
#include "checks/lanes/ThreadGeometry.h"
#include "checks/lanes/WarpSharedValues.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace gpumem::lanes {

/// What the evaluator learns of a function regardless of the kernel that
/// calls it: its writes and loops, and the reaching writes of its CFG.
/// One cache can serve every kernel of a translation unit: a helper that
/// 90 template kernels call is read once.
class FunctionCache {
public:
  const cuda::FunctionFacts &factsOf(const clang::FunctionDecl *FD);
  const ReachingWrites &flowOf(const clang::FunctionDecl *FD,
                               clang::ASTContext &Ctx);

private:
  std::map<const clang::FunctionDecl *, std::unique_ptr<cuda::FunctionFacts>> Facts;
  std::map<const clang::FunctionDecl *, std::unique_ptr<ReachingWrites>> Flows;
};

/// What \p Call's callee only returns when it returns a reference (`T
/// &operator()(int i, int j) { return data[i * stride + j]; }`), defined
/// here; null otherwise.
const clang::Expr *returnedLValue(const clang::CallExpr *Call);

/// Evaluates expressions of one kernel (and the device functions it calls).
class LaneEvaluator {
public:
  /// With \p Cache, what the evaluator learns of functions is kept there
  /// (it must outlive the evaluator); without, in the evaluator.
  LaneEvaluator(clang::ASTContext &Ctx, SymbolTable &Symbols,
                const ThreadGeometry &Geometry,
                FunctionCache *Cache = nullptr);

  /// The integer value of \p E in every lane.
  LaneValue evaluate(const clang::Expr *E);
  /// Lanes where \p Cond holds; std::nullopt when it does not depend on the
  /// lane in a way the analysis can decide (a bounds check on a parameter):
  /// such a guard is taken as true for the whole warp.
  std::optional<LaneMask> evaluateCondition(const clang::Expr *Cond);
  /// Lanes where `Diff Op 0` holds, decided as evaluateCondition decides a
  /// comparison (thread-index guards for the first warp, global-index
  /// guards for the second block, or the first block where none of the
  /// second's lanes pass, unless \p Interior); std::nullopt when undecided.
  std::optional<LaneMask> compareLanes(clang::BinaryOperatorKind Op,
                                       LaneValue Diff, bool Interior = false);
  /// True when none of the \p Active lanes runs \p Loop's body twice: a
  /// condition `v < B` (alone or in a conjunction) with B a constant and
  /// v stepped by a constant that takes every active lane past B in one
  /// step (`for (k = threadIdx.x; k < 8; k += 8)` under `threadIdx.x <
  /// 8`), decided as compareLanes decides.
  bool runsAtMostOnce(const clang::ForStmt *Loop, LaneMask Active);
  /// True when \p Cond has one value across the warp.
  bool warpUniform(const clang::Expr *Cond);
  /// The value of a pointer-typed expression.
  PointerValue evaluatePointer(const clang::Expr *E);
  /// The address of an lvalue expression.
  PointerValue evaluateAddress(const clang::Expr *E);
  /// The address an operand of inline asm holds: a pointer, or an integer
  /// made from one (`__cvta_generic_to_shared(&tile[r][c])`, the 32-bit
  /// shared-window address; a cast of a pointer) and moved by integer
  /// arithmetic (`+ k * 16`) in bytes, through locals, helpers that return
  /// it and parameters of the device functions entered. Unknown for any
  /// other integer: it is no address the analysis can see.
  PointerValue evaluateAsmAddress(const clang::Expr *E);

  /// Enters \p Callee with its parameters bound to \p Args (evaluated in the
  /// current frame); false when the call cannot be followed.
  bool enterCall(const clang::CallExpr *Call);
  void leaveCall();
  /// True for the type of a variable a lambda captures and its function
  /// writes that enterCall binds (an integer or a pointer): a lambda that
  /// captures only such written variables can be entered.
  static bool bindsWrittenCapture(clang::QualType T);
  /// The function the evaluator is in (the kernel or an inlined callee).
  const clang::FunctionDecl *currentFunction() const;
  /// The writes of \p FD's variables (kept in the function cache).
  const cuda::FunctionFacts &functionFacts(const clang::FunctionDecl *FD) {
    return factsOf(FD);
  }
  /// Starts evaluating the body of kernel \p FD.
  void enterKernel(const clang::FunctionDecl *FD);
  /// Gives kernel parameter \p P the value \p Value (every launch passes
  /// it); false, and nothing bound, when the kernel writes \p P or it is
  /// not an integer.
  bool bindKernelArgument(const clang::ParmVarDecl *P, std::int64_t Value);

  /// What evaluating an expression did besides its value: guards decided
  /// for the first warp or the first block of the grid (compareLanes),
  /// loop bounds or guards that took the assumed block size.
  struct Effects {
    unsigned FirstWarpGuards = 0;
    unsigned FirstBlockGuards = 0;
    bool UsedAssumedBounds = false;
    bool decidedForFirstWarp() const { return FirstWarpGuards != 0; }
    bool decidedForFirstBlock() const { return FirstBlockGuards != 0; }
  };
  /// A condition's lanes (as evaluateCondition) with what deciding it did.
  struct DecidedCondition {
    std::optional<LaneMask> Lanes;
    Effects Did;
  };
  /// evaluateCondition, saying which effects this condition had.
  DecidedCondition decideCondition(const clang::Expr *Cond);
  /// A condition around an access: an `if`'s, an early exit's, or a loop's.
  struct Guard {
    const clang::Expr *Cond = nullptr;
    /// Whether \p Cond must hold (false on an else branch, after an exit).
    bool Holds = true;
    /// The loop \p Cond is the condition of: it is decided for the loop's
    /// first pass (firstPassLanes).
    const clang::Stmt *Loop = nullptr;
  };
  /// The lanes that pass \p G (evaluateCondition, or firstPassLanes for a
  /// loop's condition), with what deciding it did.
  DecidedCondition decideGuard(const Guard &G);
  /// The lanes for which \p Cond, the condition of the while or for loop
  /// \p Loop, holds on its first pass: with the loop's own counters (the
  /// iterations of its variable, the steps of variables it steps) at 0.
  /// A bound on a lane-started variable (`for (i = threadIdx.x; i < 8; i
  /// += blockDim.x)`) cuts the lanes like an `if`. std::nullopt where the
  /// condition is not decided per lane.
  std::optional<LaneMask> firstPassLanes(const clang::Stmt *Loop,
                                         const clang::Expr *Cond);

  /// Fixes symbols to numbers for its lifetime (the values of enumerated
  /// loop variables), replacing the pins before it; those come back when
  /// it ends, with the values remembered under them.
  class PinScope {
  public:
    PinScope(LaneEvaluator &E, std::map<SymbolId, std::int64_t> Values);
    ~PinScope();
    PinScope(const PinScope &) = delete;
    PinScope &operator=(const PinScope &) = delete;

  private:
    LaneEvaluator &E;
    std::map<SymbolId, std::int64_t> SavedPins;
    unsigned SavedGeneration;
  };
  const std::map<SymbolId, std::int64_t> &pinned() const { return Pinned; }

  SymbolTable &symbols() { return Symbols; }
  const ThreadGeometry &geometry() const { return Geometry; }
  /// The variable a symbol stands for, when it is a loop variable.
  const clang::VarDecl *loopVariableOf(SymbolId Id) const;
  /// The for-loop whose variable a symbol stands for; null for any other.
  const clang::Stmt *loopOf(SymbolId Id) const;
  /// Everything the evaluations on this kernel did so far.
  const Effects &kernelEffects() const { return Did; }
  /// The innermost strides of tensor accessors taken as 1 (contiguous),
  /// by name ("out.strides_[1]"), in the order first read.
  const std::vector<std::string> &unitStrides() const { return UnitStrides; }

  /// Depth beyond which an expression is unknown ("too deep").
  static constexpr unsigned MaxDepth = 96;
  /// Loop trips enumerated before a loop variable stops being enumerable.
  static constexpr unsigned MaxLoopTrips = 64;
  /// Expression nodes one query (one outermost evaluate, evaluateCondition,
  /// evaluatePointer or evaluateAddress) may visit before it is unknown:
  /// locals read through their initializers and inlined helpers can fan
  /// out exponentially (int a1 = a0 + a0; int a2 = a1 + a1; ...).
  static constexpr unsigned MaxQuerySteps = 10000;
  /// Expression nodes all queries on one kernel may visit.
  static constexpr unsigned MaxKernelSteps = 4000000;

private:
  /// A value remembered with its effects, so a second read repeats neither
  /// the work nor forgets the effects; valid for one set of pins.
  template <typename T> struct Remembered {
    T Value;
    unsigned PinGeneration = 0;
    Effects Did;
  };
  using LocalValue = Remembered<LaneValue>;
  struct Frame {
    const clang::FunctionDecl *Function = nullptr;
    /// The call that entered the function, and the index of its argument
    /// for the first parameter (1 for a member operator's object).
    const clang::CallExpr *Call = nullptr;
    unsigned FirstArgument = 0;
    /// For a member function called on an object a call returned by value
    /// (`acc[i][j]`: the second operator[] on what the first returns): that
    /// call, whose returned object gives the fields `this` reads.
    const clang::CallExpr *ObjectFrom = nullptr;
    const cuda::FunctionFacts *Facts = nullptr;
    llvm::DenseMap<const clang::VarDecl *, LaneValue> Values;
    llvm::DenseMap<const clang::VarDecl *, PointerValue> Pointers;
    /// The object of an entered member function.
    std::optional<PointerValue> This;
    /// Known values of locals that are never reassigned (a value depends
    /// only on the frame and the pins).
    llvm::DenseMap<const clang::VarDecl *, LocalValue> Locals;
    /// Reaching writes of the function, built on the first read of a
    /// variable it writes.
    const ReachingWrites *Flow = nullptr;
    bool FlowBuilt = false;
    /// Values of writes (ReachingWrites ids).
    llvm::DenseMap<unsigned, Remembered<PointerValue>> WriteValues;
    /// Values of cycles of writes at a read.
    llvm::DenseMap<std::pair<const WriteCycle *, const clang::DeclRefExpr *>,
                   Remembered<PointerValue>>
        CycleValues;
  };

  clang::ASTContext &Ctx;
  SymbolTable &Symbols;
  const ThreadGeometry &Geometry;
  std::vector<Frame> Frames;
  FunctionCache OwnCache;
  FunctionCache &Functions;
  /// The units (docs/analysis.md, "The evaluator"): each keeps its own
  /// state and asks this class for the values of subexpressions.
  friend class ReassignedValues;
  friend class WriteCycles;
  friend class LoopVariables;
  friend class WarpSharedValues;
  friend class AggregateFields;
  ReassignedValues Reassigned{*this};
  LoopVariables Loops{*this};
  WarpSharedValues Shared{*this};
  AggregateFields Fields{*this};
  /// A call entered for the lifetime of the scope (its parameters bound);
  /// converts to false, and leaves nothing to undo, when the call cannot
  /// be followed.
  class CallScope {
  public:
    CallScope(LaneEvaluator &E, const clang::CallExpr *Call)
        : E(E), Entered(E.enterCall(Call)) {}
    ~CallScope() {
      if (Entered)
        E.leaveCall();
    }
    explicit operator bool() const { return Entered; }
    CallScope(const CallScope &) = delete;
    CallScope &operator=(const CallScope &) = delete;

  private:
    LaneEvaluator &E;
    bool Entered;
  };
  /// \p Evaluate with only the first \p Count frames entered (those above
  /// set aside and put back after): a value the caller of the current
  /// function computes, in the caller (an argument of the call, an object
  /// a call there returned).
  template <typename Fn> auto inFirstFrames(std::size_t Count, Fn Evaluate) {
    std::vector<Frame> Above(std::make_move_iterator(Frames.begin() + Count),
                             std::make_move_iterator(Frames.end()));
    Frames.erase(Frames.begin() + Count, Frames.end());
    auto Result = Evaluate();
    for (Frame &F : Above)
      Frames.push_back(std::move(F));
    return Result;
  }
  /// What \p Call's callee only returns (a helper whose body is `return
  /// e;`, defined here); null otherwise.
  const clang::Expr *returnedBy(const clang::CallExpr *Call) const;
  std::map<SymbolId, std::int64_t> Pinned;
  /// Changes whenever Pinned does (cached locals are valid for one value).
  unsigned PinGeneration = 0;
  unsigned PinGenerations = 0;
  unsigned Depth = 0;
  unsigned QuerySteps = 0;
  unsigned KernelSteps = 0;
  /// The effects of every evaluation so far; an evaluation's own are the
  /// difference (effectsSince).
  Effects Did;
  std::vector<std::string> UnitStrides;

  const cuda::FunctionFacts &factsOf(const clang::FunctionDecl *FD);
  /// Binds in \p New (the frame of a call of lambda \p Lambda) the
  /// integers and pointers it captures that their function writes: a loop
  /// counter to the loop's value where the call and (for a copy) the
  /// lambda are in the loop's body, another copy to its value where the
  /// lambda was made, any other to unknown (Reassigned).
  void bindWrittenCaptures(const clang::CXXRecordDecl &Lambda,
                           const clang::CallExpr *Call, Frame &New);
  Effects effectsNow() const { return Did; }
  /// The effects since \p Before.
  Effects effectsSince(const Effects &Before) const;
  /// Applies remembered effects again.
  void replay(const Effects &Again);
  /// The value \p Cache remembers for \p Key when it holds for the
  /// current pins, its effects applied again; null otherwise.
  template <typename Map, typename Key>
  auto recall(const Map &Cache, const Key &K)
      -> decltype(&Cache.begin()->second.Value) {
    auto It = Cache.find(K);
    if (It == Cache.end() || It->second.PinGeneration != PinGeneration)
      return nullptr;
    replay(It->second.Did);
    return &It->second.Value;
  }
  /// Remembers \p Value for \p Key with the effects since \p Before,
  /// unless it is unknown: that may come from a cap this read reached.
  template <typename Map, typename Key, typename T>
  void remember(Map &Cache, const Key &K, const T &Value,
                const Effects &Before) {
    if (!Value.isUnknown())
      Cache[K] = {Value, PinGeneration, effectsSince(Before)};
  }
  /// \p V as a value of the integer type \p T, which the GPU computes in
  /// that type's width. Where V's per-lane numbers leave T's range (for a
  /// value with symbols: where they spread over more than the range, so
  /// that some lane leaves it whatever the symbols are), an unsigned T (or
  /// a conversion, \p Converted) keeps their low bits, and signed
  /// arithmetic overflowed (unknown: arithmetic). Otherwise the symbols are
  /// taken to keep the value in range: the analysis assumes no wraparound
  /// where it cannot see the numbers. Applied where the wraparound shows:
  /// conversions, subscripts and pointer offsets, comparisons, /, % and >>
  /// (+, -, *, <<, &, |, ^ agree modulo 2^width).
  LaneValue inType(LaneValue V, clang::QualType T, const clang::Expr *Where,
                   bool Converted = false) const;
  /// The width in bits of the integer type \p T (canonical).
  unsigned integerWidth(clang::QualType T) const;
  /// inType in the type of the expression \p Of that computed \p V.
  LaneValue inType(LaneValue V, const clang::Expr *Of) const;
  /// Integer operators on lane values; std::nullopt for one not followed.
  static std::optional<LaneValue> arithmetic(clang::BinaryOperatorKind Op,
                                             const LaneValue &L,
                                             const LaneValue &R);

  /// Counts one step; false once the query or the kernel is over budget.
  bool takeStep();
  /// True once the current query or the kernel has used its steps: a
  /// judgement that failed then may have failed for that alone.
  bool pastStepBudget() const {
    return QuerySteps > MaxQuerySteps || KernelSteps > MaxKernelSteps;
  }
  std::uint64_t loc(const clang::Stmt *S) const;
  /// One Visit per expression node kind: integers (IntegerValues.cpp),
  /// pointers and addresses (PointerValues.cpp).
  class IntegerVisitor;
  class PointerVisitor;
  class AddressVisitor;
  /// A pointer cast: decays, bases, no-op and user conversions, loads.
  PointerValue pointerCast(const clang::CastExpr *Cast);
  /// The address of a field (`s.f`, `p->f`, an anonymous member's chain).
  PointerValue memberAddress(const clang::MemberExpr *ME);
  /// The address of a variable: its memory space, or what binds it.
  PointerValue variableAddress(const clang::DeclRefExpr *Ref);
  LaneValue evaluateImpl(const clang::Expr *E);
  LaneValue evaluateBinary(const clang::BinaryOperator *BO);
  LaneValue evaluateConditional(const clang::ConditionalOperator *CO);
  LaneValue evaluateUnary(const clang::UnaryOperator *UO);
  LaneValue evaluateCast(const clang::CastExpr *Cast);
  LaneValue evaluateMemberValue(const clang::MemberExpr *ME);
  /// The value \p Lvalue loads: a shared load's, else data-dependent.
  LaneValue loadedValue(const clang::Expr *Lvalue);
  LaneValue evaluateVariable(const clang::VarDecl *VD, const clang::Expr *Use);
  LaneValue evaluateLocal(const clang::VarDecl *VD, const clang::Expr *Init);
  LaneValue evaluateCall(const clang::CallExpr *Call);
  LaneValue pinned(LaneValue V) const;
  /// A SymbolKey detail no symbol has yet: a symbol made anew at each
  /// evaluation, whose values depend on the pins in force then (the
  /// values of a cycle or of paths entered from a pinned variable).
  std::int64_t freshDetail() const { return Symbols.size(); }

  /// threadIdx, blockIdx, blockDim or gridDim on one axis.
  LaneValue builtinValue(cuda::BuiltinIndex Builtin) const;
  /// min/max (and umin/umax) of a call's two arguments.
  LaneValue minOrMax(const clang::CallExpr *Call, bool Min);
  PointerValue pointerVariable(const clang::VarDecl *VD, const clang::Expr *Use);
  /// The unknown value of a pointer query past the depth or step caps
  /// (counting this step); nothing when it may go on.
  std::optional<PointerValue> pointerCap(const clang::Expr *E);
  /// \p P, the address of the cast's operand, moved to its base class.
  PointerValue toBase(PointerValue P, const clang::CastExpr *Cast);
  /// evaluateAsmAddress of a variable: a local's initializer, an entered
  /// function's argument evaluated in its caller.
  PointerValue asmAddressVariable(const clang::VarDecl *VD,
                                  const clang::Expr *Use);
  PointerValue offsetBy(PointerValue P, const LaneValue &Index,
                        clang::QualType Pointee, const clang::Expr *Where);
};

} // namespace gpumem::lanes

#endif // GPUMEM_CHECKS_LANES_LANEEVALUATOR_H
