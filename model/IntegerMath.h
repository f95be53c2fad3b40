//===- IntegerMath.h - floor division and remainder -------------*- C++ -*-===//
//
// C++ division truncates towards zero; the model and the lane algebra need
// the floor (the aligned block a negative byte offset falls in, a bank of a
// negative word, a residue in [0, B)). One definition for every layer.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_MODEL_INTEGERMATH_H
#define GPUMEM_MODEL_INTEGERMATH_H

#include <cstdint>

namespace gpumem::model {

/// floor(A / B) for B != 0.
inline std::int64_t floorDiv(std::int64_t A, std::int64_t B) {
  std::int64_t Q = A / B;
  return (A % B != 0 && (A < 0) != (B < 0)) ? Q - 1 : Q;
}

/// A mod B in [0, B) for B > 0, without the overflow of A - floor(A/B)*B.
inline std::int64_t floorMod(std::int64_t A, std::int64_t B) {
  std::int64_t R = A % B;
  return R < 0 ? R + B : R;
}

/// floorDiv for B > 0, a shift where B is a power of two (every size of
/// the model: 4-byte words, 32 banks, 32-byte sectors, 128-byte blocks).
inline std::int64_t floorDivPositive(std::int64_t A, std::int64_t B) {
  if ((B & (B - 1)) == 0)
    return A >> __builtin_ctzll(static_cast<std::uint64_t>(B));
  return floorDiv(A, B);
}

/// floorMod for B > 0, a mask where B is a power of two.
inline std::int64_t floorModPositive(std::int64_t A, std::int64_t B) {
  if ((B & (B - 1)) == 0)
    return A & (B - 1);
  return floorMod(A, B);
}

} // namespace gpumem::model

#endif // GPUMEM_MODEL_INTEGERMATH_H
