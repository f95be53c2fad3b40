//===- LaneEvaluator.cpp - the evaluator's public face --------------------===//
//
// Each query is answered by the EvaluatorCore the face holds.
//
//===----------------------------------------------------------------------===//
#include "checks/lanes/LaneEvaluator.h"

#include "checks/lanes/EvaluatorCore.h"
#include "checks/lanes/EvaluatorSupport.h"

#include "llvm/Support/SaveAndRestore.h"

namespace gpumem::lanes {

using namespace clang;

LaneEvaluator::LaneEvaluator(ASTContext &Ctx, SymbolTable &Symbols,
                             const ThreadGeometry &Geometry,
                             FunctionCache *Cache)
    : OwnCache(Cache ? nullptr : std::make_unique<FunctionCache>()),
      Core(std::make_unique<EvaluatorCore>(Ctx, Symbols, Geometry,
                                           Cache ? *Cache : *OwnCache)) {}

LaneEvaluator::~LaneEvaluator() = default;

void LaneEvaluator::enterKernel(const FunctionDecl *FD) {
  Core->enterKernel(FD);
}

/// The kernel's frame, where a value for its parameter \p P can be bound:
/// null when there is none or the kernel writes \p P.
static CallFrame *kernelFrameFor(std::vector<CallFrame> &Frames,
                                 const ParmVarDecl *P) {
  if (Frames.empty() || !P ||
      (Frames.front().Facts && !Frames.front().Facts->writesOf(P).empty()))
    return nullptr;
  return &Frames.front();
}

bool LaneEvaluator::bindKernelArgument(const ParmVarDecl *P,
                                       std::int64_t Value) {
  CallFrame *Kernel = kernelFrameFor(Core->frames(), P);
  if (!Kernel || !detail::isIntegerLike(P->getType().getNonReferenceType()) ||
      P->getType()->isReferenceType())
    return false;
  Kernel->Values[P] = LaneValue::constant(Value);
  return true;
}

bool LaneEvaluator::bindKernelPointerOffset(const ParmVarDecl *P,
                                            std::int64_t Bytes) {
  CallFrame *Kernel = kernelFrameFor(Core->frames(), P);
  if (!Kernel || !P->getType()->isPointerType())
    return false;
  PointerValue At;
  At.Space = MemorySpace::Global;
  At.Base = P;
  At.Offset = LaneValue::constant(Bytes);
  Kernel->Pointers[P] = At;
  return true;
}

bool LaneEvaluator::bindKernelArgumentField(const ParmVarDecl *P,
                                            const FieldDecl *Field,
                                            std::int64_t Value) {
  CallFrame *Kernel = kernelFrameFor(Core->frames(), P);
  if (!Kernel || !Field || P->getType()->isReferenceType())
    return false;
  Kernel->FieldValues[{P, Field}] = Value;
  return true;
}

LaneValue LaneEvaluator::evaluate(const Expr *E) { return Core->evaluate(E); }

PointerValue LaneEvaluator::evaluatePointer(const Expr *E) {
  return Core->evaluatePointer(E);
}

PointerValue LaneEvaluator::evaluateAddress(const Expr *E) {
  return Core->evaluateAddress(E);
}

PointerValue LaneEvaluator::evaluateAsmAddress(const Expr *E) {
  return Core->evaluateAsmAddress(E);
}

std::optional<LaneMask> LaneEvaluator::evaluateCondition(const Expr *Cond) {
  return Core->evaluateCondition(Cond);
}

Evaluated<std::optional<LaneMask>> LaneEvaluator::decideGuard(const Guard &G) {
  return Core->collect([&] {
    return G.Loop ? Core->Loops.firstPassLanes(G.Loop, G.Cond)
                  : Core->evaluateCondition(G.Cond);
  });
}

Evaluated<std::optional<LaneMask>>
LaneEvaluator::decideGuard(const Guard &G,
                           const std::vector<WarpAssignment> &Warps,
                           std::optional<WarpMasks> &PerWarp) {
  PerWarp.reset();
  if (Warps.empty())
    return decideGuard(G);
  llvm::SaveAndRestore Deciding(Core->BlockWarps, &Warps);
  Core->LastWarps.reset();
  // A loop's condition is decided for its first pass (its counters at
  // their first values): the evaluation that decides it leaves its
  // per-warp lanes, as an if's does.
  auto Decided = decideGuard(G);
  if (Decided.Value)
    PerWarp = std::move(Core->LastWarps);
  Core->LastWarps.reset();
  return Decided;
}

std::vector<WarpAssignment> LaneEvaluator::blockWarps(std::size_t Most) {
  // Only a launched block whose warps are all whole and alike in shape:
  // elsewhere the first warp's lanes stand for the block.
  const std::optional<cuda::BlockShape> &Shape = Core->Geometry.shape();
  if (!Shape || !Shape->complete() || Shape->threads() % WarpLanes != 0 ||
      Core->Geometry.firstWarpOnly() ||
      static_cast<std::size_t>(Shape->threads() / WarpLanes) > Most)
    return {};
  std::vector<SymbolId> Ids;
  std::size_t Count = 1;
  for (unsigned Axis = 0; Axis < 3; ++Axis)
    for (SymbolId Id : Core->Geometry.threadIdx(Axis).symbols())
      if (Core->Symbols[Id].ThreadDerived &&
          !Core->Symbols[Id].Values.empty() && !llvm::is_contained(Ids, Id)) {
        Ids.push_back(Id);
        Count *= Core->Symbols[Id].Values.size();
        if (Count > Most)
          return {};
      }
  std::vector<WarpAssignment> Warps;
  // One assignment per warp, or the symbols are not the warps'.
  if (Count < 2 ||
      Count != static_cast<std::size_t>(Shape->threads() / WarpLanes))
    return Warps;
  forEachAssignment(Core->Symbols, Ids, [&](const auto &Pins) {
    WarpAssignment &Warp = Warps.emplace_back();
    Warp.Values.assign(Pins.begin(), Pins.end());
    return true;
  });
  return Warps;
}

bool LaneEvaluator::warpUniform(const Expr *Cond) {
  return Core->warpUniform(Cond);
}

bool LaneEvaluator::runsAtMostOnce(const ForStmt *Loop, LaneMask Active) {
  return Core->Loops.runsAtMostOnce(Loop, Active);
}

bool LaneEvaluator::enterCall(const CallExpr *Call) {
  return Core->enterCall(Call);
}

void LaneEvaluator::leaveCall() { Core->leaveCall(); }

const FunctionDecl *LaneEvaluator::currentFunction() const {
  const std::vector<CallFrame> &Frames = Core->frames();
  return Frames.empty() ? nullptr : Frames.back().Function;
}

const cuda::FunctionFacts &
LaneEvaluator::functionFacts(const FunctionDecl *FD) {
  return Core->factsOf(FD);
}

bool LaneEvaluator::bindsWrittenCapture(QualType T) {
  T = T.getNonReferenceType();
  return T->isPointerType() || detail::isIntegerLike(T);
}

void LaneEvaluator::withPins(std::map<SymbolId, std::int64_t> Pins,
                             llvm::function_ref<void()> Body,
                             std::set<SymbolId> *Consulted) {
  llvm::SaveAndRestore Pinned(Core->assumed(), Core->pinning(std::move(Pins)));
  llvm::SaveAndRestore Noted(Core->ConsultedPins,
                             Consulted ? Consulted : Core->ConsultedPins);
  Body();
}

SymbolTable &LaneEvaluator::symbols() { return Core->Symbols; }

const ThreadGeometry &LaneEvaluator::geometry() const { return Core->Geometry; }

const VarDecl *LaneEvaluator::loopVariableOf(SymbolId Id) const {
  return Core->Loops.variableOf(Id);
}

const Stmt *LaneEvaluator::loopOf(SymbolId Id) const {
  return Core->Loops.loopOf(Id);
}

const Effects &LaneEvaluator::kernelEffects() const {
  return Core->kernelEffects();
}

const std::vector<std::string> &LaneEvaluator::unitStrides() const {
  return Core->UnitStrides;
}

} // namespace gpumem::lanes
