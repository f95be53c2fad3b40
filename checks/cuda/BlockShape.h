//===- BlockShape.h - a thread block's extents ------------------*- C++ -*-===//
//
// What a launch, a kernel's own statement or an option says of blockDim.
// Plain C++: the launch sites that find it (cuda/) and the geometry that
// places lanes with it (lanes/) share it.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_CUDA_BLOCKSHAPE_H
#define GPUMEM_CHECKS_CUDA_BLOCKSHAPE_H

#include <cstdint>
#include <string>

namespace gpumem::cuda {

/// A block's extent in x, y and z. An extent of 0 is not a constant (the
/// z of `dim3 block = {4, 8, depth}`); such a shape is used only when its
/// constant extents place every lane of a warp (placesLanes).
struct BlockShape {
  std::int64_t X = 1, Y = 1, Z = 1;
  std::int64_t threads() const { return X * Y * Z; }
  bool complete() const { return X > 0 && Y > 0 && Z > 0; }
  /// The extents joined by \p Separator, \p Open for one that is not a
  /// constant: "16x16x1", "4, 8, not a constant".
  std::string text(const char *Separator, const char *Open) const {
    std::string Out;
    for (std::int64_t E : {X, Y, Z})
      Out += (Out.empty() ? "" : Separator) +
             (E > 0 ? std::to_string(E) : std::string(Open));
    return Out;
  }
  /// True when the constant extents alone say which thread each lane is:
  /// rows of whole warps (X a multiple of 32), or whole rows per warp that
  /// fill warps evenly (X*Y a multiple of 32, X dividing 32), or all known;
  /// or rows narrower than a warp whose count is not a constant, taken as
  /// whole warps of rows (assumesWholeRows).
  bool placesLanes() const {
    const std::int64_t W = 32;
    if (complete())
      return true;
    if (X <= 0)
      return false;
    return X % W == 0 || (W % X == 0 && Y > 0 && (X * Y) % W == 0) ||
           assumesWholeRows();
  }
  /// True for rows narrower than a warp whose count is not a constant
  /// (`b.x = 8; b.y = n;`): each warp is taken as 32 / X whole rows, as if
  /// Y were a multiple of that (a block of fewer rows has one part warp).
  bool assumesWholeRows() const {
    const std::int64_t W = 32;
    return X > 0 && X < W && W % X == 0 && Y <= 0 && Z > 0;
  }
  bool operator==(const BlockShape &O) const {
    return X == O.X && Y == O.Y && Z == O.Z;
  }
};

} // namespace gpumem::cuda

#endif // GPUMEM_CHECKS_CUDA_BLOCKSHAPE_H
