//===- EvaluatorCore.h - the lane evaluator's state and queries -*- C++ -*-===//
//
// Internal to checks/lanes: the state behind LaneEvaluator's face, as
// LiveVariablesImpl is behind LiveVariables. It holds the frames of the
// calls entered, what is fixed for a while (pins and overrides), the depth
// and step caps and the effects of the evaluations, and answers the
// queries the visitors and units ask of each other:
//
//   IntegerValues.cpp   evaluate: one Visit per integer node kind
//   Conditions.cpp      evaluateCondition, compareLanes, warpUniform
//   PointerValues.cpp   evaluatePointer, evaluateAddress
//   AsmAddresses.cpp    evaluateAsmAddress
//   Calls.cpp           enterCall, leaveCall
//
// Each idiom the evaluator follows is a unit with its own state, holding
// this core and asking it (LoopVariables, ReassignedValues and its
// WriteCycles, WarpUniformValues, AggregateFields, LocalArrays). A visit
// returns the value; what deciding it did is recorded here, and a caller that
// needs an evaluation's own effects (a memo, a select) collects them with the
// value (collect: an Evaluated<T>).
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_LANES_EVALUATORCORE_H
#define GPUMEM_CHECKS_LANES_EVALUATORCORE_H

#include "checks/cuda/FunctionFacts.h"
#include "checks/lanes/AggregateFields.h"
#include "checks/lanes/EvaluatorSupport.h"
#include "checks/lanes/FunctionCache.h"
#include "checks/lanes/LaneEvaluator.h"
#include "checks/lanes/LocalArrays.h"
#include "checks/lanes/LoopVariables.h"
#include "checks/lanes/ReassignedValues.h"
#include "checks/lanes/WarpUniformValues.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <map>
#include <set>
#include <vector>

namespace gpumem::lanes {

/// A value remembered with its effects, so a second read repeats neither
/// the work nor forgets the effects; valid for one pin generation.
template <typename T> struct Remembered {
  Evaluated<T> Result;
  unsigned PinGeneration = 0;
};

/// One function entered: the kernel, or a call inlined into it.
struct CallFrame {
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
  /// Integer fields of the kernel's struct parameters every launch passes
  /// the same (LaneEvaluator::bindKernelArgumentField).
  llvm::DenseMap<
      std::pair<const clang::ParmVarDecl *, const clang::FieldDecl *>,
      std::int64_t>
      FieldValues;
  /// The object of an entered member function.
  std::optional<PointerValue> This;
  /// Known values of locals that are never reassigned (a value depends
  /// only on the frame and the pins).
  llvm::DenseMap<const clang::VarDecl *, Remembered<LaneValue>> Locals;
  /// Reaching writes of the function, built on the first read of a
  /// variable it writes.
  const cuda::ReachingWrites *Flow = nullptr;
  bool FlowBuilt = false;
  /// Values of writes (ReachingWrites ids).
  llvm::DenseMap<unsigned, Remembered<PointerValue>> WriteValues;
  /// Values of cycles of writes at a read.
  llvm::DenseMap<
      std::pair<const cuda::WriteCycle *, const clang::DeclRefExpr *>,
      Remembered<PointerValue>>
      CycleValues;
};

/// What is fixed while part of a kernel is evaluated: symbols pinned to
/// numbers (the values of enumerated loop variables) and variables fixed
/// to a value (while the writes of a cycle are evaluated from each value
/// it may hold; innermost last). Remembered values hold for one
/// Generation. Changed for a scope with llvm::SaveAndRestore.
struct Assumptions {
  std::map<SymbolId, std::int64_t> Pins;
  struct Override {
    const clang::VarDecl *Var = nullptr;
    PointerValue Value;
  };
  llvm::SmallVector<Override, 2> Fixed;
  unsigned Generation = 0;
};

class EvaluatorCore {
public:
  EvaluatorCore(clang::ASTContext &Ctx, SymbolTable &Symbols,
                const ThreadGeometry &Geometry, FunctionCache &Functions);
  /// Its units hold it by reference: a copy's units would still ask the
  /// original.
  EvaluatorCore(const EvaluatorCore &) = delete;
  EvaluatorCore &operator=(const EvaluatorCore &) = delete;

  /// What the evaluation reads and never changes.
  clang::ASTContext &Ctx;
  SymbolTable &Symbols;
  const ThreadGeometry &Geometry;
  /// The units, each with its own state, asking this core.
  ReassignedValues Reassigned{*this};
  LoopVariables Loops{*this};
  WarpUniformValues Uniform{*this};
  AggregateFields Fields{*this};
  LocalArrays Arrays{*this};
  /// The innermost strides of tensor accessors taken as 1, by name.
  std::vector<std::string> UnitStrides;

  /// The integer value of \p E in every lane (IntegerValues.cpp).
  LaneValue evaluate(const clang::Expr *E);
  /// The value of local \p VD, never reassigned, from \p Init; remembered
  /// per frame and pins.
  LaneValue evaluateLocal(const clang::VarDecl *VD, const clang::Expr *Init);
  /// LaneEvaluator::evaluateCondition (Conditions.cpp).
  std::optional<LaneMask> evaluateCondition(const clang::Expr *Cond);
  /// Lanes where `Diff Op 0` holds, decided as evaluateCondition decides a
  /// comparison (thread-index guards for the first warp, global-index
  /// guards for the second block, or the first block where none of the
  /// second's lanes pass, unless \p Interior); std::nullopt when undecided.
  /// With \p PerWarp, and BlockWarps set, the lanes in each warp too
  /// (LastWarps' form).
  /// With \p Rem, what each lane compares is its value of \p Diff taken
  /// modulo Rem.Divisor, less Rem.Against (`tid % 5 == 0`: Diff is tid).
  std::optional<LaneMask>
  compareLanes(clang::BinaryOperatorKind Op, LaneValue Diff,
               bool Interior = false,
               std::optional<WarpMasks> *PerWarp = nullptr,
               detail::LaneRemainder Rem = {});
  bool warpUniform(const clang::Expr *Cond);
  /// LaneEvaluator's pointer queries (PointerValues.cpp, AsmAddresses.cpp).
  PointerValue evaluatePointer(const clang::Expr *E);
  PointerValue evaluateAddress(const clang::Expr *E);
  PointerValue evaluateAsmAddress(const clang::Expr *E);

  /// The frames entered, the kernel's first (Calls.cpp).
  void enterKernel(const clang::FunctionDecl *FD);
  bool enterCall(const clang::CallExpr *Call);
  void leaveCall();
  std::vector<CallFrame> &frames() { return Frames; }
  /// \p Evaluate with only the first \p Count frames entered (those above
  /// set aside and put back after): a value the caller of the current
  /// function computes, in the caller.
  template <typename Fn> auto inFirstFrames(std::size_t Count, Fn Evaluate) {
    std::vector<CallFrame> Above(
        std::make_move_iterator(Frames.begin() + Count),
        std::make_move_iterator(Frames.end()));
    Frames.erase(Frames.begin() + Count, Frames.end());
    auto Result = Evaluate();
    for (CallFrame &F : Above)
      Frames.push_back(std::move(F));
    return Result;
  }
  const cuda::FunctionFacts &factsOf(const clang::FunctionDecl *FD) {
    return Functions.factsOf(FD);
  }
  const cuda::ReachingWrites &flowOf(const clang::FunctionDecl *FD) {
    return Functions.flowOf(FD, Ctx);
  }

  /// What is fixed now, read here; a scope changes it with
  /// llvm::SaveAndRestore on assumed(), to a value made by pinning or
  /// fixing (a new generation).
  Assumptions &assumed() { return Assumed; }
  Assumptions pinning(std::map<SymbolId, std::int64_t> Pins);
  Assumptions fixing(const clang::VarDecl *VD, PointerValue Value);
  /// \p V with the pinned symbols replaced by their numbers; those it
  /// replaced are noted in ConsultedPins while one is set.
  LaneValue pinned(LaneValue V) const {
    if (Assumed.Pins.empty())
      return V;
    if (ConsultedPins)
      for (SymbolId Id : V.symbols())
        if (Assumed.Pins.count(Id))
          ConsultedPins->insert(Id);
    return V.substitute(Assumed.Pins);
  }
  /// Where pinned() notes the pins an evaluation used (LaneEvaluator::
  /// withPins); null when none is asked for.
  std::set<SymbolId> *ConsultedPins = nullptr;

  /// Records \p Did: in the kernel's effects and in every collect open.
  void record(const Effects &Did);
  /// \p Evaluate's value with the effects it recorded.
  template <typename Fn>
  auto collect(Fn Evaluate) -> Evaluated<decltype(Evaluate())> {
    Open.emplace_back();
    auto Value = Evaluate();
    Effects Did = Open.back();
    Open.pop_back();
    if (!Open.empty())
      Open.back() += Did;
    return {std::move(Value), Did};
  }
  const Effects &kernelEffects() const { return KernelDid; }
  /// The value \p Cache remembers for \p K when it holds for the current
  /// assumptions, its effects recorded again; null otherwise.
  template <typename Map, typename Key>
  auto recall(const Map &Cache, const Key &K)
      -> decltype(&Cache.begin()->second.Result.Value) {
    auto It = Cache.find(K);
    if (It == Cache.end() || It->second.PinGeneration != Assumed.Generation)
      return nullptr;
    record(It->second.Result.Did);
    return &It->second.Result.Value;
  }
  /// Remembers \p Result for \p K, unless it is unknown: that may come
  /// from a cap this read reached.
  template <typename Map, typename Key, typename T>
  void remember(Map &Cache, const Key &K, const Evaluated<T> &Result) {
    if (!Result.Value.isUnknown())
      Cache[K] = {Result, Assumed.Generation};
  }

  /// The block's warps while a guard is decided for each of them
  /// (LaneEvaluator::decideGuard); null: for the first warp only.
  const std::vector<WarpAssignment> *BlockWarps = nullptr;
  /// While BlockWarps is set, what the last evaluateCondition decided for
  /// each warp: empty when every warp's lanes are the first's, none when
  /// one warp's are not known (Conditions.cpp).
  std::optional<WarpMasks> LastWarps;

  /// Counts one step; false once the query or the kernel is over budget.
  bool takeStep();
  /// True once the current query or the kernel has used its steps: a
  /// judgement that failed then may have failed for that alone.
  bool pastStepBudget() const {
    return QuerySteps > MaxQuerySteps || KernelSteps > MaxKernelSteps;
  }
  std::uint64_t loc(const clang::Stmt *S) const {
    return detail::locationOf(S);
  }

  /// A call entered for the lifetime of the scope (its parameters bound);
  /// converts to false, and leaves nothing to undo, when the call cannot
  /// be followed.
  class CallScope {
  public:
    CallScope(EvaluatorCore &Core, const clang::CallExpr *Call)
        : Core(Core), Entered(Core.enterCall(Call)) {}
    ~CallScope() {
      if (Entered)
        Core.leaveCall();
    }
    explicit operator bool() const { return Entered; }
    CallScope(const CallScope &) = delete;
    CallScope &operator=(const CallScope &) = delete;

  private:
    EvaluatorCore &Core;
    bool Entered;
  };

  /// Depth beyond which an expression is unknown ("too deep"). A chain of
  /// 32 reassignments (`i = i + 1;`) took 96 levels, the old limit, and
  /// its access vanished into an unknown.
  static constexpr unsigned MaxDepth = 256;
  /// Stack one query may use below its outermost frame, a guard that a
  /// sanitized build's frames (about 13 KiB a level with ASan, 2.3 KiB
  /// without) never reach before MaxDepth: the same depth is analysed in
  /// every build, and a thread of clang-tidy or clangd (8 MiB) keeps room.
  static constexpr std::size_t MaxStackBytes = std::size_t(6) << 20;
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
  FunctionCache &Functions;
  std::vector<CallFrame> Frames;
  Assumptions Assumed;
  unsigned Generations = 0;
  unsigned Depth = 0;
  /// Stops the recursion past MaxDepth levels or MaxStackBytes.
  detail::DepthGuard Guard;
  unsigned QuerySteps = 0;
  unsigned KernelSteps = 0;
  Effects KernelDid;
  /// The effects of each collect open, innermost last.
  llvm::SmallVector<Effects, 4> Open;

  /// The unknown value of a pointer query past the depth or step caps
  /// (counting this step); nothing when it may go on.
  std::optional<PointerValue> pointerCap(const clang::Expr *E);
};

} // namespace gpumem::lanes

#endif // GPUMEM_CHECKS_LANES_EVALUATORCORE_H
