//===- SharedLayout.h - re-laying out a shared array's lanes ----*- C++ -*-===//
//
// Padding a shared array's innermost dimension changes the pitch of every
// outer dimension. A lane's byte offset is split back into indices with the
// declared pitches and recombined with the padded ones. The uniform shifts
// the analysis dropped (blockIdx terms, whole rows of a uniform row index)
// stay uniform after padding, and a shift by whole words does not change a
// bank-conflict degree.
//
// A padding is judged by the model on every scenario of every access to the
// array: it must make the accesses asked for conflict-free and leave no
// access to the array worse than unpadded. Only paddings of one period of
// the banks are tried: past BankCount * BankWidthBytes bytes, the row pitch
// modulo the banks, and with it every degree, repeats.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_ACCESS_SHAREDLAYOUT_H
#define GPUMEM_CHECKS_ACCESS_SHAREDLAYOUT_H

#include "checks/access/MemoryAccess.h"
#include "model/BankConflict.h"

#include "llvm/ADT/ArrayRef.h"

namespace gpumem::access {

/// \p Offset (bytes into an array of \p Shape) with the innermost dimension
/// padded by \p Pad elements.
lanes::LaneVector padInnermost(const lanes::LaneVector &Offset,
                               const ArrayShape &Shape, std::int64_t Pad);

/// True when padding applies: two or more constant dimensions, none of
/// them 0.
bool isPaddable(const ArrayShape &Shape);

/// True when every use of \p Array reads or writes an element through as
/// many subscripts as \p Shape has dimensions (`tile[i][j]`,
/// `tile[i][j].x`), so that padding changes no address the code computes by
/// hand. `&tile[0][0]`, a row pointer `tile[i]`, `sizeof(tile)` all assume
/// the declared row length; the array is then not to be padded.
bool usedOnlyThroughSubscripts(const clang::VarDecl &Array,
                               const ArrayShape &Shape);

/// The conflict of one shared warp access at \p Offset: the access is as
/// many instructions as its width holds InstructionBytes, each priced on
/// its own; the worst instruction's degree, with Wavefronts the mean per
/// instruction (rounded up) and PhaseCount that instruction's phases.
model::BankConflictDegree sharedBankConflict(const MemoryAccess &Access,
                                             const lanes::LaneVector &Offset,
                                             lanes::LaneMask Active,
                                             const model::Architecture &Arch,
                                             model::PhaseRule Rule);

/// The worst bank-conflict degree of a shared access over its scenarios,
/// and the scenario where it peaks (the first one, on ties).
struct SharedConflict {
  model::BankConflictDegree Degree;
  const LaneScenario *Scenario = nullptr;
};

/// The worst degree of \p Access with its array's innermost dimension padded
/// by \p Pad elements (0: as declared).
SharedConflict worstBankConflict(const MemoryAccess &Access, std::int64_t Pad,
                                 const model::Architecture &Arch,
                                 model::PhaseRule Rule);

/// A shared access whose lanes are a symbol times a per-lane step
/// (`tile[threadIdx.x * n]`): the symbol, and the value at which every
/// lane's step is a whole period of the banks (n a multiple of it puts the
/// lanes on one bank), the value the bank-conflict check reports and the
/// report draws.
struct BankPeriodSample {
  lanes::SymbolId Factor = 0;
  std::int64_t Period = 0;
  /// Bytes between neighbouring active lanes per unit of the factor.
  std::int64_t Step = 0;
  /// Every launch passes the factor as a constant (MemoryAccess::
  /// FactorValues): Period is the first of those values at which the
  /// lanes share a bank, not the least such value.
  bool AtLaunch = false;
};
std::optional<BankPeriodSample>
bankPeriodSample(const MemoryAccess &Access, const model::Architecture &Arch);
/// The lanes' offsets of \p Access with its symbol at that period (what
/// the check reports and the report draws); none without a sample.
std::optional<lanes::LaneVector>
lanesAtBankPeriod(const MemoryAccess &Access, const model::Architecture &Arch);

/// The largest padding worth trying for \p Shape: one period of the banks,
/// in elements.
std::int64_t paddingPeriod(const ArrayShape &Shape,
                           const model::Architecture &Arch);

/// The smallest padding of the innermost dimension of \p Shape that makes
/// every access in \p Clear conflict-free and leaves every access in
/// \p Peers (all accesses to the array) no worse than unpadded; 0 when none
/// does, or when the array cannot be padded.
std::int64_t smallestClearingPadding(const ArrayShape &Shape,
                                     llvm::ArrayRef<const MemoryAccess *> Clear,
                                     llvm::ArrayRef<const MemoryAccess *> Peers,
                                     const model::Architecture &Arch,
                                     model::PhaseRule Rule);

} // namespace gpumem::access

#endif
