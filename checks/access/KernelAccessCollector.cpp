//===- KernelAccessCollector.cpp - a kernel's accesses, analysed ----------===//
//
// Sets up one kernel's analysis (its block shape, the lane evaluator, the
// constants every launch passes) and runs the walk of AccessWalk.h over
// its body.
//
//===----------------------------------------------------------------------===//
#include "checks/access/KernelAccessCollector.h"

#include "checks/access/AccessWalk.h"
#include "checks/access/KernelBlockShape.h"
#include "checks/access/ParameterBounds.h"

namespace gpumem::access {

using namespace clang;
using lanes::SymbolId;

KernelAccesses collectKernelAccesses(const FunctionDecl *Kernel,
                                     ASTContext &Ctx,
                                     const cuda::LaunchSites &Launches,
                                     const AnalysisSettings &Settings,
                                     lanes::FunctionCache *Functions) {
  KernelAccesses Out;
  Out.Kernel = Kernel;
  Out.Symbols = std::make_shared<lanes::SymbolTable>();
  Out.AssumedBlockSize = Settings.AssumedBlockSize;
  const FunctionDecl *Def = nullptr;
  if (!Kernel || !Kernel->hasBody(Def) || !Def || Def->isDependentContext())
    return Out;

  decideBlockShape(Def, Kernel, Ctx, Launches, Settings, Out);
  Out.ParameterBounds = parameterUpperBounds(Def, Ctx);
  const std::optional<cuda::BlockShape> &Shape = Out.Block.Shape;
  lanes::ThreadGeometry Geometry =
      Shape ? lanes::ThreadGeometry::known(*Shape, *Out.Symbols)
            : lanes::ThreadGeometry::assumed(*Out.Symbols,
                                             Out.AssumedBlockSize);
  lanes::LaneEvaluator Eval(Ctx, *Out.Symbols, Geometry, Functions);
  Eval.enterKernel(Def);
  if (const cuda::LaunchSites::Entry *Launch = Launches.find(Kernel))
    for (std::size_t I = 0;
         I < Launch->ConstantArgs.size() && I < Def->getNumParams(); ++I)
      if (Launch->ConstantArgs[I] &&
          Eval.bindKernelArgument(Def->getParamDecl(I),
                                  *Launch->ConstantArgs[I]))
        Out.ConstantArguments.emplace_back(Def->getParamDecl(I),
                                           *Launch->ConstantArgs[I]);
  // Values the launches pass that differ from launch to launch.
  if (const cuda::LaunchSites::Entry *Launch = Launches.find(Kernel))
    for (std::size_t I = 0;
         I < Launch->ArgumentValues.size() && I < Def->getNumParams(); ++I)
      if (Launch->ArgumentValues[I].size() > 1)
        Out.LaunchValues[Def->getParamDecl(I)] = Launch->ArgumentValues[I];
  // What every launch keeps a size within (`if (n <= 16) k<<<...>>>(n)`),
  // where the kernel's own checks do not bound it lower.
  if (const cuda::LaunchSites::Entry *Launch = Launches.find(Kernel))
    for (std::size_t I = 0;
         I < Launch->ArgumentBounds.size() && I < Def->getNumParams(); ++I)
      if (std::optional<std::int64_t> Bound = Launch->ArgumentBounds[I];
          Bound && *Bound >= 1) {
        const ParmVarDecl *P = Def->getParamDecl(I);
        auto [It, New] = Out.ParameterBounds.try_emplace(P, *Bound);
        if (New || *Bound < It->second) {
          It->second = *Bound;
          Out.BoundsAtLaunch.insert(P);
        }
      }
  if (const cuda::LaunchSites::Entry *Launch = Launches.find(Kernel))
    for (std::size_t I = 0;
         I < Launch->PointerOffsets.size() && I < Def->getNumParams(); ++I)
      if (std::optional<std::int64_t> Bytes = Launch->PointerOffsets[I];
          Bytes && *Bytes != 0 &&
          Eval.bindKernelPointerOffset(Def->getParamDecl(I), *Bytes))
        Out.PointerOffsets.emplace_back(Def->getParamDecl(I), *Bytes);
  detail::AccessWalk C(Ctx, Eval, Settings, Out);
  C.run(Def->getBody(), Geometry.populatedLanes());
  // The results stay until the end of the TU, next to every other kernel's:
  // vectors grown by doubling give their spare room back (2.8 of the 63 MB
  // the analysis held on bench/'s 10,000-kernel TU).
  Out.Accesses.shrink_to_fit();
  for (MemoryAccess &A : Out.Accesses) {
    A.Offset.shrinkToFit();
    A.Scenarios.shrink_to_fit();
  }
  Out.Symbols->shrinkToFit();

  Out.FirstWarpOnly = Geometry.firstWarpOnly();
  Out.UsedAssumedBounds = Eval.kernelEffects().UsedAssumedBounds;
  Out.UnitStrides = Eval.unitStrides();
  Out.GuardOnFirstWarp = Eval.kernelEffects().decidedForFirstWarp();
  for (SymbolId Id = 0; Id < Out.Symbols->size(); ++Id)
    if (const VarDecl *VD = Eval.loopVariableOf(Id))
      Out.LoopVariables[Id] = VD;
  return Out;
}

} // namespace gpumem::access
