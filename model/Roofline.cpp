//===- Roofline.cpp -------------------------------------------------------===//
#include "model/Roofline.h"

#include <algorithm>
#include <climits>
#include <cmath>

namespace gpumem::model {

double RooflinePoint::attainableFraction() const {
  return Balance > 0 ? std::min(1.0, Intensity / Balance) : 1.0;
}

RooflinePoint evaluateRoofline(double Flops, double Bytes, double Balance) {
  RooflinePoint P;
  P.Intensity = Bytes > 0 ? Flops / Bytes : 0;
  P.Balance = Balance;
  return P;
}

double tiledMatmulIntensity(unsigned Tile, unsigned ElementBytes) {
  return ElementBytes ? static_cast<double>(Tile) / ElementBytes : 0;
}

unsigned tileToReachBalance(double Balance, unsigned ElementBytes) {
  // Tile / ElementBytes >= Balance; round away float noise first.
  double Exact = Balance * ElementBytes;
  // A balance no tile can reach (from a huge MachineBalance option, or an
  // infinite one) saturates; none at all needs no tile.
  if (!(Exact > 0))
    return 0;
  if (!(Exact < static_cast<double>(UINT_MAX)))
    return UINT_MAX;
  double Rounded = std::round(Exact);
  if (std::fabs(Exact - Rounded) < 1e-9)
    return static_cast<unsigned>(Rounded);
  return static_cast<unsigned>(std::ceil(Exact));
}

} // namespace gpumem::model
