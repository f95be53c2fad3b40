//===- LaneEvaluator.h - Clang expressions to lane values -------*- C++ -*-===//
//
// The public face of the lane evaluator: the integer value of an
// expression in every lane, the lanes where a condition holds, the value
// of a pointer or the address of an lvalue, and what deciding them did.
// As Clang's LiveVariables hides its state behind an Impl, this class
// holds an EvaluatorCore (EvaluatorCore.h, internal to checks/lanes):
// the frames of inlined calls, the pins, the caps and the effects every
// evaluation shares, and the units that follow one idiom each
// (docs/analysis.md, "The shape of the analysis"). Every failure is an
// unknown value with a reason and a location.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_LANES_LANEEVALUATOR_H
#define GPUMEM_CHECKS_LANES_LANEEVALUATOR_H

#include "checks/lanes/LaneValue.h"
#include "checks/lanes/PointerValue.h"
#include "checks/lanes/ThreadGeometry.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <map>
#include <set>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace gpumem::cuda {
class FunctionFacts;
} // namespace gpumem::cuda

namespace gpumem::lanes {

class EvaluatorCore;
class FunctionCache;

/// What evaluating an expression did besides its value: guards decided for
/// the first warp or the first block of the grid (compareLanes), loop
/// bounds or guards that took the assumed block size. Effects merge by
/// adding up, as Polly's ValidatorResult merges.
struct Effects {
  unsigned FirstWarpGuards = 0;
  unsigned FirstBlockGuards = 0;
  bool UsedAssumedBounds = false;
  bool decidedForFirstWarp() const { return FirstWarpGuards != 0; }
  bool decidedForFirstBlock() const { return FirstBlockGuards != 0; }
  Effects &operator+=(const Effects &Other) {
    FirstWarpGuards += Other.FirstWarpGuards;
    FirstBlockGuards += Other.FirstBlockGuards;
    UsedAssumedBounds = UsedAssumedBounds || Other.UsedAssumedBounds;
    return *this;
  }
};

/// A value together with the effects of computing it.
template <typename T> struct Evaluated {
  T Value;
  Effects Did;
};

/// The values of a block's thread symbols in one of its warps (a few:
/// warp.x, threadIdx.y, threadIdx.z).
struct WarpAssignment {
  llvm::SmallVector<std::pair<SymbolId, std::int64_t>, 3> Values;
  /// \p Id's value in the warp; null when it is not a thread symbol.
  const std::int64_t *find(SymbolId Id) const {
    for (const auto &[Symbol, Value] : Values)
      if (Symbol == Id)
        return &Value;
    return nullptr;
  }
};
/// A lane mask per warp of a block.
using WarpMasks = llvm::SmallVector<LaneMask, 8>;

/// A condition around an access: an `if`'s, an early exit's, or a loop's.
struct Guard {
  const clang::Expr *Cond = nullptr;
  /// Whether \p Cond must hold (false on an else branch, after an exit).
  bool Holds = true;
  /// The loop \p Cond is the condition of: it is decided for the loop's
  /// first pass.
  const clang::Stmt *Loop = nullptr;
};

/// The variable \p Cond reads when it is a condition kept in a local of
/// \p Function (a comparison, `&&`, `||` or `!`) that \p Facts, the
/// function's, say is never written after its declaration (`const bool
/// active = tid < n; if (active)`); null otherwise.
const clang::VarDecl *keptCondition(const clang::Expr *Cond,
                                    const clang::FunctionDecl *Function,
                                    const cuda::FunctionFacts *Facts);

/// Evaluates expressions of one kernel (and the device functions it calls).
class LaneEvaluator {
public:
  /// With \p Cache, what the evaluator learns of functions is kept there
  /// (it must outlive the evaluator); without, in the evaluator.
  LaneEvaluator(clang::ASTContext &Ctx, SymbolTable &Symbols,
                const ThreadGeometry &Geometry,
                FunctionCache *Cache = nullptr);
  ~LaneEvaluator();
  LaneEvaluator(const LaneEvaluator &) = delete;
  LaneEvaluator &operator=(const LaneEvaluator &) = delete;

  /// Starts evaluating the body of kernel \p FD.
  void enterKernel(const clang::FunctionDecl *FD);
  /// Gives kernel parameter \p P the value \p Value (every launch passes
  /// it); false, and nothing bound, when the kernel writes \p P or it is
  /// not an integer.
  bool bindKernelArgument(const clang::ParmVarDecl *P, std::int64_t Value);
  /// Starts global pointer parameter \p P \p Bytes past its buffer's
  /// (assumed aligned) start, as every launch passes it (`d_in + 3`);
  /// false, and nothing bound, when the kernel writes \p P or it is not a
  /// pointer.
  bool bindKernelPointerOffset(const clang::ParmVarDecl *P,
                               std::int64_t Bytes);
  /// Gives the integer field \p Field of kernel struct parameter \p P the
  /// value \p Value (every launch passes a struct with it: `p.ld` is 64);
  /// false, and nothing bound, when the kernel writes \p P.
  bool bindKernelArgumentField(const clang::ParmVarDecl *P,
                               const clang::FieldDecl *Field,
                               std::int64_t Value);

  /// The integer value of \p E in every lane.
  LaneValue evaluate(const clang::Expr *E);
  /// The value of a pointer-typed expression.
  PointerValue evaluatePointer(const clang::Expr *E);
  /// The address of an lvalue expression.
  PointerValue evaluateAddress(const clang::Expr *E);
  /// The address an operand of inline asm holds: a pointer, or an integer
  /// made from one (`__cvta_generic_to_shared(&tile[r][c])`) and moved by
  /// integer arithmetic in bytes. Unknown for any other integer.
  PointerValue evaluateAsmAddress(const clang::Expr *E);
  /// Lanes where \p Cond holds; std::nullopt when it does not depend on the
  /// lane in a way the analysis can decide (a bounds check on a parameter):
  /// such a guard is taken as true for the whole warp.
  std::optional<LaneMask> evaluateCondition(const clang::Expr *Cond);
  /// The lanes that pass \p G (a loop's condition is decided for the loop's
  /// first pass), with what deciding it did.
  Evaluated<std::optional<LaneMask>> decideGuard(const Guard &G);
  /// As decideGuard, and the lanes that pass \p G in each of \p Warps
  /// (blockWarps) in \p PerWarp: empty when every warp's lanes are the
  /// first's, none when a warp's are not known (a guard kept in a
  /// variable).
  Evaluated<std::optional<LaneMask>>
  decideGuard(const Guard &G, const std::vector<WarpAssignment> &Warps,
              std::optional<WarpMasks> &PerWarp);
  /// The warps of a launched block whose warps are all whole, as
  /// assignments of its thread symbols (warp.x, threadIdx.y, ... at their
  /// values); empty where one warp stands for every warp, the block is not
  /// known or has more than \p Most warps.
  std::vector<WarpAssignment> blockWarps(std::size_t Most);
  /// True when \p Cond has one value across the warp.
  bool warpUniform(const clang::Expr *Cond);
  /// True when none of the \p Active lanes runs \p Loop's body twice.
  bool runsAtMostOnce(const clang::ForStmt *Loop, LaneMask Active);

  /// Enters \p Call's callee with its parameters bound to the arguments
  /// (evaluated in the current frame); false when the call cannot be
  /// followed. leaveCall returns to the caller.
  bool enterCall(const clang::CallExpr *Call);
  void leaveCall();
  /// The function the evaluator is in (the kernel or an inlined callee).
  const clang::FunctionDecl *currentFunction() const;
  /// The writes of \p FD's variables (kept in the function cache).
  const cuda::FunctionFacts &functionFacts(const clang::FunctionDecl *FD);
  /// True for the type of a variable a lambda captures and its function
  /// writes that enterCall binds (an integer or a pointer).
  static bool bindsWrittenCapture(clang::QualType T);

  /// Runs \p Body with \p Pins fixing symbols to numbers (the values of
  /// enumerated loop variables) in place of the pins before; the pins the
  /// evaluations in it used (whose symbols their values held) are added
  /// to \p Consulted when given.
  void withPins(std::map<SymbolId, std::int64_t> Pins,
                llvm::function_ref<void()> Body,
                std::set<SymbolId> *Consulted = nullptr);

  SymbolTable &symbols();
  const ThreadGeometry &geometry() const;
  /// The variable a symbol stands for, when it is a loop variable.
  const clang::VarDecl *loopVariableOf(SymbolId Id) const;
  /// The for-loop whose variable a symbol stands for; null for any other.
  const clang::Stmt *loopOf(SymbolId Id) const;
  /// Everything the evaluations on this kernel did so far.
  const Effects &kernelEffects() const;
  /// The innermost strides of tensor accessors taken as 1 (contiguous),
  /// by name ("out.strides_[1]"), in the order first read.
  const std::vector<std::string> &unitStrides() const;

private:
  std::unique_ptr<FunctionCache> OwnCache;
  std::unique_ptr<EvaluatorCore> Core;
};

/// What \p Call's callee only returns when it returns a reference (`T
/// &operator()(int i, int j) { return data[i * stride + j]; }`), defined
/// here; null otherwise.
const clang::Expr *returnedLValue(const clang::CallExpr *Call);

} // namespace gpumem::lanes

#endif // GPUMEM_CHECKS_LANES_LANEEVALUATOR_H
