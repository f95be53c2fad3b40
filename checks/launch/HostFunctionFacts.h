//===- HostFunctionFacts.h - what is read of each host function -*- C++ -*-===//
//
// What the launch layer knows of a host function's variables, built once
// per function for every reader of the host code (LaunchReader,
// HostCallers): a host function with thousands of launches through dim3
// variables must not be walked once per launch.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_LAUNCH_HOSTFUNCTIONFACTS_H
#define GPUMEM_CHECKS_LAUNCH_HOSTFUNCTIONFACTS_H

#include "checks/cuda/FunctionFacts.h"
#include "checks/cuda/ReachingWrites.h"
#include "checks/launch/BranchFacts.h"

#include "llvm/ADT/DenseMap.h"

#include <memory>

namespace gpumem::launch {

using cuda::FunctionFacts;
using cuda::ReachingWrites;

/// One host function's writes, branch facts and reaching writes.
struct HostFunctionFacts {
  std::unique_ptr<FunctionFacts> Writes;
  std::unique_ptr<BranchFacts> Branches;
  /// Built on first use: only a launch that reads a local written
  /// after its declaration needs it.
  std::unique_ptr<ReachingWrites> Reaching;
};

/// The facts of each host function read, by declaration.
using HostFactsCache =
    llvm::DenseMap<const clang::FunctionDecl *, HostFunctionFacts>;

/// The writes of \p FD, built once in \p Cache.
inline const FunctionFacts &factsIn(HostFactsCache &Cache,
                                    const clang::FunctionDecl *FD) {
  std::unique_ptr<FunctionFacts> &Writes = Cache[FD].Writes;
  if (!Writes)
    Writes = std::make_unique<FunctionFacts>(FD);
  return *Writes;
}

} // namespace gpumem::launch

#endif // GPUMEM_CHECKS_LAUNCH_HOSTFUNCTIONFACTS_H
