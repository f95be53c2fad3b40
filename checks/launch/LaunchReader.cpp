//===- LaunchReader.cpp ---------------------------------------------------===//
#include "checks/launch/LaunchReader.h"

#include "checks/cuda/ConstantInt.h"
#include "checks/cuda/FunctionFacts.h"
#include "checks/launch/FieldWrites.h"
#include "checks/launch/FoldInt.h"

#include "clang/AST/ExprCXX.h"
#include "llvm/Support/MathExtras.h"

namespace gpumem::launch {

using namespace gpumem::cuda;

using namespace clang;

/// A positive constant extent, or 0 for one that is not a constant. A
/// variable the launch's branch fixes (`case 256:` of `switch (threads)`)
/// is that constant when no write to it can run between the first of \p E
/// and the branch's test, and the launch: every write comes before that
/// point, or after the launch with no loop around the launch that starts
/// after that point.
std::int64_t LaunchReader::extentOf(const Expr *E) {
  if (Returning)
    return extentInHelper(E, Returning);
  if (auto D = constantInt(E, Ctx)) {
    NonPositive |= *D <= 0;
    return *D > 0 ? *D : 0;
  }
  std::optional<std::int64_t> V = valueAtLaunch(E);
  // `dim3(w, 32 / w)` in a helper of the file's own: what its calls pass,
  // where they all pass one value (a block differs per call otherwise).
  if (!V)
    if (auto Values =
            Callers ? valuesFromCallers(E, Ctx, *Callers) : std::nullopt;
        Values && Values->size() == 1)
      V = Values->front();
  return V && *V > 0 ? *V : 0;
}

std::optional<std::int64_t> LaunchReader::valueAtLaunch(const Expr *E) {
  return factAtLaunch(E, /*Bound=*/false);
}

std::optional<std::int64_t> LaunchReader::boundAtLaunch(const Expr *E) {
  return factAtLaunch(E, /*Bound=*/true);
}

std::optional<std::int64_t> LaunchReader::factAtLaunch(const Expr *E,
                                                       bool Bound) {
  if (auto D = constantInt(E, Ctx))
    return D;
  // A stride of a tensor the function made contiguous (HostTensors.h).
  if (std::optional<StrideRead> Read = strideRead(E))
    return strideAtLaunch(*Read);
  // `p.stride` of a local `Params p{...};`: its field's initializer.
  if (const auto *Member = dyn_cast<MemberExpr>(E->IgnoreParenImpCasts()))
    if (const Expr *Init = memberInit(Member))
      return foldInt(Init, Ctx,
                     [&](const VarDecl *Read) { return setOnceValue(Read); });
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  if (!Ref) {
    // `threads / 32`, `(n + 255) / 256`: each variable's value where the
    // launch reads it (a value, which is a bound too).
    std::optional<std::int64_t> Value = foldInt(E, Ctx, [&](const VarDecl *VD) {
      return variableAtLaunch(VD, E, /*Bound=*/false);
    });
    if (Value || !Bound)
      return Value;
    // `aligned ? 4 : 1`: at most the larger arm.
    if (std::optional<std::int64_t> Larger = largerArm(E, [&](const Expr *Arm) {
          return factAtLaunch(Arm, /*Bound=*/true);
        }))
      return Larger;
    // `t + 1`, `2 * n` with `t < 3` or `n <= 16` around the launch: at
    // most E at those bounds, where E grows with each variable bounded.
    return foldInt(E, Ctx, [&](const VarDecl *VD) {
      std::optional<std::int64_t> Known =
          variableAtLaunch(VD, E, /*Bound=*/false);
      if (!Known && nonDecreasingIn(E, VD, Ctx))
        Known = variableAtLaunch(VD, E, /*Bound=*/true);
      return Known;
    });
  }
  const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
  if (!VD)
    return std::nullopt;
  std::optional<std::int64_t> Fact = variableAtLaunch(VD, E, Bound);
  // `int vec = aligned ? 4 : 1;`, set once: at most its larger arm.
  if (!Fact && Bound && VD->getInit() && setOnce(VD))
    return largerArm(VD->getInit(), [&](const Expr *Arm) {
      return foldInt(Arm, Ctx,
                     [&](const VarDecl *Read) { return setOnceValue(Read); });
    });
  return Fact;
}

std::optional<std::int64_t> LaunchReader::largerArm(
    const Expr *E,
    llvm::function_ref<std::optional<std::int64_t>(const Expr *)> Arm) {
  const auto *Choice = dyn_cast<ConditionalOperator>(E->IgnoreParenImpCasts());
  if (!Choice)
    return std::nullopt;
  std::optional<std::int64_t> A = Arm(Choice->getTrueExpr());
  std::optional<std::int64_t> B = A ? Arm(Choice->getFalseExpr()) : A;
  return A && B ? std::optional(std::max(*A, *B)) : std::nullopt;
}

const Expr *LaunchReader::memberInit(const MemberExpr *Member) {
  const auto *Field = dyn_cast<FieldDecl>(Member->getMemberDecl());
  const auto *Base =
      dyn_cast<DeclRefExpr>(Member->getBase()->IgnoreParenImpCasts());
  const auto *VD = Base ? dyn_cast<VarDecl>(Base->getDecl()) : nullptr;
  return Member->isArrow() ? nullptr : memberInit(VD, Field);
}

std::vector<std::pair<const FieldDecl *, std::int64_t>>
LaunchReader::fieldsAtLaunch(const Expr *E) {
  std::vector<std::pair<const FieldDecl *, std::int64_t>> Known;
  E = E->IgnoreParenImpCasts();
  // The copy into the parameter.
  if (const auto *Copy = dyn_cast<CXXConstructExpr>(E);
      Copy && Copy->getNumArgs() == 1 &&
      Copy->getConstructor()->isCopyOrMoveConstructor())
    E = Copy->getArg(0)->IgnoreParenImpCasts();
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  const RecordDecl *Record = VD ? VD->getType()->getAsRecordDecl() : nullptr;
  if (!Record || Record->isUnion())
    return Known;
  for (const FieldDecl *Field : Record->fields()) {
    if (Field->isBitField() || !Field->getType()->isIntegralOrEnumerationType())
      continue;
    const Expr *Init = memberInit(VD, Field);
    std::optional<std::int64_t> Value =
        Init ? foldInt(Init, Ctx,
                       [&](const VarDecl *Read) { return setOnceValue(Read); })
             : std::nullopt;
    // A value the field's type cannot hold is converted: not this one.
    const unsigned Bits = Ctx.getIntWidth(Field->getType());
    if (Value && (Field->getType()->isSignedIntegerOrEnumerationType()
                      ? llvm::isIntN(Bits, *Value)
                      : *Value >= 0 && llvm::isUIntN(Bits, *Value)))
      Known.emplace_back(Field, *Value);
  }
  return Known;
}

std::vector<const Expr *>
LaunchReader::argumentsThrough(const VarDecl *Array,
                               const FunctionDecl *Kernel) {
  const auto *FD =
      dyn_cast_or_null<FunctionDecl>(Array->getParentFunctionOrMethod());
  if (!FD || !Kernel)
    return {};
  const FunctionFacts &Writes = *cacheOf(FD).Writes;
  const auto *Addresses = Writes.launchArguments(Array);
  if (!Addresses || Addresses->size() != Kernel->getNumParams())
    return {};
  std::vector<const Expr *> Received;
  for (const LaunchArgument &Address : *Addresses) {
    const QualType Param =
        Kernel->getParamDecl(Received.size())->getType().getCanonicalType();
    bool Changes = !Address.Var;
    // The array holds the address: a write after it is made and before
    // the launch is what the kernel receives, not what the read there
    // sees. Any write after it is taken as one.
    for (const Stmt *W : Writes.writesOf(Address.Var))
      Changes |= !before(W->getBeginLoc(), Array->getBeginLoc());
    const bool SameType =
        Address.Value->getType().getCanonicalType().getUnqualifiedType() ==
        Param.getUnqualifiedType();
    Received.push_back(Changes || !SameType ? nullptr : Address.Value);
  }
  return Received;
}

const Expr *LaunchReader::memberInit(const VarDecl *VD,
                                     const FieldDecl *Field) {
  if (!Field || !VD || VD->getType()->isReferenceType() ||
      !VD->hasLocalStorage() || Field->getParent()->isUnion())
    return nullptr;
  // Written since its declaration (`o.ndim = 3;`): the field's last
  // assignment before the launch, when FieldWrites can place it. Not in a
  // helper whose returned shape is read: its writes are not before the
  // launch.
  if (!setOnce(VD)) {
    const auto *FD =
        dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
    if (Returning || !FD)
      return nullptr;
    FieldAtRead At = fieldAt(VD, Field, FD, *cacheOf(FD).Writes, Launch, SM);
    if (At.What != FieldAtRead::Kind::Declared)
      return At.Value;
  }
  if (!VD->getInit())
    return nullptr;
  const Expr *Init = VD->getInit()->IgnoreImplicit();
  // `P p{8, 4};`, `P p = {...};`: the field's element; one left out, or
  // `P p;` with the default constructor, the field's default initializer.
  if (const auto *List = dyn_cast<InitListExpr>(Init)) {
    const InitListExpr *Semantic =
        List->isSemanticForm() ? List : List->getSemanticForm();
    if (!Semantic ||
        Field->getParent() != Semantic->getType()->getAsRecordDecl())
      return nullptr;
    const unsigned Index = Field->getFieldIndex();
    if (Index >= Semantic->getNumInits())
      return nullptr;
    const Expr *Element = Semantic->getInit(Index);
    if (const auto *Default = dyn_cast<CXXDefaultInitExpr>(Element))
      return Default->getExpr();
    return isa<ImplicitValueInitExpr>(Element) ? nullptr : Element;
  }
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(Init);
      Construct && Construct->getNumArgs() == 0 &&
      Construct->getConstructor()->isDefaultConstructor() &&
      Construct->getConstructor()->isImplicit())
    return Field->getInClassInitializer();
  return nullptr;
}

/// The first read of \p VD in \p E; null when it reads none.
static const DeclRefExpr *readOf(const VarDecl *VD, const Expr *E) {
  llvm::SmallVector<const DeclRefExpr *, 2> Reads;
  readsOf(E, VD, Reads);
  return Reads.empty() ? nullptr : Reads.front();
}

const ReachingWrites *LaunchReader::flowOf(const DeclRefExpr *Read) {
  const auto *VD = dyn_cast<VarDecl>(Read->getDecl());
  const auto *FD =
      VD && VD->hasLocalStorage()
          ? dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod())
          : nullptr;
  if (!FD)
    return nullptr;
  LaunchSites::FunctionCache &C = cacheOf(FD);
  if (!C.Reaching)
    C.Reaching = std::make_unique<ReachingWrites>(FD, Ctx, *C.Writes);
  return C.Reaching->valid() && C.Reaching->tracks(VD) ? C.Reaching.get()
                                                       : nullptr;
}

std::optional<std::vector<std::int64_t>>
LaunchReader::valuesReaching(const DeclRefExpr *Read, unsigned Depth) {
  const auto *VD = dyn_cast<VarDecl>(Read->getDecl());
  if (!VD || Depth > 8 || !VD->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  const ReachingWrites *RW = flowOf(Read);
  const llvm::SmallVector<unsigned, 4> *Ids = RW ? RW->reaching(Read) : nullptr;
  if (!Ids || Ids->empty())
    return std::nullopt;
  auto Others = [&](const VarDecl *Other) {
    return launch::setOnceValue(Other, Ctx, factsOf());
  };
  std::vector<std::int64_t> Values;
  for (unsigned Id : *Ids) {
    const Write &W = RW->write(Id);
    if (RW->cycleOf(Id) || !W.Statement)
      return std::nullopt;
    // The values the write starts from: those its own read of VD sees
    // (`t *= 2`, `s = s + 1`); none for an initializer or a plain
    // assignment.
    std::vector<std::optional<std::int64_t>> Before{std::nullopt};
    const DeclRefExpr *Own = W.SteppedRead                 ? W.SteppedRead
                             : W.Kind == WriteKind::Assign ? readOf(VD, W.Value)
                                                           : nullptr;
    if (Own) {
      std::optional<std::vector<std::int64_t>> Seen =
          valuesReaching(Own, Depth + 1);
      if (!Seen)
        return std::nullopt;
      Before.assign(Seen->begin(), Seen->end());
    }
    for (std::optional<std::int64_t> From : Before) {
      std::optional<std::int64_t> After =
          W.Kind == WriteKind::Init
              ? foldInt(W.Value, Ctx, Others)
              : valueAfterWrite(W.Statement, VD, From, Ctx, Others);
      if (!After)
        return std::nullopt;
      if (!llvm::is_contained(Values, *After))
        Values.push_back(*After);
    }
    if (Values.size() > ArgumentFacts::MaxValues)
      return std::nullopt;
  }
  llvm::sort(Values);
  return Values;
}

/// The reads of locals (not parameters) in \p E, in order.
static void localReads(const Stmt *S,
                       llvm::SmallVectorImpl<const DeclRefExpr *> &Out,
                       unsigned Depth = 0) {
  if (!S || Depth > 32)
    return;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S)) {
    const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
    if (VD && VD->hasLocalStorage() && !isa<ParmVarDecl>(VD))
      Out.push_back(Ref);
    return;
  }
  for (const Stmt *Child : S->children())
    localReads(Child, Out, Depth + 1);
}

std::optional<std::vector<std::int64_t>>
LaunchReader::valuesAtLaunch(const Expr *E) {
  if (std::optional<std::int64_t> Value = valueAtLaunch(E))
    return std::vector<std::int64_t>{*Value};
  // The local E reads that may hold more than one value (`s`, `s * 2`),
  // less the values a check before the launch rejects (`if (s > 8)
  // return;`); E is folded at each, its other variables at their value.
  llvm::SmallVector<const DeclRefExpr *, 4> Reads;
  localReads(E, Reads);
  for (const DeclRefExpr *Read : Reads) {
    std::optional<std::vector<std::int64_t>> Values = valuesReaching(Read);
    if (!Values || Values->size() < 2)
      continue;
    if (std::optional<std::int64_t> Bound = boundAtLaunch(Read))
      llvm::erase_if(*Values, [&](std::int64_t V) { return V > *Bound; });
    std::optional<std::vector<std::int64_t>> Folded =
        foldAtEach(E, cast<VarDecl>(Read->getDecl()), *Values, Ctx,
                   [&](const VarDecl *Other) {
                     return variableAtLaunch(Other, E, /*Bound=*/false);
                   });
    if (!Folded || Folded->empty())
      return std::nullopt;
    llvm::sort(*Folded);
    return Folded;
  }
  return std::nullopt;
}

std::optional<std::int64_t>
LaunchReader::variableAtLaunch(const VarDecl *VD, const Expr *E, bool Bound) {
  const auto *FD =
      VD->hasLocalStorage() && !VD->getType().isVolatileQualified()
          ? dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod())
          : nullptr;
  if (!FD)
    return std::nullopt;
  LaunchSites::FunctionCache &C = cacheOf(FD);
  // Set once (`int by = 256 / bx;` with bx set once too), or one value
  // from every write that reaches the read (`int s; s = 1;`).
  if (setOnce(VD)) {
    if (std::optional<std::int64_t> Once = setOnceValue(VD))
      return Once;
  } else if (const DeclRefExpr *Read = readOf(VD, E)) {
    if (std::optional<std::vector<std::int64_t>> Values = valuesReaching(Read);
        Values && Values->size() == 1)
      return Values->front();
  }
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
      bool Later =
          !LoopSinceFrom && before(Launch->getEndLoc(), W->getBeginLoc());
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
LaunchReader::pointerOffsetAtLaunch(const Expr *E, unsigned Depth) {
  // Each cast, operator and write read on the way counts: a chain of a
  // few writes through casts is well within it.
  if (!E || Depth > 32)
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
        Index->getType()->isIntegralOrEnumerationType() ? valueAtLaunch(Index)
                                                        : std::nullopt;
    std::int64_t Moved = 0, Bytes = 0, Sum = 0;
    if (!From || !Step || !K ||
        llvm::MulOverflow(*K, std::int64_t(Sign), Moved) ||
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
  if (VD->getInit() && setOnce(VD))
    return pointerOffsetAtLaunch(VD->getInit(), Depth + 1);
  // A local written again (`p += 3;`): what every write that reaches the
  // read leaves, when they agree.
  if (VD->hasLocalStorage() && !isa<ParmVarDecl>(VD))
    return offsetReaching(Ref, Depth + 1);
  return 0;
}

std::optional<std::int64_t>
LaunchReader::offsetReaching(const DeclRefExpr *Read, unsigned Depth) {
  if (Depth > 32)
    return std::nullopt;
  // One written where the flow does not show it (`cudaMalloc(&p, n)`) is
  // taken as allocated, as a parameter is.
  const ReachingWrites *RW = flowOf(Read);
  if (!RW)
    return 0;
  const llvm::SmallVector<unsigned, 4> *Ids = RW->reaching(Read);
  if (!Ids || Ids->empty())
    return std::nullopt;
  std::optional<std::int64_t> Offset;
  for (unsigned Id : *Ids) {
    const Write &W = RW->write(Id);
    if (RW->cycleOf(Id) || !W.Statement)
      return std::nullopt;
    std::optional<std::int64_t> After;
    if (W.Kind != WriteKind::Step) {
      After = pointerOffsetAtLaunch(W.Value, Depth + 1);
    } else if (WriteStep Step = additiveStep(W);
               Step.Kind == StepKind::Add && W.SteppedRead) {
      // `p += k`, `++p`, `p -= k`: the bytes before, moved k elements.
      std::optional<std::int64_t> From =
          pointerOffsetAtLaunch(W.SteppedRead, Depth + 1);
      std::optional<std::int64_t> K = Step.Amount
                                          ? valueAtLaunch(Step.Amount)
                                          : std::optional<std::int64_t>(1);
      QualType Pointee = Read->getType()->getPointeeType();
      std::int64_t Bytes = 0, Sum = 0;
      if (From && K && !Pointee.isNull() && Pointee->isConstantSizeType() &&
          !Pointee->isIncompleteType() &&
          !llvm::MulOverflow(*K,
                             (Step.Negate ? -1 : 1) *
                                 Ctx.getTypeSizeInChars(Pointee).getQuantity(),
                             Bytes) &&
          !llvm::AddOverflow(*From, Bytes, Sum))
        After = Sum;
    }
    if (!After || (Offset && *Offset != *After))
      return std::nullopt;
    Offset = After;
  }
  return Offset;
}

std::optional<std::vector<std::int64_t>>
valuesFromCallers(const Expr *E, ASTContext &Ctx, HostCallers &Callers) {
  E = E->IgnoreParenImpCasts();
  if (E->isValueDependent() || !E->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  if (const auto *P = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr)
    return Callers.valuesOf(P, Ctx, ArgumentFacts::MaxValues);
  return Callers.valuesOfExpression(E, Ctx, ArgumentFacts::MaxValues);
}

std::optional<std::int64_t> boundFromCallers(const Expr *E, ASTContext &Ctx,
                                             HostCallers &Callers) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *P = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
  if (!P)
    return std::nullopt;
  return Callers.boundOf(P, Ctx);
}

} // namespace gpumem::launch
