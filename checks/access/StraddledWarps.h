//===- StraddledWarps.h - each warp of a straddled block --------*- C++ -*-===//
//
// In a block whose warps straddle rows unevenly (blockDim (24, 4), (48, 2))
// each warp holds other threads, so one warp's lanes describe no other.
// The collector walks each warp apart (ThreadGeometry::known with the
// warp's number); here its accesses join the first walk's, each scenario
// pinned to its warp by the BlockWarp symbol, so that every check prices
// the worst warp, and a finding says which warp that is and how many pay
// as much.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_ACCESS_STRADDLEDWARPS_H
#define GPUMEM_CHECKS_ACCESS_STRADDLEDWARPS_H

#include "checks/access/MemoryAccess.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>
#include <vector>

namespace gpumem::access {

/// The same accesses in the same order, each priced or not alike: the
/// walks of two warps can be merged access by access.
bool sameAccesses(const std::vector<MemoryAccess> &A,
                  const std::vector<MemoryAccess> &B);

/// Adds the accesses of warps 1, 2, ... (\p Others, one walk each, in
/// order) to \p Out's, the first warp's: each scenario pinned to its warp.
/// False, and \p Out unchanged, where a walk met other accesses than the
/// first (sameAccesses).
bool mergeWarpWalks(KernelAccesses &Out,
                    std::vector<std::vector<MemoryAccess>> Others);

/// Which warp a finding's scenario is of, in a block merged by
/// mergeWarpWalks.
struct WorstWarp {
  std::int64_t Warp = 0;
  /// Its threads, first and last (the last warp may be short).
  std::int64_t FirstThread = 0, LastThread = 0;
  /// Warps whose worst scenario costs as much, and warps with a scenario
  /// that runs the access.
  unsigned Paying = 0, Running = 0;
  /// The mean, over the warps that run it, of each warp's worst.
  double Mean = 0;
};

/// For \p Worst, the scenario of \p A a finding reports, judged by \p Cost
/// (higher is worse); none where \p Kernel's warps were not walked apart.
std::optional<WorstWarp>
worstWarp(const KernelAccesses &Kernel, const MemoryAccess &A,
          const LaneScenario &Worst,
          llvm::function_ref<unsigned(const LaneScenario &)> Cost);

} // namespace gpumem::access

#endif // GPUMEM_CHECKS_ACCESS_STRADDLEDWARPS_H
