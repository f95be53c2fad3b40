//===- UniformShift.h - where the warp-uniform part starts a warp -*- C++ -*-===//
//
// The model prices per-lane offsets relative to a base. The warp-uniform
// part of an access's offset (a row index times the pitch, blockIdx times
// a tile, a loop's step) moves that base from warp to warp; what matters
// to the transactions is where it lands modulo the transaction size. This
// file works out, from the uniform terms, the shifts the launch's warps
// start at and the share of warps at each: a term whose coefficient is a
// multiple of the transaction size moves nothing; a term over index-like
// symbols (block and warp indices, a row of the block, loop counters)
// moves the base by every multiple of gcd(coefficient, size) in turn, or
// by the values it is known to take; a term over a value the analysis
// does not know (a parameter pitch) is assumed to keep the warp aligned,
// and is named so a note can say so.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_ACCESS_UNIFORMSHIFT_H
#define GPUMEM_CHECKS_ACCESS_UNIFORMSHIFT_H

#include "checks/lanes/LaneValue.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace gpumem::access {

struct UniformShifts {
  /// Each shift in bytes (0 <= shift < the modulus) the warps start at,
  /// with the share of warps at it (the shares add up to 1); empty when
  /// every warp starts aligned (or no term is known to move it).
  std::vector<std::pair<std::int64_t, double>> Shares;
  /// Symbols of the terms that move it (the row index, blockIdx.y).
  std::vector<lanes::SymbolId> Moving;
  /// Symbols whose value decides the alignment and is not known (a
  /// parameter pitch): their terms are assumed to keep the warp aligned.
  std::vector<lanes::SymbolId> Assumed;
  /// The first such term keeps the warp aligned when its symbols' product
  /// is a multiple of this (32 for a float row pitch).
  std::int64_t AssumedMultiple = 0;
  /// The starts those terms could make if their values are anything are
  /// multiples of this (the gcd of their coefficients and the modulus).
  std::int64_t AssumedStep = 0;
};

/// The shifts of the warp-uniform terms of \p Offset modulo \p Modulus
/// bytes (the transaction size, a power of two).
UniformShifts uniformShifts(const lanes::LaneValue &Offset,
                            const lanes::SymbolTable &Symbols,
                            std::int64_t Modulus);

} // namespace gpumem::access

#endif // GPUMEM_CHECKS_ACCESS_UNIFORMSHIFT_H
