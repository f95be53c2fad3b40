//===- EvaluatorCore.cpp - the lane evaluator's state ---------------------===//
//
// The bookkeeping every evaluation shares: the function cache, the frames
// of the kernel, what is fixed for a while, the step caps and the effects.
//
//===----------------------------------------------------------------------===//
#include "checks/lanes/EvaluatorCore.h"

namespace gpumem::lanes {

using namespace clang;

const cuda::FunctionFacts &FunctionCache::factsOf(const FunctionDecl *FD) {
  auto &Slot = Facts[FD];
  if (!Slot)
    Slot = std::make_unique<cuda::FunctionFacts>(FD);
  return *Slot;
}

const cuda::ReachingWrites &FunctionCache::flowOf(const FunctionDecl *FD,
                                                  ASTContext &Ctx) {
  auto &Slot = Flows[FD];
  if (!Slot)
    Slot = std::make_unique<cuda::ReachingWrites>(FD, Ctx, factsOf(FD));
  return *Slot;
}

EvaluatorCore::EvaluatorCore(ASTContext &Ctx, SymbolTable &Symbols,
                             const ThreadGeometry &Geometry,
                             FunctionCache &Functions)
    : Ctx(Ctx), Symbols(Symbols), Geometry(Geometry), Functions(Functions) {}

Assumptions EvaluatorCore::pinning(std::map<SymbolId, std::int64_t> Pins) {
  Assumptions A;
  A.Pins = std::move(Pins);
  A.Fixed = Assumed.Fixed;
  A.Generation = ++Generations;
  return A;
}

Assumptions EvaluatorCore::fixing(const VarDecl *VD, PointerValue Value) {
  Assumptions A = Assumed;
  A.Fixed.push_back({VD, std::move(Value)});
  A.Generation = ++Generations;
  return A;
}

void EvaluatorCore::record(const Effects &Did) {
  KernelDid += Did;
  if (!Open.empty())
    Open.back() += Did;
}

bool EvaluatorCore::takeStep() {
  if (Depth == 0)
    QuerySteps = 0;
  return ++QuerySteps <= MaxQuerySteps && ++KernelSteps <= MaxKernelSteps;
}

void EvaluatorCore::enterKernel(const FunctionDecl *FD) {
  Frames.clear();
  CallFrame Kernel;
  Kernel.Function = FD;
  Kernel.Facts = &factsOf(FD);
  Frames.push_back(std::move(Kernel));
}

} // namespace gpumem::lanes
