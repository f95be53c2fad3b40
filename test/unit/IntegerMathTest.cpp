//===- IntegerMathTest.cpp - floor division by shifts and by division -----===//
//
// floorDivPositive and floorModPositive take a shift or a mask where the
// divisor is a power of two (every size of the model's presets) and the
// division otherwise: both must agree with floorDiv and floorMod, negative
// addresses and the ends of the 64-bit range included.
//
//===----------------------------------------------------------------------===//
#include "model/IntegerMath.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <vector>

using namespace gpumem::model;

TEST(IntegerMathTest, PositiveDivisorsAgreeWithFloorDivision) {
  const std::int64_t Min = std::numeric_limits<std::int64_t>::min();
  const std::int64_t Max = std::numeric_limits<std::int64_t>::max();
  std::vector<std::int64_t> Values{Min, Min + 1, Max, Max - 1};
  for (std::int64_t A = -300; A <= 300; ++A)
    Values.push_back(A);
  for (std::int64_t B : {1, 2, 3, 4, 6, 8, 12, 32, 96, 128, 1024}) {
    for (std::int64_t A : Values) {
      EXPECT_EQ(floorDivPositive(A, B), floorDiv(A, B)) << A << " / " << B;
      EXPECT_EQ(floorModPositive(A, B), floorMod(A, B)) << A << " % " << B;
    }
  }
  // Spot values written out: -1 lies in block -1 of 128 bytes, at its end.
  EXPECT_EQ(floorDivPositive(-1, 128), -1);
  EXPECT_EQ(floorModPositive(-1, 32), 31);
  EXPECT_EQ(floorDivPositive(-129, 96), -2);
  EXPECT_EQ(floorModPositive(-129, 96), 63);
}
