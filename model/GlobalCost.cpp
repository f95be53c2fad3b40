//===- GlobalCost.cpp - counting blocks, sectors and bytes ----------------===//
//
// Counts distinct aligned blocks over the lanes' byte ranges in address
// order, so a lane whose bytes straddle a boundary counts both blocks.
//
//===----------------------------------------------------------------------===//
#include "model/GlobalCost.h"
#include "model/IntegerMath.h"

#include <algorithm>
#include <limits>
#include <utility>
#include <vector>

namespace gpumem::model {

namespace {

using Ranges = std::vector<std::pair<std::int64_t, std::int64_t>>;

/// Distinct aligned chunks of \p ChunkBytes covering the half-open ranges,
/// sorted by their first byte: each range adds the chunks past the last one
/// counted (no set of chunks, and a range of any length costs one step).
unsigned countChunks(const Ranges &Sorted, unsigned ChunkBytes) {
  std::uint64_t Count = 0;
  bool Any = false;
  std::int64_t CountedTo = 0; // the last chunk counted
  for (auto [Begin, End] : Sorted) {
    std::int64_t First = floorDiv(Begin, ChunkBytes),
                 Last = floorDiv(End - 1, ChunkBytes);
    if (Any && First <= CountedTo)
      First = CountedTo + 1;
    if (Any && Last <= CountedTo)
      continue;
    // Last >= First here; the difference is taken in 64 unsigned bits,
    // where it cannot overflow.
    Count += static_cast<std::uint64_t>(Last) -
             static_cast<std::uint64_t>(First) + 1;
    CountedTo = Last;
    Any = true;
  }
  return static_cast<unsigned>(
      std::min<std::uint64_t>(Count, std::numeric_limits<unsigned>::max()));
}

/// Total length of the union of half-open ranges, sorted by their first
/// byte.
std::uint64_t unionBytes(const Ranges &Sorted) {
  std::uint64_t Total = 0;
  std::int64_t CoveredTo = INT64_MIN;
  for (auto [Begin, End] : Sorted) {
    Begin = std::max(Begin, CoveredTo);
    if (End > Begin) {
      Total += static_cast<std::uint64_t>(End - Begin);
      CoveredTo = End;
    }
  }
  return Total;
}

unsigned ceilDiv(std::uint64_t A, unsigned B) {
  return static_cast<unsigned>((A + B - 1) / B);
}

} // namespace

std::optional<CoalescingUnit> parseCoalescingUnit(std::string_view Text) {
  if (Text == "transactions")
    return CoalescingUnit::Transactions;
  if (Text == "sectors")
    return CoalescingUnit::Sectors;
  return std::nullopt;
}

std::string_view coalescingUnitName(CoalescingUnit U) {
  return U == CoalescingUnit::Sectors ? "sectors" : "transactions";
}

GlobalCost computeGlobalCost(const WarpFootprint &Footprint,
                             const Architecture &Arch) {
  Ranges Lanes;
  Lanes.reserve(Footprint.Address.size());
  for (unsigned L = 0; L < Footprint.Address.size(); ++L)
    if (Footprint.isActive(L)) {
      // Bytes past the end of the address space do not exist.
      std::int64_t End;
      if (__builtin_add_overflow(Footprint.Address[L],
                                 static_cast<std::int64_t>(Footprint.Width),
                                 &End))
        End = INT64_MAX;
      Lanes.emplace_back(Footprint.Address[L], End);
    }

  GlobalCost Cost;
  if (Lanes.empty() || Footprint.Width == 0)
    return Cost;

  std::sort(Lanes.begin(), Lanes.end());
  Cost.Transactions = countChunks(Lanes, Arch.TransactionBytes);
  Cost.Sectors = countChunks(Lanes, Arch.SectorBytes);
  Cost.UsefulBytes = unionBytes(Lanes);
  Cost.Efficiency = static_cast<double>(Cost.UsefulBytes) /
                    (static_cast<double>(Cost.Transactions) *
                     Arch.TransactionBytes);
  Cost.SectorEfficiency = static_cast<double>(Cost.UsefulBytes) /
                          (static_cast<double>(Cost.Sectors) * Arch.SectorBytes);
  Cost.IdealTransactions = ceilDiv(Cost.UsefulBytes, Arch.TransactionBytes);
  Cost.IdealSectors = ceilDiv(Cost.UsefulBytes, Arch.SectorBytes);
  Cost.ExcessSectors = Cost.Sectors - std::min(Cost.Sectors, Cost.IdealSectors);

  std::int64_t Low = Lanes.front().first, High = Lanes.front().second;
  for (auto [Begin, End] : Lanes)
    High = std::max(High, End);
  // Lanes at both ends of the address space: the span saturates.
  if (__builtin_sub_overflow(High, Low, &Cost.SpanBytes))
    Cost.SpanBytes = INT64_MAX;
  return Cost;
}

} // namespace gpumem::model
