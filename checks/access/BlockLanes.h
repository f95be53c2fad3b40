//===- BlockLanes.h - the lanes of every warp of a block -------*- C++ -*-===//
//
// The walk (AccessWalk.h) narrows the first warp's lanes guard by guard.
// Where the block is launched with several whole warps, a guard on the
// thread index is decided for each of them too (LaneEvaluator::
// decideGuard), and BlockLanes keeps each warp's lanes: the share of the
// block that runs a statement is then the block's (`if (tid < 64)` in a
// block of 256: a quarter), not the first warp's (all of it). Arithmetic
// intensity charges FLOPs and bytes at that share.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_ACCESS_BLOCKLANES_H
#define GPUMEM_CHECKS_ACCESS_BLOCKLANES_H

#include "checks/lanes/LaneEvaluator.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/bit.h"

#include <optional>

namespace gpumem::access::detail {

class BlockLanes {
public:
  /// False once a guard decided for the first warp could not be decided
  /// for the others: the first warp's lanes then stand for the block.
  bool known() const { return Known; }
  /// True once some guard was decided per warp.
  bool decided() const { return !Warps.empty(); }

  /// Narrows by a guard that holds, per warp, on \p PerWarp's lanes
  /// (LaneEvaluator::decideGuard: empty when they are every warp's \p
  /// First, none when not known), where \p Holds it must hold (else fail);
  /// \p Active: the first warp's lanes before it.
  void narrow(lanes::LaneMask Active, lanes::LaneMask First, bool Holds,
              const std::optional<lanes::WarpMasks> &PerWarp) {
    if (!Known)
      return;
    if (!PerWarp) {
      Known = false;
      Warps.clear();
      return;
    }
    if (PerWarp->empty()) {
      for (lanes::LaneMask &M : Warps)
        M &= Holds ? First : ~First;
      return;
    }
    if (Warps.empty())
      Warps.assign(PerWarp->size(), Active);
    for (std::size_t W = 0; W < PerWarp->size(); ++W)
      Warps[W] &= Holds ? (*PerWarp)[W] : ~(*PerWarp)[W];
  }

  /// The first warp (in the order of decideGuard's warps) whose lanes
  /// within \p Populated are not none; std::nullopt where no guard was
  /// decided per warp or no warp runs the statement.
  std::optional<std::size_t> firstRunning(lanes::LaneMask Populated) const {
    for (std::size_t W = 0; W < Warps.size(); ++W)
      if (Warps[W] & Populated)
        return W;
    return std::nullopt;
  }
  lanes::LaneMask lanesOf(std::size_t W) const { return Warps[W]; }

  /// The share of the block's threads that run a statement whose first
  /// warp's lanes are \p Active.
  double share(lanes::LaneMask Active) const {
    if (Warps.empty())
      return static_cast<double>(llvm::popcount(Active & lanes::AllLanes)) /
             lanes::WarpLanes;
    unsigned Lanes = 0;
    for (lanes::LaneMask M : Warps)
      Lanes += llvm::popcount(M & lanes::AllLanes);
    return static_cast<double>(Lanes) /
           (static_cast<double>(lanes::WarpLanes) * Warps.size());
  }

private:
  llvm::SmallVector<lanes::LaneMask, 0> Warps;
  bool Known = true;
};

} // namespace gpumem::access::detail

#endif // GPUMEM_CHECKS_ACCESS_BLOCKLANES_H
