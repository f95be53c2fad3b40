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

HostFact<BlockShape> LaunchSites::readShape(const KernelLaunch &Launch,
                                            ASTContext &Ctx, FactsCache &Facts,
                                            HostCallers *Callers) {
  const SourceLocation At = Launch.Call->getBeginLoc();
  if (!Launch.Block && !Launch.Config)
    return HostFact<BlockShape>::unknown(HostUnknown::NotApplicable, At);
  LaunchReader Reader(Launch.Call, Ctx, Facts, Callers);
  std::optional<BlockShape> Shape = Launch.Block
                                        ? Reader.shapeOf(Launch.Block, 0)
                                        : Reader.configShape(Launch.Config);
  // A block CUDA would not launch says nothing of the blocks that run.
  if (Reader.NonPositive || (Shape && !launchableBlock(*Shape)))
    return HostFact<BlockShape>::unknown(HostUnknown::RejectedBlock, At);
  // Extents that are not constants are fine when the others place every
  // lane of a warp (`dim3 block = {4, 8, depth}`); otherwise nothing.
  if (Shape && !Shape->placesLanes())
    return HostFact<BlockShape>::unknown(HostUnknown::LanesNotPlaced, At);
  return HostFact<BlockShape>::from(Shape, HostUnknown::ValueOfTheRun, At);
}

void LaunchSites::add(const KernelLaunch &Launch, ASTContext &Ctx) {
  const FunctionDecl *Kernel = Launch.Kernel;
  const HostFact<BlockShape> Shape = readShape(Launch, Ctx, Facts, &Callers);
  const bool Rejected = !Shape && Shape.why() == HostUnknown::RejectedBlock;
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
  using Values = std::vector<std::int64_t>;
  for (const Expr *Arg : Passed) {
    // An argument the array of addresses does not fix (argumentsThrough).
    if (!Arg) {
      Arguments.push_back(ArgumentFacts::unknown(HostUnknown::ValueOfTheRun,
                                                 Launch.Call->getBeginLoc()));
      continue;
    }
    const SourceLocation At = Arg->getExprLoc();
    // Known or not, each fact says why: not an integer, not a pointer, a
    // value of the run.
    ArgumentFacts Now = ArgumentFacts::unknown(HostUnknown::NotApplicable, At);
    const Expr *E = Arg->IgnoreParenImpCasts();
    auto Known = [&](std::optional<Values> V) {
      if (!V || V->empty())
        return false;
      Now.Bound = HostFact<std::int64_t>::known(*llvm::max_element(*V));
      Now.Values = HostFact<Values>::known(std::move(*V));
      return true;
    };
    if (!E->isValueDependent() && E->getType()->isIntegralOrEnumerationType()) {
      Now.Values = HostFact<Values>::unknown(HostUnknown::ValueOfTheRun, At);
      // Its values at the launch; else a bound there; else, for a parameter
      // of the file's own dispatch helper or an expression of one (`cols *
      // 2`), what its callers pass (HostCallers.h), each call read as a
      // launch is, or the most they pass (`if (n <= 16) launchSmall(x,
      // n);`).
      if (!Known(Reader.valuesAtLaunch(E))) {
        if (std::optional<std::int64_t> Bound = Reader.boundAtLaunch(E))
          Now.Bound = HostFact<std::int64_t>::known(*Bound);
        else if (!Known(valuesFromCallers(E, Ctx, Callers)))
          Now.Bound =
              HostFact<std::int64_t>::from(boundFromCallers(E, Ctx, Callers),
                                           HostUnknown::ValueOfTheRun, At);
      }
    }
    if (!Arg->isValueDependent() && Arg->getType()->isPointerType())
      Now.Offset = HostFact<std::int64_t>::from(
          Reader.pointerOffsetAtLaunch(Arg), HostUnknown::ValueOfTheRun, At);
    if (!Arg->isValueDependent() && Arg->getType()->isRecordType())
      Now.Fields = Reader.fieldsAtLaunch(Arg);
    Arguments.push_back(std::move(Now));
  }
  auto [It, Inserted] = Entries.try_emplace(Kernel);
  Entry &E = It->second;
  if (Rejected && E.InvalidLaunch.isInvalid())
    E.InvalidLaunch = Launch.Call->getBeginLoc();
  if (!Shape && !Rejected && !E.RuntimeBlock)
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
    E.Arguments[I].merge(Arguments[I], Launch.Call->getBeginLoc());
  // A later launch that does not give the same known block: the launches
  // disagree, whatever the earlier reason.
  bool Same = E.Shape && Shape && E.Shape->X == Shape->X &&
              E.Shape->Y == Shape->Y && E.Shape->Z == Shape->Z;
  if (!Same)
    E.Shape = HostFact<BlockShape>::unknown(HostUnknown::LaunchesDisagree,
                                            Launch.Call->getBeginLoc());
}

void ArgumentFacts::merge(const ArgumentFacts &Now, SourceLocation NowAt) {
  // Every launch must pass a constant; a new one joins the others.
  if (Values && !Now.Values) {
    Values = Now.Values;
  } else if (Values) {
    std::vector<std::int64_t> Joined = *Values;
    for (std::int64_t V : *Now.Values)
      if (!llvm::is_contained(Joined, V))
        Joined.push_back(V);
    Values =
        Joined.size() > MaxValues
            ? HostFact<std::vector<std::int64_t>>::unknown(
                  HostUnknown::TooManyValues, NowAt)
            : HostFact<std::vector<std::int64_t>>::known(std::move(Joined));
  }
  // A bound holds for every launch when each has one: the largest.
  if (Bound && !Now.Bound)
    Bound = Now.Bound;
  else if (Bound)
    Bound = HostFact<std::int64_t>::known(std::max(*Bound, *Now.Bound));
  Offset.merge(Now.Offset, NowAt,
               [](std::int64_t A, std::int64_t B) { return A == B; });
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
