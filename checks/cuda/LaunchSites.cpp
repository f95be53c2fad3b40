//===- LaunchSites.cpp ----------------------------------------------------===//
#include "checks/cuda/LaunchSites.h"

#include "llvm/Support/MathExtras.h"

#include "checks/cuda/ConstantInt.h"
#include "checks/cuda/FoldInt.h"
#include "checks/cuda/FunctionFacts.h"
#include "checks/cuda/HostTensors.h"

#include "clang/Basic/SourceManager.h"

#include <memory>

namespace gpumem::cuda {

using namespace clang;

namespace {

using FactsCache = LaunchSites::FactsCache;

/// The axis a `dim3` member expression names (block.x is 0), or -1.
int dim3Axis(const MemberExpr *ME) {
  const auto *Field = dyn_cast<FieldDecl>(ME->getMemberDecl());
  if (!Field || !Field->getIdentifier())
    return -1;
  llvm::StringRef Name = Field->getName();
  return Name == "x" ? 0 : Name == "y" ? 1 : Name == "z" ? 2 : -1;
}

/// True when \p S holds a return statement (not one of a lambda's body).
bool containsReturn(const Stmt *S, unsigned Depth = 0) {
  if (!S || Depth > 64)
    return Depth > 64;
  if (isa<ReturnStmt>(S))
    return true;
  if (isa<LambdaExpr>(S))
    return false;
  for (const Stmt *Child : S->children())
    if (containsReturn(Child, Depth + 1))
      return true;
  return false;
}

/// True when no statement of \p Body but a last `return` may return: the
/// body runs to its end, each of its statements once.
bool returnsOnlyAtEnd(const CompoundStmt *Body) {
  for (const Stmt *S : Body->body())
    if ((S != Body->body_back() || !isa<ReturnStmt>(S)) && containsReturn(S))
      return false;
  return true;
}

/// The definition \p Call runs, where it has one parameter per argument
/// (no default arguments, no variadic tail): null otherwise.
const FunctionDecl *definitionCalled(const CallExpr *Call) {
  const FunctionDecl *Def = nullptr;
  const FunctionDecl *Callee = Call->getDirectCallee();
  if (!Callee || !Callee->hasBody(Def) || !Def ||
      Def->getNumParams() != Call->getNumArgs())
    return nullptr;
  return Def;
}

/// Reads the block argument of one launch.
class ShapeReader {
public:
  ShapeReader(const CUDAKernelCallExpr *Launch, ASTContext &Ctx,
              FactsCache &Facts)
      : Launch(Launch), Ctx(Ctx), SM(Ctx.getSourceManager()), Facts(Facts) {}

  std::optional<BlockShape> shapeOf(const Expr *E, unsigned Depth);

  /// An extent read was a constant CUDA rejects (0 or negative).
  bool NonPositive = false;

private:
  const CUDAKernelCallExpr *Launch;
  /// The call of the helper whose returned shape is being read (`dim3 b =
  /// blockFor(16);`), or null where the launching function is read.
  const CallExpr *Returning = nullptr;
  ASTContext &Ctx;
  const SourceManager &SM;
  FactsCache &Facts;

  LaunchSites::FunctionCache &cacheOf(const FunctionDecl *FD) {
    LaunchSites::FunctionCache &C = Facts[FD];
    if (!C.Writes)
      C.Writes = std::make_unique<FunctionFacts>(FD);
    if (!C.Branches)
      C.Branches = std::make_unique<BranchFacts>(FD, Ctx);
    return C;
  }

  bool before(SourceLocation A, SourceLocation B) const {
    return SM.isBeforeInTranslationUnit(A, B);
  }

  std::int64_t extentOf(const Expr *E);

public:
  /// The integer \p E (an extent or an argument of the launch) has where
  /// the launch reads it: a constant, a local the launch's branch or an
  /// earlier check fixes (`case 256:`, `if (K != 16) throw ...;`), or a
  /// local set once from a constant and never written again (`int nx =
  /// 1000;` in main); std::nullopt for anything else.
  std::optional<std::int64_t> valueAtLaunch(const Expr *E);
  /// The most the integer \p E can be where the launch reads it: a value
  /// at the launch, or the least bound a branch around it or an earlier
  /// check puts on it (`if (n <= 16)`, `if (n > 16) return;`).
  std::optional<std::int64_t> boundAtLaunch(const Expr *E);
  /// The bytes the pointer \p E lies past the start of its buffer where
  /// the launch passes it: 0 for a variable as allocated, `p + k`, `p - k`
  /// and `&p[k]` with k a value at the launch, a local set once from
  /// one of these; std::nullopt for anything else.
  std::optional<std::int64_t> pointerOffsetAtLaunch(const Expr *E,
                                                    unsigned Depth = 0);

private:
  std::optional<std::int64_t> factAtLaunch(const Expr *E, bool Bound);
  /// factAtLaunch for a variable \p VD the launch reads in \p E.
  std::optional<std::int64_t> variableAtLaunch(const VarDecl *VD,
                                               const Expr *E, bool Bound);
  /// A local set once (cuda::setOnceValue), or from a contiguous
  /// tensor's stride.
  std::optional<std::int64_t> setOnceValue(const VarDecl *VD);
  /// The stride \p Read gives, when its tensor was made contiguous.
  std::optional<std::int64_t> strideAtLaunch(const StrideRead &Read) {
    return contiguousStride(
        Read,
        [&](const FunctionDecl *FD) -> const FunctionFacts & {
          return *cacheOf(FD).Writes;
        },
        Ctx);
  }
  std::optional<BlockShape> variableShape(const VarDecl *VD,
                                                 unsigned Depth);
  /// The shape helper call \p Call returns: its body's one `return`, its
  /// last statement, read inside the helper (returnedShape).
  std::optional<BlockShape> returnedShape(const CallExpr *Call, unsigned Depth);
  /// Applies to \p Shape the writes of \p FD to its dim3 \p VD: `VD.x =
  /// n` statements of the function's outermost block, and calls that
  /// hand it to a helper's `dim3 &` parameter (`setBlock(block);`), which
  /// are followed the same way. \p Call binds the parameters of a helper
  /// (null for the launching function, whose writes after the launch are
  /// skipped). False when a write is none of these.
  bool applyWrites(const FunctionDecl *FD, const VarDecl *VD,
                   const CallExpr *Call, BlockShape &Shape, unsigned Depth);
  /// The extent \p E gives inside a helper called by \p Call: a constant,
  /// or a parameter whose argument is one at the launch; 0 otherwise.
  std::int64_t extentInHelper(const Expr *E, const CallExpr *Call);
};

/// A positive constant extent, or 0 for one that is not a constant. A
/// variable the launch's branch fixes (`case 256:` of `switch (threads)`)
/// is that constant when no write to it can run between the first of \p E
/// and the branch's test, and the launch: every write comes before that
/// point, or after the launch with no loop around the launch that starts
/// after that point.
std::int64_t ShapeReader::extentOf(const Expr *E) {
  if (Returning)
    return extentInHelper(E, Returning);
  if (auto D = constantInt(E, Ctx)) {
    NonPositive |= *D <= 0;
    return *D > 0 ? *D : 0;
  }
  std::optional<std::int64_t> V = valueAtLaunch(E);
  return V && *V > 0 ? *V : 0;
}

std::optional<std::int64_t> ShapeReader::valueAtLaunch(const Expr *E) {
  return factAtLaunch(E, /*Bound=*/false);
}

std::optional<std::int64_t> ShapeReader::boundAtLaunch(const Expr *E) {
  return factAtLaunch(E, /*Bound=*/true);
}

std::optional<std::int64_t> ShapeReader::factAtLaunch(const Expr *E,
                                                      bool Bound) {
  if (auto D = constantInt(E, Ctx))
    return D;
  // A stride of a tensor the function made contiguous (HostTensors.h).
  if (std::optional<StrideRead> Read = strideRead(E))
    return strideAtLaunch(*Read);
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  if (!Ref) {
    // `threads / 32`, `(n + 255) / 256`: each variable's value where the
    // launch reads it (a value, which is a bound too).
    return foldInt(E, Ctx, [&](const VarDecl *VD) {
      return variableAtLaunch(VD, E, /*Bound=*/false);
    });
  }
  const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
  return VD ? variableAtLaunch(VD, E, Bound) : std::nullopt;
}

std::optional<std::int64_t> ShapeReader::setOnceValue(const VarDecl *VD) {
  auto WritesIn = [&](const FunctionDecl *FD) -> const FunctionFacts & {
    return *cacheOf(FD).Writes;
  };
  if (std::optional<std::int64_t> D = cuda::setOnceValue(VD, Ctx, WritesIn))
    return D;
  // ... or from a tensor's stride (`const int ld = out.stride(0);`).
  const auto *FD = dyn_cast<FunctionDecl>(VD->getParentFunctionOrMethod());
  if (const Expr *Init = VD->getInit();
      FD && Init && !isa<ParmVarDecl>(VD) && WritesIn(FD).writesOf(VD).empty())
    if (std::optional<StrideRead> Read = strideRead(Init))
      return strideAtLaunch(*Read);
  return std::nullopt;
}

std::optional<std::int64_t>
ShapeReader::variableAtLaunch(const VarDecl *VD, const Expr *E, bool Bound) {
  const auto *FD =
      VD->hasLocalStorage() && !VD->getType().isVolatileQualified()
          ? dyn_cast<FunctionDecl>(VD->getParentFunctionOrMethod())
          : nullptr;
  if (!FD)
    return std::nullopt;
  LaunchSites::FunctionCache &C = cacheOf(FD);
  // Set once (`int by = 256 / bx;` with bx set once too): nothing else
  // writes it (taking its address or binding a non-const reference counts
  // as a write).
  if (std::optional<std::int64_t> Once = setOnceValue(VD))
    return Once;
  // The innermost branch that says something of VD, unless a write can
  // run between its test (or E) and the launch; for a bound, the least
  // of those that hold.
  std::optional<std::int64_t> Least;
  llvm::ArrayRef<BranchFact> Known = C.Branches->at(Launch);
  for (auto It = Known.rbegin(); It != Known.rend(); ++It) {
    if (It->Var != VD || (It->AtMost && !Bound))
      continue;
    SourceLocation From =
        before(E->getBeginLoc(), It->Since) ? E->getBeginLoc() : It->Since;
    bool LoopSinceFrom = false;
    for (SourceLocation Loop : C.Branches->loopsAround(Launch))
      LoopSinceFrom |= before(From, Loop);
    for (const Stmt *W : C.Writes->writesOf(VD)) {
      bool Earlier = before(W->getEndLoc(), From);
      bool Later = !LoopSinceFrom &&
                   before(Launch->getEndLoc(), W->getBeginLoc());
      if (!Earlier && !Later)
        return Least;
    }
    if (!Bound)
      return It->Value;
    Least = Least ? std::min(*Least, It->Value) : It->Value;
  }
  return Least;
}

std::optional<std::int64_t>
ShapeReader::pointerOffsetAtLaunch(const Expr *E, unsigned Depth) {
  if (!E || Depth > 8)
    return std::nullopt;
  E = E->IgnoreParens();
  if (const auto *Cast = dyn_cast<CastExpr>(E)) {
    // Between pointer types (a const added, a reinterpret_cast to the
    // kernel's element type) the bytes stay.
    if (Cast->getCastKind() == CK_NoOp || Cast->getCastKind() == CK_BitCast ||
        Cast->getCastKind() == CK_LValueToRValue ||
        Cast->getCastKind() == CK_ArrayToPointerDecay)
      return pointerOffsetAtLaunch(Cast->getSubExpr(), Depth + 1);
    return std::nullopt;
  }
  auto ElementBytes = [&](QualType Pointer) -> std::optional<std::int64_t> {
    QualType Pointee = Pointer->getPointeeType();
    if (Pointee.isNull() || Pointee->isIncompleteType() ||
        Pointee->isDependentType() || Pointee->isVoidType() ||
        Pointee->isFunctionType() || !Pointee->isConstantSizeType())
      return std::nullopt;
    return Ctx.getTypeSizeInChars(Pointee).getQuantity();
  };
  auto Moved = [&](const Expr *Base, const Expr *Index,
                   int Sign) -> std::optional<std::int64_t> {
    std::optional<std::int64_t> From = pointerOffsetAtLaunch(Base, Depth + 1);
    std::optional<std::int64_t> Step = ElementBytes(Base->getType());
    std::optional<std::int64_t> K =
        Index->getType()->isIntegralOrEnumerationType()
            ? valueAtLaunch(Index)
            : std::nullopt;
    std::int64_t Moved = 0, Bytes = 0, Sum = 0;
    if (!From || !Step || !K || llvm::MulOverflow(*K, std::int64_t(Sign), Moved) ||
        llvm::MulOverflow(Moved, *Step, Bytes) ||
        llvm::AddOverflow(*From, Bytes, Sum))
      return std::nullopt;
    return Sum;
  };
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    if (BO->getOpcode() == BO_Add && BO->getLHS()->getType()->isPointerType())
      return Moved(BO->getLHS(), BO->getRHS(), 1);
    if (BO->getOpcode() == BO_Add && BO->getRHS()->getType()->isPointerType())
      return Moved(BO->getRHS(), BO->getLHS(), 1);
    if (BO->getOpcode() == BO_Sub && BO->getLHS()->getType()->isPointerType())
      return Moved(BO->getLHS(), BO->getRHS(), -1);
    return std::nullopt;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_AddrOf)
    if (const auto *AS =
            dyn_cast<ArraySubscriptExpr>(UO->getSubExpr()->IgnoreParens());
        AS && AS->getBase()->getType()->isPointerType())
      return Moved(AS->getBase(), AS->getIdx(), 1);
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!VD || !VD->getType()->isPointerType())
    return std::nullopt;
  // A local set once (`float *p = d + 3;`) is what it was set to; any
  // other pointer variable is taken as allocated, as the kernel's own
  // analysis takes its parameters.
  const auto *FD = VD->hasLocalStorage() && !isa<ParmVarDecl>(VD)
                       ? dyn_cast<FunctionDecl>(VD->getDeclContext())
                       : nullptr;
  if (FD && VD->getInit() && cacheOf(FD).Writes->writesOf(VD).empty())
    return pointerOffsetAtLaunch(VD->getInit(), Depth + 1);
  return 0;
}

/// The shape of dim3 variable \p VD where the launch reads it: its
/// initializer, then the writes before the launch (applyWrites).
std::optional<BlockShape> ShapeReader::variableShape(const VarDecl *VD,
                                                            unsigned Depth) {
  if (VD->isInvalidDecl())
    return std::nullopt;
  std::optional<BlockShape> Shape =
      VD->getInit() ? shapeOf(VD->getInit(), Depth + 1) : std::nullopt;
  const auto *FD = dyn_cast<FunctionDecl>(VD->getDeclContext());
  if (!FD || cacheOf(FD).Writes->writesOf(VD).empty())
    return Shape;
  // `dim3 block;` is (1, 1, 1) before any write.
  if (!Shape && !VD->getInit() && VD->getType()->isRecordType())
    Shape = BlockShape{1, 1, 1};
  if (!Shape && VD->getInit() && isa<CXXConstructExpr>(VD->getInit()) &&
      cast<CXXConstructExpr>(VD->getInit())->getNumArgs() == 0)
    Shape = BlockShape{1, 1, 1};
  if (!Shape || !applyWrites(FD, VD, Returning, *Shape, Depth))
    return std::nullopt;
  return Shape;
}

std::optional<BlockShape> ShapeReader::returnedShape(const CallExpr *Call,
                                                     unsigned Depth) {
  const FunctionDecl *Def = definitionCalled(Call);
  const auto *Body =
      Def ? dyn_cast_or_null<CompoundStmt>(Def->getBody()) : nullptr;
  const auto *Return = Body && !Body->body_empty()
                           ? dyn_cast<ReturnStmt>(Body->body_back())
                           : nullptr;
  // One way out: a helper that may return another shape first decides
  // nothing.
  if (!Return || !Return->getRetValue() || !returnsOnlyAtEnd(Body))
    return std::nullopt;
  const CallExpr *Outer = Returning;
  Returning = Call;
  std::optional<BlockShape> Shape = shapeOf(Return->getRetValue(), Depth + 1);
  Returning = Outer;
  return Shape;
}

/// Each write must be a statement of the function's outermost block (run
/// once, in order); anything else that writes the variable fixes nothing.
bool ShapeReader::applyWrites(const FunctionDecl *FD, const VarDecl *VD,
                              const CallExpr *Call, BlockShape &Shape,
                              unsigned Depth) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(FD->getBody());
  if (!Body || Depth > 8)
    return false;
  // A helper that may return before its writes (`if (n < 0) return;`)
  // decides nothing: only a last `return` is allowed.
  if (Call && !returnsOnlyAtEnd(Body))
    return false;
  for (const Stmt *W : cacheOf(FD).Writes->writesOf(VD)) {
    const Stmt *TopLevel = nullptr;
    for (const Stmt *S : Body->body()) {
      const Stmt *Bare = S;
      if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(S))
        Bare = Cleanups->getSubExpr();
      if (Bare == W)
        TopLevel = S;
    }
    if (!TopLevel)
      return false;
    if (!Call && !before(W->getBeginLoc(), Launch->getBeginLoc()))
      continue;
    if (const auto *Helper = dyn_cast<CallExpr>(W);
        Helper && !isa<CXXOperatorCallExpr>(Helper)) {
      // `setBlock(block)`: the helper's writes to its `dim3 &` parameter.
      const FunctionDecl *Def = definitionCalled(Helper);
      if (!Def)
        return false;
      const ParmVarDecl *Out = nullptr;
      for (unsigned I = 0; I < Helper->getNumArgs(); ++I)
        if (const auto *Ref = dyn_cast<DeclRefExpr>(
                Helper->getArg(I)->IgnoreParenImpCasts());
            Ref && Ref->getDecl() == VD) {
          if (Out)
            return false;
          Out = Def->getParamDecl(I);
        }
      if (!Out || !Out->getType()->isReferenceType() ||
          !applyWrites(Def, Out, Helper, Shape, Depth + 1))
        return false;
      continue;
    }
    const auto *Assign = dyn_cast<BinaryOperator>(W);
    const auto *Member =
        Assign && Assign->getOpcode() == BO_Assign
            ? dyn_cast<MemberExpr>(Assign->getLHS()->IgnoreParenImpCasts())
            : nullptr;
    int Axis = Member ? dim3Axis(Member) : -1;
    if (Axis < 0)
      return false;
    std::int64_t Extent = Call ? extentInHelper(Assign->getRHS(), Call)
                               : extentOf(Assign->getRHS());
    (Axis == 0 ? Shape.X : Axis == 1 ? Shape.Y : Shape.Z) = Extent;
  }
  return true;
}

std::int64_t ShapeReader::extentInHelper(const Expr *E, const CallExpr *Call) {
  if (auto D = constantInt(E, Ctx)) {
    NonPositive |= *D <= 0;
    return *D > 0 ? *D : 0;
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *P = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
  const auto *FD =
      P ? dyn_cast<FunctionDecl>(P->getDeclContext()) : nullptr;
  if (!FD || P->getFunctionScopeIndex() >= Call->getNumArgs() ||
      !cacheOf(FD).Writes->writesOf(P).empty())
    return 0;
  // The argument, read where the launch reads it when it is the
  // launching function's (a helper two calls deep passes a constant on).
  const Expr *Arg = Call->getArg(P->getFunctionScopeIndex());
  if (auto D = constantInt(Arg, Ctx))
    return *D > 0 ? *D : 0;
  return 0;
}

std::optional<BlockShape> ShapeReader::shapeOf(const Expr *E,
                                                      unsigned Depth) {
  if (!E || Depth > 8)
    return std::nullopt;
  E = E->IgnoreParenImpCasts();
  // An initializer clang could not make sense of (a call to an undeclared
  // function when a header is missing) may have no type to read; one with
  // errors inside (`dim3 block(x.size(1))` with x of a missing type) still
  // gives what its constant parts say.
  if (E->getType().isNull())
    return std::nullopt;
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
    return shapeOf(MT->getSubExpr(), Depth + 1);
  if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
    return shapeOf(BT->getSubExpr(), Depth + 1);
  if (const auto *FC = dyn_cast<CXXFunctionalCastExpr>(E))
    return shapeOf(FC->getSubExpr(), Depth + 1);
  if (E->getType()->isIntegralOrEnumerationType()) {
    std::int64_t X = extentOf(E);
    if (X == 0)
      return std::nullopt;
    return BlockShape{X, 1, 1};
  }
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
    if (!VD)
      return std::nullopt;
    return variableShape(VD, Depth);
  }
  // dim3(16, 16), dim3{4, 8, depth}, {4, 8, depth}: each constant extent,
  // 0 for the others.
  auto Extents = [&](auto Args) -> std::optional<BlockShape> {
    std::int64_t Dims[3] = {1, 1, 1};
    unsigned I = 0;
    for (const Expr *Arg : Args) {
      if (I == 3 || isa<CXXDefaultArgExpr>(Arg))
        break;
      Dims[I++] = extentOf(Arg);
    }
    return BlockShape{Dims[0], Dims[1], Dims[2]};
  };
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(E)) {
    if (Construct->getNumArgs() == 1 &&
        Construct->getArg(0)->getType()->isRecordType())
      return shapeOf(Construct->getArg(0), Depth + 1); // a copy
    return Extents(Construct->arguments());
  }
  if (const auto *Init = dyn_cast<InitListExpr>(E))
    return Extents(Init->inits());
  // `dim3 block = blockFor(16);`: what the helper returns. Only from the
  // launching function: a helper's arguments are read as constants there.
  if (const auto *Call = dyn_cast<CallExpr>(E);
      Call && !Returning && !isa<CXXOperatorCallExpr>(Call))
    return returnedShape(Call, Depth);
  return std::nullopt;
}

} // namespace

std::optional<BlockShape>
constantBlockShape(const CUDAKernelCallExpr *Launch, ASTContext &Ctx) {
  FactsCache Facts;
  return LaunchSites::constantBlockShape(Launch, Ctx, Facts);
}

bool launchableBlock(const BlockShape &S) {
  // CUDA's limits on a block (compute capability 5.0 and later): x and y
  // at most 1024, z at most 64, at most 1024 threads in all. An extent
  // that is not a constant (0 here) counts as 1.
  auto Known = [](std::int64_t E) { return E > 0 ? E : 1; };
  return S.X <= 1024 && S.Y <= 1024 && S.Z <= 64 &&
         Known(S.X) * Known(S.Y) * Known(S.Z) <= 1024;
}

LaunchSites::LaunchShape
LaunchSites::readShape(const CUDAKernelCallExpr *Launch, ASTContext &Ctx,
                       FactsCache &Facts) {
  const CallExpr *Config = Launch->getConfig();
  if (!Config || Config->getNumArgs() < 2)
    return {};
  ShapeReader Reader(Launch, Ctx, Facts);
  std::optional<BlockShape> Shape = Reader.shapeOf(Config->getArg(1), 0);
  // A block CUDA would not launch says nothing of the blocks that run.
  if (Reader.NonPositive || (Shape && !launchableBlock(*Shape)))
    return {std::nullopt, true};
  // Extents that are not constants are fine when the others place every
  // lane of a warp (`dim3 block = {4, 8, depth}`); otherwise nothing.
  if (Shape && !Shape->placesLanes())
    return {};
  return {Shape, false};
}

std::optional<BlockShape>
LaunchSites::constantBlockShape(const CUDAKernelCallExpr *Launch,
                                ASTContext &Ctx, FactsCache &Facts) {
  return readShape(Launch, Ctx, Facts).Shape;
}

const FunctionDecl *launchedKernel(const CUDAKernelCallExpr *Launch) {
  const FunctionDecl *FD = Launch->getDirectCallee();
  return FD ? FD->getCanonicalDecl() : nullptr;
}

void LaunchSites::add(const CUDAKernelCallExpr *Launch, ASTContext &Ctx) {
  const FunctionDecl *Kernel = launchedKernel(Launch);
  if (!Kernel)
    return;
  LaunchShape Read = readShape(Launch, Ctx, Facts);
  const std::optional<BlockShape> &Shape = Read.Shape;
  // What this launch says of each argument: an integer constant (a
  // template argument or a constexpr folds too) or bound, a pointer's
  // offset into its buffer.
  std::vector<ArgumentFacts> Arguments;
  ShapeReader Reader(Launch, Ctx, Facts);
  for (const Expr *Arg : Launch->arguments()) {
    ArgumentFacts Now;
    const Expr *E = Arg->IgnoreParenImpCasts();
    if (!E->isValueDependent() &&
        E->getType()->isIntegralOrEnumerationType()) {
      if (std::optional<std::int64_t> Value = Reader.valueAtLaunch(E)) {
        Now.Values.push_back(*Value);
        Now.Bound = Value;
      } else if (std::optional<std::int64_t> Bound = Reader.boundAtLaunch(E)) {
        Now.Bound = Bound;
      } else if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
        // A parameter of the file's own dispatch helper: what its callers
        // pass (HostCallers.h).
        if (const auto *P = dyn_cast<ParmVarDecl>(Ref->getDecl()))
          if (auto Values =
                  Callers.valuesOf(P, Ctx, ArgumentFacts::MaxValues)) {
            Now.Values = std::move(*Values);
            Now.Bound = *llvm::max_element(Now.Values);
          }
      }
    }
    if (!Arg->isValueDependent() && Arg->getType()->isPointerType())
      Now.Offset = Reader.pointerOffsetAtLaunch(Arg);
    Arguments.push_back(std::move(Now));
  }
  auto [It, Inserted] = Entries.try_emplace(Kernel);
  Entry &E = It->second;
  if (Read.Invalid && E.InvalidLaunch.isInvalid())
    E.InvalidLaunch = Launch->getBeginLoc();
  if (!Shape && !Read.Invalid && !E.RuntimeBlock)
    if (const CallExpr *Config = Launch->getConfig();
        Config && Config->getNumArgs() >= 2)
      E.RuntimeBlock = Config->getArg(1);
  if (Inserted) {
    E.Shape = Shape;
    E.Where = Launch->getBeginLoc();
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
}

const LaunchSites::Entry *LaunchSites::find(const FunctionDecl *Kernel) const {
  auto It = Entries.find(Kernel ? Kernel->getCanonicalDecl() : nullptr);
  return It == Entries.end() ? nullptr : &It->second;
}

} // namespace gpumem::cuda
