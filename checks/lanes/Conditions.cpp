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

#include <algorithm>
#include <utility>

namespace gpumem::lanes {

using namespace clang;
using namespace detail;

namespace {

/// Whether `X Op 0` holds for every X in [\p Lo, \p Hi] alike, and which;
/// none when it holds for some and not others.
std::optional<bool> holdsForRange(BinaryOperatorKind Op, std::int64_t Lo,
                                  std::int64_t Hi) {
  if (Op == BO_EQ || Op == BO_NE) {
    if (Lo > 0 || Hi < 0)
      return Op == BO_NE;
    if (Lo == 0 && Hi == 0)
      return Op == BO_EQ;
    return std::nullopt;
  }
  // <, <=, >, >= hold on one side of a point: the ends decide.
  const bool AtLo = compareHolds(Op, Lo, 0);
  if (AtLo != compareHolds(Op, Hi, 0))
    return std::nullopt;
  return AtLo;
}

/// The lanes where `V Op 0` holds in each of \p Warps: V's thread symbols
/// at the warp's values, its other symbols at \p Base's. None when a
/// thread symbol is not the warps' or a value leaves 64 bits.
std::optional<WarpMasks>
lanesPerWarp(BinaryOperatorKind Op, const LaneValue &V,
             const std::map<SymbolId, std::int64_t> &Base,
             const std::vector<WarpAssignment> &Warps,
             const SymbolTable &Symbols, const LaneRemainder &Rem) {
  const std::vector<LaneTerm> &Terms = V.terms();
  // A term whose coefficient is the same in every lane (32 * warp.x in
  // tid < 64) adds one number to the warp's lanes: summed once per warp.
  llvm::SmallVector<bool, 8> Uniform;
  for (const LaneTerm &T : Terms)
    Uniform.push_back(std::all_of(T.Coeff.begin() + 1, T.Coeff.end(),
                                  [&](std::int64_t C) { return C == T.Coeff[0]; }));
  const bool AllUniform = llvm::all_of(Uniform, [](bool U) { return U; });
  const LaneVector &K = V.laneConstants();
  const auto [KLo, KHi] = std::minmax_element(K.begin(), K.end());
  WarpMasks Out;
  Out.reserve(Warps.size());
  llvm::SmallVector<std::int64_t, 8> Products;
  for (const WarpAssignment &Warp : Warps) {
    Products.clear();
    std::int64_t Shift = 0;
    for (std::size_t I = 0; I < Terms.size(); ++I) {
      std::int64_t Product = 1;
      for (SymbolId Id : Terms[I].Symbols) {
        const std::int64_t *Value = Warp.find(Id);
        if (!Value) {
          if (Symbols[Id].ThreadDerived)
            return std::nullopt;
          auto It = Base.find(Id);
          if (It == Base.end())
            return std::nullopt;
          Value = &It->second;
        }
        if (__builtin_mul_overflow(Product, *Value, &Product))
          return std::nullopt;
      }
      std::int64_t Term = 0;
      if (Uniform[I] &&
          (__builtin_mul_overflow(Terms[I].Coeff[0], Product, &Term) ||
           __builtin_add_overflow(Shift, Term, &Shift)))
        return std::nullopt;
      Products.push_back(Uniform[I] ? 0 : Product);
    }
    // Lanes that differ by a constant only: a warp whose lanes all lie on
    // one side of the comparison (most of them) is decided by the ends.
    std::int64_t Lo, Hi;
    if (AllUniform && Rem.Divisor == 0 &&
        !__builtin_add_overflow(*KLo, Shift, &Lo) &&
        !__builtin_add_overflow(*KHi, Shift, &Hi))
      if (std::optional<bool> Whole = holdsForRange(Op, Lo, Hi)) {
        Out.push_back(*Whole ? AllLanes : 0);
        continue;
      }
    LaneMask M = 0;
    for (unsigned L = 0; L < WarpLanes; ++L) {
      std::int64_t X;
      if (__builtin_add_overflow(K[L], Shift, &X))
        return std::nullopt;
      for (std::size_t I = 0; I < Products.size(); ++I) {
        std::int64_t Term;
        if (Uniform[I])
          continue;
        if (__builtin_mul_overflow(Terms[I].Coeff[L], Products[I], &Term) ||
            __builtin_add_overflow(X, Term, &X))
          return std::nullopt;
      }
      std::optional<std::int64_t> Compared = Rem.of(X);
      if (!Compared)
        return std::nullopt;
      if (compareHolds(Op, *Compared, 0))
        M |= 1ULL << L;
    }
    Out.push_back(M);
  }
  return Out;
}

/// \p L op \p R per warp, where an empty side is every warp's \p LFirst
/// (\p RFirst).
WarpMasks combineWarps(const WarpMasks &L, LaneMask LFirst,
                       const WarpMasks &R, LaneMask RFirst, bool And) {
  if (L.empty() && R.empty())
    return {};
  const std::size_t N = std::max(L.size(), R.size());
  WarpMasks Out(N);
  for (std::size_t W = 0; W < N; ++W) {
    const LaneMask A = L.empty() ? LFirst : L[W];
    const LaneMask B = R.empty() ? RFirst : R[W];
    Out[W] = And ? A & B : A | B;
  }
  return Out;
}

} // namespace

const VarDecl *keptCondition(const Expr *Cond, const FunctionDecl *Function,
                             const cuda::FunctionFacts *Facts) {
  const auto *Ref = dyn_cast<DeclRefExpr>(Cond->IgnoreParenImpCasts());
  const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!VD || !VD->hasLocalStorage() || isa<ParmVarDecl>(VD) || !VD->getInit() ||
      !Facts || VD->getDeclContext() != Function ||
      !Facts->writesOf(VD).empty())
    return nullptr;
  // Only a condition: an integer kept is a number, decided as before.
  const Expr *Init = VD->getInit()->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(Init))
    return UO->getOpcode() == UO_LNot ? VD : nullptr;
  const auto *BO = dyn_cast<BinaryOperator>(Init);
  return BO && (BO->isComparisonOp() || BO->isLogicalOp()) ? VD : nullptr;
}

/// The lanes where \p V (its remainder by \p Rem) compares with 0 as \p Op
/// says; none where \p V is not a number in each lane.
static std::optional<LaneMask> lanesWhere(BinaryOperatorKind Op,
                                          const LaneValue &V,
                                          const LaneRemainder &Rem) {
  auto Lanes = V.asPerLane();
  if (!Lanes)
    return std::nullopt;
  LaneMask M = 0;
  for (unsigned L = 0; L < WarpLanes; ++L) {
    std::optional<std::int64_t> Compared = Rem.of((*Lanes)[L]);
    if (!Compared)
      return std::nullopt;
    if (compareHolds(Op, *Compared, 0))
      M |= 1ULL << L;
  }
  return M;
}

/// Of a comparison of a remainder by a positive constant with a constant
/// (`tid % 5 == 0`, `lane % 3 < 2`; on the right, `==` and `!=` only):
/// the dividend's value and the remainder to take of it per lane.
static std::optional<std::pair<LaneValue, LaneRemainder>>
remainderCompared(EvaluatorCore &Core, const BinaryOperator *Cmp) {
  for (const bool OnLeft : {true, false}) {
    if (!OnLeft && !Cmp->isEqualityOp())
      break;
    const auto *Mod = dyn_cast<BinaryOperator>(
        (OnLeft ? Cmp->getLHS() : Cmp->getRHS())->IgnoreParenImpCasts());
    if (!Mod || Mod->getOpcode() != BO_Rem)
      continue;
    const std::optional<std::int64_t> Divisor =
        cuda::constantInt(Mod->getRHS(), Core.Ctx);
    const std::optional<std::int64_t> Against =
        cuda::constantInt(OnLeft ? Cmp->getRHS() : Cmp->getLHS(), Core.Ctx);
    if (!Divisor || *Divisor <= 0 || !Against)
      continue;
    LaneValue Dividend =
        inType(Core.evaluate(Mod->getLHS()), Mod->getLHS(), Core.Ctx);
    if (Dividend.isUnknown())
      continue;
    return std::pair{std::move(Dividend), LaneRemainder{*Divisor, *Against}};
  }
  return std::nullopt;
}

std::optional<LaneMask> EvaluatorCore::evaluateCondition(const Expr *Cond) {
  // What each warp decides (LastWarps), while BlockWarps asks for it:
  // unknown until a branch below says.
  LastWarps.reset();
  if (!Cond || Guard.tooDeep(Depth, MaxDepth, MaxStackBytes) || !takeStep())
    return std::nullopt;
  llvm::SaveAndRestore Deeper(Depth, Depth + 1);
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(Cond);
      UO && UO->getOpcode() == UO_LNot) {
    auto M = evaluateCondition(UO->getSubExpr());
    if (!M)
      return std::nullopt;
    if (LastWarps)
      for (LaneMask &W : *LastWarps)
        W = ~W & AllLanes;
    return ~*M & AllLanes;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(Cond)) {
    if (BO->getOpcode() == BO_LAnd || BO->getOpcode() == BO_LOr) {
      auto L = evaluateCondition(BO->getLHS());
      std::optional<WarpMasks> LWarps = std::exchange(LastWarps, std::nullopt);
      auto R = evaluateCondition(BO->getRHS());
      std::optional<WarpMasks> RWarps = std::exchange(LastWarps, std::nullopt);
      if (BO->getOpcode() == BO_LAnd) {
        // A guard the lanes share (n > 0) leaves the other side in charge.
        if (!L) {
          LastWarps = std::move(RWarps);
          return R;
        }
        if (!R) {
          LastWarps = std::move(LWarps);
          return L;
        }
        if (LWarps && RWarps)
          LastWarps = combineWarps(*LWarps, *L, *RWarps, *R, /*And=*/true);
        return *L & *R;
      }
      if (!L || !R)
        return std::nullopt;
      if (LWarps && RWarps)
        LastWarps = combineWarps(*LWarps, *L, *RWarps, *R, /*And=*/false);
      return *L | *R;
    }
    if (BO->isComparisonOp()) {
      if (BO->getLHS()->getType()->isPointerType() ||
          !BO->getLHS()->getType()->isIntegralOrEnumerationType() ||
          !BO->getRHS()->getType()->isIntegralOrEnumerationType())
        return std::nullopt;
      LaneValue Diff = inType(evaluate(BO->getLHS()), BO->getLHS(), Ctx) -
                       inType(evaluate(BO->getRHS()), BO->getRHS(), Ctx);
      // `tid % 5 == 0`: a remainder the algebra cannot keep (the warp's
      // place is not a multiple of 5) is decided lane by lane.
      LaneRemainder Rem;
      if (Diff.isUnknown())
        if (auto Dividend = remainderCompared(*this, BO)) {
          Diff = std::move(Dividend->first);
          Rem = Dividend->second;
        }
      std::optional<WarpMasks> PerWarp;
      auto M = compareLanes(BO->getOpcode(), std::move(Diff),
                            /*Interior=*/false, &PerWarp, Rem);
      LastWarps = std::move(PerWarp);
      return M;
    }
  }
  // A guard kept in a variable never written after its declaration
  // (`const bool active = (tid & (2 * s - 1)) == 0; if (active)`): its
  // initializer decided as a condition, each read in it seeing the writes
  // that reach it there, so that each warp decides it and each pass of a
  // loop around it too.
  if (const VarDecl *Kept = Frames.empty()
                                ? nullptr
                                : keptCondition(Cond, Frames.back().Function,
                                                Frames.back().Facts))
    return evaluateCondition(Kept->getInit());
  // An integer taken as a condition, or a guard kept in a variable
  // (`bool valid = tid < n; if (valid)`): its value per lane, nonzero
  // where it holds. Those values are the first warp's; other warps' are
  // not known (LastWarps stays none).
  if (Cond->getType()->isIntegralOrEnumerationType()) {
    auto Lanes = evaluate(Cond).asPerLane();
    LastWarps.reset();
    if (!Lanes)
      return std::nullopt;
    LaneMask M = 0;
    for (unsigned L = 0; L < WarpLanes; ++L)
      if ((*Lanes)[L] != 0)
        M |= 1ULL << L;
    return M;
  }
  if (const auto *Lit = dyn_cast<CXXBoolLiteralExpr>(Cond)) {
    if (BlockWarps)
      LastWarps.emplace();
    return Lit->getValue() ? AllLanes : 0;
  }
  return std::nullopt;
}

std::optional<LaneMask>
EvaluatorCore::compareLanes(BinaryOperatorKind Op, LaneValue Diff,
                            bool Interior, std::optional<WarpMasks> *PerWarp,
                            LaneRemainder Rem) {
  if (PerWarp)
    PerWarp->reset();
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
  auto Holds = [&](const LaneValue &V) { return lanesWhere(Op, V, Rem); };
  // Each warp decides as the first does where no thread symbol is in
  // the comparison; else from the same difference, at the warp's values.
  const bool EachWarp = PerWarp && BlockWarps;
  if (Diff.terms().empty()) {
    if (EachWarp)
      PerWarp->emplace();
    return Holds(Diff);
  }
  // Guards on the thread index are decided for the first warp (its row
  // and warp symbols at 0); anything else is lane-uniform.
  std::map<SymbolId, std::int64_t> FirstWarp, SecondBlock;
  bool Block = false, Thread = false;
  // gridDim where it only scales a block index (the grid's rank of a
  // block, `blockIdx.y * gridDim.x + blockIdx.x`, a grid group's
  // thread_rank() with the block known): a place in the grid too. Its
  // terms vanish in the first block; the second is taken in a grid one
  // block wide along it.
  auto PlacesBlocks = [&](SymbolId Id) {
    return Symbols[Id].Key.Kind == SymbolKind::GridDim &&
           llvm::all_of(Diff.terms(), [&](const LaneTerm &T) {
             return !llvm::is_contained(T.Symbols, Id) ||
                    llvm::any_of(T.Symbols, [&](SymbolId Other) {
                      return Symbols[Other].isBlockIndex();
                    });
           });
  };
  for (SymbolId Id : Diff.symbols()) {
    if (PlacesBlocks(Id)) {
      FirstWarp[Id] = SecondBlock[Id] = 1;
      continue;
    }
    // A value loaded from an address the block or the warp picks
    // (nodes[blockIdx.x].end), or an operation on one the algebra could
    // not keep (min(16, height - blockIdx.y * 16)), is data, not a place
    // in the grid: 0 and 1 say nothing of it. Undecided: a bounds check.
    if ((!Symbols[Id].ThreadDerived && !Symbols[Id].isBlockIndex()) ||
        Symbols[Id].Key.Kind == SymbolKind::UniformLoad ||
        Symbols[Id].Key.Kind == SymbolKind::UniformOperation)
      return std::nullopt;
    Block |= Symbols[Id].isBlockIndex();
    Thread |= Symbols[Id].ThreadDerived;
    FirstWarp[Id] = 0;
    SecondBlock[Id] = Symbols[Id].isBlockIndex() ? 1 : 0;
  }
  record({/*FirstWarpGuards=*/1, 0, false});
  auto DecideEachWarp = [&](const std::map<SymbolId, std::int64_t> &Base) {
    if (!EachWarp)
      return;
    if (!Thread)
      PerWarp->emplace();
    else
      *PerWarp = lanesPerWarp(Op, Diff, Base, *BlockWarps, Symbols, Rem);
  };
  if (Block) {
    // A guard on a global index that lets in blocks after the first (a
    // border, x > 0) is decided for the second, like every block inside
    // the border; one that lets in the first block only (i == 0) is
    // decided for it.
    std::optional<LaneMask> Inside = Holds(Diff.substitute(SecondBlock));
    if (!Inside || *Inside != 0 || Interior) {
      if (Inside)
        DecideEachWarp(SecondBlock);
      return Inside;
    }
    record({0, /*FirstBlockGuards=*/1, false});
  }
  std::optional<LaneMask> First = Holds(Diff.substitute(FirstWarp));
  if (First)
    DecideEachWarp(FirstWarp);
  return First;
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
