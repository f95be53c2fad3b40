//===- BankConflict.h - shared-memory bank conflict degree -----*- C++ -*-===//
//
// SPEC section 1: bank = (byte address / BankWidth) mod BankCount. A k-way
// conflict costs k wavefronts, k being the largest number of distinct words
// that lanes of one phase touch in one bank; lanes on the same word are
// served together (broadcast, multicast). Wide accesses are split into
// phases: with PhaseRule::ByAccessWidth, 8-byte accesses run as two
// half-warps and 16-byte accesses as four quarter-warps. The guide's 5.x
// section says nothing about wide accesses; the rule comes from its older
// compute capability 2.x section, "Larger Than 32-Bit Access" (less its
// Fermi-only extra way for 128-bit), and GTC 2019 talk S9593: docs/model.md,
// "Phases for wide accesses", quotes and weighs the sources.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_MODEL_BANKCONFLICT_H
#define GPUMEM_MODEL_BANKCONFLICT_H

#include "model/Architecture.h"
#include "model/WarpFootprint.h"

#include <optional>
#include <string_view>

namespace gpumem::model {

/// How a warp's shared access is split into phases served one at a time.
enum class PhaseRule {
  /// 8-byte accesses: two half-warps; 16-byte: four quarter-warps.
  ByAccessWidth,
  /// The whole warp is one phase whatever the width.
  WholeWarp,
};

/// Parses "by-access-width" / "whole-warp".
std::optional<PhaseRule> parsePhaseRule(std::string_view Text);
std::string_view phaseRuleName(PhaseRule Rule);

/// The conflict degree of one warp's shared access and where it peaks.
struct BankConflictDegree {
  /// k: wavefronts needed by the worst phase (1 means conflict-free).
  unsigned Degree = 0;
  /// The bank holding the most distinct words in the worst phase.
  unsigned WorstBank = 0;
  /// Index of the worst phase, and how many phases the access has.
  unsigned WorstPhase = 0;
  unsigned PhaseCount = 1;
  /// Active lanes of the worst phase that touch the worst bank.
  unsigned LanesOnWorstBank = 0;
  /// Wavefronts of the whole warp access: the sum over its phases of each
  /// phase's degree (a phase with no active lane costs none). What Nsight
  /// Compute counts per request as L1 Wavefronts Shared.
  unsigned Wavefronts = 0;

  bool isConflict() const { return Degree >= 2; }
};

/// Computes the degree of \p Footprint on \p Arch's banks under \p Rule.
BankConflictDegree computeBankConflict(const WarpFootprint &Footprint,
                                       const Architecture &Arch,
                                       PhaseRule Rule);

} // namespace gpumem::model

#endif // GPUMEM_MODEL_BANKCONFLICT_H
