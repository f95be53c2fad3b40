//===- FunctionCache.h - what the evaluator learns of a function -*- C++
//-*-===//
//
// What the lane evaluator learns of a function regardless of the kernel
// that calls it: its writes and loops (cuda::FunctionFacts) and the
// reaching writes of its CFG. One cache can serve every kernel of a
// translation unit: a helper that 90 template kernels call is read once.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_LANES_FUNCTIONCACHE_H
#define GPUMEM_CHECKS_LANES_FUNCTIONCACHE_H

#include "checks/cuda/FunctionFacts.h"
#include "checks/cuda/ReachingWrites.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

#include <map>
#include <memory>

namespace gpumem::lanes {

/// The facts and reaching writes of each function asked for, built once.
class FunctionCache {
public:
  const cuda::FunctionFacts &factsOf(const clang::FunctionDecl *FD);
  const cuda::ReachingWrites &flowOf(const clang::FunctionDecl *FD,
                                     clang::ASTContext &Ctx);

private:
  std::map<const clang::FunctionDecl *, std::unique_ptr<cuda::FunctionFacts>>
      Facts;
  std::map<const clang::FunctionDecl *, std::unique_ptr<cuda::ReachingWrites>>
      Flows;
};

} // namespace gpumem::lanes

#endif // GPUMEM_CHECKS_LANES_FUNCTIONCACHE_H
