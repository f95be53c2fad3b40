//===- BankConflict.cpp - distinct words per bank per phase ---------------===//
#include "model/BankConflict.h"

#include <map>
#include <set>

namespace gpumem::model {

namespace {

std::int64_t floorDiv(std::int64_t A, std::int64_t B) {
  std::int64_t Q = A / B;
  return (A % B != 0 && (A < 0) != (B < 0)) ? Q - 1 : Q;
}

/// A mod B in [0, B) for B > 0, without the overflow of A - floor(A/B)*B.
std::int64_t floorMod(std::int64_t A, std::int64_t B) {
  std::int64_t R = A % B;
  return R < 0 ? R + B : R;
}

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

  for (unsigned Phase = 0; Phase < Phases; ++Phase) {
    // Bank -> the distinct words it must serve, and the lanes asking.
    std::map<std::int64_t, std::set<std::int64_t>> WordsOfBank;
    std::map<std::int64_t, std::set<unsigned>> LanesOfBank;
    for (unsigned L = Phase * LanesPerPhase;
         L < Lanes && L < (Phase + 1) * LanesPerPhase; ++L) {
      if (!Footprint.isActive(L) || Footprint.Width == 0)
        continue;
      std::int64_t First = floorDiv(Footprint.Address[L], WordBytes);
      // The last byte, or the end of the address space.
      std::int64_t LastByte;
      if (__builtin_add_overflow(
              Footprint.Address[L],
              static_cast<std::int64_t>(Footprint.Width) - 1, &LastByte))
        LastByte = INT64_MAX;
      std::int64_t Last = floorDiv(LastByte, WordBytes);
      // Stops at Last without stepping past it (Last may be INT64_MAX).
      for (std::int64_t Word = First;; ++Word) {
        std::int64_t Bank = floorMod(Word, Arch.BankCount);
        WordsOfBank[Bank].insert(Word);
        LanesOfBank[Bank].insert(L);
        if (Word == Last)
          break;
      }
    }
    for (const auto &[Bank, Words] : WordsOfBank) {
      unsigned Degree = static_cast<unsigned>(Words.size());
      if (Degree > Result.Degree) {
        Result.Degree = Degree;
        Result.WorstBank = static_cast<unsigned>(Bank);
        Result.WorstPhase = Phase;
        Result.LanesOnWorstBank =
            static_cast<unsigned>(LanesOfBank[Bank].size());
      }
    }
  }
  return Result;
}

} // namespace gpumem::model
