//===- GlobalVerdict.cpp --------------------------------------------------===//
#include "checks/access/GlobalVerdict.h"
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

GlobalVerdict judgeGlobalAccess(const MemoryAccess &Access,
                                const gpumem::model::Architecture &Arch,
                                const GlobalPolicy &Policy) {
  GlobalVerdict V;
  V.ActiveLanes =
      static_cast<unsigned>(std::bitset<64>(Access.Active).count());
  if (Access.Space != lanes::MemorySpace::Global || V.ActiveLanes == 0 ||
      Access.Width == 0)
    return V;

  if (!Access.SymbolicStride.empty()) {
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
      if (auto S = strideOf(Relative.terms().front().Coeff, Access.Active))
        V.SymbolicBytesPerLane = *S;
    // "Up to": the factor at which every lane has a transaction of its own,
    // and no smaller than the policy's sample. 32 elements of 4 bytes are
    // 128 apart; 2-byte elements need 64 for the same worst case.
    // Where the factor scales a row index instead (rows of a block
    // narrower than a warp: lanes l / 16 * K), the smallest step between
    // two lanes' coefficients plays the lane stride's part: rows of 2-byte
    // elements are a transaction apart only from K = 64.
    V.SymbolicSample = Policy.SymbolicStrideSample;
    std::int64_t PerLane = V.SymbolicBytesPerLane < 0 ? -V.SymbolicBytesPerLane
                                                      : V.SymbolicBytesPerLane;
    if (PerLane == 0)
      for (const lanes::LaneTerm &T : Relative.terms())
        for (unsigned L = 1; L < lanes::WarpLanes; ++L)
          if (std::int64_t Step = T.Coeff[L] - T.Coeff[0]; Step != 0) {
            Step = Step < 0 ? -Step : Step;
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
    std::int64_t Apart =
        std::max<std::int64_t>(Block, (Span + Block - 1) / Block * Block);
    if (PerLane > 0)
      V.SymbolicSample = std::max<std::int64_t>(
          V.SymbolicSample, (Apart + PerLane - 1) / PerLane);
    std::map<lanes::SymbolId, std::int64_t> Sample, One;
    for (lanes::SymbolId Id : Access.SymbolicStride) {
      Sample[Id] = V.SymbolicSample;
      One[Id] = 1;
    }
    auto Lanes = Relative.substitute(Sample).asPerLane();
    auto Base = Relative.substitute(One).asPerLane();
    if (!Lanes || !Base || Relative.symbols().size() != Access.SymbolicStride.size())
      return V;
    V.Cost = gpumem::model::computeGlobalCost(footprintOf(Access, *Lanes, Access.Active), Arch);
    V.FixedCost =
        gpumem::model::computeGlobalCost(footprintOf(Access, *Base, Access.Active), Arch);
    // "Coalesced only when 1" is a claim about a stride; rows of a 2-D
    // block scaled by the factor may coalesce at other values too.
    V.CoalescedWhenFactorIsOne =
        V.SymbolicBytesPerLane != 0 && !V.FixedCost.isUncoalesced(Policy.Unit);
    findRows(*Lanes, Access.Active, Access.Width, V.RowsSpanned,
             V.LanesPerRow);
    V.Cause = V.Cost.isUncoalesced(Policy.Unit) &&
                      V.Cost.efficiency(Policy.Unit) < Policy.EfficiencyThreshold
                  ? GlobalCause::SymbolicStride
                  : GlobalCause::Coalesced;
    return V;
  }
  if (Access.Scenarios.empty())
    return V;

  for (const LaneScenario &S : Access.Scenarios) {
    GlobalCost C = gpumem::model::computeGlobalCost(
        footprintOf(Access, S.Offset, S.Active), Arch);
    if (!V.Worst || C.units(Policy.Unit) > V.Cost.units(Policy.Unit)) {
      V.Cost = C;
      V.Worst = &S;
    }
  }
  const lanes::LaneVector &Offset = V.Worst->Offset;
  const lanes::LaneMask Active = V.Worst->Active;
  V.ActiveLanes = static_cast<unsigned>(std::bitset<64>(Active).count());
  V.StrideBytes = strideOf(Offset, Active);
  V.Cause = GlobalCause::Coalesced;

  if (!V.Cost.isUncoalesced(Policy.Unit) || isBroadcast(Offset, Active)) {
    unsigned Populated = lanes::WarpLanes;
    // One lane chosen inside the loop each iteration handles one scalar
    // of that iteration (a row's result after a reduction, a solver's
    // per-step value): nothing the other lanes could share.
    const bool ScalarPerIteration =
        Access.GuardInsideLoop && V.ActiveLanes == 1;
    if (Access.GuardedByThreadIndex && V.ActiveLanes < Populated &&
        V.ActiveLanes <= Policy.PartialWarpMaxLanes && !ScalarPerIteration &&
        (Access.InLoop || Policy.ReportOneShotPartialWarp)) {
      V.Cause = GlobalCause::PartialWarp;
      V.FixedCost = V.Cost;
    }
    return V;
  }
  if (V.Cost.efficiency(Policy.Unit) >= Policy.EfficiencyThreshold)
    return V;

  // Array of structures: lanes step over whole records.
  if (Access.Struct && !Access.Struct->FieldPath.empty() &&
      Access.Struct->RecordBytes > static_cast<std::int64_t>(Access.Width) &&
      V.StrideBytes && *V.StrideBytes != 0 &&
      *V.StrideBytes % Access.Struct->RecordBytes == 0) {
    lanes::LaneVector Planar{};
    for (unsigned L = 0; L < lanes::WarpLanes; ++L)
      Planar[L] = (Offset[L] - Access.Struct->FieldOffset) /
                  Access.Struct->RecordBytes * Access.Width;
    V.FixedCost =
        gpumem::model::computeGlobalCost(footprintOf(Access, Planar, Active), Arch);
    V.Cause = GlobalCause::ArrayOfStructs;
    return V;
  }

  // Misaligned: the same footprint moved to the block boundary is cheaper.
  std::int64_t Lowest = INT64_MAX;
  for (unsigned L = 0; L < lanes::WarpLanes; ++L)
    if ((Active >> L) & 1U)
      Lowest = std::min(Lowest, Offset[L]);
  std::int64_t Shift = floorMod(Lowest, Arch.TransactionBytes);
  if (Shift != 0) {
    lanes::LaneVector Aligned = Offset;
    for (std::int64_t &A : Aligned)
      A -= Shift;
    GlobalCost C =
        gpumem::model::computeGlobalCost(footprintOf(Access, Aligned, Active), Arch);
    if (C.units(Policy.Unit) < V.Cost.units(Policy.Unit) &&
        !C.isUncoalesced(Policy.Unit)) {
      // The shift is provable only from a base aligned to a block: a
      // __device__ float[] is only known 4-byte aligned, so where its
      // footprint starts within a block is unknown, and nothing is said.
      if (Access.BaseAlignment <= 0 ||
          Access.BaseAlignment % Arch.TransactionBytes != 0)
        return V;
      V.MisalignBytes = Shift;
      V.FixedCost = C;
      V.Cause = GlobalCause::Misaligned;
      return V;
    }
  }

  // Any other stride: compare with the same lanes reading consecutive
  // elements.
  findRows(Offset, Active, Access.Width, V.RowsSpanned, V.LanesPerRow);
  V.FixedCost = gpumem::model::computeGlobalCost(
      [&] {
        WarpFootprint F = WarpFootprint::strided(0, Access.Width, Access.Width);
        F.ActiveMask = Active;
        return F;
      }(),
      Arch);
  V.Cause = GlobalCause::Stride;
  return V;
}

bool operator==(const GlobalPolicy &A, const GlobalPolicy &B) {
  return A.ReportOneShotPartialWarp == B.ReportOneShotPartialWarp &&
         A.PartialWarpMaxLanes == B.PartialWarpMaxLanes &&
         A.EfficiencyThreshold == B.EfficiencyThreshold &&
         A.SymbolicStrideSample == B.SymbolicStrideSample && A.Unit == B.Unit;
}

bool sameGlobalModel(const gpumem::model::Architecture &A,
                     const gpumem::model::Architecture &B) {
  return A.Name == B.Name && A.WarpSize == B.WarpSize &&
         A.TransactionBytes == B.TransactionBytes &&
         A.SectorBytes == B.SectorBytes && A.BankCount == B.BankCount &&
         A.BankWidthBytes == B.BankWidthBytes &&
         A.PeakGflopsFP16 == B.PeakGflopsFP16 &&
         A.PeakGflopsFP32 == B.PeakGflopsFP32 &&
         A.PeakGflopsFP64 == B.PeakGflopsFP64 && A.PeakGBps == B.PeakGBps;
}

} // namespace gpumem::access
