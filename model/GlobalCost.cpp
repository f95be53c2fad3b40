//===- GlobalCost.cpp - counting blocks, sectors and bytes ----------------===//
//
// Counts distinct aligned blocks over the lanes' byte ranges in address
// order, so a lane whose bytes straddle a boundary counts both blocks.
//
//===----------------------------------------------------------------------===//
#include "model/GlobalCost.h"
#include "model/IntegerMath.h"

#include <algorithm>
#include <array>
#include <limits>
#include <utility>
#include <vector>

namespace gpumem::model {

namespace {

using Range = std::pair<std::int64_t, std::int64_t>;
using Ranges = std::vector<Range>;
/// A run of ranges in an array (the stack's or a vector's).
struct RangeList {
  Range *Begin, *End;
  Range *begin() const { return Begin; }
  Range *end() const { return End; }
};

/// Distinct aligned chunks of \p ChunkBytes covering the half-open ranges,
/// sorted by their first byte: each range adds the chunks past the last one
/// counted (no set of chunks, and a range of any length costs one step).
unsigned countChunks(const RangeList &Sorted, unsigned ChunkBytes) {
  std::uint64_t Count = 0;
  bool Any = false;
  std::int64_t CountedTo = 0; // the last chunk counted
  for (auto [Begin, End] : Sorted) {
    std::int64_t First = floorDivPositive(Begin, ChunkBytes),
                 Last = floorDivPositive(End - 1, ChunkBytes);
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
std::uint64_t unionBytes(const RangeList &Sorted) {
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
  return computeGlobalCost(Footprint.Address.data(), Footprint.Address.size(),
                           Footprint.Width, Footprint.ActiveMask, Arch);
}

GlobalCost computeGlobalCost(const std::int64_t *Address,
                             std::size_t LaneCount, unsigned Width,
                             std::uint64_t ActiveMask,
                             const Architecture &Arch) {
  // A warp's lanes fit on the stack; a footprint wider than that (a test's
  // 64 lanes) takes the heap.
  std::array<Range, 64> OnStack;
  Ranges OnHeap;
  Range *Lanes = OnStack.data();
  if (LaneCount > OnStack.size()) {
    OnHeap.resize(LaneCount);
    Lanes = OnHeap.data();
  }
  std::size_t Count = 0;
  for (unsigned L = 0; L < LaneCount; ++L)
    if ((ActiveMask >> L) & 1U) {
      // Bytes past the end of the address space do not exist.
      std::int64_t End;
      if (__builtin_add_overflow(Address[L], static_cast<std::int64_t>(Width),
                                 &End))
        End = INT64_MAX;
      Lanes[Count++] = {Address[L], End};
    }
  const RangeList Sorted{Lanes, Lanes + Count};

  GlobalCost Cost;
  if (Count == 0 || Width == 0)
    return Cost;

  // Lanes in address order are the usual case (a positive stride).
  if (!std::is_sorted(Sorted.Begin, Sorted.End))
    std::sort(Sorted.Begin, Sorted.End);
  Cost.Transactions = countChunks(Sorted, Arch.TransactionBytes);
  Cost.Sectors = countChunks(Sorted, Arch.SectorBytes);
  Cost.UsefulBytes = unionBytes(Sorted);
  Cost.Efficiency = static_cast<double>(Cost.UsefulBytes) /
                    (static_cast<double>(Cost.Transactions) *
                     Arch.TransactionBytes);
  Cost.SectorEfficiency = static_cast<double>(Cost.UsefulBytes) /
                          (static_cast<double>(Cost.Sectors) * Arch.SectorBytes);
  Cost.IdealTransactions = ceilDiv(Cost.UsefulBytes, Arch.TransactionBytes);
  Cost.IdealSectors = ceilDiv(Cost.UsefulBytes, Arch.SectorBytes);
  Cost.ExcessSectors = Cost.Sectors - std::min(Cost.Sectors, Cost.IdealSectors);

  std::int64_t Low = Lanes[0].first, High = Lanes[0].second;
  for (auto [Begin, End] : Sorted)
    High = std::max(High, End);
  // Lanes at both ends of the address space: the span saturates.
  if (__builtin_sub_overflow(High, Low, &Cost.SpanBytes))
    Cost.SpanBytes = INT64_MAX;
  return Cost;
}

} // namespace gpumem::model
