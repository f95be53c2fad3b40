//===- ModelBruteForceTest.cpp - the model against byte enumeration -------===//
//
// Thousands of random warp footprints (fixed seed) priced twice: by the
// model, and by a brute force written to be obviously right rather than
// fast. The brute force lists every byte an active lane touches, one by
// one, and derives everything from that list: blocks and sectors are the
// distinct byte / size values, banks the distinct words per bank per phase.
// It never reasons about ranges or strides, so it shares no shortcut with
// the model.
//
// Addresses may be negative (below the aligned base); the brute force
// shifts every byte by a large multiple of every size involved before
// dividing, so plain unsigned-style division is exact and the counts do not
// change.
//
//===----------------------------------------------------------------------===//
#include "model/Architecture.h"
#include "model/BankConflict.h"
#include "model/GlobalCost.h"
#include "model/WarpFootprint.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <numeric>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace gpumem::model;

namespace {

constexpr unsigned Lanes = 32;
constexpr unsigned Iterations = 5000;

/// A multiple of 128 (block), 32 (sector) and 32 banks x 4 bytes, far above
/// any address the generator makes negative.
constexpr std::int64_t Shift = std::int64_t(1) << 30;

/// Every byte touched by an active lane, each once.
std::set<std::int64_t> touchedBytes(const WarpFootprint &F, unsigned FirstLane,
                                    unsigned EndLane) {
  std::set<std::int64_t> Bytes;
  for (unsigned L = FirstLane; L < EndLane; ++L) {
    if (!((F.ActiveMask >> L) & 1))
      continue;
    for (unsigned B = 0; B < F.Width; ++B)
      Bytes.insert(F.Address[L] + B);
  }
  return Bytes;
}

std::size_t distinctChunks(const std::set<std::int64_t> &Bytes,
                           std::int64_t ChunkBytes) {
  std::set<std::int64_t> Chunks;
  for (std::int64_t Byte : Bytes)
    Chunks.insert((Byte + Shift) / ChunkBytes);
  return Chunks.size();
}

struct BruteGlobal {
  std::size_t Blocks = 0;
  std::size_t Sectors = 0;
  std::size_t Useful = 0;
  std::int64_t Span = 0;
  std::size_t IdealBlocks = 0;
};

BruteGlobal bruteGlobal(const WarpFootprint &F) {
  BruteGlobal R;
  std::set<std::int64_t> Bytes = touchedBytes(F, 0, Lanes);
  if (Bytes.empty())
    return R;
  R.Blocks = distinctChunks(Bytes, 128);
  R.Sectors = distinctChunks(Bytes, 32);
  R.Useful = Bytes.size();
  R.Span = *Bytes.rbegin() - *Bytes.begin() + 1;
  // The fewest blocks that could hold this many bytes.
  while (R.IdealBlocks * 128 < R.Useful)
    ++R.IdealBlocks;
  return R;
}

/// Lanes per phase as the hardware groups them: 16-byte accesses in
/// quarter-warps, 8-byte in half-warps, the rest as one warp.
unsigned lanesPerPhase(unsigned Width, PhaseRule Rule) {
  if (Rule == PhaseRule::WholeWarp)
    return 32;
  if (Width == 16)
    return 8;
  if (Width == 8)
    return 16;
  return 32;
}

/// Distinct words asked of each bank by the active lanes of one phase.
std::map<std::int64_t, std::set<std::int64_t>>
wordsPerBank(const WarpFootprint &F, unsigned FirstLane, unsigned EndLane) {
  std::map<std::int64_t, std::set<std::int64_t>> Words;
  for (std::int64_t Byte : touchedBytes(F, FirstLane, EndLane)) {
    std::int64_t Word = (Byte + Shift) / 4;
    Words[Word % 32].insert(Word);
  }
  return Words;
}

unsigned bruteDegree(const WarpFootprint &F, PhaseRule Rule) {
  unsigned Per = lanesPerPhase(F.Width, Rule);
  std::size_t Worst = 0;
  for (unsigned First = 0; First < Lanes; First += Per)
    for (const auto &[Bank, Words] : wordsPerBank(F, First, First + Per))
      Worst = std::max(Worst, Words.size());
  return static_cast<unsigned>(Worst);
}

/// Wavefronts of the whole access: each phase costs its own worst bank's
/// number of distinct words (none when no lane of it is active).
unsigned bruteWavefronts(const WarpFootprint &F, PhaseRule Rule) {
  unsigned Per = lanesPerPhase(F.Width, Rule);
  std::size_t Total = 0;
  for (unsigned First = 0; First < Lanes; First += Per) {
    std::size_t Phase = 0;
    for (const auto &[Bank, Words] : wordsPerBank(F, First, First + Per))
      Phase = std::max(Phase, Words.size());
    Total += Phase;
  }
  return static_cast<unsigned>(Total);
}

/// Active lanes of [FirstLane, EndLane) with a byte on \p Bank.
unsigned lanesOnBank(const WarpFootprint &F, unsigned FirstLane,
                     unsigned EndLane, std::int64_t Bank) {
  unsigned Count = 0;
  for (unsigned L = FirstLane; L < EndLane; ++L) {
    if (!((F.ActiveMask >> L) & 1))
      continue;
    bool Touches = false;
    for (unsigned B = 0; B < F.Width; ++B)
      Touches |= ((F.Address[L] + B + Shift) / 4) % 32 == Bank;
    Count += Touches;
  }
  return Count;
}

std::string describe(const WarpFootprint &F) {
  std::ostringstream OS;
  OS << "width " << F.Width << " mask 0x" << std::hex << F.ActiveMask
     << std::dec << " addresses";
  for (std::int64_t A : F.Address)
    OS << ' ' << A;
  return OS.str();
}

/// Random footprints covering the shapes kernels produce and some they
/// should not: strides (negative, zero, not a multiple of the width),
/// misaligned bases, permuted lanes, duplicates, scattered addresses, and
/// partial active masks.
class FootprintGenerator {
public:
  explicit FootprintGenerator(unsigned Seed) : Rng(Seed) {}

  WarpFootprint next() {
    static const unsigned Widths[] = {1, 2, 4, 8, 16};
    unsigned Width = Widths[pick(0, 4)];
    std::int64_t Base = pick(-600, 600);
    WarpFootprint F;
    switch (pick(0, 5)) {
    case 0: // Stride a small multiple of the width, maybe negative or zero.
      F = WarpFootprint::strided(Base, pick(-4, 4) * Width, Width);
      break;
    case 1: // Any stride in bytes, including ones that overlap lanes.
      F = WarpFootprint::strided(Base, pick(-80, 80), Width);
      break;
    case 2: // Large strides: rows of a 2-D array, padded or not.
      F = WarpFootprint::strided(Base, pick(-2, 2) * 128 + pick(-8, 8), Width);
      break;
    case 3: { // A strided pattern with its lanes permuted.
      F = WarpFootprint::strided(Base, pick(-3, 3) * Width, Width);
      std::shuffle(F.Address.begin(), F.Address.end(), Rng);
      break;
    }
    case 4: { // Few distinct addresses, many lanes on each.
      F = WarpFootprint::strided(0, 0, Width);
      std::vector<std::int64_t> Pool(pick(1, 4));
      for (std::int64_t &A : Pool)
        A = Base + pick(-64, 64) * 4;
      for (std::int64_t &A : F.Address)
        A = Pool[pick(0, static_cast<int>(Pool.size()) - 1)];
      break;
    }
    default: // Scattered within a few KiB, aligned to the width or not.
      F = WarpFootprint::strided(0, 0, Width);
      for (std::int64_t &A : F.Address)
        A = Base + pick(-2048, 2048) * (pick(0, 1) ? Width : 1);
      break;
    }
    switch (pick(0, 3)) {
    case 0:
      F.ActiveMask = static_cast<std::uint64_t>(Rng()); // Random lanes.
      break;
    case 1: // A prefix of lanes, as a bounds guard leaves them.
      F.ActiveMask = (std::uint64_t(1) << pick(0, 32)) - 1;
      break;
    default:
      break; // All 32 active, as strided() set it.
    }
    return F;
  }

private:
  int pick(int Low, int High) {
    return std::uniform_int_distribution<int>(Low, High)(Rng);
  }

  std::mt19937 Rng;
};

} // namespace

TEST(ModelBruteForceTest, GlobalCostMatchesByteEnumeration) {
  const Architecture &Arch = defaultPreset();
  ASSERT_EQ(Arch.TransactionBytes, 128U);
  ASSERT_EQ(Arch.SectorBytes, 32U);
  FootprintGenerator Gen(12345);
  for (unsigned I = 0; I < Iterations; ++I) {
    WarpFootprint F = Gen.next();
    SCOPED_TRACE("footprint " + std::to_string(I) + ": " + describe(F));
    GlobalCost Model = computeGlobalCost(F, Arch);
    BruteGlobal Brute = bruteGlobal(F);
    ASSERT_EQ(Model.Transactions, Brute.Blocks);
    ASSERT_EQ(Model.Sectors, Brute.Sectors);
    ASSERT_EQ(Model.UsefulBytes, Brute.Useful);
    ASSERT_EQ(Model.SpanBytes, Brute.Span);
    ASSERT_EQ(Model.IdealTransactions, Brute.IdealBlocks);
    ASSERT_EQ(Model.isUncoalesced(), Brute.Blocks > Brute.IdealBlocks);
    if (Brute.Blocks > 0)
      ASSERT_DOUBLE_EQ(Model.Efficiency,
                       double(Brute.Useful) / double(Brute.Blocks * 128));
    else
      ASSERT_EQ(Model.Efficiency, 0.0);
    // Judged by sectors (CoalescingUnit: sectors).
    std::size_t IdealSectors = (Brute.Useful + 31) / 32;
    ASSERT_EQ(Model.isUncoalesced(CoalescingUnit::Sectors),
              Brute.Sectors > IdealSectors);
    if (Brute.Sectors > 0)
      ASSERT_DOUBLE_EQ(Model.SectorEfficiency,
                       double(Brute.Useful) / double(Brute.Sectors * 32));
    ASSERT_GE(Model.Sectors, Model.IdealSectors);
    ASSERT_EQ(Model.ExcessSectors, Model.Sectors - Model.IdealSectors);
  }
}

TEST(ModelBruteForceTest, BankConflictMatchesWordEnumeration) {
  const Architecture &Arch = defaultPreset();
  ASSERT_EQ(Arch.BankCount, 32U);
  ASSERT_EQ(Arch.BankWidthBytes, 4U);
  FootprintGenerator Gen(12345);
  for (unsigned I = 0; I < Iterations; ++I) {
    WarpFootprint F = Gen.next();
    SCOPED_TRACE("footprint " + std::to_string(I) + ": " + describe(F));
    for (PhaseRule Rule : {PhaseRule::ByAccessWidth, PhaseRule::WholeWarp}) {
      SCOPED_TRACE(std::string(phaseRuleName(Rule)));
      BankConflictDegree Model = computeBankConflict(F, Arch, Rule);
      ASSERT_EQ(Model.Degree, bruteDegree(F, Rule));
      ASSERT_EQ(Model.Wavefronts, bruteWavefronts(F, Rule));
      unsigned Per = lanesPerPhase(F.Width, Rule);
      ASSERT_EQ(Model.PhaseCount, Lanes / Per);
      if (Model.Degree == 0)
        continue;
      // The reported place of the worst conflict really holds it.
      unsigned First = Model.WorstPhase * Per;
      auto Words = wordsPerBank(F, First, First + Per);
      ASSERT_EQ(Words[Model.WorstBank].size(), Model.Degree);
      ASSERT_EQ(Model.LanesOnWorstBank,
                lanesOnBank(F, First, First + Per, Model.WorstBank));
    }
  }
}

// The generator must reach the cases that matter, or the two tests above
// prove little: conflicts of several degrees, broadcasts, negative
// addresses, boundary straddles, idle warps.
TEST(ModelBruteForceTest, GeneratorCoversTheInterestingCases) {
  const Architecture &Arch = defaultPreset();
  FootprintGenerator Gen(12345);
  std::set<unsigned> Degrees;
  unsigned Negative = 0, Idle = 0, Uncoalesced = 0, Coalesced = 0;
  for (unsigned I = 0; I < Iterations; ++I) {
    WarpFootprint F = Gen.next();
    Degrees.insert(
        computeBankConflict(F, Arch, PhaseRule::ByAccessWidth).Degree);
    Negative += std::any_of(F.Address.begin(), F.Address.end(),
                            [](std::int64_t A) { return A < 0; });
    Idle += F.activeLaneCount() == 0;
    GlobalCost Cost = computeGlobalCost(F, Arch);
    Uncoalesced += Cost.isUncoalesced();
    Coalesced += Cost.Transactions > 0 && !Cost.isUncoalesced();
  }
  for (unsigned K : {0U, 1U, 2U, 4U, 8U, 16U, 32U})
    EXPECT_TRUE(Degrees.count(K)) << "degree " << K << " never generated";
  EXPECT_GT(Negative, Iterations / 10);
  EXPECT_GT(Idle, 0U);
  EXPECT_GT(Uncoalesced, Iterations / 10);
  EXPECT_GT(Coalesced, Iterations / 10);
}
