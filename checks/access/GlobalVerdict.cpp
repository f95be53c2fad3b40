//===- GlobalVerdict.cpp --------------------------------------------------===//
#include "checks/access/GlobalVerdict.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "model/IntegerMath.h"

#include <algorithm>
#include <bitset>

namespace gpumem::access {

using gpumem::model::GlobalCost;
using gpumem::model::WarpFootprint;

namespace {

using gpumem::model::floorMod;

/// The constant stride between active lanes, if there is one.
std::optional<std::int64_t> strideOf(const lanes::LaneVector &Offset,
                                     lanes::LaneMask Active) {
  std::optional<std::int64_t> Stride;
  int Previous = -1;
  for (unsigned L = 0; L < lanes::WarpLanes; ++L) {
    if (!((Active >> L) & 1U))
      continue;
    if (Previous >= 0) {
      std::int64_t Delta;
      // Lanes at both ends of the 64-bit range have no stride that fits.
      if (__builtin_sub_overflow(Offset[L], Offset[Previous], &Delta))
        return std::nullopt;
      std::int64_t Lanes = static_cast<std::int64_t>(L) - Previous;
      if (Delta % Lanes != 0)
        return std::nullopt;
      std::int64_t S = Delta / Lanes;
      if (Stride && *Stride != S)
        return std::nullopt;
      Stride = S;
    }
    Previous = static_cast<int>(L);
  }
  return Stride;
}

/// The lanes between two active ones when every pair of neighbours is as
/// far apart (8 for lanes 0, 8, 16, 24), else 1: a stride is said between
/// the lanes that run.
std::int64_t activeLaneGap(lanes::LaneMask Active) {
  std::int64_t Gap = 0;
  int Previous = -1;
  for (unsigned L = 0; L < lanes::WarpLanes; ++L) {
    if (!((Active >> L) & 1U))
      continue;
    if (Previous >= 0) {
      const std::int64_t Here = static_cast<std::int64_t>(L) - Previous;
      if (Gap != 0 && Gap != Here)
        return 1;
      Gap = Here;
    }
    Previous = static_cast<int>(L);
  }
  return Gap == 0 ? 1 : Gap;
}

bool isBroadcast(const lanes::LaneVector &Offset, lanes::LaneMask Active) {
  std::optional<std::int64_t> First;
  for (unsigned L = 0; L < lanes::WarpLanes; ++L) {
    if (!((Active >> L) & 1U))
      continue;
    if (First && *First != Offset[L])
      return false;
    First = Offset[L];
  }
  return true;
}

/// Equal runs of lanes touching consecutive elements: the rows of a block
/// narrower than a warp. Sets Rows and LanesPerRow when there are two or
/// more such runs.
void findRows(const lanes::LaneVector &Offset, lanes::LaneMask Active,
              unsigned Width, unsigned &Rows, unsigned &LanesPerRow) {
  Rows = LanesPerRow = 0;
  if (Active != lanes::AllLanes)
    return;
  // A run continues while lanes step by one element, or all read one
  // element (a row index shared by a half-warp, say).
  std::vector<unsigned> Runs(1, 1);
  std::optional<std::int64_t> RunStep;
  for (unsigned L = 1; L < lanes::WarpLanes; ++L) {
    std::int64_t Delta;
    // A step that does not fit in 64 bits ends the run.
    bool Fits = !__builtin_sub_overflow(Offset[L], Offset[L - 1], &Delta);
    bool Continues = Fits && (RunStep ? Delta == *RunStep
                                      : (Delta == 0 ||
                                         Delta == static_cast<std::int64_t>(
                                                      Width)));
    if (Continues) {
      RunStep = Delta;
      ++Runs.back();
    } else {
      Runs.push_back(1);
      RunStep.reset();
    }
  }
  if (Runs.size() < 2 || Runs.front() < 2)
    return;
  for (unsigned R : Runs)
    if (R != Runs.front())
      return;
  Rows = static_cast<unsigned>(Runs.size());
  LanesPerRow = Runs.front();
}

} // namespace

WarpFootprint footprintOf(const MemoryAccess &Access,
                          const lanes::LaneVector &Offset,
                          lanes::LaneMask Active) {
  WarpFootprint F;
  F.Address.assign(Offset.begin(), Offset.end());
  F.Width = Access.Width;
  F.ActiveMask = Active;
  return F;
}

namespace {

/// The worst scenario of an access, as the cause judges see it.
struct WorstCase {
  const MemoryAccess &Access;
  const gpumem::model::Architecture &Arch;
  const GlobalPolicy &Policy;
  const lanes::LaneVector &Offset;
  lanes::LaneMask Active;
};

/// What one cause's judge rules on the worst case.
enum class Ruling {
  /// Not this cause: the next judge decides.
  NotMine,
  /// The verdict is final: its cause is set (Coalesced where nothing is
  /// to be said).
  Final,
};

using CauseJudge = Ruling (*)(const WorstCase &, GlobalVerdict &);

/// Lane L at L * Width: each lane reads the next element.
lanes::LaneVector consecutive(unsigned Width) {
  lanes::LaneVector Offset{};
  for (unsigned L = 0; L < lanes::WarpLanes; ++L)
    Offset[L] = static_cast<std::int64_t>(L) * Width;
  return Offset;
}

/// The lanes a fix is priced at.
LaneScenario fixAt(const lanes::LaneVector &Offset, lanes::LaneMask Active) {
  LaneScenario S;
  S.Offset = Offset;
  S.Active = Active;
  return S;
}

/// Coalesced (or a broadcast): nothing to say, unless a few lanes that a
/// thread-index guard keeps do all the work (partial warp).
Ruling judgeCoalescedOrPartialWarp(const WorstCase &W, GlobalVerdict &V) {
  if (V.Cost.isUncoalesced(W.Policy.Unit) && !isBroadcast(W.Offset, W.Active))
    return Ruling::NotMine;
  const unsigned Populated = lanes::WarpLanes;
  // One lane chosen inside the loop each iteration handles one scalar of
  // that iteration (a row's result after a reduction, a solver's per-step
  // value), and a few lanes store a warp reduction's results whatever the
  // guard's form (`if (lane < 2)`): nothing the other lanes could share.
  const bool ScalarPerIteration =
      (W.Access.GuardInsideLoop && V.ActiveLanes == 1) ||
      W.Access.StoresReductionResult;
  // Nor is there work to spread where each pass touches the same word (a
  // flag polled: the repetition is waiting), where each pass ends in a
  // collective step whose results the few lanes own and write (after a
  // block reduction), or where all the passes' elements fit one warp's
  // access (a block's two results written by a 2-pass loop).
  const bool NothingToSpread =
      W.Access.SameAddressEachPass || W.Access.PublishesPassResults ||
      (W.Access.ConstantPasses > 0 &&
       W.Access.ConstantPasses * V.ActiveLanes <= Populated);
  if (W.Access.GuardedByThreadIndex && V.ActiveLanes < Populated &&
      V.ActiveLanes <= W.Policy.PartialWarpMaxLanes && !ScalarPerIteration &&
      !NothingToSpread &&
      (W.Access.InLoop || W.Policy.ReportOneShotPartialWarp)) {
    // The fix spreads the work over the warp: every lane reads the next
    // element.
    V.Cause = GlobalCause::PartialWarp;
    V.Fix = fixAt(consecutive(W.Access.Width), lanes::AllLanes);
    V.FixedCost = gpumem::model::computeGlobalCost(
        footprintOf(W.Access, V.Fix->Offset, V.Fix->Active), W.Arch);
  }
  return Ruling::Final;
}

/// Uncoalesced, but above the efficiency the policy reports below.
Ruling judgeWithinThreshold(const WorstCase &W, GlobalVerdict &V) {
  return V.Cost.efficiency(W.Policy.Unit) >= W.Policy.EfficiencyThreshold
             ? Ruling::Final
             : Ruling::NotMine;
}

/// Array of structures: lanes step over whole records.
Ruling judgeArrayOfStructs(const WorstCase &W, GlobalVerdict &V) {
  const MemoryAccess &Access = W.Access;
  if (!Access.Struct || Access.Struct->FieldPath.empty() ||
      Access.Struct->RecordBytes <= static_cast<std::int64_t>(Access.Width) ||
      !V.StrideBytes || *V.StrideBytes == 0 ||
      *V.StrideBytes % Access.Struct->RecordBytes != 0)
    return Ruling::NotMine;
  lanes::LaneVector Planar{};
  for (unsigned L = 0; L < lanes::WarpLanes; ++L)
    Planar[L] = (W.Offset[L] - Access.Struct->FieldOffset) /
                Access.Struct->RecordBytes * Access.Width;
  GlobalCost C = gpumem::model::computeGlobalCost(
      footprintOf(Access, Planar, W.Active), W.Arch);
  // A structure of arrays that costs as much (the lanes stride over many
  // records: SoA strides over as many elements) is no advice: the stride
  // is the cause.
  if (C.units(W.Policy.Unit) >= V.Cost.units(W.Policy.Unit))
    return Ruling::NotMine;
  V.FixedCost = C;
  V.Fix = fixAt(Planar, W.Active);
  V.Cause = GlobalCause::ArrayOfStructs;
  return Ruling::Final;
}

/// Misaligned: the same footprint moved to the block boundary is cheaper.
Ruling judgeMisaligned(const WorstCase &W, GlobalVerdict &V) {
  std::int64_t Lowest = INT64_MAX;
  for (unsigned L = 0; L < lanes::WarpLanes; ++L)
    if ((W.Active >> L) & 1U)
      Lowest = std::min(Lowest, W.Offset[L]);
  std::int64_t Shift = floorMod(Lowest, W.Arch.TransactionBytes);
  if (Shift == 0)
    return Ruling::NotMine;
  lanes::LaneVector Aligned = W.Offset;
  for (std::int64_t &A : Aligned)
    A -= Shift;
  GlobalCost C = gpumem::model::computeGlobalCost(
      footprintOf(W.Access, Aligned, W.Active), W.Arch);
  if (C.units(W.Policy.Unit) >= V.Cost.units(W.Policy.Unit) ||
      C.isUncoalesced(W.Policy.Unit))
    return Ruling::NotMine;
  // The shift is provable only from a base aligned to a block: a
  // __device__ float[] is only known 4-byte aligned, so where its
  // footprint starts within a block is unknown, and nothing is said.
  if (W.Access.BaseAlignment <= 0 ||
      W.Access.BaseAlignment % W.Arch.TransactionBytes != 0)
    return Ruling::Final;
  // Where the warps start at different offsets (or loop passes do), the
  // worst warp speaks for the launch only when at least half of them pay
  // what it pays (a packed 3-byte record crosses a boundary in some warps
  // only).
  if (V.WorstShare < 0.5)
    return Ruling::Final;
  V.MisalignBytes = Shift;
  V.FixedCost = C;
  V.Fix = fixAt(Aligned, W.Active);
  V.Cause = GlobalCause::Misaligned;
  return Ruling::Final;
}

/// Any other stride: compared with the same lanes reading consecutive
/// elements.
Ruling judgeStride(const WorstCase &W, GlobalVerdict &V) {
  findRows(W.Offset, W.Active, W.Access.Width, V.RowsSpanned, V.LanesPerRow);
  // Lanes on consecutive elements; a warp that spans rows keeps its first
  // row's pattern over all 32 lanes instead (what a block a warp wide
  // reads).
  lanes::LaneVector Fixed = consecutive(W.Access.Width);
  if (V.RowsSpanned > 1 && (W.Active & 3U) == 3U)
    for (unsigned L = 0; L < lanes::WarpLanes; ++L)
      Fixed[L] = W.Offset[0] + L * (W.Offset[1] - W.Offset[0]);
  V.FixedCost = gpumem::model::computeGlobalCost(
      footprintOf(W.Access, Fixed, W.Active), W.Arch);
  V.Fix = fixAt(Fixed, W.Active);
  V.Cause = GlobalCause::Stride;
  return Ruling::Final;
}

/// The judges in the order they are asked: the first whose ruling is
/// final decides the access's one cause.
constexpr CauseJudge CauseJudges[] = {
    judgeCoalescedOrPartialWarp, judgeWithinThreshold, judgeArrayOfStructs,
    judgeMisaligned, judgeStride};

/// The value a symbolic stride factor is priced at: the policy's sample,
/// raised to where the lanes (or rows) it sets apart are whole
/// transactions apart.
std::int64_t symbolicSample(const MemoryAccess &Access,
                            const lanes::LaneValue &Relative,
                            std::int64_t BytesPerLane,
                            const gpumem::model::Architecture &Arch,
                            const GlobalPolicy &Policy, bool Shifting) {
  // "Up to": the least factor at which every lane has a transaction of
  // its own. 32 elements of 4 bytes are 128 apart; 2-byte elements need
  // 64 for the same worst case, 8-byte ones 16.
  // Where the factor scales a row index instead (rows of a block
  // narrower than a warp: lanes l / 16 * K), the smallest step between
  // two lanes' coefficients plays the lane stride's part: rows of 2-byte
  // elements are a transaction apart only from K = 64.
  // The step is between the lanes that run, nearest first (lanes every
  // 8th active, 'inc' bytes per lane number, are 8 x 'inc' apart).
  std::int64_t Sample = Policy.SymbolicStrideSample;
  std::int64_t PerLane = BytesPerLane < 0 ? -BytesPerLane : BytesPerLane;
  if (PerLane == 0)
    for (const lanes::LaneTerm &T : Relative.terms()) {
      llvm::SmallVector<std::int64_t, 32> Coeffs;
      for (unsigned L = 0; L < lanes::WarpLanes; ++L)
        if ((Access.Active >> L) & 1U)
          Coeffs.push_back(T.Coeff[L]);
      llvm::sort(Coeffs);
      for (std::size_t I = 1; I < Coeffs.size(); ++I)
        if (std::int64_t Step;
            !__builtin_sub_overflow(Coeffs[I], Coeffs[I - 1], &Step) &&
            Step != 0)
          PerLane = PerLane == 0 ? Step : std::min(PerLane, Step);
    }
  // The factor must also set the rows (or lanes) apart by more than the
  // bytes one of them spans (8 lanes of a row reading 16 bytes every 32
  // span 256), in whole transactions.
  std::int64_t Low = INT64_MAX, High = INT64_MIN;
  for (unsigned L = 0; L < lanes::WarpLanes; ++L)
    if ((Access.Active >> L) & 1U) {
      Low = std::min(Low, Relative.laneConstants()[L]);
      High = std::max(High, Relative.laneConstants()[L]);
    }
  const std::int64_t Block = Arch.TransactionBytes;
  std::int64_t Span = Low <= High ? High - Low + Access.Width : Block;
  // Where the warps' starts move (SymbolicShifts) and that changes the
  // cost, a row may start just before a transaction's end: apart by one
  // transaction more, no two rows share one at any start.
  if (Shifting)
    Span += Block - 1;
  std::int64_t Apart =
      std::max<std::int64_t>(Block, (Span + Block - 1) / Block * Block);
  // The least factor at which that holds is the one the message states
  // (issue 61: 16-byte elements are a transaction apart from 8, not 32);
  // the policy's sample only where no lane step tells it.
  if (PerLane > 0)
    Sample = PerLane >= Apart ? 1 : (Apart + PerLane - 1) / PerLane;
  // The kernel's own checks keep the factor below the sample: priced at
  // the most they allow.
  if (Access.FactorBound >= 1 && Access.FactorBound < Sample)
    Sample = Access.FactorBound;
  return Sample;
}

/// The least value of \p Access's one stride factor from which the warp
/// costs what it costs at \p Sample, transactions and sectors alike, at
/// every start of the warp within a transaction, among the values that
/// keep the lanes' addresses aligned: the value the message's condition
/// names. From \p Sample on, the rows (or lanes) are whole
/// transactions apart and nothing changes; below it they may still be at
/// every start, or share a transaction at some.
std::int64_t leastFactorAtCost(const MemoryAccess &Access,
                               const lanes::LaneValue &Relative,
                               std::int64_t Sample,
                               const gpumem::model::Architecture &Arch) {
  const std::int64_t Block = Arch.TransactionBytes;
  const std::int64_t Step =
      std::max<std::int64_t>(Access.Width, Block / lanes::WarpLanes);
  const std::int64_t Align = std::max(1u, Access.InstructionBytes);
  bool Misaligned = false;
  auto CostsAt = [&](std::int64_t F) {
    Misaligned = false;
    llvm::SmallVector<GlobalCost, 32> Costs;
    std::optional<lanes::LaneVector> Lanes =
        Relative.substitute({{Access.SymbolicStride[0], F}}).asPerLane();
    if (!Lanes || !shiftable(*Lanes))
      return Costs;
    // A value that leaves a lane's address off the instruction's
    // alignment is none a working kernel passes (a float4 row of 63
    // floats): it neither holds nor breaks the condition.
    for (unsigned L = 0; L < lanes::WarpLanes; ++L)
      if (((Access.Active >> L) & 1U) &&
          ((*Lanes)[L] - (*Lanes)[0]) % Align != 0) {
        Misaligned = true;
        return Costs;
      }
    for (std::int64_t Shift = 0; Shift < Block; Shift += Step)
      Costs.push_back(
          costShiftedBy(Access, *Lanes, Access.Active, Shift, Arch));
    return Costs;
  };
  const llvm::SmallVector<GlobalCost, 32> Stated = CostsAt(Sample);
  auto Same = [&](const llvm::SmallVector<GlobalCost, 32> &Costs) {
    if (Costs.size() != Stated.size())
      return false;
    for (std::size_t I = 0; I < Costs.size(); ++I)
      if (Costs[I].Transactions != Stated[I].Transactions ||
          Costs[I].Sectors != Stated[I].Sectors)
        return false;
    return true;
  };
  std::int64_t Least = Sample;
  if (Stated.empty())
    return Least;
  for (std::int64_t F = Sample - 1; F >= 1 && Sample - F <= 256; --F) {
    const llvm::SmallVector<GlobalCost, 32> Costs = CostsAt(F);
    if (Misaligned)
      continue;
    if (!Same(Costs))
      break;
    Least = F;
  }
  return Least;
}

/// The factor that makes the lanes consecutive: 1 for an element index,
/// the access's width for a byte stride ((char *)p + i * nb0 read as a
/// float: nb0 = 4).
std::int64_t coalescingFactor(std::int64_t BytesPerLane, unsigned Width) {
  const std::int64_t PerLane = BytesPerLane < 0 ? -BytesPerLane : BytesPerLane;
  return PerLane > 0 && PerLane < Width && Width % PerLane == 0
             ? Width / PerLane
             : 1;
}

/// What \p Lanes cost at each of \p Access's SymbolicShifts, in order.
llvm::SmallVector<GlobalCost, 16>
costsAtShifts(const MemoryAccess &Access, const lanes::LaneVector &Lanes,
              const gpumem::model::Architecture &Arch) {
  llvm::SmallVector<GlobalCost, 16> Costs;
  for (const auto &Shifted : Access.SymbolicShifts) {
    lanes::LaneVector At = Lanes;
    for (std::int64_t &O : At)
      O += Shifted.first;
    Costs.push_back(gpumem::model::computeGlobalCost(
        footprintOf(Access, At, Access.Active), Arch));
  }
  return Costs;
}

/// True when two of \p Costs differ in the policy's unit.
bool costsDiffer(llvm::ArrayRef<GlobalCost> Costs, const GlobalPolicy &Policy) {
  for (const GlobalCost &C : Costs)
    if (C.units(Policy.Unit) != Costs.front().units(Policy.Unit))
      return true;
  return false;
}

/// Where the warps' starts move (a block's start of 24 floats), \p V's
/// cost is the start that costs most ("up to"), with the share of warps
/// that pay it and the mean over the starts; \p Costs are those of
/// costsAtShifts.
void worstSymbolicShift(const MemoryAccess &Access,
                        llvm::ArrayRef<GlobalCost> Costs,
                        const GlobalPolicy &Policy, GlobalVerdict &V) {
  // The worst cost, the share of warps at each cost and the means.
  std::map<unsigned, double> ByUnits;
  double Transactions = 0, Sectors = 0, Shares = 0;
  for (std::size_t I = 0; I < Costs.size(); ++I) {
    const GlobalCost &C = Costs[I];
    const double Share = Access.SymbolicShifts[I].second;
    if (I == 0 || C.units(Policy.Unit) > V.Cost.units(Policy.Unit))
      V.Cost = C;
    ByUnits[C.units(Policy.Unit)] += Share;
    Transactions += Share * C.Transactions;
    Sectors += Share * C.Sectors;
    Shares += Share;
  }
  if (Shares <= 0)
    return;
  const double AtWorst = ByUnits[V.Cost.units(Policy.Unit)];
  V.WorstShare = AtWorst / Shares;
  V.Shifted = AtWorst < Shares;
  V.MeanTransactions = Transactions / Shares;
  V.MeanSectors = Sectors / Shares;
  // The worst speaks for the launch only where at least half the warps
  // pay it; else the cost most of them pay (the costlier of a tie).
  if (V.WorstShare >= 0.5)
    return;
  unsigned Common = 0;
  double CommonShare = -1;
  for (const auto &[Units, Share] : ByUnits)
    if (Share >= CommonShare) {
      Common = Units;
      CommonShare = Share;
    }
  for (const GlobalCost &C : Costs)
    if (C.units(Policy.Unit) == Common) {
      V.WorstStart = V.Cost;
      V.Cost = C;
      V.CommonShare = CommonShare / Shares;
      return;
    }
}

/// An offset whose lane stride is a symbol (in[threadIdx.x * width]):
/// priced with the factor at its sample value ("up to"), coalesced only
/// when the factor is 1.
GlobalVerdict judgeSymbolicStride(const MemoryAccess &Access,
                                  const gpumem::model::Architecture &Arch,
                                  const GlobalPolicy &Policy,
                                  GlobalVerdict V) {
  // in[threadIdx.x * width]: price it with the factor at its sample value
  // ("up to"); it is coalesced only when the factor is 1.
  lanes::LaneValue Relative = Access.Offset.withoutUniformTerms();
  // Bytes per unit of the factor come from the factor's own per-lane
  // coefficient: the offsets at factor 1 also hold the constant part
  // (a row index of a 2-D block) and would blur it.
  // One lane-varying term over exactly the open symbols (width, or
  // w * h) is a stride when its coefficient steps evenly by lane.
  if (Relative.terms().size() == 1 &&
      Relative.terms().front().Symbols.size() ==
          Access.SymbolicStride.size())
    if (auto S = strideOf(Relative.terms().front().Coeff, Access.Active);
        S && __builtin_mul_overflow(*S, activeLaneGap(Access.Active),
                                    &V.SymbolicBytesPerLane))
      V.SymbolicBytesPerLane = *S;
  V.SymbolicSample = symbolicSample(Access, Relative, V.SymbolicBytesPerLane,
                                    Arch, Policy, /*Shifting=*/false);
  V.SampleIsBound = V.SymbolicSample == Access.FactorBound;
  V.CoalescingFactor = coalescingFactor(V.SymbolicBytesPerLane, Access.Width);
  std::map<lanes::SymbolId, std::int64_t> Sample, One;
  for (lanes::SymbolId Id : Access.SymbolicStride) {
    Sample[Id] = V.SymbolicSample;
    One[Id] = V.CoalescingFactor;
  }
  auto Lanes = Relative.substitute(Sample).asPerLane();
  auto Base = Relative.substitute(One).asPerLane();
  if (!Lanes || !Base || Relative.symbols().size() != Access.SymbolicStride.size())
    return V;
  // Starts that change the cost (rows of 16 floats a block's start of 14
  // floats moves across a boundary) are priced with the rows apart enough
  // that none shares a transaction at any start.
  const std::int64_t NearSample = V.SymbolicSample;
  llvm::SmallVector<GlobalCost, 16> ShiftedCosts;
  if (!Access.SymbolicShifts.empty()) {
    const std::int64_t Apart =
        symbolicSample(Access, Relative, V.SymbolicBytesPerLane, Arch, Policy,
                       /*Shifting=*/true);
    std::map<lanes::SymbolId, std::int64_t> Far = Sample;
    for (auto &[Id, Value] : Far)
      Value = Apart;
    auto FarLanes = Relative.substitute(Far).asPerLane();
    if (FarLanes) {
      ShiftedCosts = costsAtShifts(Access, *FarLanes, Arch);
      if (costsDiffer(ShiftedCosts, Policy)) {
        V.SymbolicSample = Apart;
        Lanes = FarLanes;
      } else {
        ShiftedCosts.clear();
      }
    }
  }
  V.Cost = gpumem::model::computeGlobalCost(
      footprintOf(Access, *Lanes, Access.Active), Arch);
  if (!ShiftedCosts.empty()) {
    worstSymbolicShift(Access, ShiftedCosts, Policy, V);
    // The cost most warps pay crosses no boundary: rows a transaction
    // apart already show it.
    if (V.WorstStart)
      V.SymbolicSample = NearSample;
  }
  V.SampleIsBound = V.SymbolicSample == Access.FactorBound;
  if (ShiftedCosts.empty() && !V.SampleIsBound &&
      Access.SymbolicStride.size() == 1)
    V.SymbolicSample =
        leastFactorAtCost(Access, Relative, V.SymbolicSample, Arch);
  V.FixedCost =
      gpumem::model::computeGlobalCost(footprintOf(Access, *Base, Access.Active), Arch);
  V.Fix = fixAt(*Base, Access.Active);
  // "Coalesced only when 1" is a claim about a stride; rows of a 2-D
  // block scaled by the factor may coalesce at other values too.
  V.CoalescedWhenFactorIsOne =
      V.SymbolicBytesPerLane != 0 && !V.FixedCost.isUncoalesced(Policy.Unit);
  findRows(*Lanes, Access.Active, Access.Width, V.RowsSpanned,
           V.LanesPerRow);
  // A warp over several rows is told to stay in one (a block a warp wide):
  // the fix is its first row's pattern over all 32 lanes, as for a
  // constant stride, not the factor at 1 (whose rows may still overlap).
  if (V.RowsSpanned > 1 && (Access.Active & 3U) == 3U) {
    lanes::LaneVector Row = *Lanes;
    for (unsigned L = 0; L < lanes::WarpLanes; ++L)
      Row[L] = (*Lanes)[0] + L * ((*Lanes)[1] - (*Lanes)[0]);
    V.FixedCost = gpumem::model::computeGlobalCost(
        footprintOf(Access, Row, Access.Active), Arch);
    V.Fix = fixAt(Row, Access.Active);
  }
  V.Cause = V.Cost.isUncoalesced(Policy.Unit) &&
                    V.Cost.efficiency(Policy.Unit) < Policy.EfficiencyThreshold
                ? GlobalCause::SymbolicStride
                : GlobalCause::Coalesced;
  return V;
}

} // namespace

GlobalVerdict judgeGlobalAccess(const MemoryAccess &Access,
                                const gpumem::model::Architecture &Arch,
                                const GlobalPolicy &Policy) {
  GlobalVerdict V;
  V.ActiveLanes =
      static_cast<unsigned>(std::bitset<64>(Access.Active).count());
  if (Access.Space != lanes::MemorySpace::Global || V.ActiveLanes == 0 ||
      Access.Width == 0)
    return V;
  if (!Access.SymbolicStride.empty())
    return judgeSymbolicStride(Access, Arch, Policy, V);
  if (Access.Scenarios.empty())
    return V;

  // The scenario that costs the most is judged.
  llvm::SmallVector<GlobalCost, 8> Costs;
  Costs.reserve(Access.Scenarios.size());
  for (const LaneScenario &S : Access.Scenarios) {
    Costs.push_back(gpumem::model::computeGlobalCost(
        footprintOf(Access, S.Offset, S.Active), Arch));
    const GlobalCost &C = Costs.back();
    if (!V.Worst || C.units(Policy.Unit) > V.Cost.units(Policy.Unit)) {
      V.Cost = C;
      V.Worst = &S;
    }
  }
  // The warps' starts (UniformShift.h): the mean over the worst
  // scenario's shifts, by their shares.
  double Shares = 0, Transactions = 0, Sectors = 0;
  unsigned Shifts = 0;
  // And the share of every scenario with lanes (each warp start, loop
  // pass, value of a guard's symbol, by its weight) that pays the worst.
  double Weight = 0, AtWorst = 0;
  for (std::size_t I = 0; I < Access.Scenarios.size(); ++I) {
    const LaneScenario &S = Access.Scenarios[I];
    const GlobalCost &C = Costs[I];
    if (S.Active == 0)
      continue;
    Weight += S.Share;
    if (C.units(Policy.Unit) == V.Cost.units(Policy.Unit))
      AtWorst += S.Share;
    if (S.Pins == V.Worst->Pins && (S.Shift != 0 || S.Share != 1.0)) {
      Shares += S.Share;
      Transactions += S.Share * C.Transactions;
      Sectors += S.Share * C.Sectors;
      ++Shifts;
    }
  }
  if (Weight > 0)
    V.WorstShare = AtWorst / Weight;
  if (Shifts > 1 && Shares > 0) {
    V.Shifted = true;
    V.MeanTransactions = Transactions / Shares;
    V.MeanSectors = Sectors / Shares;
  }
  const WorstCase W{Access, Arch, Policy, V.Worst->Offset, V.Worst->Active};
  V.ActiveLanes = static_cast<unsigned>(std::bitset<64>(W.Active).count());
  V.StrideBytes = strideOf(W.Offset, W.Active);
  V.Cause = GlobalCause::Coalesced;
  for (CauseJudge Judge : CauseJudges)
    if (Judge(W, V) == Ruling::Final)
      break;
  return V;
}

bool shiftable(const lanes::LaneVector &Offset) {
  constexpr std::int64_t Limit = std::int64_t(1) << 60;
  return std::all_of(Offset.begin(), Offset.end(), [](std::int64_t O) {
    return O > -Limit && O < Limit;
  });
}

GlobalCost costShiftedBy(const MemoryAccess &Access,
                         const lanes::LaneVector &Offset,
                         lanes::LaneMask Active, std::int64_t Shift,
                         const gpumem::model::Architecture &Arch) {
  lanes::LaneVector Moved = Offset;
  for (std::int64_t &O : Moved)
    O += Shift;
  return gpumem::model::computeGlobalCost(Moved.data(), Moved.size(),
                                          Access.Width, Active, Arch);
}

} // namespace gpumem::access
