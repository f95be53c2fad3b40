//===- PassFacts.cpp - the loops around an access and their passes --------===//
#include "checks/access/PassFacts.h"
#include "checks/cuda/LoopPasses.h"
#include "checks/cuda/Loops.h"

using namespace clang;

namespace gpumem::access {

namespace {

/// True when \p A's address holds no value a loop's pass can change: a
/// known base and an offset of the launch's indices and sizes and the
/// kernel's parameters only (a loop's counter, a variable it steps, a
/// value loaded, anything unknown: it may).
bool fixedAcrossPasses(const MemoryAccess &A, const lanes::SymbolTable &Table) {
  if (!A.Base || A.Offset.isUnknown())
    return false;
  return llvm::all_of(A.Offset.symbols(), [&](lanes::SymbolId Id) {
    switch (Table[Id].Key.Kind) {
    case lanes::SymbolKind::BlockIndex:
    case lanes::SymbolKind::GridDim:
    case lanes::SymbolKind::BlockDim:
    case lanes::SymbolKind::WarpsPerRow:
    case lanes::SymbolKind::WarpPosition:
    case lanes::SymbolKind::ThreadIndex:
    case lanes::SymbolKind::GridSize:
    case lanes::SymbolKind::GridThreadsBefore:
    case lanes::SymbolKind::Parameter:
    case lanes::SymbolKind::ParameterField:
      return true;
    default:
      return false;
    }
  });
}

} // namespace

void PassFacts::note(MemoryAccess &A, const Expr *Target, unsigned LoopDepth,
                     lanes::LaneEvaluator &Eval, const ASTContext &Ctx) {
  if (LoopDepth == 0 || LoopDepth != Loops.size())
    return;
  const Frame &Inner = Loops.back();
  // In the loop's own function the address is read from the source; in
  // a device function the loop calls (a polling helper's `ld.acquire`),
  // from its value, the call's arguments bound.
  A.SameAddressEachPass =
      Inner.In == Eval.currentFunction()
          ? cuda::sameAddressEachPass(Target, Inner.Loop,
                                      Eval.functionFacts(Inner.In))
          : fixedAcrossPasses(A, Eval.symbols());
  if (A.GuardInsideLoop) {
    auto [It, New] = Collective.try_emplace(Inner.Loop, false);
    if (New)
      It->second = cuda::holdsCollectiveStep(Inner.Loop);
    A.PublishesPassResults = It->second;
  }
  A.ConstantPasses = 1;
  for (const Frame &F : Loops) {
    const auto *For = dyn_cast<ForStmt>(F.Loop);
    std::optional<std::int64_t> Passes =
        For ? cuda::constantTripCount(For, Ctx) : std::nullopt;
    if (!Passes || *Passes > (std::int64_t{1} << 20) / A.ConstantPasses) {
      A.ConstantPasses = 0;
      return;
    }
    A.ConstantPasses *= *Passes;
  }
}

} // namespace gpumem::access
