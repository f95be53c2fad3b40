//===- BankConflict.cpp - distinct words per bank per phase ---------------===//
#include "model/BankConflict.h"
#include "model/IntegerMath.h"

#include <algorithm>
#include <tuple>
#include <vector>

namespace gpumem::model {

namespace {

unsigned phaseCountFor(unsigned Width, PhaseRule Rule) {
  if (Rule == PhaseRule::WholeWarp)
    return 1;
  if (Width >= 16)
    return 4;
  if (Width >= 8)
    return 2;
  return 1;
}

} // namespace

std::optional<PhaseRule> parsePhaseRule(std::string_view Text) {
  if (Text == "by-access-width")
    return PhaseRule::ByAccessWidth;
  if (Text == "whole-warp")
    return PhaseRule::WholeWarp;
  return std::nullopt;
}

std::string_view phaseRuleName(PhaseRule Rule) {
  return Rule == PhaseRule::WholeWarp ? "whole-warp" : "by-access-width";
}

BankConflictDegree computeBankConflict(const WarpFootprint &Footprint,
                                       const Architecture &Arch,
                                       PhaseRule Rule) {
  BankConflictDegree Result;
  const unsigned Lanes = static_cast<unsigned>(Footprint.Address.size());
  const unsigned Phases = phaseCountFor(Footprint.Width, Rule);
  const unsigned LanesPerPhase = (Lanes + Phases - 1) / Phases;
  const std::int64_t WordBytes = Arch.BankWidthBytes;
  Result.PhaseCount = Phases;

  // One entry per word a lane touches, sorted by bank then word: a bank's
  // degree is the number of distinct words in its run (no map of sets).
  struct Touch {
    std::int64_t Bank, Word;
    unsigned Lane;
    bool operator<(const Touch &O) const {
      return std::tie(Bank, Word, Lane) < std::tie(O.Bank, O.Word, O.Lane);
    }
  };
  // Reserved once: a lane's bytes cover at most Width / WordBytes + 1
  // words (a 16-byte lane off its word boundary touches 5).
  const std::size_t WordsPerLane =
      static_cast<std::size_t>(Footprint.Width / WordBytes) + 1;
  std::vector<Touch> Touches;
  Touches.reserve(LanesPerPhase * WordsPerLane);
  std::vector<unsigned> LanesOfBank;
  for (unsigned Phase = 0; Phase < Phases; ++Phase) {
    Touches.clear();
    for (unsigned L = Phase * LanesPerPhase;
         L < Lanes && L < (Phase + 1) * LanesPerPhase; ++L) {
      if (!Footprint.isActive(L) || Footprint.Width == 0)
        continue;
      std::int64_t First = floorDivPositive(Footprint.Address[L], WordBytes);
      // The last byte, or the end of the address space.
      std::int64_t LastByte;
      if (__builtin_add_overflow(
              Footprint.Address[L],
              static_cast<std::int64_t>(Footprint.Width) - 1, &LastByte))
        LastByte = INT64_MAX;
      std::int64_t Last = floorDivPositive(LastByte, WordBytes);
      // Stops at Last without stepping past it (Last may be INT64_MAX).
      for (std::int64_t Word = First;; ++Word) {
        Touches.push_back({floorModPositive(Word, Arch.BankCount), Word, L});
        if (Word == Last)
          break;
      }
    }
    // Lanes on ascending banks (a unit stride) or down one bank (a stride
    // of a row) are in order already.
    if (!std::is_sorted(Touches.begin(), Touches.end()))
      std::sort(Touches.begin(), Touches.end());
    unsigned PhaseDegree = 0;
    // Banks in ascending order; the first bank of the highest degree wins.
    for (std::size_t Begin = 0, End; Begin < Touches.size(); Begin = End) {
      unsigned Degree = 0;
      for (End = Begin;
           End < Touches.size() && Touches[End].Bank == Touches[Begin].Bank;
           ++End)
        if (End == Begin || Touches[End].Word != Touches[End - 1].Word)
          ++Degree;
      PhaseDegree = std::max(PhaseDegree, Degree);
      if (Degree > Result.Degree) {
        // The lanes are counted only for a new worst bank.
        LanesOfBank.clear();
        for (std::size_t I = Begin; I < End; ++I)
          LanesOfBank.push_back(Touches[I].Lane);
        std::sort(LanesOfBank.begin(), LanesOfBank.end());
        Result.Degree = Degree;
        Result.WorstBank = static_cast<unsigned>(Touches[Begin].Bank);
        Result.WorstPhase = Phase;
        Result.LanesOnWorstBank = static_cast<unsigned>(
            std::unique(LanesOfBank.begin(), LanesOfBank.end()) -
            LanesOfBank.begin());
      }
    }
    Result.Wavefronts += PhaseDegree;
  }
  return Result;
}

} // namespace gpumem::model
