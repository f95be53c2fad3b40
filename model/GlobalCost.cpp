//===- GlobalCost.cpp - counting blocks, sectors and bytes ----------------===//
//
// Counts distinct aligned blocks by walking each lane's byte range block by
// block, so a lane whose bytes straddle a boundary counts both blocks.
//
//===----------------------------------------------------------------------===//
#include "model/GlobalCost.h"

#include <algorithm>
#include <set>
#include <utility>
#include <vector>

namespace gpumem::model {

namespace {

std::int64_t floorDiv(std::int64_t A, std::int64_t B) {
  std::int64_t Q = A / B;
  return (A % B != 0 && (A < 0) != (B < 0)) ? Q - 1 : Q;
}

/// Distinct aligned chunks of \p ChunkBytes covering the half-open ranges.
unsigned countChunks(const std::vector<std::pair<std::int64_t, std::int64_t>>
                         &Ranges,
                     unsigned ChunkBytes) {
  std::set<std::int64_t> Chunks;
  for (auto [Begin, End] : Ranges)
    for (std::int64_t C = floorDiv(Begin, ChunkBytes),
                      Last = floorDiv(End - 1, ChunkBytes);
         C <= Last; ++C)
      Chunks.insert(C);
  return static_cast<unsigned>(Chunks.size());
}

/// Total length of the union of half-open ranges.
std::uint64_t unionBytes(std::vector<std::pair<std::int64_t, std::int64_t>>
                             Ranges) {
  std::sort(Ranges.begin(), Ranges.end());
  std::uint64_t Total = 0;
  std::int64_t CoveredTo = INT64_MIN;
  for (auto [Begin, End] : Ranges) {
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

GlobalCost computeGlobalCost(const WarpFootprint &Footprint,
                             const Architecture &Arch) {
  std::vector<std::pair<std::int64_t, std::int64_t>> Ranges;
  for (unsigned L = 0; L < Footprint.Address.size(); ++L)
    if (Footprint.isActive(L)) {
      // Bytes past the end of the address space do not exist.
      std::int64_t End;
      if (__builtin_add_overflow(Footprint.Address[L],
                                 static_cast<std::int64_t>(Footprint.Width),
                                 &End))
        End = INT64_MAX;
      Ranges.emplace_back(Footprint.Address[L], End);
    }

  GlobalCost Cost;
  if (Ranges.empty() || Footprint.Width == 0)
    return Cost;

  Cost.Transactions = countChunks(Ranges, Arch.TransactionBytes);
  Cost.Sectors = countChunks(Ranges, Arch.SectorBytes);
  Cost.UsefulBytes = unionBytes(Ranges);
  Cost.Efficiency = static_cast<double>(Cost.UsefulBytes) /
                    (static_cast<double>(Cost.Transactions) *
                     Arch.TransactionBytes);
  Cost.IdealTransactions = ceilDiv(Cost.UsefulBytes, Arch.TransactionBytes);
  Cost.IdealSectors = ceilDiv(Cost.UsefulBytes, Arch.SectorBytes);
  Cost.ExcessSectors = Cost.Sectors - std::min(Cost.Sectors, Cost.IdealSectors);

  std::int64_t Low = Ranges.front().first, High = Ranges.front().second;
  for (auto [Begin, End] : Ranges) {
    Low = std::min(Low, Begin);
    High = std::max(High, End);
  }
  // Lanes at both ends of the address space: the span saturates.
  if (__builtin_sub_overflow(High, Low, &Cost.SpanBytes))
    Cost.SpanBytes = INT64_MAX;
  return Cost;
}

} // namespace gpumem::model
