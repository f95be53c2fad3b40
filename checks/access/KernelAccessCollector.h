//===- KernelAccessCollector.h - every access of a kernel -------*- C++ -*-===//
//
// Walks a kernel body in order, keeping the active-lane mask of the guards
// around each statement (if, early return, continue) and the loops it sits
// in, follows calls into device functions defined in the same file, and
// turns each global or shared load and store into a MemoryAccess.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_ACCESS_KERNELACCESSCOLLECTOR_H
#define GPUMEM_CHECKS_ACCESS_KERNELACCESSCOLLECTOR_H

#include "checks/access/MemoryAccess.h"
#include "checks/lanes/FunctionCache.h"
#include "checks/launch/LaunchSites.h"

#include "clang/AST/ASTContext.h"

namespace gpumem::access {

/// How the analysis treats what it cannot see.
struct AnalysisSettings {
  /// blockDim from a check option; used when no launch fixes it.
  std::optional<cuda::BlockShape> BlockDim;
  /// Threads per block assumed for loop bounds when blockDim is unknown.
  std::int64_t AssumedBlockSize = 256;
  /// Enumerated symbol assignments per access before giving up.
  unsigned MaxScenarios = 256;
  /// Accesses collected per kernel before the rest are ignored.
  unsigned MaxAccesses = 4096;
  /// Keep the warp-uniform terms of each access's offset (the access dump
  /// prints them). The checks read only the lane-varying part and the
  /// scenarios, so by default those terms are dropped once the access is
  /// analysed: each costs 280 bytes (32 lane coefficients) for every access
  /// of the TU until the end of the TU.
  bool KeepUniformOffsetTerms = false;
  /// The transaction size the warp-uniform part of a global offset is
  /// taken modulo (UniformShift.h).
  std::int64_t TransactionBytes = 128;
  std::int64_t SectorBytes = 32;

  /// Every field: checks share an analysis only under equal settings.
  bool operator==(const AnalysisSettings &O) const {
    return BlockDim == O.BlockDim && AssumedBlockSize == O.AssumedBlockSize &&
           MaxScenarios == O.MaxScenarios && MaxAccesses == O.MaxAccesses &&
           KeepUniformOffsetTerms == O.KeepUniformOffsetTerms &&
           TransactionBytes == O.TransactionBytes &&
           SectorBytes == O.SectorBytes;
  }
};

/// Collects the memory accesses of kernel \p Kernel; what is learnt of
/// the functions it reaches is kept in \p Functions when given (one cache
/// for the kernels of a TU).
KernelAccesses collectKernelAccesses(const clang::FunctionDecl *Kernel,
                                     clang::ASTContext &Ctx,
                                     const launch::LaunchSites &Launches,
                                     const AnalysisSettings &Settings,
                                     lanes::FunctionCache *Functions = nullptr);

} // namespace gpumem::access

#endif // GPUMEM_CHECKS_ACCESS_KERNELACCESSCOLLECTOR_H
