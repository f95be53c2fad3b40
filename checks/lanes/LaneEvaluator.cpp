//===- LaneEvaluator.cpp - Clang expressions to lane values ---------------===//
#include "checks/lanes/LaneEvaluator.h"

#include "checks/lanes/EvaluatorSupport.h"

#include "checks/cuda/ConstantInt.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/Support/SaveAndRestore.h"

namespace gpumem::lanes {

using namespace clang;
using namespace detail;

const cuda::FunctionFacts &FunctionCache::factsOf(const FunctionDecl *FD) {
  auto &Slot = Facts[FD];
  if (!Slot)
    Slot = std::make_unique<cuda::FunctionFacts>(FD);
  return *Slot;
}

const ReachingWrites &FunctionCache::flowOf(const FunctionDecl *FD,
                                            ASTContext &Ctx) {
  auto &Slot = Flows[FD];
  if (!Slot)
    Slot = std::make_unique<ReachingWrites>(FD, Ctx, factsOf(FD));
  return *Slot;
}

LaneEvaluator::LaneEvaluator(ASTContext &Ctx, SymbolTable &Symbols,
                             const ThreadGeometry &Geometry,
                             FunctionCache *Cache)
    : Ctx(Ctx), Symbols(Symbols), Geometry(Geometry),
      Functions(Cache ? *Cache : OwnCache) {}

const cuda::FunctionFacts &LaneEvaluator::factsOf(const FunctionDecl *FD) {
  return Functions.factsOf(FD);
}

LaneEvaluator::Effects
LaneEvaluator::effectsSince(const Effects &Before) const {
  return {Did.FirstWarpGuards - Before.FirstWarpGuards,
          Did.FirstBlockGuards - Before.FirstBlockGuards,
          Did.UsedAssumedBounds && !Before.UsedAssumedBounds};
}

void LaneEvaluator::replay(const Effects &Again) {
  Did.FirstWarpGuards += Again.FirstWarpGuards;
  Did.FirstBlockGuards += Again.FirstBlockGuards;
  Did.UsedAssumedBounds = Did.UsedAssumedBounds || Again.UsedAssumedBounds;
}

LaneEvaluator::PinScope::PinScope(LaneEvaluator &E,
                                  std::map<SymbolId, std::int64_t> Values)
    : E(E), SavedPins(std::move(Values)), SavedGeneration(E.PinGeneration) {
  std::swap(E.Pinned, SavedPins);
  E.PinGeneration = ++E.PinGenerations;
}

LaneEvaluator::PinScope::~PinScope() {
  E.Pinned = std::move(SavedPins);
  E.PinGeneration = SavedGeneration;
}

bool LaneEvaluator::takeStep() {
  if (Depth == 0)
    QuerySteps = 0;
  return ++QuerySteps <= MaxQuerySteps && ++KernelSteps <= MaxKernelSteps;
}

std::uint64_t LaneEvaluator::loc(const Stmt *S) const {
  return S ? S->getBeginLoc().getRawEncoding() : 0;
}

void LaneEvaluator::enterKernel(const FunctionDecl *FD) {
  Frames.clear();
  Frame Kernel;
  Kernel.Function = FD;
  Kernel.Facts = &factsOf(FD);
  Frames.push_back(std::move(Kernel));
}

bool LaneEvaluator::bindKernelArgument(const ParmVarDecl *P,
                                       std::int64_t Value) {
  if (Frames.empty() || !P ||
      !isIntegerLike(P->getType().getNonReferenceType()) ||
      P->getType()->isReferenceType() ||
      (Frames.front().Facts && !Frames.front().Facts->writesOf(P).empty()))
    return false;
  Frames.front().Values[P] = LaneValue::constant(Value);
  return true;
}

const FunctionDecl *LaneEvaluator::currentFunction() const {
  return Frames.empty() ? nullptr : Frames.back().Function;
}

const VarDecl *LaneEvaluator::loopVariableOf(SymbolId Id) const {
  return Loops.variableOf(Id);
}

const Stmt *LaneEvaluator::loopOf(SymbolId Id) const {
  return Loops.loopOf(Id);
}

std::optional<LaneMask> LaneEvaluator::firstPassLanes(const Stmt *Loop,
                                                      const Expr *Cond) {
  return Loops.firstPassLanes(Loop, Cond);
}

bool LaneEvaluator::runsAtMostOnce(const ForStmt *Loop, LaneMask Active) {
  return Loops.runsAtMostOnce(Loop, Active);
}

LaneValue LaneEvaluator::pinned(LaneValue V) const {
  return Pinned.empty() ? V : V.substitute(Pinned);
}

LaneValue LaneEvaluator::evaluate(const Expr *E) {
  if (!E)
    return LaneValue::unknown(UnknownKind::NotFollowed, "missing expression");
  if (Depth >= MaxDepth)
    return LaneValue::unknown(UnknownKind::Limit,
                              "expression nested too deeply", loc(E));
  if (!takeStep())
    return LaneValue::unknown(UnknownKind::Limit,
                              "expression too costly to analyse", loc(E));
  llvm::SaveAndRestore Deeper(Depth, Depth + 1);
  return evaluateImpl(E);
}

LaneValue LaneEvaluator::evaluateVariable(const VarDecl *VD, const Expr *Use) {
  if (!isIntegerLike(VD->getType().getNonReferenceType()))
    return LaneValue::unknown(
        UnknownKind::NotFollowed,
        "'" + VD->getNameAsString() + "' is not an integer", loc(Use));
  const cuda::FunctionFacts *F = Frames.empty() ? nullptr : Frames.back().Facts;
  if (const cuda::InductionLoop *Loop =
          VD->hasLocalStorage() && F ? F->inductionLoopOf(VD) : nullptr) {
    // Read after its loop (`for (j = 0; j < 4; ++j) ...; out[j]`), it
    // holds the value that ended the loop, none of those the loop ran.
    if (const auto *Read = dyn_cast_or_null<DeclRefExpr>(
            Use ? Use->IgnoreParens() : nullptr);
        Read && Loop->ReadsOutside.contains(Read))
      return LaneValue::unknown(UnknownKind::Reassigned,
                                "'" + VD->getNameAsString() +
                                    "' is read after its loop",
                                loc(Use));
    return Loops.valueOf(VD, *Loop);
  }
  // Written more than once: the writes that reach this read.
  if (const auto *Read = dyn_cast<DeclRefExpr>(Use->IgnoreParens()))
    if (std::optional<PointerValue> Flow = Reassigned.valueAt(VD, Read))
      return Flow->Offset;
  // Parameters bound by an inlined call.
  for (auto It = Frames.rbegin(); It != Frames.rend(); ++It)
    if (auto Bound = It->Values.find(VD); Bound != It->Values.end())
      return Bound->second;

  if (VD->hasLocalStorage()) {
    // Written in a way the reaching writes do not follow (its address
    // taken, a read inside a lambda).
    if (F && !F->writesOf(VD).empty()) {
      // An asm statement's output: the instructions are not followed.
      for (const Stmt *W : F->writesOf(VD))
        if (isa<AsmStmt>(W))
          return LaneValue::unknown(UnknownKind::NotFollowed,
                                    "'" + VD->getNameAsString() +
                                        "' is written by inline asm",
                                    loc(W));
      return LaneValue::unknown(UnknownKind::Reassigned,
                                "'" + VD->getNameAsString() + "' is reassigned",
                                loc(F->writesOf(VD).front()));
    }
    if (isa<ParmVarDecl>(VD)) {
      // A kernel parameter: the same in every lane of every warp.
      return pinned(LaneValue::symbol(Symbols.intern(
          SymbolKey{SymbolKind::Parameter, VD, nullptr, 0, {}},
          VD->getNameAsString())));
    }
    if (VD->getType().getNonReferenceType().isVolatileQualified())
      return LaneValue::unknown(UnknownKind::NotFollowed, "volatile variable",
                                loc(Use));
    if (const Expr *Init = VD->getInit())
      return evaluateLocal(VD, Init);
    return LaneValue::unknown(
        UnknownKind::NotFollowed,
        "'" + VD->getNameAsString() + "' has no initializer", loc(Use));
  }
  // Namespace-scope or static: only constants are followed.
  if (VD->getType().isConstQualified() || VD->isConstexpr()) {
    if (const Expr *Init = VD->getAnyInitializer()) {
      if (auto C = cuda::constantInt(Init, Ctx))
        return LaneValue::constant(*C);
      return evaluate(Init);
    }
  }
  if (std::optional<LaneValue> Loaded = Shared.load(Use))
    return *Loaded;
  return LaneValue::unknown(
      UnknownKind::DataDependent,
      "index reads memory ('" + VD->getNameAsString() + "')", loc(Use));
}

LaneValue LaneEvaluator::evaluateLocal(const VarDecl *VD, const Expr *Init) {
  if (Frames.empty())
    return evaluate(Init);
  // Frames may grow while the initializer is evaluated (inlined calls):
  // hold the index, not a reference.
  const std::size_t FrameIndex = Frames.size() - 1;
  if (const LaneValue *Known = recall(Frames[FrameIndex].Locals, VD))
    return *Known;
  const Effects Before = effectsNow();
  LaneValue V = evaluate(Init);
  remember(Frames[FrameIndex].Locals, VD, V, Before);
  return V;
}

LaneValue LaneEvaluator::builtinValue(cuda::BuiltinIndex Builtin) const {
  switch (Builtin.Var) {
  case cuda::BuiltinVar::ThreadIdx:
    return pinned(Geometry.threadIdx(Builtin.Axis));
  case cuda::BuiltinVar::BlockIdx:
    return pinned(Geometry.blockIdx(Builtin.Axis));
  case cuda::BuiltinVar::BlockDim:
    return pinned(Geometry.blockDim(Builtin.Axis));
  case cuda::BuiltinVar::GridDim:
    return pinned(Geometry.gridDim(Builtin.Axis));
  }
  return LaneValue::unknown(UnknownKind::NotFollowed, "builtin variable");
}

} // namespace gpumem::lanes
