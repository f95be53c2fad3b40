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

} // namespace gpumem::model

#endif // GPUMEM_MODEL_INTEGERMATH_H
