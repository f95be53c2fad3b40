//===- SharedLayout.h - re-laying out a shared array's lanes ----*- C++ -*-===//
//
// Padding a shared array's innermost dimension changes the pitch of every
// outer dimension. A lane's byte offset is split back into indices with the
// declared pitches and recombined with the padded ones; uniform shifts were
// already dropped and do not change a bank-conflict degree, because they
// move every lane by the same whole number of words.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_ACCESS_SHAREDLAYOUT_H
#define GPUMEM_CHECKS_ACCESS_SHAREDLAYOUT_H

#include "checks/access/MemoryAccess.h"

namespace gpumem::access {

/// \p Offset (bytes into an array of \p Shape) with the innermost dimension
/// padded by \p Pad elements.
lanes::LaneVector padInnermost(const lanes::LaneVector &Offset,
                               const ArrayShape &Shape, std::int64_t Pad);

/// True when padding applies: two or more constant dimensions.
bool isPaddable(const ArrayShape &Shape);

} // namespace gpumem::access

#endif
