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
         I < Launch->Arguments.size() && I < Def->getNumParams(); ++I) {
      const cuda::ArgumentFacts &Facts = Launch->Arguments[I];
      const ParmVarDecl *P = Def->getParamDecl(I);
      // The constant every launch passes; the values, where they differ.
      if (std::optional<std::int64_t> Value = Facts.constant();
          Value && Eval.bindKernelArgument(P, *Value))
        Out.ConstantArguments.emplace_back(P, *Value);
      if (Facts.Values.size() > 1)
        Out.LaunchValues[P] = Facts.Values;
      // What every launch keeps a size within (`if (n <= 16)
      // k<<<...>>>(n)`), where the kernel's own checks do not bound it
      // lower.
      if (Facts.Bound && *Facts.Bound >= 1) {
        auto [It, New] = Out.ParameterBounds.try_emplace(P, *Facts.Bound);
        if (New || *Facts.Bound < It->second) {
          It->second = *Facts.Bound;
          Out.BoundsAtLaunch.insert(P);
        }
      }
      if (Facts.Offset && *Facts.Offset != 0 &&
          Eval.bindKernelPointerOffset(P, *Facts.Offset))
        Out.PointerOffsets.emplace_back(P, *Facts.Offset);
    }
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
