//===- KernelWork.cpp - counting FLOPs and bytes per loop -----------------===//
#include "checks/cuda/CudaBuiltins.h"
#include "checks/access/KernelWork.h"

#include "checks/cuda/ConstantInt.h"
#include "checks/cuda/Loops.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/bit.h"

#include <algorithm>

namespace gpumem::access {

using namespace clang;
using gpumem::model::Precision;

namespace {

std::optional<Precision> precisionOf(QualType T) {
  T = T.getCanonicalType();
  if (const auto *BT = T->getAs<BuiltinType>()) {
    switch (BT->getKind()) {
    case BuiltinType::Half:
    case BuiltinType::Float16:
      return Precision::FP16;
    case BuiltinType::Float:
      return Precision::FP32;
    case BuiltinType::Double:
      return Precision::FP64;
    default:
      return std::nullopt;
    }
  }
  return std::nullopt;
}

/// The fp16 lanes of a value of cuda_fp16.h's or cuda_bf16.h's types: 1
/// for __half and __nv_bfloat16, 2 for their pairs, 0 for anything else.
/// Both count at the fp16 rate (the "fp16 machine balance").
unsigned halfLanes(QualType T) {
  const auto *RD = T.getNonReferenceType()->getAsRecordDecl();
  if (!RD || !RD->getIdentifier())
    return 0;
  const StringRef Name = RD->getName();
  if (Name == "__half" || Name == "__nv_bfloat16")
    return 1;
  if (Name == "__half2" || Name == "__nv_bfloat162")
    return 2;
  return 0;
}

/// FLOPs per lane of a cuda_fp16.h/cuda_bf16.h arithmetic intrinsic: one
/// per element for __hadd, __hsub, __hmul, __hdiv (and their pair forms),
/// two for the fused __hfma; 0 for anything else.
unsigned halfIntrinsicFlops(StringRef Name, QualType Result) {
  const unsigned Lanes = halfLanes(Result);
  if (!Lanes)
    return 0;
  if (Name == "__hfma" || Name == "__hfma2")
    return 2 * Lanes;
  if (Name == "__hadd" || Name == "__hsub" || Name == "__hmul" ||
      Name == "__hdiv" || Name == "__hadd2" || Name == "__hsub2" ||
      Name == "__hmul2" || Name == "__h2div")
    return Lanes;
  return 0;
}

/// Work of one region, its own loops multiplied out.
struct RegionWork {
  double Flops[3] = {0, 0, 0};
  double Bytes = 0;
  double SharedBytes = 0, SharedBytesPerThread = 0, UnsharedBytes = 0,
         StoreBytes = 0;
  bool Complete = true;
  bool ReadsShared = false;
  std::int64_t TileTrips = 0;
  void add(const RegionWork &O, double Times) {
    for (int P = 0; P < 3; ++P)
      Flops[P] += Times * O.Flops[P];
    Bytes += Times * O.Bytes;
    SharedBytes += Times * O.SharedBytes;
    SharedBytesPerThread += Times * O.SharedBytesPerThread;
    UnsharedBytes += Times * O.UnsharedBytes;
    StoreBytes += Times * O.StoreBytes;
    Complete &= O.Complete;
    ReadsShared |= O.ReadsShared;
    TileTrips = std::max(TileTrips, O.TileTrips);
  }
  double flops() const { return Flops[0] + Flops[1] + Flops[2]; }
  bool empty() const { return Bytes == 0 && flops() == 0; }
};

unsigned activeLanes(lanes::LaneMask M) {
  return static_cast<unsigned>(llvm::popcount(M & lanes::AllLanes));
}

/// Distinct values among \p Keys (sorted in place).
template <typename Key>
unsigned distinctCount(llvm::SmallVectorImpl<Key> &Keys) {
  llvm::sort(Keys);
  return static_cast<unsigned>(std::unique(Keys.begin(), Keys.end()) -
                               Keys.begin());
}

/// True when a block of \p Kernel holds more than one warp: the launch's
/// or the stated shape, else the assumed block size.
bool severalWarps(const KernelAccesses &Kernel) {
  const std::optional<cuda::BlockShape> Shape =
      Kernel.Block.fixedByCode() ? Kernel.Block.Shape : std::nullopt;
  std::int64_t W = lanes::WarpLanes;
  if (!Shape)
    return Kernel.AssumedBlockSize > W &&
           (Kernel.MaxThreads == 0 || Kernel.MaxThreads > W);
  std::int64_t Known = 1;
  for (std::int64_t E : {Shape->X, Shape->Y, Shape->Z})
    Known *= E > 0 ? E : 1;
  return Known > W;
}

/// How a global load's bytes are charged per thread and whether threads
/// of a block share them.
struct LoadCharge {
  /// Bytes per thread of the warp, averaged over the scenarios: once per
  /// active lane, a warp's broadcast included (SPEC cell I's model has no
  /// caches: every thread's load is a request of its size, the naive
  /// matmul 2 FLOPs over 8 bytes).
  double Charged = 0;
  /// Bytes per thread if each active lane loaded its own copy.
  double PerThread = 0;
  enum class Reuse { Shared, Unshared, Undecided } Kind = Reuse::Undecided;
};

class WorkCounter {
public:
  WorkCounter(const KernelAccesses &Kernel, ASTContext &Ctx)
      : Ctx(Ctx), SeveralWarps(severalWarps(Kernel)),
        BranchLanes(Kernel.BranchLanes), BranchShares(Kernel.BranchShares),
        ExitShares(Kernel.ExitShares),
        UniformIfs(Kernel.UniformIfs) {
    for (const MemoryAccess &A : Kernel.Accesses) {
      ByExpr[A.Expression].push_back(&A);
      if (A.Space == lanes::MemorySpace::Global && A.InLoop &&
          A.Kind != AccessKind::Store)
        ++LoopLoadsOf[A.Base];
      if (A.Space == lanes::MemorySpace::Global && !A.Offset.isUnknown())
        GridAxes |= A.BlockAxes;
    }
  }

  /// Work of \p S: its expressions, its loops of constant trip count
  /// multiplied out. Loops of unknown trip count become hot-loop
  /// candidates and contribute nothing here.
  RegionWork count(const Stmt *S, unsigned Depth = 0) {
    RegionWork W;
    if (!S || Depth > 256)
      return W;
    if (const auto *E = dyn_cast<Expr>(S))
      countExpr(E, W);
    const auto *If = dyn_cast<IfStmt>(S);
    // An if the warp takes as one (on a parameter, `if (mode == 1)`):
    // one branch runs, the costlier is counted, not both.
    if (If && If->getElse() && UniformIfs.contains(If)) {
      W.add(count(If->getCond(), Depth + 1), 1);
      RegionWork Then = count(If->getThen(), Depth + 1);
      RegionWork Else = count(If->getElse(), Depth + 1);
      const bool ThenCostlier = Then.flops() != Else.flops()
                                    ? Then.flops() > Else.flops()
                                    : Then.Bytes >= Else.Bytes;
      W.add(ThenCostlier ? Then : Else, 1);
      W.Complete &= Then.Complete && Else.Complete;
      return W;
    }
    const double Entry = ActiveShare;
    for (const Stmt *Child : S->children()) {
      if (!Child || isa<LambdaExpr>(Child))
        continue;
      // A branch of an if runs on the lanes its guard leaves active: its
      // FLOPs are charged to them, as its loads are.
      const bool Branch =
          If && (Child == If->getThen() || Child == If->getElse());
      W.add(countAt(Child, Branch ? branchShare(Child) : std::nullopt,
                    Depth + 1),
            1);
      // What follows an early exit runs on the lanes it leaves, as the
      // accesses there are charged.
      if (isa<CompoundStmt>(S))
        if (auto It = ExitShares.find(Child); It != ExitShares.end())
          ActiveShare = It->second;
    }
    ActiveShare = Entry;
    return W;
  }

  const Stmt *HotLoop = nullptr;
  RegionWork Hot;

private:
  ASTContext &Ctx;
  bool SeveralWarps;
  const llvm::DenseMap<const Stmt *, lanes::LaneMask> &BranchLanes;
  const llvm::DenseMap<const Stmt *, double> &BranchShares;
  const llvm::DenseMap<const Stmt *, double> &ExitShares;
  const llvm::SmallPtrSet<const Stmt *, 4> &UniformIfs;
  /// The share of the warp's lanes that runs the statement being counted.
  double ActiveShare = 1;
  /// The blockIdx axes some global access depends on: the grid spans them.
  unsigned GridAxes = 0;
  llvm::DenseMap<const Expr *, llvm::SmallVector<const MemoryAccess *, 2>>
      ByExpr;
  /// Global loads in loops, per array: a second one may overlap the first
  /// across threads (in[i - 1], in[i + 1] of a stencil).
  llvm::DenseMap<const ValueDecl *, unsigned> LoopLoadsOf;

  /// The share the walk decided for \p Body (the block's, or the first
  /// warp's lanes), when a guard narrowed it.
  std::optional<double> narrowedShare(const Stmt *Body) const {
    if (auto It = BranchShares.find(Body); It != BranchShares.end())
      return It->second;
    if (auto It = BranchLanes.find(Body); It != BranchLanes.end())
      return static_cast<double>(activeLanes(It->second)) / lanes::WarpLanes;
    return std::nullopt;
  }

  /// The share of lanes that run \p Branch, from an access in it that no
  /// further condition guards; none when it has no such access.
  std::optional<double> branchShare(const Stmt *Branch) const {
    // The block's share, where the branch's guard was decided for every
    // warp; else the lanes the walk decided for the branch, whether or not
    // it holds an access (`if (tid < 16) acc = acc * x + x;`).
    if (!Branch)
      return std::nullopt;
    if (std::optional<double> Share = narrowedShare(Branch))
      return Share;
    if (isa<IfStmt>(Branch) || isa<SwitchStmt>(Branch) ||
        isa<ConditionalOperator>(Branch) || isa<LambdaExpr>(Branch))
      return std::nullopt;
    if (const auto *E = dyn_cast<Expr>(Branch))
      if (auto It = ByExpr.find(E); It != ByExpr.end())
        return static_cast<double>(activeLanes(It->second.front()->Active)) /
               lanes::WarpLanes;
    for (const Stmt *Child : Branch->children())
      if (std::optional<double> Share = branchShare(Child))
        return Share;
    return std::nullopt;
  }

  /// The bytes of \p A charged per thread of the block: the first warp's
  /// (chargeFirstWarp), at the block's share where the access's guards
  /// were decided for every warp (`if (tid < 64)` in a block of 256: a
  /// quarter of the threads, where the first warp runs it whole).
  LoadCharge charge(const MemoryAccess &A) const {
    LoadCharge C = chargeFirstWarp(A);
    if (!A.BlockShare)
      return C;
    const double First =
        static_cast<double>(activeLanes(A.Active)) / lanes::WarpLanes;
    if (First > 0) {
      C.Charged *= *A.BlockShare / First;
      C.PerThread *= *A.BlockShare / First;
    } else {
      C.Charged = C.PerThread = A.Width * *A.BlockShare;
    }
    return C;
  }

  LoadCharge chargeFirstWarp(const MemoryAccess &A) const {
    LoadCharge C;
    bool AllShare = true, NoneShare = true, SeveralLanes = true;
    // One lane mask with the addresses (or, for a symbolic stride, the
    // per-lane coefficients) that each active lane uses.
    auto Tally = [&](lanes::LaneMask Mask, auto &&KeyOf) {
      llvm::SmallVector<decltype(KeyOf(0U)), lanes::WarpLanes> Keys;
      for (unsigned L = 0; L < lanes::WarpLanes; ++L)
        if ((Mask >> L) & 1U)
          Keys.push_back(KeyOf(L));
      const unsigned Active = Keys.size();
      const unsigned Addresses = distinctCount(Keys);
      C.Charged += static_cast<double>(A.Width) * Active / lanes::WarpLanes;
      C.PerThread += static_cast<double>(A.Width) * Active / lanes::WarpLanes;
      bool Shares = Addresses < Active;
      AllShare &= Shares;
      NoneShare &= !Shares && Active > 0;
      // One lane walking a loop alone (a final sum under tid == 0) is
      // serial work, not a load threads could share through a tile.
      SeveralLanes &= Active > 1;
    };
    if (!A.Scenarios.empty()) {
      for (const LaneScenario &S : A.Scenarios)
        Tally(S.Active, [&](unsigned L) { return S.Offset[L]; });
      C.Charged /= A.Scenarios.size();
      C.PerThread /= A.Scenarios.size();
    } else if (!A.Offset.isUnknown()) {
      // A symbolic stride (A[row * n + k], row from threadIdx): lanes with
      // equal coefficients share the address whatever the symbols are;
      // symbols stand for positive sizes, so other lanes do not.
      Tally(A.Active, [&](unsigned L) {
        std::vector<std::int64_t> Key{A.Offset.laneConstants()[L]};
        for (const lanes::LaneTerm &T : A.Offset.terms())
          Key.push_back(T.Coeff[L]);
        return Key;
      });
    } else {
      C.Charged = C.PerThread = static_cast<double>(A.Width) *
                                activeLanes(A.Active) / lanes::WarpLanes;
      return C;
    }
    // Every warp of the block at the same addresses is reuse too (B[k][col]
    // of a naive matmul on 32x8 blocks, read by each of the 8 warps), and
    // so are the blocks along a grid axis the offset does not depend on
    // (B[k][col] again, with one row of C per block along y).
    bool SameForEveryWarp = !A.DependsOnWarp && SeveralWarps;
    bool SameForBlocks = (GridAxes & ~A.BlockAxes) != 0;
    if (SeveralLanes && (AllShare || SameForEveryWarp || SameForBlocks))
      C.Kind = LoadCharge::Reuse::Shared;
    else if (NoneShare && A.DependsOnWarp && A.Base &&
             LoopLoadsOf.lookup(A.Base) <= 1)
      C.Kind = LoadCharge::Reuse::Unshared;
    return C;
  }

  /// \p Child's work, a loop's or a statement's, charged at \p Share of
  /// the lanes where one is given (else the enclosing share).
  RegionWork countAt(const Stmt *Child, std::optional<double> Share,
                     unsigned Depth) {
    const double Outer = ActiveShare;
    if (Share)
      ActiveShare = *Share;
    RegionWork W =
        cuda::isLoop(Child) ? countLoop(Child, Depth) : count(Child, Depth);
    ActiveShare = Outer;
    return W;
  }

  RegionWork countLoop(const Stmt *Loop, unsigned Depth) {
    RegionWork Body;
    // A body the loop's condition narrows (`for (i = tid; i < 64; ...)`
    // in a block of 256) runs on the lanes of its first pass.
    const Stmt *Inside = narrowedLoopBody(Loop);
    for (const Stmt *Child : Loop->children())
      if (Child)
        Body.add(countAt(Child,
                         Child == Inside ? narrowedShare(Child) : std::nullopt,
                         Depth + 1),
                 1);
    std::optional<std::int64_t> Trips;
    if (const auto *FS = dyn_cast<ForStmt>(Loop))
      Trips = cuda::constantTripCount(FS, Ctx);
    RegionWork W;
    if (Trips) {
      // A constant loop over shared memory only is a tile loop.
      if (Body.ReadsShared && Body.Bytes == 0 && Body.TileTrips == 0)
        Body.TileTrips = *Trips;
      W.add(Body, static_cast<double>(*Trips));
      return W;
    }
    noteHotCandidate(Loop, Body);
    // Per iteration of an enclosing region, this loop's work is unknown.
    W.Complete = Body.empty();
    return W;
  }

  void noteHotCandidate(const Stmt *Loop, const RegionWork &Body) {
    // The hot loop carries the most global traffic per iteration; an
    // enclosing loop is found later and wins only with more bytes.
    if (Body.Bytes <= 0)
      return;
    if (!HotLoop || Body.Bytes > Hot.Bytes) {
      HotLoop = Loop;
      Hot = Body;
    }
  }

  void countExpr(const Expr *E, RegionWork &W) {
    if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
      BinaryOperatorKind Op = BO->getOpcode();
      bool Arith = Op == BO_Add || Op == BO_Sub || Op == BO_Mul ||
                   Op == BO_Div || Op == BO_AddAssign ||
                   Op == BO_SubAssign || Op == BO_MulAssign ||
                   Op == BO_DivAssign;
      QualType T = BO->isCompoundAssignmentOp()
                       ? cast<CompoundAssignOperator>(BO)->getComputationResultType()
                       : BO->getType();
      if (Arith)
        if (auto P = precisionOf(T))
          W.Flops[static_cast<int>(*P)] += ActiveShare;
    }
    // The operators of __half and __half2 (a * b, c += d).
    if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
        Op && Op->getNumArgs() == 2) {
      const OverloadedOperatorKind K = Op->getOperator();
      if (K == OO_Plus || K == OO_Minus || K == OO_Star || K == OO_Slash ||
          K == OO_PlusEqual || K == OO_MinusEqual || K == OO_StarEqual ||
          K == OO_SlashEqual)
        W.Flops[static_cast<int>(Precision::FP16)] +=
            halfLanes(Op->getArg(0)->getType()) * ActiveShare;
    }
    if (const auto *Call = dyn_cast<CallExpr>(E))
      if (const FunctionDecl *FD = cuda::calleeOf(Call);
          FD && FD->getIdentifier()) {
        StringRef Name = FD->getName();
        if (Name == "fma" || Name == "fmaf" || Name.starts_with("__fma"))
          if (auto P = precisionOf(Call->getType()))
            W.Flops[static_cast<int>(*P)] += 2 * ActiveShare;
        if (unsigned F = halfIntrinsicFlops(Name, Call->getType()))
          W.Flops[static_cast<int>(Precision::FP16)] += F * ActiveShare;
      }
    auto It = ByExpr.find(E);
    if (It == ByExpr.end())
      return;
    for (const MemoryAccess *A : It->second) {
      if (A->Space == lanes::MemorySpace::Shared && A->Kind != AccessKind::Store)
        W.ReadsShared = true;
      if (A->Space != lanes::MemorySpace::Global)
        continue;
      LoadCharge C = charge(*A);
      if (A->Kind != AccessKind::Load) {
        // A store, or the store half of a read-modify-write.
        W.Bytes += C.Charged;
        W.StoreBytes += C.Charged;
        if (A->Kind == AccessKind::Store)
          continue;
      }
      W.Bytes += C.Charged;
      if (C.Kind == LoadCharge::Reuse::Shared) {
        W.SharedBytes += C.Charged;
        W.SharedBytesPerThread += C.PerThread;
      } else if (C.Kind == LoadCharge::Reuse::Unshared) {
        W.UnsharedBytes += C.Charged;
      }
    }
  }
};

} // namespace

gpumem::model::Precision KernelWork::dominantPrecision() const {
  if (Flops[2] > 0 && Flops[2] >= Flops[1] && Flops[2] >= Flops[0])
    return Precision::FP64;
  if (Flops[0] > Flops[1])
    return Precision::FP16;
  return Precision::FP32;
}

KernelWork estimateKernelWork(const KernelAccesses &Kernel, ASTContext &Ctx) {
  KernelWork Work;
  const FunctionDecl *Def = nullptr;
  if (!Kernel.Kernel || !Kernel.Kernel->hasBody(Def) || !Def)
    return Work;
  WorkCounter Counter(Kernel, Ctx);
  RegionWork Body = Counter.count(Def->getBody());
  const RegionWork &Chosen = Counter.HotLoop ? Counter.Hot : Body;
  Work.HotLoop = Counter.HotLoop;
  for (int P = 0; P < 3; ++P)
    Work.Flops[P] = Chosen.Flops[P];
  Work.GlobalBytes = Chosen.Bytes;
  Work.TileTrips = Chosen.TileTrips;
  Work.SharedLoadBytes = Chosen.SharedBytes;
  Work.SharedLoadBytesPerThread = Chosen.SharedBytesPerThread;
  Work.UnsharedLoadBytes = Chosen.UnsharedBytes;
  Work.StoreBytes = Chosen.StoreBytes;
  Work.Complete = Chosen.Complete;
  Work.ElementBytes = Work.dominantPrecision() == Precision::FP64   ? 8
                      : Work.dominantPrecision() == Precision::FP16 ? 2
                                                                    : 4;
  return Work;
}

} // namespace gpumem::access
