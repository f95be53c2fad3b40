//===- WarpFootprint.h - the bytes one warp instruction touches -*- C++ -*-===//
//
// One memory instruction executed by one warp: each active lane l touches the
// bytes [Address[l], Address[l] + Width). Addresses are relative to a base
// that is aligned to the transaction size, so address 0 starts a block.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_MODEL_WARPFOOTPRINT_H
#define GPUMEM_MODEL_WARPFOOTPRINT_H

#include <cstdint>
#include <vector>

namespace gpumem::model {

/// The per-lane byte addresses, access width and active lanes of one warp.
struct WarpFootprint {
  /// Byte address of each lane, lane 0 first; its size is the warp size.
  std::vector<std::int64_t> Address;
  /// Bytes each lane reads or writes (1, 2, 4, 8 or 16).
  unsigned Width = 4;
  /// Bit l set when lane l executes the instruction.
  std::uint64_t ActiveMask = ~0ULL;

  bool isActive(unsigned Lane) const { return (ActiveMask >> Lane) & 1U; }
  unsigned activeLaneCount() const;

  /// Lanes 0..WarpSize-1 at Base + l * StrideBytes, all active.
  static WarpFootprint strided(std::int64_t Base, std::int64_t StrideBytes,
                               unsigned Width, unsigned WarpSize = 32);
};

} // namespace gpumem::model

#endif // GPUMEM_MODEL_WARPFOOTPRINT_H
