//===- KernelWork.h - FLOPs and DRAM bytes per loop iteration ---*- C++ -*-===//
//
// The roofline estimate of a kernel, per thread: floating-point operations
// (add, sub, mul, div 1; fused multiply-add 2; per precision) and global
// bytes, over the loop that carries the global traffic (the hot loop), with
// inner loops of constant trip count multiplied out. A load every lane of a
// warp makes at one address moves its bytes once per warp, not per lane;
// a load under a guard is charged to the lanes the guard leaves active.
// The bytes are split by reuse: loads that several threads of a block make
// at one address (what tiling through shared memory would catch), loads no
// two threads share (what no tiling can remove), stores, and the rest.
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
  /// Of GlobalBytes: loads whose addresses several threads of the block
  /// share (lanes of a warp, or every warp of the block at the same
  /// addresses), as charged, and as they would be if each thread loaded
  /// its own copy (what a tile of T threads divides by T).
  double SharedLoadBytes = 0;
  double SharedLoadBytesPerThread = 0;
  /// Of GlobalBytes: loads each thread makes at an address of its own (no
  /// other load of the same array in the kernel's loops could overlap).
  double UnsharedLoadBytes = 0;
  /// Of GlobalBytes: stores (a read-modify-write's load half is a load).
  double StoreBytes = 0;
  /// Element size of the dominant precision.
  unsigned ElementBytes = 4;
  /// False when an inner loop of unknown trip count does work, so the
  /// estimate cannot be trusted.
  bool Complete = true;

  gpumem::model::Precision dominantPrecision() const;
  /// Loads whose reuse could not be decided (unknown offsets, arrays read
  /// by several loads).
  double undecidedLoadBytes() const {
    return GlobalBytes - SharedLoadBytes - UnsharedLoadBytes - StoreBytes;
  }
  /// Intensity if a tile of \p T threads shared each shared load.
  double tiledIntensity(unsigned T) const {
    double Bytes = GlobalBytes - SharedLoadBytes + SharedLoadBytesPerThread / T;
    return Bytes > 0 ? totalFlops() / Bytes : 0;
  }
  double totalFlops() const { return Flops[0] + Flops[1] + Flops[2]; }
};

/// Estimates \p Kernel's work from its body and its analysed accesses.
KernelWork estimateKernelWork(const KernelAccesses &Kernel,
                              clang::ASTContext &Ctx);

} // namespace gpumem::access

#endif
