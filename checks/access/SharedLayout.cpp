//===- SharedLayout.cpp ---------------------------------------------------===//
#include "checks/access/SharedLayout.h"

namespace gpumem::access {

namespace {

std::int64_t floorDiv(std::int64_t A, std::int64_t B) {
  std::int64_t Q = A / B;
  return (A % B != 0 && (A < 0) != (B < 0)) ? Q - 1 : Q;
}

/// Byte pitch of each dimension, outermost first.
std::vector<std::int64_t> pitches(const ArrayShape &Shape, std::int64_t Pad) {
  std::vector<std::int64_t> P(Shape.Dims.size());
  std::int64_t Pitch = Shape.ElementBytes;
  for (std::size_t I = Shape.Dims.size(); I-- > 0;) {
    P[I] = Pitch;
    Pitch *= Shape.Dims[I] + (I + 1 == Shape.Dims.size() ? Pad : 0);
  }
  return P;
}

} // namespace

bool isPaddable(const ArrayShape &Shape) {
  return Shape.Dims.size() >= 2 && Shape.ElementBytes > 0;
}

lanes::LaneVector padInnermost(const lanes::LaneVector &Offset,
                               const ArrayShape &Shape, std::int64_t Pad) {
  if (!isPaddable(Shape))
    return Offset;
  std::vector<std::int64_t> Old = pitches(Shape, 0), New = pitches(Shape, Pad);
  lanes::LaneVector Out{};
  for (unsigned L = 0; L < lanes::WarpLanes; ++L) {
    std::int64_t Rest = Offset[L], Result = 0;
    // Outer dimensions by floor division; the innermost keeps the
    // remainder (index and any byte offset inside the element).
    for (std::size_t D = 0; D + 1 < Old.size(); ++D) {
      std::int64_t Index = floorDiv(Rest, Old[D]);
      Rest -= Index * Old[D];
      Result += Index * New[D];
    }
    Out[L] = Result + Rest;
  }
  return Out;
}

} // namespace gpumem::access
