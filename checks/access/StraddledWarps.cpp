//===- StraddledWarps.cpp - every warp of a block that straddles rows -----===//
#include "checks/access/StraddledWarps.h"

#include <algorithm>

namespace gpumem::access {

namespace {

std::optional<std::int64_t> warpOf(const lanes::SymbolTable &Symbols,
                                   const LaneScenario &S) {
  for (const auto &[Id, Value] : S.Pins)
    if (Symbols[Id].Key.Kind == lanes::SymbolKind::BlockWarp)
      return Value;
  return std::nullopt;
}

} // namespace

bool sameAccesses(const std::vector<MemoryAccess> &A,
                  const std::vector<MemoryAccess> &B) {
  if (A.size() != B.size())
    return false;
  for (std::size_t I = 0; I < A.size(); ++I)
    if (A[I].Expression != B[I].Expression ||
        A[I].Instruction != B[I].Instruction ||
        A[I].Scenarios.empty() != B[I].Scenarios.empty() ||
        A[I].SymbolicStride.empty() != B[I].SymbolicStride.empty())
      return false;
  return true;
}

bool mergeWarpWalks(KernelAccesses &Out,
                    std::vector<std::vector<MemoryAccess>> Others) {
  for (const std::vector<MemoryAccess> &Walk : Others)
    if (!sameAccesses(Out.Accesses, Walk))
      return false;
  lanes::SymbolTable &Symbols = *Out.Symbols;
  lanes::SymbolId Warp = Symbols.intern(
      lanes::SymbolKey{lanes::SymbolKind::BlockWarp, nullptr, nullptr, 0, {}},
      "warp");
  Symbols[Warp].ThreadDerived = true;
  const unsigned Warps = static_cast<unsigned>(Others.size()) + 1;
  Symbols[Warp].Values.clear();
  for (unsigned W = 0; W < Warps; ++W)
    Symbols[Warp].Values.push_back(W);
  for (std::size_t I = 0; I < Out.Accesses.size(); ++I) {
    MemoryAccess &A = Out.Accesses[I];
    for (LaneScenario &S : A.Scenarios)
      S.Pins[Warp] = 0;
    for (unsigned W = 1; W < Warps; ++W) {
      MemoryAccess &Other = Others[W - 1][I];
      // The first warp may not run it (a guard on the row): the access's
      // lanes are then those of the first warp that does.
      if (A.Active == 0)
        A.Active = Other.Active;
      for (LaneScenario &S : Other.Scenarios) {
        S.Pins[Warp] = W;
        A.Scenarios.push_back(std::move(S));
      }
    }
  }
  Out.FirstWarpOnly = false;
  Out.WarpsWalked = Warps;
  return true;
}

std::optional<WorstWarp>
worstWarp(const KernelAccesses &Kernel, const MemoryAccess &A,
          const LaneScenario &Worst,
          llvm::function_ref<unsigned(const LaneScenario &)> Cost) {
  if (!Kernel.WarpsWalked || !Kernel.Symbols || !Kernel.Block.Shape)
    return std::nullopt;
  std::optional<std::int64_t> Warp = warpOf(*Kernel.Symbols, Worst);
  if (!Warp)
    return std::nullopt;
  // Each warp's worst scenario; the warps whose worst is the finding's.
  std::vector<unsigned> WarpWorst(Kernel.WarpsWalked, 0);
  std::vector<bool> Runs(Kernel.WarpsWalked, false);
  for (const LaneScenario &S : A.Scenarios) {
    std::optional<std::int64_t> W = warpOf(*Kernel.Symbols, S);
    if (!W || *W < 0 || *W >= static_cast<std::int64_t>(WarpWorst.size()) ||
        S.Active == 0)
      continue;
    WarpWorst[*W] = std::max(WarpWorst[*W], Cost(S));
    Runs[*W] = true;
  }
  WorstWarp Out;
  Out.Warp = *Warp;
  const unsigned Top = Cost(Worst);
  double Sum = 0;
  for (std::size_t W = 0; W < WarpWorst.size(); ++W) {
    Out.Running += Runs[W];
    Out.Paying += Runs[W] && WarpWorst[W] >= Top;
    Sum += Runs[W] ? WarpWorst[W] : 0;
  }
  if (Out.Running)
    Out.Mean = Sum / Out.Running;
  Out.FirstThread = *Warp * lanes::WarpLanes;
  Out.LastThread = std::min<std::int64_t>(Out.FirstThread + lanes::WarpLanes,
                                          Kernel.Block.Shape->threads()) -
                   1;
  return Out;
}

} // namespace gpumem::access
