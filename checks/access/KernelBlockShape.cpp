//===- KernelBlockShape.cpp - where a kernel's block shape comes from -----===//
#include "checks/access/KernelBlockShape.h"

#include "checks/cuda/StatedBlockShape.h"

namespace gpumem::access {

using namespace clang;

void decideBlockShape(const FunctionDecl *Def, const FunctionDecl *Kernel,
                      ASTContext &Ctx, const launch::LaunchSites &Launches,
                      const AnalysisSettings &Settings, KernelAccesses &Out) {
  BlockShapeOrigin &Block = Out.Block;
  if (Settings.BlockDim)
    Block = {BlockShapeSource::Option, Settings.BlockDim, Def->getLocation()};
  // What the kernel says of its block beats the option, not a launch.
  if (auto Stated = cuda::statedBlockShape(Def, Ctx))
    Block = {BlockShapeSource::Stated, Stated->Shape, Stated->Where};
  if (const launch::LaunchSites::Entry *Launch = Launches.find(Kernel)) {
    Out.LaunchesDisagree = Launch->launchesDisagree();
    Out.InvalidLaunch = Launch->InvalidLaunch;
    Out.RuntimeBlock = Launch->RuntimeBlock;
    if (Launch->Shape)
      Block = {BlockShapeSource::Launch, *Launch->Shape, Launch->Where};
  }
  // __launch_bounds__(N): no block has more than N threads. Under 32 (and
  // only x read) the block is judged at N threads; otherwise the assumed
  // size for loop bounds is at most N, rounded down to whole warps.
  auto Bounds = cuda::launchBounds(Def, Ctx);
  if (!Bounds)
    return;
  Out.MaxThreads = Bounds->MaxThreads;
  Out.MaxThreadsLocation = Bounds->Where;
  if (Block.Shape)
    return;
  if (Bounds->Shape) {
    Block = {BlockShapeSource::LaunchBounds, Bounds->Shape, Bounds->Where};
  } else if (Bounds->MaxThreads >= 32 &&
             Bounds->MaxThreads / 32 * 32 < Out.AssumedBlockSize) {
    Out.AssumedBlockSize = Bounds->MaxThreads / 32 * 32;
    Out.AssumedSizeFromMaxThreads = true;
  }
}

} // namespace gpumem::access
