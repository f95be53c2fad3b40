//===- KernelWork.cpp - counting FLOPs and bytes per loop -----------------===//
#include "checks/access/KernelWork.h"

#include "checks/lanes/ConstantInt.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <set>

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

/// The trip count of `for (i = a; i < b; i += c)` with constant a, b, c.
std::optional<std::int64_t> tripCount(const ForStmt *FS, ASTContext &Ctx) {
  const VarDecl *VD = nullptr;
  std::optional<std::int64_t> Start;
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(FS->getInit());
      DS && DS->isSingleDecl())
    if ((VD = dyn_cast<VarDecl>(DS->getSingleDecl())))
      Start = lanes::constantInt(VD->getInit(), Ctx);
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      FS->getCond() ? FS->getCond()->IgnoreParenImpCasts() : nullptr);
  if (!VD || !Start || !Cond || !FS->getInc())
    return std::nullopt;
  auto IsVar = [VD](const Expr *E) {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return Ref && Ref->getDecl() == VD;
  };
  if (!IsVar(Cond->getLHS()))
    return std::nullopt;
  auto Bound = lanes::constantInt(Cond->getRHS(), Ctx);
  if (!Bound)
    return std::nullopt;
  std::int64_t Step = 0;
  const Expr *Inc = FS->getInc()->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(Inc);
      UO && UO->isIncrementDecrementOp() && IsVar(UO->getSubExpr()))
    Step = UO->isIncrementOp() ? 1 : -1;
  else if (const auto *BO = dyn_cast<BinaryOperator>(Inc);
           BO && IsVar(BO->getLHS()) &&
           (BO->getOpcode() == BO_AddAssign || BO->getOpcode() == BO_SubAssign))
    if (auto C = lanes::constantInt(BO->getRHS(), Ctx))
      Step = BO->getOpcode() == BO_AddAssign ? *C : -*C;
  if (Step == 0)
    return std::nullopt;
  std::int64_t Trips = 0;
  for (std::int64_t V = *Start; Trips <= (1 << 20); V += Step, ++Trips) {
    bool Holds = false;
    switch (Cond->getOpcode()) {
    case BO_LT:
      Holds = V < *Bound;
      break;
    case BO_LE:
      Holds = V <= *Bound;
      break;
    case BO_GT:
      Holds = V > *Bound;
      break;
    case BO_GE:
      Holds = V >= *Bound;
      break;
    case BO_NE:
      Holds = V != *Bound;
      break;
    default:
      return std::nullopt;
    }
    if (!Holds)
      return Trips;
  }
  return std::nullopt;
}

bool isLoop(const Stmt *S) {
  return isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) ||
         isa<CXXForRangeStmt>(S);
}

/// Work of one region, its own loops multiplied out.
struct RegionWork {
  double Flops[3] = {0, 0, 0};
  double Bytes = 0;
  bool Complete = true;
  bool ReadsShared = false;
  std::int64_t TileTrips = 0;
  bool HasReuse = false;
  void add(const RegionWork &O, double Times) {
    for (int P = 0; P < 3; ++P)
      Flops[P] += Times * O.Flops[P];
    Bytes += Times * O.Bytes;
    Complete &= O.Complete;
    ReadsShared |= O.ReadsShared;
    HasReuse |= O.HasReuse;
    TileTrips = std::max(TileTrips, O.TileTrips);
  }
  bool empty() const {
    return Bytes == 0 && Flops[0] + Flops[1] + Flops[2] == 0;
  }
};

class WorkCounter {
public:
  WorkCounter(const KernelAccesses &Kernel, ASTContext &Ctx) : Ctx(Ctx) {
    for (const MemoryAccess &A : Kernel.Accesses)
      ByExpr[A.Expression].push_back(&A);
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
    for (const Stmt *Child : S->children()) {
      if (!Child || isa<LambdaExpr>(Child))
        continue;
      W.add(isLoop(Child) ? countLoop(Child, Depth + 1)
                          : count(Child, Depth + 1),
            1);
    }
    return W;
  }

  const Stmt *HotLoop = nullptr;
  RegionWork Hot;

private:
  ASTContext &Ctx;
  llvm::DenseMap<const Expr *, llvm::SmallVector<const MemoryAccess *, 2>>
      ByExpr;

  RegionWork countLoop(const Stmt *Loop, unsigned Depth) {
    RegionWork Body;
    for (const Stmt *Child : Loop->children())
      if (Child)
        Body.add(isLoop(Child) ? countLoop(Child, Depth + 1)
                               : count(Child, Depth + 1),
                 1);
    std::optional<std::int64_t> Trips;
    if (const auto *FS = dyn_cast<ForStmt>(Loop))
      Trips = tripCount(FS, Ctx);
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
          W.Flops[static_cast<int>(*P)] += 1;
    }
    if (const auto *Call = dyn_cast<CallExpr>(E))
      if (const FunctionDecl *FD = Call->getDirectCallee();
          FD && FD->getIdentifier()) {
        StringRef Name = FD->getName();
        if (Name == "fma" || Name == "fmaf" || Name.starts_with("__fma"))
          if (auto P = precisionOf(Call->getType()))
            W.Flops[static_cast<int>(*P)] += 2;
      }
    auto It = ByExpr.find(E);
    if (It == ByExpr.end())
      return;
    for (const MemoryAccess *A : It->second) {
      if (A->Space == lanes::MemorySpace::Shared && A->Kind != AccessKind::Store)
        W.ReadsShared = true;
      if (A->Space != lanes::MemorySpace::Global)
        continue;
      double Times = A->Kind == AccessKind::ReadModifyWrite ? 2 : 1;
      double PerThread = A->Width;
      if (!A->Scenarios.empty()) {
        const LaneScenario &S = A->Scenarios.front();
        std::set<std::int64_t> Addresses;
        unsigned Active = 0;
        for (unsigned L = 0; L < lanes::WarpLanes; ++L)
          if ((S.Active >> L) & 1U) {
            Addresses.insert(S.Offset[L]);
            ++Active;
          }
        if (Active > 0 && Addresses.size() == 1)
          PerThread = static_cast<double>(A->Width) / lanes::WarpLanes;
        if (A->Kind != AccessKind::Store && Addresses.size() < Active)
          W.HasReuse = true;
      }
      W.Bytes += Times * PerThread;
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
  Work.HasReuse = Chosen.HasReuse;
  Work.Complete = Chosen.Complete;
  Work.ElementBytes = Work.dominantPrecision() == Precision::FP64   ? 8
                      : Work.dominantPrecision() == Precision::FP16 ? 2
                                                                    : 4;
  return Work;
}

} // namespace gpumem::access
