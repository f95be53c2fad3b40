//===- TensorLayout.h - static layouts and copies over them ----*- C++ -*-===//
//
// A layout in CuTe's sense: a shape and a stride per mode, mapping an index
// (the first mode fastest) to an offset in elements. Here only flat layouts
// with every shape and stride known: the kind a tensor's type fixes at
// compile time, which is what a copy between two such tensors is unrolled
// and vectorised from. The rules below are those of CuTe's documentation
// (docs/analysis.md, "CuTe copies"), written for numbers rather than types:
// coalescing, the elements two layouts keep contiguous together, the
// alignment a layout guarantees, and the vector width an auto-vectorising
// copy picks from them.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_MODEL_TENSORLAYOUT_H
#define GPUMEM_MODEL_TENSORLAYOUT_H

#include <cstdint>
#include <optional>
#include <vector>

namespace gpumem::model {

/// One mode: Shape indices, Stride elements apart.
struct LayoutMode {
  std::int64_t Shape = 1;
  std::int64_t Stride = 0;
};

/// A flat layout: index -> offset, column-major over its modes.
struct FlatLayout {
  std::vector<LayoutMode> Modes;

  std::int64_t size() const;
  /// The offset of index \p Index (0 <= Index < size()).
  std::int64_t offsetOf(std::int64_t Index) const;
};

/// The same function of the index with adjacent modes merged where the
/// second continues the first, and modes of one index dropped.
FlatLayout coalesce(const FlatLayout &L);

/// How many leading elements both layouts map to the same consecutive
/// offsets: indices the two hold contiguously together (CuTe's
/// max_common_vector for static layouts); 1 when they share none.
std::int64_t commonVector(const FlatLayout &A, const FlatLayout &B);

/// The largest number of elements the layout keeps contiguous and aligned
/// to their own size (CuTe's max_alignment of a static layout): the
/// contiguous run its smallest offsets form, reduced to divide the next
/// offset after that run.
std::int64_t layoutAlignment(const FlatLayout &L);

/// The elements one instruction of an auto-vectorising copy moves between
/// \p Src and \p Dst (AutoVectorizingCopyWithAssumedAlignment<MaxBits> over
/// tensors whose pointers are aligned as their layouts say): a power of two
/// whose bits divide MaxBits; 1 for an element-wise copy.
std::int64_t copyVectorElements(const FlatLayout &Src, const FlatLayout &Dst,
                                unsigned ElementBits, unsigned MaxBits);

/// The offsets (in elements) at which the copy's instructions start on one
/// side, one per instruction, \p Vector elements each; none when the layout
/// does not split into aligned vectors of that many.
std::optional<std::vector<std::int64_t>>
instructionOffsets(const FlatLayout &L, std::int64_t Vector);

} // namespace gpumem::model

#endif // GPUMEM_MODEL_TENSORLAYOUT_H
