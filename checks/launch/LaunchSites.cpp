//===- LaunchSites.cpp ----------------------------------------------------===//
#include "checks/launch/LaunchSites.h"

#include "checks/launch/LaunchReader.h"

#include <memory>

namespace gpumem::launch {

using namespace gpumem::cuda;

using namespace clang;

using FactsCache = LaunchSites::FactsCache;

bool launchableBlock(const BlockShape &S) {
  // CUDA's limits on a block (compute capability 5.0 and later): x and y
  // at most 1024, z at most 64, at most 1024 threads in all. An extent
  // that is not a constant (0 here) counts as 1.
  auto Known = [](std::int64_t E) { return E > 0 ? E : 1; };
  return S.X <= 1024 && S.Y <= 1024 && S.Z <= 64 &&
         Known(S.X) * Known(S.Y) * Known(S.Z) <= 1024;
}

LaunchSites::LaunchShape LaunchSites::readShape(const KernelLaunch &Launch,
                                                ASTContext &Ctx,
                                                FactsCache &Facts,
                                                HostCallers *Callers) {
  if (!Launch.Block && !Launch.Config)
    return {};
  LaunchReader Reader(Launch.Call, Ctx, Facts, Callers);
  std::optional<BlockShape> Shape = Launch.Block
                                        ? Reader.shapeOf(Launch.Block, 0)
                                        : Reader.configShape(Launch.Config);
  // A block CUDA would not launch says nothing of the blocks that run.
  if (Reader.NonPositive || (Shape && !launchableBlock(*Shape)))
    return {std::nullopt, true};
  // Extents that are not constants are fine when the others place every
  // lane of a warp (`dim3 block = {4, 8, depth}`); otherwise nothing.
  if (Shape && !Shape->placesLanes())
    return {};
  return {Shape, false};
}

void LaunchSites::add(const KernelLaunch &Launch, ASTContext &Ctx) {
  const FunctionDecl *Kernel = Launch.Kernel;
  LaunchShape Read = readShape(Launch, Ctx, Facts, &Callers);
  const std::optional<BlockShape> &Shape = Read.Shape;
  // What this launch says of each argument: an integer constant (a
  // template argument or a constexpr folds too) or bound, a pointer's
  // offset into its buffer.
  std::vector<ArgumentFacts> Arguments;
  LaunchReader Reader(Launch.Call, Ctx, Facts, &Callers);
  std::vector<const Expr *> Through;
  llvm::ArrayRef<const Expr *> Passed = Launch.Arguments;
  if (Launch.ArgumentArray) {
    Through = Reader.argumentsThrough(Launch.ArgumentArray, Kernel);
    Passed = Through;
  }
  for (const Expr *Arg : Passed) {
    ArgumentFacts Now;
    // An argument the array of addresses does not fix (argumentsThrough).
    if (!Arg) {
      Arguments.push_back(std::move(Now));
      continue;
    }
    const Expr *E = Arg->IgnoreParenImpCasts();
    if (!E->isValueDependent() && E->getType()->isIntegralOrEnumerationType()) {
      if (std::optional<std::vector<std::int64_t>> Values =
              Reader.valuesAtLaunch(E)) {
        Now.Values = std::move(*Values);
        Now.Bound = *llvm::max_element(Now.Values);
      } else if (std::optional<std::int64_t> Bound = Reader.boundAtLaunch(E)) {
        Now.Bound = Bound;
      } else if (std::optional<std::vector<std::int64_t>> Values =
                     valuesFromCallers(E, Ctx, Callers)) {
        // A parameter of the file's own dispatch helper, or an expression
        // of one (`cols * 2`): what its callers pass (HostCallers.h), each
        // call read as a launch is; or the most they pass (`if (n <= 16)
        // launchSmall(x, n);`).
        Now.Values = std::move(*Values);
        Now.Bound = *llvm::max_element(Now.Values);
      } else {
        Now.Bound = boundFromCallers(E, Ctx, Callers);
      }
    }
    if (!Arg->isValueDependent() && Arg->getType()->isPointerType())
      Now.Offset = Reader.pointerOffsetAtLaunch(Arg);
    if (!Arg->isValueDependent() && Arg->getType()->isRecordType())
      Now.Fields = Reader.fieldsAtLaunch(Arg);
    Arguments.push_back(std::move(Now));
  }
  auto [It, Inserted] = Entries.try_emplace(Kernel);
  Entry &E = It->second;
  if (Read.Invalid && E.InvalidLaunch.isInvalid())
    E.InvalidLaunch = Launch.Call->getBeginLoc();
  if (!Shape && !Read.Invalid && !E.RuntimeBlock)
    E.RuntimeBlock = Launch.Block;
  if (Inserted) {
    E.Shape = Shape;
    E.Where = Launch.Call->getBeginLoc();
    E.Arguments = std::move(Arguments);
    return;
  }
  if (E.Arguments.size() != Arguments.size())
    E.Arguments.clear();
  for (std::size_t I = 0; I < E.Arguments.size(); ++I)
    E.Arguments[I].merge(Arguments[I]);
  bool Same = E.Shape && Shape && E.Shape->X == Shape->X &&
              E.Shape->Y == Shape->Y && E.Shape->Z == Shape->Z;
  if (!Same) {
    E.Conflicting = true;
    E.Shape.reset();
  }
}

void ArgumentFacts::merge(const ArgumentFacts &Now) {
  // Every launch must pass a constant; a new one joins the others.
  if (Now.Values.empty() || Values.empty())
    Values.clear();
  else
    for (std::int64_t V : Now.Values)
      if (!llvm::is_contained(Values, V))
        Values.push_back(V);
  if (Values.size() > MaxValues)
    Values.clear();
  // A bound holds for every launch when each has one: the largest.
  Bound = Bound && Now.Bound ? std::optional(std::max(*Bound, *Now.Bound))
                             : std::nullopt;
  if (Offset != Now.Offset)
    Offset.reset();
  // A field keeps its constant where every launch gives it the same.
  llvm::erase_if(Fields, [&](const auto &Field) {
    return !llvm::is_contained(Now.Fields, Field);
  });
}

const LaunchSites::Entry *LaunchSites::find(const FunctionDecl *Kernel) const {
  auto It = Entries.find(Kernel ? Kernel->getCanonicalDecl() : nullptr);
  return It == Entries.end() ? nullptr : &It->second;
}

} // namespace gpumem::launch
