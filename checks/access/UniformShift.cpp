//===- UniformShift.cpp - where the warp-uniform part starts a warp -------===//
#include "checks/access/UniformShift.h"

#include <algorithm>
#include <numeric>

namespace gpumem::access {

using lanes::LaneTerm;
using lanes::SymbolId;
using lanes::SymbolKind;

namespace {

/// Symbols that run through consecutive integers across a launch's warps
/// (a block index, a warp's place or row in its block, a loop counter):
/// a multiple of one of them lands on every residue its coefficient
/// allows, in turn.
bool indexLike(const lanes::Symbol &S) {
  switch (S.Key.Kind) {
  case SymbolKind::BlockIndex:
  case SymbolKind::WarpPosition:
  case SymbolKind::ThreadIndex:
  case SymbolKind::LoopIteration:
    return true;
  default:
    return false;
  }
}

std::int64_t mod(std::int64_t V, std::int64_t M) {
  const std::int64_t R = V % M;
  return R < 0 ? R + M : R;
}

/// The residues one term takes, as a distribution over 0..M-1; empty when
/// the term's value is not known (an opaque symbol).
std::vector<double> termDistribution(const LaneTerm &T,
                                     const lanes::SymbolTable &Symbols,
                                     std::int64_t M) {
  std::vector<double> D(M, 0.0);
  const std::int64_t C = mod(T.Coeff[0], M);
  // Values known for every symbol: each combination, equally often.
  std::uint64_t Combos = 1;
  bool AllKnown = true;
  for (SymbolId Id : T.Symbols) {
    AllKnown &= !Symbols[Id].Values.empty();
    Combos *= std::max<std::size_t>(Symbols[Id].Values.size(), 1);
  }
  if (AllKnown && Combos <= 1024) {
    // A symbol repeated in the product (x * x) takes one value at a time.
    std::vector<SymbolId> Ids(T.Symbols.begin(), T.Symbols.end());
    Ids.erase(std::unique(Ids.begin(), Ids.end()), Ids.end());
    std::vector<double> Counts(M, 0.0);
    double Assignments = 0;
    lanes::forEachAssignment(
        Symbols, Ids, [&](const std::map<SymbolId, std::int64_t> &Pins) {
          std::int64_t V = C;
          for (SymbolId Id : T.Symbols)
            V = mod(V * mod(Pins.at(Id), M), M);
          Counts[V] += 1;
          Assignments += 1;
          return true;
        });
    for (std::int64_t R = 0; R < M; ++R)
      D[R] = Counts[R] / Assignments;
    return D;
  }
  // Otherwise every multiple of gcd(C, M), in turn.
  const std::int64_t G = std::gcd(C, M);
  for (std::int64_t R = 0; R < M; R += G)
    D[R] = static_cast<double>(G) / static_cast<double>(M);
  return D;
}

} // namespace

UniformShifts uniformShifts(const lanes::LaneValue &Offset,
                            const lanes::SymbolTable &Symbols,
                            std::int64_t Modulus) {
  UniformShifts Out;
  if (Offset.isUnknown() || Modulus <= 1)
    return Out;
  const std::int64_t M = Modulus;
  std::vector<double> Total(M, 0.0);
  Total[0] = 1.0;
  bool Moves = false;
  for (const LaneTerm &T : Offset.terms()) {
    if (std::any_of(std::begin(T.Coeff), std::end(T.Coeff),
                    [&](std::int64_t C) { return C != T.Coeff[0]; }))
      continue; // lane-varying: priced per lane
    if (mod(T.Coeff[0], M) == 0)
      continue;
    // The threads before a block are whole blocks, a whole number of
    // warps each: the warp's own position is in its other terms.
    if (std::any_of(T.Symbols.begin(), T.Symbols.end(), [&](SymbolId Id) {
          return Symbols[Id].Key.Kind == SymbolKind::GridThreadsBefore;
        }))
      continue;
    std::vector<SymbolId> Opaque;
    for (SymbolId Id : T.Symbols)
      if (Symbols[Id].Values.empty() && !indexLike(Symbols[Id]))
        Opaque.push_back(Id);
    if (!Opaque.empty()) {
      const std::int64_t G = std::gcd(mod(T.Coeff[0], M), M);
      if (Out.Assumed.empty())
        Out.AssumedMultiple = M / G;
      Out.AssumedStep = Out.AssumedStep ? std::gcd(Out.AssumedStep, G) : G;
      for (SymbolId Id : Opaque)
        if (std::find(Out.Assumed.begin(), Out.Assumed.end(), Id) ==
            Out.Assumed.end())
          Out.Assumed.push_back(Id);
      continue;
    }
    const std::vector<double> D = termDistribution(T, Symbols, M);
    if (D[0] > 1.0 - 1e-12)
      continue; // every value it takes is a whole number of blocks
    std::vector<double> Sum(M, 0.0);
    for (std::int64_t A = 0; A < M; ++A)
      if (Total[A] != 0.0)
        for (std::int64_t B = 0; B < M; ++B)
          if (D[B] != 0.0)
            Sum[(A + B) % M] += Total[A] * D[B];
    Total = std::move(Sum);
    Moves = true;
    for (SymbolId Id : T.Symbols)
      if (std::find(Out.Moving.begin(), Out.Moving.end(), Id) ==
          Out.Moving.end())
        Out.Moving.push_back(Id);
  }
  if (!Moves || Total[0] > 1.0 - 1e-12)
    return Out;
  for (std::int64_t R = 0; R < M; ++R)
    if (Total[R] > 1e-12)
      Out.Shares.emplace_back(R, Total[R]);
  return Out;
}

} // namespace gpumem::access
