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
#include "checks/access/StraddledWarps.h"

namespace gpumem::access {

using namespace clang;
using lanes::SymbolId;

namespace {

/// Warps of a straddled block walked apart at most (a block holds 32), and
/// the accesses of the first walk past which the others are not made (the
/// first warp is then shown, as the launch's note says).
constexpr unsigned MaxWalkedWarps = 32;
constexpr std::size_t MaxAccessesPerWarpWalk = 512;

/// Binds what the launches fix of \p Def's parameters and walks its body
/// with \p Eval, into \p Out.
void walkKernel(const FunctionDecl *Def, const FunctionDecl *Kernel,
                ASTContext &Ctx, const launch::LaunchSites &Launches,
                const AnalysisSettings &Settings, lanes::LaneEvaluator &Eval,
                KernelAccesses &Out) {
  Eval.enterKernel(Def);
  if (const launch::LaunchSites::Entry *Launch = Launches.find(Kernel))
    for (std::size_t I = 0;
         I < Launch->Arguments.size() && I < Def->getNumParams(); ++I) {
      const launch::ArgumentFacts &Facts = Launch->Arguments[I];
      const ParmVarDecl *P = Def->getParamDecl(I);
      // The constant every launch passes; the values, where they differ.
      if (launch::HostFact<std::int64_t> Value = Facts.constant();
          Value && Eval.bindKernelArgument(P, *Value))
        Out.ConstantArguments.emplace_back(P, *Value);
      if (Facts.Values && Facts.Values->size() > 1)
        Out.LaunchValues[P] = *Facts.Values;
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
      for (const auto &[Field, Value] : Facts.Fields)
        if (Eval.bindKernelArgumentField(P, Field, Value))
          Out.ConstantFields.push_back({P, Field, Value});
    }
  detail::AccessWalk C(Ctx, Eval, Settings, Out);
  C.run(Def->getBody(), Eval.geometry().populatedLanes());
}

/// A block whose warps straddle rows (blockDim (24, 4)): walks warps 1 to
/// \p Warps - 1 as the first was walked, from \p Start, and adds their
/// scenarios to \p Out's accesses, each pinned to its warp, so that every
/// check prices the worst warp and the share of warps that pay it. Where
/// a warp's walk meets other accesses (a guard on the row drops one) or
/// prices one the first did not, the first warp stays the one shown.
void priceEveryWarp(const FunctionDecl *Def, const FunctionDecl *Kernel,
                    ASTContext &Ctx, const launch::LaunchSites &Launches,
                    const AnalysisSettings &Settings,
                    lanes::FunctionCache *Functions,
                    const KernelAccesses &Start, unsigned Warps,
                    KernelAccesses &Out) {
  lanes::SymbolTable &Symbols = *Out.Symbols;
  std::vector<std::vector<MemoryAccess>> Walks;
  for (unsigned W = 1; W < Warps; ++W) {
    KernelAccesses Other = Start;
    lanes::ThreadGeometry Geometry =
        lanes::ThreadGeometry::known(*Out.Block.Shape, Symbols, W);
    lanes::LaneEvaluator Eval(Ctx, Symbols, Geometry, Functions);
    walkKernel(Def, Kernel, Ctx, Launches, Settings, Eval, Other);
    // A walk that cannot merge ends the others' (they would be wasted).
    if (Other.AccessesCapped || !sameAccesses(Out.Accesses, Other.Accesses))
      return;
    Walks.push_back(std::move(Other.Accesses));
  }
  mergeWarpWalks(Out, std::move(Walks));
}

} // namespace

KernelAccesses collectKernelAccesses(const FunctionDecl *Kernel,
                                     ASTContext &Ctx,
                                     const launch::LaunchSites &Launches,
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
  const unsigned Warps =
      Shape ? lanes::ThreadGeometry::straddledWarps(*Shape) : 1;
  // Before the first walk: the later warps' walks start from the same
  // facts (an empty list of accesses).
  std::optional<KernelAccesses> Start;
  if (Warps > 1)
    Start = Out;
  lanes::ThreadGeometry Geometry =
      Shape ? lanes::ThreadGeometry::known(*Shape, *Out.Symbols)
            : lanes::ThreadGeometry::assumed(*Out.Symbols,
                                             Out.AssumedBlockSize);
  lanes::LaneEvaluator Eval(Ctx, *Out.Symbols, Geometry, Functions);
  walkKernel(Def, Kernel, Ctx, Launches, Settings, Eval, Out);
  Out.FirstWarpOnly = Geometry.firstWarpOnly();
  if (Warps > 1 && Warps <= MaxWalkedWarps &&
      Out.Accesses.size() <= MaxAccessesPerWarpWalk)
    priceEveryWarp(Def, Kernel, Ctx, Launches, Settings, Functions, *Start,
                   Warps, Out);
  // The results stay until the end of the TU, next to every other kernel's:
  // vectors grown by doubling give their spare room back (2.8 of the 63 MB
  // the analysis held on bench/'s 10,000-kernel TU).
  Out.Accesses.shrink_to_fit();
  for (MemoryAccess &A : Out.Accesses) {
    A.Offset.shrinkToFit();
    A.Scenarios.shrink_to_fit();
  }
  Out.Symbols->shrinkToFit();

  Out.UsedAssumedBounds = Eval.kernelEffects().UsedAssumedBounds;
  Out.UnitStrides = Eval.unitStrides();
  Out.GuardOnFirstWarp = Eval.kernelEffects().decidedForFirstWarp();
  for (SymbolId Id = 0; Id < Out.Symbols->size(); ++Id)
    if (const VarDecl *VD = Eval.loopVariableOf(Id))
      Out.LoopVariables[Id] = VD;
  return Out;
}

} // namespace gpumem::access
