//===- BranchFacts.h - what a branch says of a launch's locals -*- C++ -*-===//
//
// Host code often picks a template kernel by block size and launches it
// with that size held in a variable:
//
//   dim3 block(threads);
//   switch (threads) {
//   case 256: reduce<256><<<grid, block>>>(...); break;
//   case 128: reduce<128><<<grid, block>>>(...); break;
//   }
//
// Inside `case 256:` (entered from the switch, not by falling through) and
// inside the then-branch of `if (threads == 256)`, the variable is 256;
// inside that of `if (n <= 16)` (or after `if (n > 16) throw ...;`) it is
// at most 16.
// This pass records, once per function, the values such branches give
// variables at each launch and where each branch starts, so a launch's
// block can be read as the constant it is there.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_LAUNCH_BRANCHFACTS_H
#define GPUMEM_CHECKS_LAUNCH_BRANCHFACTS_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace gpumem::launch {

/// `Var` is `Value` from `Since` (the start of the switch or if statement
/// that tests it) to the launch, unless something writes Var in between.
struct BranchFact {
  const clang::VarDecl *Var = nullptr;
  std::int64_t Value = 0;
  clang::SourceLocation Since;
  /// Var is at most Value there (`if (n <= 16) launch`, after `if (n > 16)
  /// throw ...;`), not equal to it.
  bool AtMost = false;
};

/// The branch facts at each kernel launch of one function (a
/// triple-chevron launch or a runtime call, cuda::mayLaunchKernel), and at
/// each call of a function defined in the translation unit (a dispatch
/// helper that launches: `if (n <= 16) launchSmall(x, n);`, read by
/// HostCallers::boundOf).
class BranchFacts {
public:
  BranchFacts(const clang::FunctionDecl *FD, const clang::ASTContext &Ctx);

  /// The facts of the branches around \p Launch, innermost last.
  llvm::ArrayRef<BranchFact> at(const clang::CallExpr *Launch) const;
  /// Where the loops around \p Launch begin (a write after the launch may
  /// run before it again when a loop encloses both).
  llvm::ArrayRef<clang::SourceLocation>
  loopsAround(const clang::CallExpr *Launch) const;

  struct AtLaunch {
    llvm::SmallVector<BranchFact, 2> Facts;
    llvm::SmallVector<clang::SourceLocation, 2> Loops;
  };

private:
  llvm::DenseMap<const clang::CallExpr *, AtLaunch> Launches;
};

/// The constants of the braced list or the array of constants
/// (constantElements, FoldInt.h) \p Range walks with an integer loop
/// variable (`for (int s : {1, 2, 4})`, `for (int s : steps)`, `const int
/// &s`), each once; std::nullopt for any other range or an element that is
/// not a constant.
std::optional<std::vector<std::int64_t>>
rangeForConstants(const clang::CXXForRangeStmt *Range,
                  const clang::ASTContext &Ctx);

} // namespace gpumem::launch

#endif // GPUMEM_CHECKS_LAUNCH_BRANCHFACTS_H
