//===- LaunchShapes.cpp - the block a launch reads ------------------------===//
//
// LaunchReader's block shapes: a launch's block argument read as a shape
// (a constant, a dim3 variable and the writes before the launch, a
// helper that fills one through a `dim3 &` or returns one, the
// configuration of cudaLaunchKernelEx). Its integers, bounds and pointer
// offsets are in LaunchReader.cpp.
//
//===----------------------------------------------------------------------===//
#include "checks/launch/LaunchReader.h"

#include "checks/cuda/ConstantInt.h"
#include "checks/cuda/FunctionFacts.h"
#include "checks/launch/FoldInt.h"

#include "clang/AST/ExprCXX.h"

namespace gpumem::launch {

using namespace gpumem::cuda;

using namespace clang;

namespace {

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

} // namespace

std::optional<BlockShape> LaunchReader::configShape(const VarDecl *Config) {
  const RecordDecl *Record = Config->getType()->getAsRecordDecl();
  if (!Record)
    return std::nullopt;
  for (const FieldDecl *Field : Record->fields())
    if (Field->getName() == "blockDim")
      return shapeOf(memberInit(Config, Field), 1);
  return std::nullopt;
}

/// The shape of dim3 variable \p VD where the launch reads it: its
/// initializer, then the writes before the launch (applyWrites).
std::optional<BlockShape> LaunchReader::variableShape(const VarDecl *VD,
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

std::optional<BlockShape> LaunchReader::returnedShape(const CallExpr *Call,
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

/// Each write must be a statement of the block that declares the variable
/// (the function's outermost one for a parameter; run once, in order):
/// anything else that writes the variable fixes nothing.
bool LaunchReader::applyWrites(const FunctionDecl *FD, const VarDecl *VD,
                               const CallExpr *Call, BlockShape &Shape,
                               unsigned Depth) {
  const auto *Outermost = dyn_cast_or_null<CompoundStmt>(FD->getBody());
  if (!Outermost || Depth > 8)
    return false;
  // A helper that may return before its writes (`if (n < 0) return;`)
  // decides nothing: only a last `return` is allowed.
  if (Call && !returnsOnlyAtEnd(Outermost))
    return false;
  // The block whose statements declare the variable (an `if` body's).
  const Stmt *Declaring = Outermost;
  if (!isa<ParmVarDecl>(VD) && !cuda::declarationOf(VD, Outermost, &Declaring))
    return false;
  const auto *Body = dyn_cast<CompoundStmt>(Declaring);
  if (!Body)
    return false;
  for (const Stmt *W : cacheOf(FD).Writes->writesOf(VD)) {
    const Stmt *TopLevel = nullptr;
    // `setBlock(&block);`: the address handed to a helper's `dim3 *`.
    const CallExpr *ByAddress = nullptr;
    for (const Stmt *S : Body->body()) {
      const Stmt *Bare = S;
      if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(S))
        Bare = Cleanups->getSubExpr();
      if (Bare == W)
        TopLevel = S;
      if (const auto *Helper = dyn_cast<CallExpr>(Bare);
          Helper && isa<UnaryOperator>(W) && !isa<CXXOperatorCallExpr>(Helper))
        for (const Expr *Arg : Helper->arguments())
          if (Arg->IgnoreParenImpCasts() == W)
            ByAddress = Helper;
    }
    if (!TopLevel && !ByAddress)
      return false;
    if (!Call && !before(W->getBeginLoc(), Launch->getBeginLoc()))
      continue;
    if (ByAddress) {
      if (!applyPointeeWrites(ByAddress, W, Shape, Depth + 1))
        return false;
      continue;
    }
    if (const auto *Helper = dyn_cast<CallExpr>(W);
        Helper && !isa<CXXOperatorCallExpr>(Helper)) {
      // `setBlock(block)`: the helper's writes to its `dim3 &` parameter.
      const FunctionDecl *Def = definitionCalled(Helper);
      if (!Def)
        return false;
      const ParmVarDecl *Out = nullptr;
      for (unsigned I = 0; I < Helper->getNumArgs(); ++I)
        if (const auto *Ref =
                dyn_cast<DeclRefExpr>(Helper->getArg(I)->IgnoreParenImpCasts());
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
    if (!applyAssignment(W, VD, /*ThroughPointer=*/false, Call, Shape, Depth))
      return false;
  }
  return true;
}

bool LaunchReader::applyAssignment(const Stmt *W, const VarDecl *Target,
                                   bool ThroughPointer, const CallExpr *Call,
                                   BlockShape &Shape, unsigned Depth) {
  auto Names = [&](const Expr *E) {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return Ref && Ref->getDecl() == Target;
  };
  // `block = dim3(8, 8);`, `*b = dim3(8, 8);`: the shape assigned, its
  // extents read where the writes are (in a helper, from its call's
  // arguments).
  if (const auto *Whole = dyn_cast<CXXOperatorCallExpr>(W);
      Whole && Whole->getOperator() == OO_Equal && Whole->getNumArgs() == 2) {
    const Expr *Object = Whole->getArg(0)->IgnoreParenImpCasts();
    if (const auto *Deref = dyn_cast<UnaryOperator>(Object);
        ThroughPointer && Deref && Deref->getOpcode() == UO_Deref)
      Object = Deref->getSubExpr();
    else if (ThroughPointer)
      return false;
    if (!Names(Object))
      return false;
    const CallExpr *Outer = Returning;
    Returning = Call;
    std::optional<BlockShape> Assigned = shapeOf(Whole->getArg(1), Depth + 1);
    Returning = Outer;
    if (!Assigned)
      return false;
    Shape = *Assigned;
    return true;
  }
  // `block.x = 8;`, `b->x = 8;`
  const auto *Assign = dyn_cast<BinaryOperator>(W);
  const auto *Member =
      Assign && Assign->getOpcode() == BO_Assign
          ? dyn_cast<MemberExpr>(Assign->getLHS()->IgnoreParenImpCasts())
          : nullptr;
  const int Axis =
      Member && Member->isArrow() == ThroughPointer && Names(Member->getBase())
          ? dim3Axis(Member)
          : -1;
  if (Axis < 0)
    return false;
  (Axis == 0   ? Shape.X
   : Axis == 1 ? Shape.Y
               : Shape.Z) = Call ? extentInHelper(Assign->getRHS(), Call)
                                 : extentOf(Assign->getRHS());
  return true;
}

/// How many times \p S names \p VD.
static unsigned usesOf(const Stmt *S, const VarDecl *VD, unsigned Depth = 0) {
  if (!S || Depth > 64)
    return S ? 2 : 0;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
    return Ref->getDecl() == VD;
  unsigned Uses = 0;
  for (const Stmt *Child : S->children())
    Uses += usesOf(Child, VD, Depth + 1);
  return Uses;
}

bool LaunchReader::applyPointeeWrites(const CallExpr *Helper,
                                      const Stmt *Address, BlockShape &Shape,
                                      unsigned Depth) {
  const FunctionDecl *Def = definitionCalled(Helper);
  const auto *Body =
      Def ? dyn_cast_or_null<CompoundStmt>(Def->getBody()) : nullptr;
  if (!Body || Depth > 8 || !returnsOnlyAtEnd(Body))
    return false;
  const ParmVarDecl *Out = nullptr;
  for (unsigned I = 0; I < Helper->getNumArgs(); ++I)
    if (Helper->getArg(I)->IgnoreParenImpCasts() == Address)
      Out = Def->getParamDecl(I);
  if (!Out || !Out->getType()->isPointerType() ||
      Out->getType()->getPointeeType().isConstQualified())
    return false;
  // Every statement that names the parameter must be one of the two
  // writes read here; one that does anything else with it (hands it on,
  // moves it, writes through an alias of it) fixes nothing.
  for (const Stmt *S : Body->body()) {
    const Stmt *Bare = S;
    if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(S))
      Bare = Cleanups->getSubExpr();
    const unsigned Uses = usesOf(Bare, Out);
    if (Uses == 0)
      continue;
    if (Uses > 1)
      return false;
    if (!applyAssignment(Bare, Out, /*ThroughPointer=*/true, Helper, Shape,
                         Depth))
      return false;
  }
  return true;
}

std::int64_t LaunchReader::extentInHelper(const Expr *E, const CallExpr *Call) {
  if (auto D = constantInt(E, Ctx)) {
    NonPositive |= *D <= 0;
    return *D > 0 ? *D : 0;
  }
  // `width`, `32 / width`: a parameter never written in the helper is the
  // constant its call passes (a helper two calls deep passes a constant
  // on); a local of the helper set once is its value.
  auto Known = [&](const VarDecl *VD) -> std::optional<std::int64_t> {
    const auto *P = dyn_cast<ParmVarDecl>(VD);
    if (!P)
      return setOnceValue(VD);
    const auto *FD = dyn_cast<FunctionDecl>(P->getDeclContext());
    if (!FD || P->getFunctionScopeIndex() >= Call->getNumArgs() ||
        !cacheOf(FD).Writes->writesOf(P).empty())
      return std::nullopt;
    return constantInt(Call->getArg(P->getFunctionScopeIndex()), Ctx);
  };
  std::optional<std::int64_t> V = foldInt(E, Ctx, Known);
  return V && *V > 0 ? *V : 0;
}

std::optional<BlockShape> LaunchReader::shapeOf(const Expr *E, unsigned Depth) {
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
  // `cfg.block` of a local `Launch cfg{dim3(16), dim3(8, 4)};`.
  if (const auto *Member = dyn_cast<MemberExpr>(E))
    return shapeOf(memberInit(Member), Depth + 1);
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

} // namespace gpumem::launch
