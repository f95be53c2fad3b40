//===- TensorLayout.cpp - static tensor layouts and the copies over them --===//
#include "model/TensorLayout.h"

#include <algorithm>
#include <numeric>
#include <unordered_map>

namespace gpumem::model {

namespace {

/// Layouts larger than this are not enumerated (a thread's tensor in a
/// copy holds tens of elements; a tile a few thousand).
constexpr std::int64_t MaxEnumerated = std::int64_t(1) << 16;

/// Index of each offset the layout reaches; empty when two indices share
/// one (a broadcast) or the layout is too large to enumerate.
std::unordered_map<std::int64_t, std::int64_t>
indexOfOffset(const FlatLayout &L) {
  std::unordered_map<std::int64_t, std::int64_t> Index;
  const std::int64_t N = L.size();
  if (N <= 0 || N > MaxEnumerated)
    return {};
  Index.reserve(static_cast<std::size_t>(N));
  for (std::int64_t I = 0; I < N; ++I)
    if (!Index.emplace(L.offsetOf(I), I).second)
      return {};
  return Index;
}

/// The length of the run 0, 1, 2, ... of offsets the layout reaches.
std::int64_t
contiguousRun(const std::unordered_map<std::int64_t, std::int64_t> &Index) {
  std::int64_t R = 0;
  while (Index.count(R))
    ++R;
  return R;
}

} // namespace

std::int64_t FlatLayout::size() const {
  std::int64_t N = 1;
  for (const LayoutMode &M : Modes)
    N *= M.Shape;
  return N;
}

std::int64_t FlatLayout::offsetOf(std::int64_t Index) const {
  std::int64_t Offset = 0;
  for (const LayoutMode &M : Modes) {
    if (M.Shape <= 0)
      return Offset;
    Offset += (Index % M.Shape) * M.Stride;
    Index /= M.Shape;
  }
  return Offset;
}

FlatLayout coalesce(const FlatLayout &L) {
  FlatLayout Out;
  for (const LayoutMode &M : L.Modes) {
    if (M.Shape == 1)
      continue;
    if (!Out.Modes.empty()) {
      LayoutMode &Last = Out.Modes.back();
      if (M.Stride == Last.Shape * Last.Stride) {
        Last.Shape *= M.Shape;
        continue;
      }
    }
    Out.Modes.push_back(M);
  }
  return Out;
}

std::int64_t commonVector(const FlatLayout &A, const FlatLayout &B) {
  if (A.size() != B.size())
    return 1;
  auto IndexInB = indexOfOffset(B);
  if (IndexInB.empty())
    return 1;
  // B's offsets 0..R-1, read back as indices, then through A: the
  // elements B holds contiguously that A holds at the same offsets.
  const std::int64_t R = contiguousRun(IndexInB);
  std::int64_t N = 0;
  while (N < R && A.offsetOf(IndexInB.at(N)) == N)
    ++N;
  return std::max<std::int64_t>(N, 1);
}

std::int64_t layoutAlignment(const FlatLayout &L) {
  auto Index = indexOfOffset(L);
  if (Index.empty())
    return 1;
  const std::int64_t R = contiguousRun(Index);
  if (R == 0)
    return 1;
  if (R == L.size())
    return R;
  // The first index the run does not hold, and where it lies.
  std::vector<bool> InRun(static_cast<std::size_t>(L.size()), false);
  for (std::int64_t J = 0; J < R; ++J)
    InRun[static_cast<std::size_t>(Index.at(J))] = true;
  std::int64_t Next = 0;
  while (InRun[static_cast<std::size_t>(Next)])
    ++Next;
  return std::gcd(R, L.offsetOf(Next));
}

std::int64_t copyVectorElements(const FlatLayout &Src, const FlatLayout &Dst,
                                unsigned ElementBits, unsigned MaxBits) {
  if (ElementBits == 0 || ElementBits % 8)
    return 1;
  const std::int64_t Bits = ElementBits;
  const std::int64_t Common = commonVector(Src, Dst);
  if (Common <= 1)
    return 1;
  const std::int64_t AlignBits = std::gcd(
      std::gcd(layoutAlignment(Src) * Bits, layoutAlignment(Dst) * Bits),
      static_cast<std::int64_t>(MaxBits));
  const std::int64_t VectorBits = std::gcd(Common * Bits, AlignBits);
  if (VectorBits % 8 || VectorBits <= Bits)
    return 1;
  return VectorBits / Bits;
}

std::optional<std::vector<std::int64_t>>
instructionOffsets(const FlatLayout &L, std::int64_t Vector) {
  const std::int64_t N = L.size();
  if (Vector <= 0 || N <= 0 || N > MaxEnumerated || N % Vector)
    return std::nullopt;
  if (Vector > 1) {
    bool Contiguous = false;
    for (const LayoutMode &M : coalesce(L).Modes) {
      if (M.Stride == 1 && M.Shape % Vector == 0 && !Contiguous)
        Contiguous = true;
      else if (M.Stride % Vector)
        return std::nullopt;
    }
    if (!Contiguous)
      return std::nullopt;
  }
  std::vector<std::int64_t> Starts;
  Starts.reserve(static_cast<std::size_t>(N / Vector));
  for (std::int64_t I = 0; I < N; ++I)
    if (std::int64_t Offset = L.offsetOf(I); Offset % Vector == 0)
      Starts.push_back(Offset);
  return Starts;
}

} // namespace gpumem::model
