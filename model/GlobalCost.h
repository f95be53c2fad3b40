//===- GlobalCost.h - global-memory transactions of one warp ----*- C++ -*-===//
//
// SPEC section 1: transactions are the distinct aligned blocks the touched
// bytes fall in (not ceil(span / block), which holds only for an aligned
// start); sectors the same for 32-byte sectors; efficiency is useful bytes
// over bytes hauled; an access is uncoalesced when it needs more
// transactions than its useful bytes would (the seed's model), or, judged
// as Nsight Compute counts, more 32-byte sectors than they would.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_MODEL_GLOBALCOST_H
#define GPUMEM_MODEL_GLOBALCOST_H

#include "model/Architecture.h"
#include "model/WarpFootprint.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace gpumem::model {

/// What an access is judged by: the seed's 128-byte transactions (the
/// default), or 32-byte sectors, the unit Nsight Compute's memory counters
/// report (sectors per request): a 16x16 block's warp reading two aligned
/// 64-byte rows is two transactions but its four sectors are ideal.
enum class CoalescingUnit { Transactions, Sectors };

/// What one warp's global access costs.
struct GlobalCost {
  unsigned Transactions = 0;
  unsigned Sectors = 0;
  /// Distinct bytes touched by active lanes.
  std::uint64_t UsefulBytes = 0;
  /// UsefulBytes / (Transactions * TransactionBytes), 0 with no active lane.
  double Efficiency = 0;
  /// ceil(UsefulBytes / TransactionBytes).
  unsigned IdealTransactions = 0;
  /// ceil(UsefulBytes / SectorBytes).
  unsigned IdealSectors = 0;
  /// Sectors - IdealSectors.
  unsigned ExcessSectors = 0;
  /// Bytes from the lowest touched byte to one past the highest.
  std::int64_t SpanBytes = 0;

  /// UsefulBytes / (Sectors * SectorBytes), 0 with no active lane.
  double SectorEfficiency = 0;

  /// More transactions (sectors) than the useful bytes need.
  bool isUncoalesced(CoalescingUnit U = CoalescingUnit::Transactions) const {
    return U == CoalescingUnit::Sectors ? Sectors > IdealSectors
                                        : Transactions > IdealTransactions;
  }
  double efficiency(CoalescingUnit U) const {
    return U == CoalescingUnit::Sectors ? SectorEfficiency : Efficiency;
  }
  /// Transactions or sectors.
  unsigned units(CoalescingUnit U) const {
    return U == CoalescingUnit::Sectors ? Sectors : Transactions;
  }
};

/// "transactions" or "sectors".
std::optional<CoalescingUnit> parseCoalescingUnit(std::string_view Text);
std::string_view coalescingUnitName(CoalescingUnit U);

/// Prices \p Footprint against \p Arch.
GlobalCost computeGlobalCost(const WarpFootprint &Footprint,
                             const Architecture &Arch);

/// The same for a footprint held elsewhere (a warp's addresses in an array
/// of the caller's: no copy into a WarpFootprint): \p Lanes addresses,
/// lane 0 first.
GlobalCost computeGlobalCost(const std::int64_t *Address, std::size_t Lanes,
                             unsigned Width, std::uint64_t ActiveMask,
                             const Architecture &Arch);

} // namespace gpumem::model

#endif // GPUMEM_MODEL_GLOBALCOST_H
