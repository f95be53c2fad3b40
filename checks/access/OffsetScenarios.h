//===- OffsetScenarios.h - an access's offset as per-lane numbers -*- C++ -*-===//
//
// The model prices numbers, one byte offset per lane. An access's offset is
// a LaneValue with symbols in it (loop variables, the warp's row of the
// block); this file turns it into the scenarios the model prices: one per
// assignment of the symbols with known values, with the guards around the
// access re-decided under each assignment. An offset whose lane-varying
// part has a symbol with no known values keeps a symbolic stride instead.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_ACCESS_OFFSETSCENARIOS_H
#define GPUMEM_CHECKS_ACCESS_OFFSETSCENARIOS_H

#include "checks/access/MemoryAccess.h"
#include "checks/lanes/LaneEvaluator.h"

#include "clang/AST/Expr.h"
#include "llvm/ADT/ArrayRef.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <map>
#include <utility>
#include <vector>

namespace gpumem::access {

/// The guards around an access, kept to re-decide its lanes once loop
/// variables are pinned (`if (tid < s)` in a loop over s).
struct AccessGuards {
  /// Conditions around the access.
  llvm::ArrayRef<lanes::Guard> Conditions;
  /// Loop variables with known values that undecided guards compare.
  llvm::ArrayRef<lanes::SymbolId> Symbols;
  /// The lanes the block populates.
  lanes::LaneMask Populated = lanes::AllLanes;
  /// The for-loops around the access: only their variables' symbols can be
  /// in its address.
  llvm::ArrayRef<const clang::Stmt *> Loops;
  /// The thread symbols of the warp the access is priced for, where that
  /// is not the first (MemoryAccess::ShownWarpThread): fixed in every
  /// evaluation of the scenarios.
  const std::map<lanes::SymbolId, std::int64_t> *WarpPins = nullptr;
};

/// Fills \p A's Scenarios (at most \p MaxScenarios) or its SymbolicStride
/// from its Offset. An offset unknown only because an operation could not
/// be kept symbolic (tx ^ ty) is evaluated again with the enumerable
/// symbols pinned. A global access's scenarios are priced at each shift
/// its uniform terms make modulo \p TransactionBytes that changes its cost
/// (in transactions of that size and sectors of \p SectorBytes).
/// \p AddressAgain evaluates the address again under the pins in force (an
/// inline asm operand); without it an lvalue's address is (an access
/// through a pointer is not evaluated again).
void concretizeOffset(
    MemoryAccess &A, lanes::LaneEvaluator &Eval, const AccessGuards &Guards,
    unsigned MaxScenarios, std::int64_t TransactionBytes,
    std::int64_t SectorBytes,
    llvm::function_ref<lanes::PointerValue()> AddressAgain = nullptr);

/// Adds to \p Out the loop variables with known values that the
/// comparisons of \p Cond read (through !, && and ||).
void conditionSymbols(const clang::Expr *Cond, lanes::LaneEvaluator &Eval,
                      std::vector<lanes::SymbolId> &Out);

/// True when a subscript of \p Target (tile[i][j], tile[i][j].x) provably
/// leaves its dimension of \p Shape for an \p Active lane: the lanes'
/// values of it spread over the dimension's extent or more, whatever the
/// uniform part.
bool indexesPastRow(const clang::Expr *Target, const ArrayShape &Shape,
                    lanes::LaneMask Active, lanes::LaneEvaluator &Eval);

} // namespace gpumem::access

#endif // GPUMEM_CHECKS_ACCESS_OFFSETSCENARIOS_H
