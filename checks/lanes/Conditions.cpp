//===- Conditions.cpp - the lanes where a condition holds ----------------===//
//
// A condition is decided per lane where the lane algebra can: a guard on
// the thread index for the first warp of the block, one on a global index
// for the second block (or the first, where none of the second's lanes
// pass); one the lanes cannot be compared with (a bounds check on a
// parameter) is left undecided and taken as true for the whole warp.
//
//===----------------------------------------------------------------------===//
#include "checks/lanes/EvaluatorCore.h"

#include "checks/lanes/EvaluatorSupport.h"

#include "checks/cuda/CooperativeGroups.h"
#include "checks/cuda/ConstantInt.h"
#include "checks/cuda/CudaBuiltins.h"
#include "checks/lanes/GroupValues.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtVisitor.h"
#include "llvm/Support/SaveAndRestore.h"

namespace gpumem::lanes {

using namespace clang;
using namespace detail;

std::optional<LaneMask> EvaluatorCore::evaluateCondition(const Expr *Cond) {
  if (!Cond || Guard.tooDeep(Depth, MaxDepth, MaxStackBytes) || !takeStep())
    return std::nullopt;
  llvm::SaveAndRestore Deeper(Depth, Depth + 1);
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(Cond);
      UO && UO->getOpcode() == UO_LNot) {
    auto M = evaluateCondition(UO->getSubExpr());
    if (!M)
      return std::nullopt;
    return ~*M & AllLanes;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(Cond)) {
    if (BO->getOpcode() == BO_LAnd || BO->getOpcode() == BO_LOr) {
      auto L = evaluateCondition(BO->getLHS());
      auto R = evaluateCondition(BO->getRHS());
      if (BO->getOpcode() == BO_LAnd) {
        // A guard the lanes share (n > 0) leaves the other side in charge.
        if (!L)
          return R;
        if (!R)
          return L;
        return *L & *R;
      }
      if (!L || !R)
        return std::nullopt;
      return *L | *R;
    }
    if (BO->isComparisonOp()) {
      if (BO->getLHS()->getType()->isPointerType() ||
          !BO->getLHS()->getType()->isIntegralOrEnumerationType() ||
          !BO->getRHS()->getType()->isIntegralOrEnumerationType())
        return std::nullopt;
      return compareLanes(
          BO->getOpcode(),
          inType(evaluate(BO->getLHS()), BO->getLHS(), Ctx) -
              inType(evaluate(BO->getRHS()), BO->getRHS(), Ctx));
    }
  }
  // An integer taken as a condition, or a guard kept in a variable
  // (`bool valid = tid < n; if (valid)`): its value per lane, nonzero
  // where it holds.
  if (Cond->getType()->isIntegralOrEnumerationType()) {
    auto Lanes = evaluate(Cond).asPerLane();
    if (!Lanes)
      return std::nullopt;
    LaneMask M = 0;
    for (unsigned L = 0; L < WarpLanes; ++L)
      if ((*Lanes)[L] != 0)
        M |= 1ULL << L;
    return M;
  }
  if (const auto *Lit = dyn_cast<CXXBoolLiteralExpr>(Cond))
    return Lit->getValue() ? AllLanes : 0;
  return std::nullopt;
}

std::optional<LaneMask> EvaluatorCore::compareLanes(BinaryOperatorKind Op,
                                                    LaneValue Diff,
                                                    bool Interior) {
  if (Diff.isUnknown())
    return std::nullopt;
  if (!Diff.terms().empty() && Geometry.assumesBounds()) {
    // blockDim in a guard (index < blockDim.x) takes the assumed size,
    // as loop bounds do.
    auto Bounds = Geometry.boundsSubstitution();
    bool MentionsBlockDim = false;
    for (SymbolId Id : Diff.symbols())
      MentionsBlockDim |= Bounds.count(Id) > 0;
    if (MentionsBlockDim) {
      Diff = Diff.substitute(Bounds);
      record({0, 0, /*UsedAssumedBounds=*/true});
    }
  }
  auto Holds = [&](const LaneValue &V) -> std::optional<LaneMask> {
    auto Lanes = V.asPerLane();
    if (!Lanes)
      return std::nullopt;
    LaneMask M = 0;
    for (unsigned L = 0; L < WarpLanes; ++L)
      if (compareHolds(Op, (*Lanes)[L], 0))
        M |= 1ULL << L;
    return M;
  };
  if (Diff.terms().empty())
    return Holds(Diff);
  // Guards on the thread index are decided for the first warp (its row
  // and warp symbols at 0); anything else is lane-uniform.
  std::map<SymbolId, std::int64_t> FirstWarp, SecondBlock;
  bool Block = false;
  for (SymbolId Id : Diff.symbols()) {
    // A value loaded from an address the block or the warp picks
    // (nodes[blockIdx.x].end), or an operation on one the algebra could
    // not keep (min(16, height - blockIdx.y * 16)), is data, not a place
    // in the grid: 0 and 1 say nothing of it. Undecided: a bounds check.
    if ((!Symbols[Id].ThreadDerived && !Symbols[Id].isBlockIndex()) ||
        Symbols[Id].Key.Kind == SymbolKind::SharedLoad ||
        Symbols[Id].Key.Kind == SymbolKind::SharedOperation)
      return std::nullopt;
    Block |= Symbols[Id].isBlockIndex();
    FirstWarp[Id] = 0;
    SecondBlock[Id] = Symbols[Id].isBlockIndex() ? 1 : 0;
  }
  record({/*FirstWarpGuards=*/1, 0, false});
  if (Block) {
    // A guard on a global index that lets in blocks after the first (a
    // border, x > 0) is decided for the second, like every block inside
    // the border; one that lets in the first block only (i == 0) is
    // decided for it.
    std::optional<LaneMask> Inside = Holds(Diff.substitute(SecondBlock));
    if (!Inside || *Inside != 0 || Interior)
      return Inside;
    record({0, /*FirstBlockGuards=*/1, false});
  }
  return Holds(Diff.substitute(FirstWarp));
}

bool EvaluatorCore::warpUniform(const Expr *Cond) {
  if (!Cond)
    return true;
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(Cond);
      UO && UO->getOpcode() == UO_LNot)
    return warpUniform(UO->getSubExpr());
  auto Operand = [&](const Expr *E) {
    if (E->getType()->isPointerType()) {
      PointerValue P = evaluatePointer(E);
      return !P.isUnknown() && P.Offset.kind() != LaneKind::Varying;
    }
    LaneValue V = evaluate(E);
    return !V.isUnknown() && V.kind() != LaneKind::Varying;
  };
  if (const auto *BO = dyn_cast<BinaryOperator>(Cond)) {
    if (BO->isLogicalOp())
      return warpUniform(BO->getLHS()) && warpUniform(BO->getRHS());
    if (BO->isComparisonOp())
      return Operand(BO->getLHS()) && Operand(BO->getRHS());
  }
  if (isa<CXXBoolLiteralExpr>(Cond))
    return true;
  return Operand(Cond);
}

} // namespace gpumem::lanes
