//===- HostCallers.h - the values a host helper's callers pass -*- C++ -*-===//
//
// A kernel is often launched from a host helper, a dispatch template of the
// file's own, whose parameter carries what the caller decided:
//
//   template <typename T> void launchColumn(T *o, const T *i, int cols) {
//     column<<<g, 256>>>(o, i, cols);
//   }
//   ... launchColumn(out, in, 1);
//
// The launch passes `cols`, a value of the run for the launch alone; the
// helper's callers all pass 1. Where the helper is the file's own (an
// instantiation of a template the file defines, or a function with internal
// linkage: no other file can call it) and nothing in it writes the
// parameter, the values its calls in the file pass are the launch's: each
// call's argument a constant, a local set once from a constant, or the
// caller's own such parameter, a few helpers up. A lambda held in a local
// that is only ever called (`auto launch = [&](int s) {...}; launch(1);`)
// is such a helper too.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_LAUNCH_HOSTCALLERS_H
#define GPUMEM_CHECKS_LAUNCH_HOSTCALLERS_H

#include "checks/launch/HostFunctionFacts.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace gpumem::launch {

using cuda::FunctionFacts;

/// How the main file uses a function or a lambda's closure: the reads of
/// its name (of the locals that hold the closure), the reads that are
/// calls, and for a closure, the locals initialised with it.
struct NameUses {
  unsigned Reads = 0;
  unsigned Calls = 0;
  unsigned Held = 0;
};

/// The values a helper's callers pass. Each call is read as a launch is
/// read (a LaunchReader at the call: the branch around the call, the
/// writes that reach it, an earlier check), with the same facts of the
/// host functions.
class HostCallers {
public:
  explicit HostCallers(HostFactsCache &Facts) : Facts(Facts) {}
  HostCallers(const HostCallers &) = delete;
  HostCallers &operator=(const HostCallers &) = delete;

  /// The distinct constants \p P's function is called with for \p P, at
  /// every call in the main file (at most \p Most of them): what valuesAt
  /// reads of each call's argument, else what a LaunchReader reads at the
  /// call
  /// (`case 256: launchReduce(x, threads);`); std::nullopt when a call
  /// passes something else, there is no call, or the function may be
  /// called from another file.
  std::optional<std::vector<std::int64_t>> valuesOf(const clang::ParmVarDecl *P,
                                                    clang::ASTContext &Ctx,
                                                    std::size_t Most,
                                                    unsigned Depth = 0);

  /// The distinct values of the integer \p E, an argument the main file
  /// passes: a constant, or one variable valuesAt knows the values of
  /// (a parameter of a helper of the file's own, a loop's variable), with
  /// constants and locals set once, folded at each of them (`cols * 2`,
  /// `t + 1`); std::nullopt when a fold fails (two such variables, a
  /// division by zero at one value) or there are more than \p Most.
  std::optional<std::vector<std::int64_t>>
  valuesOfExpression(const clang::Expr *E, clang::ASTContext &Ctx,
                     std::size_t Most, unsigned Depth = 0);

  /// The most \p P's function, a helper of the file's own (as valuesOf),
  /// is called with for \p P: the largest of the bounds a LaunchReader
  /// reads at each of its calls (`if (n <= 16) launchSmall(x, n);`), or, where
  /// a call passes its caller's own parameter, that parameter's bound, a few
  /// helpers up; std::nullopt when a call's argument has none.
  std::optional<std::int64_t> boundOf(const clang::ParmVarDecl *P,
                                      clang::ASTContext &Ctx,
                                      unsigned Depth = 0);

  void clear() {
    Calls.clear();
    Closures.clear();
    Functions.clear();
    RangeLoops.clear();
    Known.clear();
    Built = false;
  }

private:
  HostFactsCache &Facts;
  /// The writes of each function, as FoldInt reads them.
  auto factsOf() {
    return [this](const clang::FunctionDecl *FD) -> const FunctionFacts & {
      return factsIn(Facts, FD);
    };
  }
  /// The calls of each function (canonical declaration) in the main file.
  llvm::DenseMap<const clang::FunctionDecl *,
                 llvm::SmallVector<const clang::CallExpr *, 2>>
      Calls;
  /// The range-for loops of the main file, by loop variable.
  llvm::DenseMap<const clang::VarDecl *, const clang::CXXForRangeStmt *>
      RangeLoops;
  /// The lambdas of the main file, by closure type.
  llvm::DenseMap<const clang::CXXRecordDecl *, NameUses> Closures;
  /// The functions the main file names, by canonical declaration: a name
  /// read other than to call it (`each(run)`, `&run`) hands the function
  /// to code that may call it with anything.
  llvm::DenseMap<const clang::FunctionDecl *, NameUses> Functions;
  bool Built = false;
  /// True when \p FD is the call operator of a lambda held in one local
  /// of the main file, which is only ever called (`auto launch = [&](int
  /// s) {...}; launch(1);`): nothing else can call it.
  bool ownedLambda(const clang::FunctionDecl *FD) const;
  /// True when the main file names \p FD other than to call it: its
  /// address goes where calls are not seen.
  bool handedOn(const clang::FunctionDecl *FD) const;
  /// The answers for the launches' own parameters.
  llvm::DenseMap<const clang::ParmVarDecl *,
                 std::optional<std::vector<std::int64_t>>>
      Known;

  void build(clang::ASTContext &Ctx);
  /// A call of a helper and the argument it passes for a parameter.
  struct Passing {
    const clang::CallExpr *Call;
    const clang::Expr *Argument;
  };
  /// Each call in the main file of \p P's function with what it passes
  /// for \p P; std::nullopt when the function is not the file's own
  /// (another file may call it, its address is handed on, a lambda that
  /// escapes), writes \p P, or is not called.
  std::optional<llvm::SmallVector<Passing, 2>>
  passing(const clang::ParmVarDecl *P, clang::ASTContext &Ctx);
  /// The values of \p Arg at its call: a constant, a local set once from
  /// one, the variable of a loop whose body runs the call at every pass
  /// (each element of a range-for's braced list of constants, each value
  /// a `for` steps through: inductionValues), or (through valuesOf) the
  /// caller's parameter.
  std::optional<std::vector<std::int64_t>> valuesAt(const clang::Expr *Arg,
                                                    clang::ASTContext &Ctx,
                                                    std::size_t Most,
                                                    unsigned Depth);
};

} // namespace gpumem::launch

#endif // GPUMEM_CHECKS_LAUNCH_HOSTCALLERS_H
