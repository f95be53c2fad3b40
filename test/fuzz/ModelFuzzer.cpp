//===- ModelFuzzer.cpp - libFuzzer target for the cost model --------------===//
//
// Feeds the cost model (model/) warp footprints with any addresses, widths
// and active masks, against any hardware description the check options can
// produce (a preset, then each size a positive unsigned), and checks the
// global-memory and bank-conflict figures against a brute-force count of
// SPEC section 1: distinct aligned blocks the touched bytes fall in,
// distinct bytes, distinct words per bank per phase. The roofline helpers
// get any doubles. A wrong figure aborts (a finding), as does undefined
// behaviour under UBSan.
//
//===----------------------------------------------------------------------===//
#include "model/Architecture.h"
#include "model/BankConflict.h"
#include "model/GlobalCost.h"
#include "model/Roofline.h"
#include "model/WarpFootprint.h"
#include "model/IntegerMath.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <string>

using namespace gpumem::model;

namespace {

[[noreturn]] void fail(const char *What) {
  std::fprintf(stderr, "model fuzzer: %s\n", What);
  std::abort();
}

/// Prints the footprint and the hardware, then fails.
[[noreturn]] void failOn(const char *What, const WarpFootprint &F,
                         const Architecture &Arch) {
  std::fprintf(stderr,
               "model fuzzer: width %u, mask 0x%llx, transaction %u, sector "
               "%u, banks %u x %u bytes; addresses:",
               F.Width, static_cast<unsigned long long>(F.ActiveMask),
               Arch.TransactionBytes, Arch.SectorBytes, Arch.BankCount,
               Arch.BankWidthBytes);
  for (std::int64_t A : F.Address)
    std::fprintf(stderr, " %lld", static_cast<long long>(A));
  std::fprintf(stderr, "\n");
  fail(What);
}

/// Any size a check option can hold: a positive unsigned, mostly small.
unsigned consumeSize(FuzzedDataProvider &Data, unsigned Typical) {
  switch (Data.ConsumeIntegralInRange<int>(0, 3)) {
  case 0:
    return Typical;
  case 1:
    return 1u << Data.ConsumeIntegralInRange<unsigned>(0, 10);
  case 2:
    return Data.ConsumeIntegralInRange<unsigned>(1, 4096);
  default:
    return Data.ConsumeIntegralInRange<unsigned>(1, UINT32_MAX);
  }
}

/// Base + Offset, wrapping around (the fuzzer's arithmetic, not the model's).
std::int64_t wrapAdd(std::int64_t Base, std::int64_t Offset) {
  return static_cast<std::int64_t>(static_cast<std::uint64_t>(Base) +
                                   static_cast<std::uint64_t>(Offset));
}

/// A lane address: near zero, near a chosen base, or anywhere at all.
std::int64_t consumeAddress(FuzzedDataProvider &Data, std::int64_t Base,
                            unsigned Lane) {
  switch (Data.ConsumeIntegralInRange<int>(0, 3)) {
  case 0:
    return wrapAdd(Base, static_cast<std::int64_t>(Lane) *
                             Data.ConsumeIntegralInRange<std::int64_t>(-64, 64));
  case 1:
    return Data.ConsumeIntegralInRange<std::int64_t>(-4096, 4096);
  case 2:
    return wrapAdd(Base, Data.ConsumeIntegralInRange<std::int64_t>(-256, 256));
  default:
    return Data.ConsumeIntegral<std::int64_t>();
  }
}

/// Transactions and sectors by brute force, when the bytes stay in range.
void checkGlobal(const WarpFootprint &F, const Architecture &Arch) {
  GlobalCost Cost = computeGlobalCost(F, Arch);
  std::set<std::int64_t> Blocks, Sectors, Bytes;
  std::int64_t Low = INT64_MAX, High = INT64_MIN;
  for (unsigned L = 0; L < F.Address.size(); ++L) {
    if (!F.isActive(L) || F.Width == 0)
      continue;
    std::int64_t Begin = F.Address[L], End;
    // The model counts bytes as [address, address + width); a lane whose end
    // is past the address space has no reference here.
    if (__builtin_add_overflow(Begin, static_cast<std::int64_t>(F.Width),
                               &End))
      return;
    std::int64_t Last = End - 1;
    for (std::int64_t B = Begin;; ++B) {
      Bytes.insert(B);
      Blocks.insert(floorDiv(B, Arch.TransactionBytes));
      Sectors.insert(floorDiv(B, Arch.SectorBytes));
      if (B == Last)
        break;
    }
    Low = std::min(Low, Begin);
    High = std::max(High, Last);
  }
  if (Bytes.empty()) {
    if (Cost.Transactions != 0 || Cost.Sectors != 0 || Cost.UsefulBytes != 0)
      failOn("cost of a warp with no active lane", F, Arch);
    return;
  }
  if (Cost.Transactions != Blocks.size())
    failOn("transactions differ from the distinct blocks", F, Arch);
  if (Cost.Sectors != Sectors.size())
    failOn("sectors differ from the distinct sectors", F, Arch);
  if (Cost.UsefulBytes != Bytes.size())
    failOn("useful bytes differ from the distinct bytes", F, Arch);
  if (!(Cost.Efficiency > 0) || Cost.Efficiency > 1.0 + 1e-12)
    failOn("efficiency outside (0, 1]", F, Arch);
  if (Cost.IdealTransactions > Cost.Transactions ||
      Cost.IdealSectors > Cost.Sectors)
    failOn("fewer transactions than the useful bytes need", F, Arch);
  if (Cost.ExcessSectors != Cost.Sectors - Cost.IdealSectors)
    failOn("excess sectors", F, Arch);
  __int128 Span = static_cast<__int128>(High) - Low + 1;
  if (Span <= INT64_MAX && Span != Cost.SpanBytes)
    failOn("span", F, Arch);
}

/// The conflict degree by brute force: distinct words per bank per phase.
void checkBanks(const WarpFootprint &F, const Architecture &Arch,
                PhaseRule Rule) {
  BankConflictDegree D = computeBankConflict(F, Arch, Rule);
  unsigned Phases = 1;
  if (Rule == PhaseRule::ByAccessWidth)
    Phases = F.Width >= 16 ? 4 : F.Width >= 8 ? 2 : 1;
  if (D.PhaseCount != Phases)
    failOn("phase count", F, Arch);
  unsigned Lanes = static_cast<unsigned>(F.Address.size());
  unsigned PerPhase = (Lanes + Phases - 1) / Phases;
  unsigned Worst = 0;
  for (unsigned P = 0; P < Phases; ++P) {
    std::map<std::int64_t, std::set<std::int64_t>> Words;
    for (unsigned L = P * PerPhase; L < Lanes && L < (P + 1) * PerPhase; ++L) {
      if (!F.isActive(L) || F.Width == 0)
        continue;
      std::int64_t Last;
      if (__builtin_add_overflow(F.Address[L],
                                 static_cast<std::int64_t>(F.Width) - 1, &Last))
        return;
      std::int64_t W0 = floorDiv(F.Address[L], Arch.BankWidthBytes);
      std::int64_t W1 = floorDiv(Last, Arch.BankWidthBytes);
      for (std::int64_t W = W0;; ++W) {
        std::int64_t Bank = W % Arch.BankCount;
        if (Bank < 0)
          Bank += Arch.BankCount;
        Words[Bank].insert(W);
        if (W == W1)
          break;
      }
    }
    for (const auto &[Bank, Set] : Words)
      Worst = std::max<unsigned>(Worst, static_cast<unsigned>(Set.size()));
  }
  if (D.Degree != Worst)
    failOn("bank conflict degree differs from the distinct words per bank", F, Arch);
  if (D.Degree > 0 && (D.WorstBank >= Arch.BankCount ||
                       D.WorstPhase >= Phases || D.LanesOnWorstBank == 0))
    failOn("worst bank, phase or lanes out of range", F, Arch);
}

void fuzzRoofline(FuzzedDataProvider &Data) {
  double Flops = Data.ConsumeFloatingPoint<double>();
  double Bytes = Data.ConsumeFloatingPoint<double>();
  double Balance = Data.ConsumeFloatingPoint<double>();
  RooflinePoint P = evaluateRoofline(Flops, Bytes, Balance);
  double Fraction = P.attainableFraction();
  if (std::isfinite(Fraction) && Flops >= 0 && Bytes > 0 && Balance > 0 &&
      (Fraction < 0 || Fraction > 1))
    fail("attainable fraction outside [0, 1]");
  unsigned Tile = Data.ConsumeIntegral<unsigned>();
  unsigned Element = Data.ConsumeIntegral<unsigned>();
  (void)tiledMatmulIntensity(Tile, Element);
  double Want = Data.ConsumeFloatingPoint<double>();
  unsigned Needed = tileToReachBalance(Want, Element);
  if (Want > 0 && Element > 0 && Want * Element < 1e9 &&
      tiledMatmulIntensity(Needed, Element) + 1e-9 < Want)
    fail("the tile that reaches the balance does not reach it");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *Bytes,
                                      std::size_t Size) {
  FuzzedDataProvider Data(Bytes, Size);

  // The hardware: a preset by name (any text), then each size as the
  // options would set it.
  std::string Name = Data.ConsumeRandomLengthString(8);
  const Architecture *Preset = findPreset(Name);
  Architecture Arch = Preset ? *Preset : defaultPreset();
  if (Data.ConsumeBool()) {
    Arch.TransactionBytes = consumeSize(Data, 128);
    Arch.SectorBytes = consumeSize(Data, 32);
    Arch.BankCount = consumeSize(Data, 32);
    Arch.BankWidthBytes = consumeSize(Data, 4);
  }
  (void)Arch.machineBalance(Precision::FP32);
  (void)parsePhaseRule(Data.ConsumeRandomLengthString(16));

  // One warp's footprint.
  WarpFootprint F;
  static const unsigned Widths[] = {1, 2, 4, 8, 16};
  F.Width = Widths[Data.ConsumeIntegralInRange<unsigned>(0, 4)];
  F.ActiveMask = Data.ConsumeBool() ? 0xffffffffULL
                                    : Data.ConsumeIntegral<std::uint32_t>();
  std::int64_t Base = Data.ConsumeIntegral<std::int64_t>();
  for (unsigned L = 0; L < 32; ++L)
    F.Address.push_back(consumeAddress(Data, Base, L));

  checkGlobal(F, Arch);
  checkBanks(F, Arch, PhaseRule::ByAccessWidth);
  checkBanks(F, Arch, PhaseRule::WholeWarp);
  fuzzRoofline(Data);
  return 0;
}
