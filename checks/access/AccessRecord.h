//===- AccessRecord.h - the access dump's structured record -----*- C++ -*-===//
//
// What debug-gpumem-access-dump says of a kernel and of each access, as
// data: the text remarks and the JSON record (Format: json, schema
// "gpumem-access-dump" version 1, docs/access-record.md) are written from
// the same numbers, all of them the model's. The Python tools read the
// JSON record through tools/gpumem_record.py and nothing else.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_ACCESS_ACCESSRECORD_H
#define GPUMEM_CHECKS_ACCESS_ACCESSRECORD_H

#include "checks/access/GlobalVerdict.h"
#include "checks/access/PaddingPlan.h"
#include "model/BankConflict.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/JSON.h"

#include <optional>

namespace gpumem::access {

/// The record's schema name and version: a tool that reads another
/// version says so rather than misread it.
inline constexpr const char *AccessRecordSchema = "gpumem-access-dump";
inline constexpr int AccessRecordVersion = 1;

/// The lanes of one warp as the checks price them.
struct PricedLanes {
  lanes::LaneVector Offset{};
  lanes::LaneMask Active = 0;
};

/// The scenario the checks report on: for global memory the verdict's worst
/// one, or the symbolic factor at its sample value; for shared memory the
/// scenario with the highest bank-conflict degree under \p Rule.
std::optional<PricedLanes> pricedLanes(const MemoryAccess &A,
                                       const GlobalVerdict *Verdict,
                                       const model::Architecture &Arch,
                                       model::PhaseRule Rule);

/// A count per request over an access's scenarios: their mean (what a
/// profiler's average over the executions measures when each scenario runs
/// equally often) and their maximum (what the checks report).
struct PerRequest {
  double Sum = 0;
  unsigned Worst = 0;
  unsigned Count = 0;
  void add(unsigned V) {
    Sum += V;
    Worst = V > Worst ? V : Worst;
    ++Count;
  }
  double mean() const { return Count ? Sum / Count : 0; }
};

/// Sectors and transactions (global) or wavefronts (shared) per request
/// over the scenarios of \p A; none when no scenario is known.
struct Predictions {
  PerRequest Sectors, Transactions, Wavefronts;
};
std::optional<Predictions> predictionsOf(const MemoryAccess &A,
                                         const model::Architecture &Arch);

/// "global", "shared", ...
const char *spaceName(lanes::MemorySpace Space);
/// "launch", "stated", "option", "launch-bounds", "assumed".
const char *blockSourceName(BlockShapeSource Source);
/// "coalesced", "stride", ...
const char *causeName(GlobalCause Cause);

/// What the record of one access needs besides the access.
struct AccessRecordContext {
  const KernelAccesses &Kernel;
  /// The kernel's index, as its record gives it: clang-tidy sorts
  /// diagnostics by place, so an access names its kernel.
  std::int64_t KernelIndex;
  const model::Architecture &Arch;
  /// The bank-conflict check's phase rule, and its padding plan over the
  /// TU's shared accesses.
  model::PhaseRule Rule;
  const PaddingPlan *Padding = nullptr;
  /// The global checks' policy.
  GlobalPolicy Policy;
  /// The check that reports a global cause (the checks layer knows it).
  llvm::StringRef (*CheckFor)(GlobalCause) = nullptr;
  /// The analyses the checks report, one per check and place
  /// (ReportedAnalyses.h); the record says whether an access is one.
  const llvm::DenseSet<const MemoryAccess *> *Reported = nullptr;
};

/// The record of a kernel, the \p Index th analysed in the TU (each
/// instantiation of a template kernel is one).
llvm::json::Object kernelRecord(const KernelAccesses &Kernel,
                                std::int64_t Index,
                                const model::Architecture &Arch);

/// The record of one access; \p Expression and \p Kind are spelled by the
/// caller (as the checks spell them).
llvm::json::Object accessRecord(const AccessRecordContext &Context,
                                const MemoryAccess &A,
                                llvm::StringRef Expression,
                                llvm::StringRef Kind);

} // namespace gpumem::access

#endif // GPUMEM_CHECKS_ACCESS_ACCESSRECORD_H
