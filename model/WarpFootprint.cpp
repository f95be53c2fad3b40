//===- WarpFootprint.cpp --------------------------------------------------===//
#include "model/WarpFootprint.h"

namespace gpumem::model {

unsigned WarpFootprint::activeLaneCount() const {
  unsigned Count = 0;
  for (unsigned L = 0; L < Address.size(); ++L)
    Count += isActive(L);
  return Count;
}

WarpFootprint WarpFootprint::strided(std::int64_t Base,
                                     std::int64_t StrideBytes, unsigned Width,
                                     unsigned WarpSize) {
  WarpFootprint F;
  F.Width = Width;
  F.ActiveMask = WarpSize >= 64 ? ~0ULL : (1ULL << WarpSize) - 1;
  for (unsigned L = 0; L < WarpSize; ++L)
    F.Address.push_back(Base + static_cast<std::int64_t>(L) * StrideBytes);
  return F;
}

} // namespace gpumem::model
