//===- LaunchReader.h - what one kernel launch fixes ------------*- C++ -*-===//
//
// The reader behind LaunchSites: a launch's block argument read as a shape
// (dim3 variables, helpers that fill or return one, branches that fix the
// variables it reads), its integer arguments as values or bounds where it
// passes them, its pointer arguments as offsets into their buffers.
// The shapes are read in LaunchShapes.cpp, the rest in LaunchReader.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_LAUNCH_LAUNCHREADER_H
#define GPUMEM_CHECKS_LAUNCH_LAUNCHREADER_H

#include "checks/launch/HostTensors.h"
#include "checks/launch/LaunchSites.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace gpumem::launch {

using cuda::BlockShape;
using cuda::FunctionFacts;
using cuda::KernelLaunch;
using cuda::ReachingWrites;

/// Reads what one launch fixes: its block's shape and the values,
/// bounds and pointer offsets of its arguments where it passes them.
class LaunchReader {
public:
  /// Reads at \p Launch, the launching call (KernelLaunch::Call), or at a
  /// call of a helper that launches; \p Callers, where given, says what
  /// the helper's callers pass (valuesFromCallers), for the block's
  /// extents.
  LaunchReader(const clang::CallExpr *Launch, clang::ASTContext &Ctx,
               LaunchSites::FactsCache &Facts, HostCallers *Callers = nullptr)
      : Launch(Launch), Ctx(Ctx), SM(Ctx.getSourceManager()), Facts(Facts),
        Callers(Callers) {}

  std::optional<BlockShape> shapeOf(const clang::Expr *E, unsigned Depth);
  /// The shape in the `blockDim` field of \p Config, cudaLaunchKernelEx's
  /// local configuration (`config.blockDim = dim3(8, 4);`, `cudaLaunchConfig_t
  /// config = {grid, block};`).
  std::optional<BlockShape> configShape(const clang::VarDecl *Config);

  /// An extent read was a constant CUDA rejects (0 or negative).
  bool NonPositive = false;

private:
  const clang::CallExpr *Launch;
  /// The call of the helper whose returned shape is being read (`dim3 b =
  /// blockFor(16);`), or null where the launching function is read.
  const clang::CallExpr *Returning = nullptr;
  clang::ASTContext &Ctx;
  const clang::SourceManager &SM;
  LaunchSites::FactsCache &Facts;
  HostCallers *Callers;

  LaunchSites::FunctionCache &cacheOf(const clang::FunctionDecl *FD) {
    factsIn(Facts, FD);
    LaunchSites::FunctionCache &C = Facts[FD];
    if (!C.Branches)
      C.Branches = std::make_unique<BranchFacts>(FD, Ctx);
    return C;
  }

  /// The writes of each function, as FoldInt and HostTensors read them.
  auto factsOf() {
    return [this](const clang::FunctionDecl *FD) -> const FunctionFacts & {
      return *cacheOf(FD).Writes;
    };
  }

  bool before(clang::SourceLocation A, clang::SourceLocation B) const {
    return SM.isBeforeInTranslationUnit(A, B);
  }

  std::int64_t extentOf(const clang::Expr *E);

public:
  /// The integer \p E (an extent or an argument of the launch) has where
  /// the launch reads it: a constant, a local the launch's branch or an
  /// earlier check fixes (`case 256:`, `if (K != 16) throw ...;`), or a
  /// local set once from a constant and never written again (`int nx =
  /// 1000;` in main); std::nullopt for anything else.
  std::optional<std::int64_t> valueAtLaunch(const clang::Expr *E);
  /// Each value the integer \p E may hold where the launch reads it: its
  /// value at the launch, or, where it reads a local written on more than
  /// one path (`s`, `s * 2`), E at each value the writes that reach the
  /// read give (valuesReaching) that the local's bound at the launch
  /// allows; std::nullopt when not known.
  std::optional<std::vector<std::int64_t>> valuesAtLaunch(const clang::Expr *E);
  /// The most the integer \p E can be where the launch reads it: a value
  /// at the launch, or the least bound a branch around it or an earlier
  /// check puts on it (`if (n <= 16)`, `if (n > 16) return;`).
  std::optional<std::int64_t> boundAtLaunch(const clang::Expr *E);
  /// The bytes the pointer \p E lies past the start of its buffer where
  /// the launch passes it: 0 for a variable as allocated, `p + k`, `p - k`
  /// and `&p[k]` with k a value at the launch, a local set once from
  /// one of these; std::nullopt for anything else.
  std::optional<std::int64_t> pointerOffsetAtLaunch(const clang::Expr *E,
                                                    unsigned Depth = 0);
  /// The integer fields of the local struct \p E passes by value (`p`,
  /// copied into the kernel's parameter) whose value at the launch is
  /// known (memberInit, folded as an argument is), with it.
  std::vector<std::pair<const clang::FieldDecl *, std::int64_t>>
  fieldsAtLaunch(const clang::Expr *E);

  /// What \p Kernel's parameters receive from \p Array, the array of
  /// addresses a runtime launch passes (`void *args[] = {&in, &n};`,
  /// FunctionFacts::launchArguments): for each parameter, what the address
  /// is taken of, or null where that can change before the launch (a
  /// variable written after the array is made, `&a[i]`) or its type is
  /// not the parameter's. Empty when the array is not read or does not
  /// hold one address per parameter.
  std::vector<const clang::Expr *>
  argumentsThrough(const clang::VarDecl *Array,
                   const clang::FunctionDecl *Kernel);

private:
  std::optional<std::int64_t> factAtLaunch(const clang::Expr *E, bool Bound);
  /// factAtLaunch for a variable \p VD the launch reads in \p E.
  std::optional<std::int64_t>
  variableAtLaunch(const clang::VarDecl *VD, const clang::Expr *E, bool Bound);
  /// A local set once (launch::setOnceOrStride).
  std::optional<std::int64_t> setOnceValue(const clang::VarDecl *VD) {
    return setOnceOrStride(VD, Ctx, factsOf());
  }
  /// What a field of a local aggregate holds at the launch: its last
  /// assignment before it (`o.ndim = 3;`, FieldWrites.h), or, never
  /// assigned, what the declaration initialised it with (`cfg.block` of
  /// `Launch cfg{g, dim3(8, 4)};`, a default member initializer); null
  /// otherwise.
  const clang::Expr *memberInit(const clang::MemberExpr *Member);
  /// memberInit of the field \p Field of the local \p VD.
  const clang::Expr *memberInit(const clang::VarDecl *VD,
                                const clang::FieldDecl *Field);
  /// True when \p VD is a local set once (launch::setOnceOwner).
  bool setOnce(const clang::VarDecl *VD) {
    return setOnceOwner(VD, factsOf()) != nullptr;
  }
  /// The larger of what \p Arm gives for each arm of the conditional
  /// \p E (`aligned ? 4 : 1`); std::nullopt for anything else.
  std::optional<std::int64_t> largerArm(
      const clang::Expr *E,
      llvm::function_ref<std::optional<std::int64_t>(const clang::Expr *)> Arm);
  /// The values \p Read, a read of a local, may see: one per write that
  /// reaches it (ReachingWrites), an initializer or assignment folded over
  /// constants and locals set once, a step applied to the values its own
  /// read sees (`int s = 1; if (wide) s = 2;` is {1, 2}, `int t = 1; t *=
  /// 2;` is {2}); at most ArgumentFacts::MaxValues. std::nullopt when a
  /// write that reaches it is not known: a parameter's value on entry, a
  /// declaration without an initializer, a write on a loop's cycle, one
  /// that overflows, a variable written through an alias.
  std::optional<std::vector<std::int64_t>>
  valuesReaching(const clang::DeclRefExpr *Read, unsigned Depth = 0);
  /// The bytes the pointer \p Read, a read of a local written after its
  /// declaration, lies past the start of its buffer: the same for every
  /// write that reaches it (`float *p = d; p += 3;` is 12 bytes), 0 for
  /// one written through its address (`cudaMalloc(&p, n)`); std::nullopt
  /// otherwise.
  std::optional<std::int64_t> offsetReaching(const clang::DeclRefExpr *Read,
                                             unsigned Depth);
  /// The writes that reach the reads of the function that declares
  /// \p Read's local, built once per function, when they follow that
  /// local; null otherwise (a variable written through its address or a
  /// reference, a function whose flow was given up).
  const ReachingWrites *flowOf(const clang::DeclRefExpr *Read);
  /// The stride \p Read gives, when its tensor was made contiguous.
  std::optional<std::int64_t> strideAtLaunch(const StrideRead &Read) {
    return contiguousStride(Read, factsOf(), Ctx);
  }
  std::optional<BlockShape> variableShape(const clang::VarDecl *VD,
                                          unsigned Depth);
  /// The shape helper call \p Call returns: its body's one `return`, its
  /// last statement, read inside the helper (returnedShape).
  std::optional<BlockShape> returnedShape(const clang::CallExpr *Call,
                                          unsigned Depth);
  /// Applies to \p Shape the writes of \p FD to its dim3 \p VD: `VD.x =
  /// n` and `VD = dim3(8, 4)` statements of the function's outermost
  /// block, and calls that hand it to a helper's `dim3 &` parameter
  /// (`setBlock(block);`), which are followed the same way. \p Call
  /// binds the parameters of a helper (null for the launching function,
  /// whose writes after the launch are skipped). False when a write is
  /// none of these.
  bool applyWrites(const clang::FunctionDecl *FD, const clang::VarDecl *VD,
                   const clang::CallExpr *Call, BlockShape &Shape,
                   unsigned Depth);
  /// Applies to \p Shape what the helper \p Helper, handed the address
  /// \p Address of the launching function's dim3 (`setBlock(&block);`),
  /// writes through its `dim3 *` parameter: `b->x = n` and `*b = dim3(8,
  /// 4)` statements of its outermost block, read as applyWrites reads a
  /// `dim3 &`'s. False when the helper does anything else with the
  /// parameter or may return early.
  bool applyPointeeWrites(const clang::CallExpr *Helper,
                          const clang::Stmt *Address, BlockShape &Shape,
                          unsigned Depth);
  /// Applies to \p Shape the write \p W of the dim3 \p Target (through
  /// the pointer \p Target when \p ThroughPointer): an axis assigned
  /// (`block.x = n`, `b->x = n`) or the whole shape (`block = dim3(8,
  /// 4)`, `*b = ...`), read inside the helper \p Call binds (null for the
  /// launching function). False for any other statement.
  bool applyAssignment(const clang::Stmt *W, const clang::VarDecl *Target,
                       bool ThroughPointer, const clang::CallExpr *Call,
                       BlockShape &Shape, unsigned Depth);
  /// The extent \p E gives inside a helper called by \p Call: a constant,
  /// folded over the helper's parameters whose arguments are constants
  /// and its locals set once (`32 / width`); 0 otherwise.
  std::int64_t extentInHelper(const clang::Expr *E,
                              const clang::CallExpr *Call);
};

/// The values the integer \p E, read at a launch, takes at the calls of
/// its function, a helper of the file's own: \p E a parameter of the
/// helper or an expression of one (`cols * 2`), each call read as a
/// launch is, by a LaunchReader at the call (HostCallers::valuesOf);
/// std::nullopt where a call's value is not known.
std::optional<std::vector<std::int64_t>>
valuesFromCallers(const clang::Expr *E, clang::ASTContext &Ctx,
                  HostCallers &Callers);
/// The most the parameter \p E reads is passed by the calls of its
/// function, read as valuesFromCallers reads them (HostCallers::boundOf).
std::optional<std::int64_t> boundFromCallers(const clang::Expr *E,
                                             clang::ASTContext &Ctx,
                                             HostCallers &Callers);

} // namespace gpumem::launch

#endif // GPUMEM_CHECKS_LAUNCH_LAUNCHREADER_H
