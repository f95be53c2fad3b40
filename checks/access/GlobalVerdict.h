//===- GlobalVerdict.h - the dominant cause of a global access's cost -*- C++ -*-//
//
// The four global-memory checks share one judgement so that an access gets
// at most one diagnostic, for its dominant cause: an array-of-structures
// stride first (its fix is a layout change), then a misaligned base (same
// footprint, shifted), then any other stride, constant or symbolic; an
// access that is coalesced but run by few lanes of a warp is a partial-warp
// access. Costs are the model's, for the worst enumerated scenario.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_ACCESS_GLOBALVERDICT_H
#define GPUMEM_CHECKS_ACCESS_GLOBALVERDICT_H

#include "checks/access/MemoryAccess.h"
#include "model/GlobalCost.h"

#include <tuple>

namespace gpumem::access {

/// Why a global access costs more than its bytes need.
enum class GlobalCause {
  Unknown,
  Coalesced,
  Stride,
  SymbolicStride,
  ArrayOfStructs,
  Misaligned,
  PartialWarp,
};

/// What the global checks report, and what they do not.
struct GlobalPolicy {
  /// Report partial-warp accesses outside loops too.
  bool ReportOneShotPartialWarp = false;
  /// A partial-warp access has at most this many active lanes.
  unsigned PartialWarpMaxLanes = 16;
  /// Report only below this efficiency (1.0: whenever transactions exceed
  /// the ideal).
  double EfficiencyThreshold = 1.0;
  /// Value assumed for a symbolic stride factor ("up to").
  std::int64_t SymbolicStrideSample = 32;
  /// Transactions (the seed's model) or sectors (Nsight Compute's).
  gpumem::model::CoalescingUnit Unit =
      gpumem::model::CoalescingUnit::Transactions;

  /// Every field: two policies give the same verdicts exactly when these
  /// compare equal. A field added above is added here.
  auto fields() const {
    return std::tie(ReportOneShotPartialWarp, PartialWarpMaxLanes,
                    EfficiencyThreshold, SymbolicStrideSample, Unit);
  }
  bool operator==(const GlobalPolicy &O) const {
    return fields() == O.fields();
  }
};

/// The judgement on one global access.
struct GlobalVerdict {
  GlobalCause Cause = GlobalCause::Unknown;
  /// The cost as written (worst scenario, or the symbolic sample).
  gpumem::model::GlobalCost Cost;
  /// The cost after the fix the cause suggests.
  gpumem::model::GlobalCost FixedCost;
  /// The lanes FixedCost is priced at: unit stride, SoA, aligned, the
  /// symbolic factor at 1, every lane of the warp (partial warp); none
  /// for a coalesced access.
  std::optional<LaneScenario> Fix;
  /// The scenario the cost was computed for.
  const LaneScenario *Worst = nullptr;
  /// The lane-to-lane stride when it is one number.
  std::optional<std::int64_t> StrideBytes;
  /// Bytes from the lowest address to the previous block boundary.
  std::int64_t MisalignBytes = 0;
  unsigned ActiveLanes = 0;
  /// Bytes per lane per unit of the symbolic stride factor (0 when the
  /// factor does not scale the lane index evenly, as with rows below).
  std::int64_t SymbolicBytesPerLane = 0;
  /// The value of the symbolic factor the cost is priced at ("when 'n' >=
  /// N"): the policy's sample, or more when the elements are small enough
  /// that the sample would still share transactions between lanes.
  std::int64_t SymbolicSample = 0;
  /// The sample is the most the kernel's own checks allow (FactorBound).
  bool SampleIsBound = false;
  /// With the symbolic factor at 1 the access would be coalesced (false
  /// when the factor scales a row index rather than the lane).
  bool CoalescedWhenFactorIsOne = false;
  /// The factor FixedCost is priced at: 1, or the access's width over the
  /// bytes per lane per unit of the factor (a byte stride: 4 for a float).
  std::int64_t CoalescingFactor = 1;
  /// The warp is split into this many runs of consecutive elements (rows
  /// of a block narrower than 32 threads); 0 when it is not.
  unsigned RowsSpanned = 0;
  unsigned LanesPerRow = 0;
  /// The warps of the launch start at different offsets within a
  /// transaction (MemoryAccess::ShiftedBy): the mean cost over them, at
  /// the worst scenario's pins, weighted by their shares.
  bool Shifted = false;
  double MeanTransactions = 0;
  double MeanSectors = 0;
  /// The share of the scenarios with lanes (warp starts, loop passes,
  /// values of a guard's symbol, by their weights) that pay the worst
  /// cost.
  double WorstShare = 1;
  /// Where fewer than half of the warps pay the worst start's cost (a
  /// symbolic stride whose rows a block's start moves across a boundary
  /// in a quarter of the blocks), Cost is the one most warps pay, at
  /// CommonShare, and the worst is kept here.
  std::optional<gpumem::model::GlobalCost> WorstStart;
  double CommonShare = 1;
};


/// The verdicts on every access of every kernel of a TU, by kernel.
using KernelVerdicts = std::vector<std::vector<GlobalVerdict>>;

/// Judges \p Access against \p Arch.
GlobalVerdict judgeGlobalAccess(const MemoryAccess &Access,
                                const gpumem::model::Architecture &Arch,
                                const GlobalPolicy &Policy);

/// The footprint of \p Access at \p Offset with lanes \p Active.
gpumem::model::WarpFootprint footprintOf(const MemoryAccess &Access,
                                         const lanes::LaneVector &Offset,
                                         lanes::LaneMask Active);

/// True when \p Offset is far enough from the int64 limits to be moved by
/// a warp's start within a transaction (UniformShift.h); an index near
/// 2^63 is priced as it is.
bool shiftable(const lanes::LaneVector &Offset);

/// The cost of \p Access at \p Offset, \p Active, with the warp's start
/// moved by \p Shift bytes (\p Offset shiftable).
gpumem::model::GlobalCost costShiftedBy(const MemoryAccess &Access,
                                        const lanes::LaneVector &Offset,
                                        lanes::LaneMask Active,
                                        std::int64_t Shift,
                                        const gpumem::model::Architecture &Arch);

} // namespace gpumem::access

#endif // GPUMEM_CHECKS_ACCESS_GLOBALVERDICT_H
