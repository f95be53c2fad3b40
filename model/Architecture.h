//===- Architecture.h - hardware figures the cost model uses ---*- C++ -*-===//
//
// Every size the model reasons with (warp size, transaction and sector
// bytes, shared-memory banks, peak throughput) lives in one description so
// that a check option or a named preset can change it in one place. The
// figures of the real GPUs are cited in docs/model.md.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_MODEL_ARCHITECTURE_H
#define GPUMEM_MODEL_ARCHITECTURE_H

#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace gpumem::model {

/// Floating-point precision of arithmetic, for picking a peak FLOP rate.
enum class Precision { FP16, FP32, FP64 };

/// The hardware description the model prices accesses against.
struct Architecture {
  std::string Name;
  unsigned WarpSize = 32;
  /// Size of the aligned block a global transaction moves (the seed's 128).
  unsigned TransactionBytes = 128;
  /// Size of the aligned sector that compute capability 6.0+ moves.
  unsigned SectorBytes = 32;
  unsigned BankCount = 32;
  unsigned BankWidthBytes = 4;
  /// Peak arithmetic rates in GFLOP/s (non-tensor-core).
  double PeakGflopsFP16 = 0;
  double PeakGflopsFP32 = 0;
  double PeakGflopsFP64 = 0;
  /// Peak DRAM bandwidth in GB/s.
  double PeakGBps = 0;

  /// Every field, for comparing: a field added above is added here.
  auto fields() const {
    return std::tie(Name, WarpSize, TransactionBytes, SectorBytes, BankCount,
                    BankWidthBytes, PeakGflopsFP16, PeakGflopsFP32,
                    PeakGflopsFP64, PeakGBps);
  }
  bool operator==(const Architecture &O) const {
    return fields() == O.fields();
  }

  /// Peak GFLOP/s for \p P.
  double peakGflops(Precision P) const;
  /// Machine balance I* = peak FLOP/s / peak bytes/s for \p P.
  double machineBalance(Precision P) const;
};

/// The named preset \p Name (case-insensitive), or null when unknown.
const Architecture *findPreset(std::string_view Name);

/// Names of all presets, in a stable order.
std::vector<std::string> presetNames();

/// The preset used when no option names one.
const Architecture &defaultPreset();

/// Lower-case spelling of \p P ("fp32").
std::string_view precisionName(Precision P);

} // namespace gpumem::model

#endif // GPUMEM_MODEL_ARCHITECTURE_H
