//===- Roofline.h - arithmetic intensity against machine balance -*- C++ -*-=//
//
// I = FLOPs / DRAM bytes; I* = peak FLOP/s / peak bytes/s. I < I* means the
// kernel is bandwidth-bound. A square tile of T elements per side, loaded
// once per element through shared memory, gives I = T / sizeof(element)
// (T/4 for fp32): each thread loads two elements per tile step and does T
// fused multiply-adds (2T FLOPs).
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_MODEL_ROOFLINE_H
#define GPUMEM_MODEL_ROOFLINE_H

namespace gpumem::model {

/// A kernel's place on the roofline.
struct RooflinePoint {
  double Intensity = 0;
  double Balance = 0;
  bool isBandwidthBound() const { return Intensity < Balance; }
  /// Fraction of peak FLOP/s reachable: min(1, I / I*).
  double attainableFraction() const;
};

/// I = Flops / Bytes against \p Balance; Bytes must be positive.
RooflinePoint evaluateRoofline(double Flops, double Bytes, double Balance);

/// Intensity of a tiled matrix multiply with tile \p Tile on elements of
/// \p ElementBytes bytes: Tile / ElementBytes.
double tiledMatmulIntensity(unsigned Tile, unsigned ElementBytes);

/// The smallest tile whose tiled-matmul intensity reaches \p Balance.
unsigned tileToReachBalance(double Balance, unsigned ElementBytes);

} // namespace gpumem::model

#endif // GPUMEM_MODEL_ROOFLINE_H
