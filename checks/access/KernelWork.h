//===- KernelWork.h - FLOPs and DRAM bytes per loop iteration ---*- C++ -*-===//
//
// The roofline estimate of a kernel, per thread: floating-point operations
// (add, sub, mul, div 1; fused multiply-add 2; per precision) and global
// bytes, over the loop that carries the global traffic (the hot loop), with
// inner loops of constant trip count multiplied out. A load every lane of a
// warp makes at one address moves its bytes once per warp, not per lane.
// Work inside device functions called from the kernel is not counted.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_ACCESS_KERNELWORK_H
#define GPUMEM_CHECKS_ACCESS_KERNELWORK_H

#include "checks/access/MemoryAccess.h"
#include "model/Architecture.h"

#include "clang/AST/Stmt.h"

#include <optional>

namespace gpumem::access {

/// Per-thread work of one iteration of the hot loop (or of the body).
struct KernelWork {
  /// The hot loop; null when the kernel has none (the body is counted).
  const clang::Stmt *HotLoop = nullptr;
  double Flops[3] = {0, 0, 0}; // indexed by model::Precision
  double GlobalBytes = 0;
  /// Trip count of a constant inner loop that reads shared memory (the
  /// tile loop of a tiled kernel); 0 when there is none.
  std::int64_t TileTrips = 0;
  /// Some global load in the hot loop has lanes sharing an address but
  /// not all of them (reuse that tiling through shared memory would catch),
  /// or is a broadcast.
  bool HasReuse = false;
  /// Element size of the dominant precision.
  unsigned ElementBytes = 4;
  /// False when an inner loop of unknown trip count does work, so the
  /// estimate cannot be trusted.
  bool Complete = true;

  gpumem::model::Precision dominantPrecision() const;
  double totalFlops() const { return Flops[0] + Flops[1] + Flops[2]; }
};

/// Estimates \p Kernel's work from its body and its analysed accesses.
KernelWork estimateKernelWork(const KernelAccesses &Kernel,
                              clang::ASTContext &Ctx);

} // namespace gpumem::access

#endif
