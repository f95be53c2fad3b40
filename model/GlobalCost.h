//===- GlobalCost.h - global-memory transactions of one warp ----*- C++ -*-===//
//
// SPEC section 1: transactions are the distinct aligned blocks the touched
// bytes fall in (not ceil(span / block), which holds only for an aligned
// start); sectors the same for 32-byte sectors; efficiency is useful bytes
// over bytes hauled; an access is uncoalesced when it needs more
// transactions than its useful bytes would.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_MODEL_GLOBALCOST_H
#define GPUMEM_MODEL_GLOBALCOST_H

#include "model/Architecture.h"
#include "model/WarpFootprint.h"

#include <cstdint>

namespace gpumem::model {

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

  /// More transactions than the useful bytes need.
  bool isUncoalesced() const { return Transactions > IdealTransactions; }
};

/// Prices \p Footprint against \p Arch.
GlobalCost computeGlobalCost(const WarpFootprint &Footprint,
                             const Architecture &Arch);

} // namespace gpumem::model

#endif // GPUMEM_MODEL_GLOBALCOST_H
