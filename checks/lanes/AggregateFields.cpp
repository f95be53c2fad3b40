//===- AggregateFields.cpp - integer fields of local aggregates -----------===//
#include "checks/lanes/AggregateFields.h"

#include "checks/cuda/CooperativeGroups.h"
#include "checks/cuda/CudaBuiltins.h"
#include "checks/lanes/EvaluatorCore.h"
#include "checks/lanes/EvaluatorSupport.h"
#include "checks/lanes/GroupValues.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/RecordLayout.h"

namespace gpumem::lanes {

using namespace clang;
using detail::builtinValue;
using detail::objectOf;
using detail::returnedBy;

namespace {

bool isIntegerField(const FieldDecl *FD) {
  QualType T = FD->getType();
  return !FD->isBitField() &&
         (T->isIntegralOrUnscopedEnumerationType() || T->isBooleanType());
}

/// The definition of \p Ctor when its body is empty, so that its
/// initialisers are all it does; null otherwise.
const CXXConstructorDecl *initialisersOnly(const CXXConstructorDecl *Ctor) {
  const FunctionDecl *Def = nullptr;
  if (!Ctor->hasBody(Def) || !isa<CXXConstructorDecl>(Def))
    return nullptr;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  return Body && Body->body_empty() ? cast<CXXConstructorDecl>(Def) : nullptr;
}

/// The argument of \p C a parameter reference \p Value (of \p C's
/// constructor \p Def) names; null otherwise.
const Expr *argumentNamed(const CXXConstructExpr *C,
                          const CXXConstructorDecl *Def, const Expr *Value) {
  const auto *Ref = dyn_cast<DeclRefExpr>(Value->IgnoreParenImpCasts());
  const auto *PVD = Ref ? dyn_cast<ParmVarDecl>(Ref->getDecl()) : nullptr;
  if (!PVD || PVD->getDeclContext() != Def ||
      PVD->getFunctionScopeIndex() >= C->getNumArgs())
    return nullptr;
  return C->getArg(PVD->getFunctionScopeIndex());
}

/// What the construction \p C gives field \p FD: the argument of \p C
/// that a member initialiser of its constructor names (`Matrix(T *d, int
/// s) : data(d), stride(s) {}`), directly, or through a field of it
/// (`dim3(uint3 v) : x(v.x)`: \c Through is `x` of the argument), or
/// through a base class's constructor the base initialiser calls with its
/// parameters (`View(T *d) : ViewBase(d) {}`, the shape of an accessor
/// built on a base that holds the fields). Every constructor on the way
/// has an empty body. std::nullopt otherwise.
struct FieldArgument {
  const Expr *Argument = nullptr;
  const FieldDecl *Through = nullptr;
};
std::optional<FieldArgument> fieldArgument(const CXXConstructExpr *C,
                                           const FieldDecl *FD,
                                           unsigned Depth = 0) {
  const CXXConstructorDecl *Def = initialisersOnly(C->getConstructor());
  if (!Def || Depth > 4)
    return std::nullopt;
  const auto *Holder = dyn_cast<CXXRecordDecl>(FD->getParent());
  for (const CXXCtorInitializer *Init : Def->inits()) {
    if (Init->getMember() == FD) {
      const Expr *Value = Init->getInit()->IgnoreParenImpCasts();
      const FieldDecl *Through = nullptr;
      if (const auto *Member = dyn_cast<MemberExpr>(Value);
          Member && !Member->isArrow()) {
        Through = dyn_cast<FieldDecl>(Member->getMemberDecl());
        Value = Member->getBase();
      }
      if (const Expr *Arg = argumentNamed(C, Def, Value))
        return FieldArgument{Arg, Through};
      return std::nullopt;
    }
    if (!Init->isBaseInitializer() || !Holder)
      continue;
    const auto *Base = Init->getBaseClass()->getAsCXXRecordDecl();
    if (!Base || !Base->hasDefinition() ||
        (Base->getCanonicalDecl() != Holder->getCanonicalDecl() &&
         !Base->isDerivedFrom(Holder)))
      continue;
    const auto *Inner =
        dyn_cast<CXXConstructExpr>(Init->getInit()->IgnoreImplicit());
    std::optional<FieldArgument> At =
        Inner ? fieldArgument(Inner, FD, Depth + 1) : std::nullopt;
    if (!At)
      return std::nullopt;
    if (const Expr *Arg = argumentNamed(C, Def, At->Argument))
      return FieldArgument{Arg, At->Through};
    return std::nullopt;
  }
  return std::nullopt;
}

/// The field of \p Record with the name of \p FD (a dim3 field read from
/// the uint3 a constructor was given).
const FieldDecl *fieldNamed(const RecordDecl *Record, const FieldDecl *FD) {
  if (!Record || !FD->getIdentifier())
    return nullptr;
  for (const FieldDecl *Other : Record->fields())
    if (Other->getIdentifier() && Other->getName() == FD->getName())
      return Other;
  return nullptr;
}

/// Where \p Base starts in \p Record (0 when they are the same), through
/// non-virtual bases; std::nullopt when it is not one of them.
std::optional<std::int64_t> baseOffset(const RecordDecl *Record,
                                       const RecordDecl *Base, ASTContext &Ctx,
                                       unsigned Depth = 0) {
  if (Record->getCanonicalDecl() == Base->getCanonicalDecl())
    return 0;
  const auto *CXX = dyn_cast<CXXRecordDecl>(Record);
  if (!CXX || !CXX->hasDefinition() || CXX->isInvalidDecl() || Depth > 8)
    return std::nullopt;
  const ASTRecordLayout &Layout = Ctx.getASTRecordLayout(CXX);
  for (const CXXBaseSpecifier &Spec : CXX->bases()) {
    const CXXRecordDecl *Next = Spec.getType()->getAsCXXRecordDecl();
    if (!Next || Spec.isVirtual())
      continue;
    if (std::optional<std::int64_t> Inner =
            baseOffset(Next, Base, Ctx, Depth + 1))
      return Layout.getBaseClassOffset(Next).getQuantity() + *Inner;
  }
  return std::nullopt;
}

bool namesStrides(const FieldDecl *F) {
  return F->getName().contains_insensitive("stride");
}

/// The name of the \p Bytes bytes at \p Offset in an object of type \p T:
/// ".dims.x", ".strides_[1]"; empty where no field or element of that
/// size starts there. \p Innermost (when given) is set when the place is
/// the last element of an integer array field named for strides (a
/// tensor accessor's `strides_[N - 1]`: the innermost dimension's).
std::string placeName(QualType T, std::int64_t Offset, std::int64_t Bytes,
                      ASTContext &Ctx, bool *Innermost = nullptr,
                      unsigned Depth = 0) {
  T = T.getCanonicalType();
  if (Depth > 8 || T->isIncompleteType() || T->isDependentType())
    return "";
  const std::int64_t Size = Ctx.getTypeSizeInChars(T).getQuantity();
  if (Offset == 0 && Size == Bytes && !T->isRecordType() && !T->isArrayType())
    return " ";
  if (const auto *Array = Ctx.getAsConstantArrayType(T)) {
    const std::int64_t Element =
        Ctx.getTypeSizeInChars(Array->getElementType()).getQuantity();
    if (Element <= 0 || Offset < 0 || Offset >= Size)
      return "";
    std::string Rest = placeName(Array->getElementType(), Offset % Element,
                                 Bytes, Ctx, nullptr, Depth + 1);
    if (Rest.empty())
      return "";
    if (Innermost)
      *Innermost = Rest == " " && Offset / Element == Size / Element - 1;
    return "[" + std::to_string(Offset / Element) + "]" +
           (Rest == " " ? "" : Rest);
  }
  const auto *Record = T->getAsRecordDecl();
  if (!Record || !Record->getDefinition() || Record->isInvalidDecl())
    return "";
  const ASTRecordLayout &Layout = Ctx.getASTRecordLayout(Record);
  // A field of a base class is named as the derived class's own (an
  // accessor whose fields live in its base: `.strides_[1]`).
  if (const auto *CXX = dyn_cast<CXXRecordDecl>(Record))
    for (const CXXBaseSpecifier &Base : CXX->bases()) {
      const CXXRecordDecl *BaseDecl = Base.getType()->getAsCXXRecordDecl();
      if (!BaseDecl || Base.isVirtual())
        continue;
      const std::int64_t At = Layout.getBaseClassOffset(BaseDecl).getQuantity();
      const std::int64_t End =
          At + Ctx.getASTRecordLayout(BaseDecl).getDataSize().getQuantity();
      if (Offset < At || Offset >= End)
        continue;
      std::string Rest =
          placeName(Base.getType(), Offset - At, Bytes, Ctx, Innermost,
                    Depth + 1);
      if (!Rest.empty())
        return Rest;
    }
  for (const FieldDecl *F : Record->fields()) {
    if (F->isBitField() || !F->getIdentifier())
      continue;
    const std::int64_t At =
        Ctx.toCharUnitsFromBits(Layout.getFieldOffset(F->getFieldIndex()))
            .getQuantity();
    const std::int64_t FieldSize =
        F->getType()->isIncompleteType()
            ? 0
            : Ctx.getTypeSizeInChars(F->getType()).getQuantity();
    if (Offset < At || Offset >= At + FieldSize)
      continue;
    std::string Rest =
        placeName(F->getType(), Offset - At, Bytes, Ctx, Innermost, Depth + 1);
    if (Rest.empty())
      return "";
    if (Innermost && Ctx.getAsConstantArrayType(F->getType()))
      *Innermost = *Innermost && namesStrides(F);
    return "." + F->getNameAsString() + (Rest == " " ? "" : Rest);
  }
  return "";
}

} // namespace

template <typename T, typename Fn>
std::optional<T> AggregateFields::inFrameOf(const FunctionDecl *Owner,
                                            Fn Evaluate) {
  std::size_t I = Core.frames().size();
  while (I > 0 && Core.frames()[I - 1].Function != Owner)
    --I;
  if (I == 0)
    return std::nullopt;
  return Core.inFirstFrames(I, [&] { return std::optional<T>(Evaluate()); });
}

const VarDecl *AggregateFields::localObject(const MemberExpr *ME) {
  const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
  if (!FD || Core.frames().empty())
    return nullptr;
  PointerValue At = ME->isArrow() ? Core.evaluatePointer(ME->getBase())
                                  : Core.evaluateAddress(ME->getBase());
  const auto *VD = dyn_cast_or_null<VarDecl>(At.Base);
  std::optional<std::int64_t> Offset = At.Offset.asConstant();
  if (At.isUnknown() || At.Space != MemorySpace::Local || !VD ||
      isa<ParmVarDecl>(VD) || !VD->hasLocalStorage() || !VD->getInit() ||
      VD->getType()->isReferenceType() || !Offset)
    return nullptr;
  const RecordDecl *Record = VD->getType()->getAsRecordDecl();
  const auto *Owner = dyn_cast<FunctionDecl>(VD->getDeclContext());
  // The field may be a base class's (a view whose fields live in its base),
  // at that base's place in the object.
  if (!Record ||
      baseOffset(Record, FD->getParent(), Core.Ctx) != std::optional(*Offset) ||
      !Owner || VD->getType().isVolatileQualified() ||
      !Core.factsOf(Owner).writesOf(VD).empty())
    return nullptr;
  return VD;
}

std::optional<PointerValue>
AggregateFields::localPointer(const MemberExpr *ME) {
  if (!ME->getType()->isPointerType())
    return std::nullopt;
  const VarDecl *VD = localObject(ME);
  if (!VD)
    return std::nullopt;
  const auto *FD = cast<FieldDecl>(ME->getMemberDecl());
  std::optional<std::optional<PointerValue>> Field =
      inFrameOf<std::optional<PointerValue>>(
          cast<FunctionDecl>(VD->getDeclContext()),
          [&] { return pointerFieldOf(VD->getInit(), FD); });
  return Field ? *Field : std::nullopt;
}

std::optional<PointerValue>
AggregateFields::returnedObjectPointer(const MemberExpr *ME) {
  const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
  if (!FD || !ME->isArrow() || !ME->getType()->isPointerType() ||
      !isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()) ||
      Core.frames().size() < 2 || !Core.frames().back().ObjectFrom)
    return std::nullopt;
  const CallExpr *From = Core.frames().back().ObjectFrom;
  // The call that made the object is evaluated where it was made: in the
  // frame below this one.
  return Core.inFirstFrames(Core.frames().size() - 1,
                            [&] { return pointerFieldOf(From, FD); });
}

template <typename T, typename Fn>
std::optional<T> AggregateFields::inReturned(const CallExpr *Call,
                                             Fn Evaluate) {
  const Expr *Returned = returnedBy(Call);
  if (!Returned)
    return std::nullopt;
  EvaluatorCore::CallScope In(Core, Call);
  if (!In)
    return std::nullopt;
  return Evaluate(Returned);
}

std::optional<PointerValue>
AggregateFields::pointerFieldOf(const Expr *Object, const FieldDecl *FD,
                                unsigned Depth) {
  Object = objectOf(Object);
  if (!Object || Depth > 4 || !Core.takeStep())
    return std::nullopt;
  const RecordDecl *Record = FD->getParent();
  // The object a helper returns (an accessor's operator[] returning the
  // view of one fewer dimension): what its returned expression gives, in
  // the call's frame.
  if (const auto *Call = dyn_cast<CallExpr>(Object))
    return inReturned<PointerValue>(Call, [&](const Expr *Returned) {
      return pointerFieldOf(Returned, FD, Depth + 1);
    });
  if (const auto *List = dyn_cast<InitListExpr>(Object)) {
    const auto *CXX = dyn_cast<CXXRecordDecl>(Record);
    if (List->getType()->getAsRecordDecl() != Record ||
        (CXX && CXX->getNumBases() != 0) ||
        FD->getFieldIndex() >= List->getNumInits())
      return std::nullopt;
    return Core.evaluatePointer(List->getInit(FD->getFieldIndex()));
  }
  const auto *C = dyn_cast<CXXConstructExpr>(Object);
  if (!C)
    return std::nullopt;
  const CXXConstructorDecl *Ctor = C->getConstructor();
  if (Ctor->isCopyOrMoveConstructor() && C->getNumArgs() == 1) {
    // A copy of another local, or of a kernel's struct parameter.
    const Expr *From = objectOf(C->getArg(0));
    if (const auto *Ref = dyn_cast_or_null<DeclRefExpr>(From))
      if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl())) {
        if (isa<ParmVarDecl>(VD)) {
          if (Core.frames().size() != 1 || VD->getType()->isReferenceType() ||
              VD->getDeclContext() != Core.frames().front().Function ||
              !cuda::isKernel(Core.frames().front().Function))
            return std::nullopt;
          PointerValue P;
          P.Space = MemorySpace::Global;
          P.Base = FD;
          P.Offset = LaneValue::constant(0);
          return P;
        }
        const cuda::FunctionFacts *F = Core.frames().back().Facts;
        if (VD->hasLocalStorage() && VD->getInit() && F &&
            F->writesOf(VD).empty())
          return pointerFieldOf(VD->getInit(), FD, Depth + 1);
      }
    return std::nullopt;
  }
  // `Matrix(T *d, int s) : data(d), stride(s) {}`, or a base's.
  std::optional<FieldArgument> Init = fieldArgument(C, FD);
  if (!Init)
    return std::nullopt;
  if (Init->Through)
    return pointerFieldOf(Init->Argument, Init->Through, Depth + 1);
  return Core.evaluatePointer(Init->Argument);
}

std::optional<AggregateFields::ParameterPlace>
AggregateFields::parameterPlace(const Expr *Lvalue) {
  if (Core.frames().empty() || !cuda::isKernel(Core.frames().front().Function))
    return std::nullopt;
  // Only an lvalue reached from `this`, a parameter or a reference can be
  // in a parameter; anything else is not evaluated again.
  const Expr *Root = Lvalue->IgnoreParenImpCasts();
  while (true) {
    if (const auto *ME = dyn_cast<MemberExpr>(Root))
      Root = ME->getBase()->IgnoreParenImpCasts();
    else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Root))
      Root = AS->getBase()->IgnoreParenImpCasts();
    else
      break;
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(Root);
  const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!isa<CXXThisExpr>(Root) &&
      !(VD && (isa<ParmVarDecl>(VD) || VD->getType()->isReferenceType())))
    return std::nullopt;
  PointerValue Address = Core.evaluateAddress(Lvalue);
  const auto *P = dyn_cast_or_null<ParmVarDecl>(Address.Base);
  if (Address.isUnknown() || Address.Space != MemorySpace::Local || !P ||
      P->getDeclContext() != Core.frames().front().Function ||
      !P->getType()->isRecordType())
    return std::nullopt;
  std::optional<std::int64_t> Offset = Address.Offset.asConstant();
  if (!Offset)
    return std::nullopt;
  // A parameter the kernel writes is a local like any other.
  const cuda::FunctionFacts &Facts =
      Core.factsOf(Core.frames().front().Function);
  if (!Facts.writesOf(P).empty())
    return std::nullopt;
  return ParameterPlace{P, *Offset};
}

std::optional<LaneValue> AggregateFields::parameterValue(const Expr *Lvalue) {
  QualType T = Lvalue->getType().getCanonicalType();
  if (!T->isIntegralOrUnscopedEnumerationType() || T->isDependentType())
    return std::nullopt;
  std::optional<ParameterPlace> Place = parameterPlace(Lvalue);
  if (!Place)
    return std::nullopt;
  const std::int64_t Bytes = Core.Ctx.getTypeSizeInChars(T).getQuantity();
  bool Innermost = false;
  std::string Name = placeName(Place->Parameter->getType(), Place->Offset,
                               Bytes, Core.Ctx, &Innermost);
  if (Name.empty())
    return std::nullopt;
  // The innermost dimension's stride of a tensor accessor is 1 for the
  // contiguous tensors extensions are written for (`.contiguous()` before
  // the launch): taken so, and said in the kernel's dump line, so that
  // `out[row][threadIdx.x]` is not reported as a stride the user chose.
  if (Innermost) {
    std::string Full = Place->Parameter->getNameAsString() + Name;
    if (llvm::find(Core.UnitStrides, Full) == Core.UnitStrides.end())
      Core.UnitStrides.push_back(Full);
    return LaneValue::constant(1);
  }
  SymbolKey Key{SymbolKind::ParameterField, Place->Parameter, nullptr,
                Place->Offset + 1, {Bytes}};
  return Core.pinned(LaneValue::symbol(
      Core.Symbols.intern(Key, Place->Parameter->getNameAsString() + Name)));
}

std::optional<PointerValue>
AggregateFields::parameterPointer(const Expr *Lvalue) {
  // The field itself is the base: two such pointers are two arrays.
  const auto *ME = dyn_cast<MemberExpr>(Lvalue->IgnoreParenImpCasts());
  if (!ME || !isa<FieldDecl>(ME->getMemberDecl()) ||
      !Lvalue->getType()->isPointerType() || !parameterPlace(Lvalue))
    return std::nullopt;
  PointerValue P;
  P.Space = MemorySpace::Global;
  P.Base = ME->getMemberDecl();
  P.Offset = LaneValue::constant(0);
  return P;
}

std::optional<LaneValue> AggregateFields::member(const MemberExpr *ME) {
  const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
  if (ME->isArrow() && FD && isIntegerField(FD)) {
    if (std::optional<LaneValue> V = parameterValue(ME))
      return V;
    // `this->stride` of a local aggregate, in a member function of it.
    if (const VarDecl *VD = localObject(ME))
      if (std::optional<std::optional<LaneValue>> V =
              inFrameOf<std::optional<LaneValue>>(
                  cast<FunctionDecl>(VD->getDeclContext()), [&] {
                    return fieldOfObject(VD->getInit(), FD, VD->getName());
                  }))
        return *V;
    return std::nullopt;
  }
  if (ME->isArrow() || !FD || !isIntegerField(FD))
    return std::nullopt;
  const Expr *Base = ME->getBase()->IgnoreParenImpCasts();
  while (const auto *Inner = dyn_cast<MemberExpr>(Base)) {
    if (Inner->isArrow())
      return std::nullopt;
    Base = Inner->getBase()->IgnoreParenImpCasts();
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(Base);
  const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!VD || !VD->hasLocalStorage() || VD->getType()->isReferenceType() ||
      Core.frames().empty())
    return std::nullopt;
  auto NotFollowed = [&](const char *What) {
    return LaneValue::unknown(
        UnknownKind::NotFollowed,
        std::string(What) + " '" + VD->getNameAsString() + "'", Core.loc(ME));
  };
  if (VD->getType().isVolatileQualified())
    return NotFollowed("field of volatile");
  const cuda::FunctionFacts *F = Core.frames().back().Facts;
  if (F && !F->writesOf(VD).empty())
    return LaneValue::unknown(UnknownKind::Reassigned,
                              "'" + VD->getNameAsString() + "' is reassigned",
                              Core.loc(F->writesOf(VD).front()));
  if (const auto *P = dyn_cast<ParmVarDecl>(VD)) {
    if (Core.frames().size() != 1 ||
        P->getDeclContext() != Core.frames().front().Function ||
        !cuda::isKernel(Core.frames().front().Function))
      return NotFollowed("field of the helper's parameter");
    return parameterField(P, ME, FD);
  }
  if (Base != ME->getBase()->IgnoreParenImpCasts())
    return NotFollowed("nested field of");
  if (!VD->getInit())
    return NotFollowed("field of uninitialised");
  if (std::optional<LaneValue> V =
          fieldOfObject(VD->getInit(), FD, VD->getName()))
    return V;
  return NotFollowed("field of an initializer the analysis does not follow,");
}

LaneValue AggregateFields::parameterField(const ParmVarDecl *P,
                                          const MemberExpr *ME,
                                          const FieldDecl *FD) {
  // A field every launch passes the same (`p.ld` is 64).
  if (isa<DeclRefExpr>(ME->getBase()->IgnoreParenImpCasts())) {
    const auto &Bound = Core.frames().front().FieldValues;
    if (auto It = Bound.find({P, FD}); It != Bound.end())
      return LaneValue::constant(It->second);
  }
  // A kernel's struct parameter, passed by value: every lane has the
  // same; the symbol is its path of fields, named so (p.dims.x).
  SymbolKey Key{SymbolKind::ParameterField, P, nullptr, 0,
                {reinterpret_cast<std::intptr_t>(FD)}};
  std::string Path = FD->getNameAsString();
  for (const Expr *At = ME->getBase()->IgnoreParenImpCasts();
       const auto *Inner = dyn_cast<MemberExpr>(At);
       At = Inner->getBase()->IgnoreParenImpCasts()) {
    Path = Inner->getMemberDecl()->getNameAsString() + "." + Path;
    Key.Path.insert(Key.Path.begin(),
                    reinterpret_cast<std::intptr_t>(Inner->getMemberDecl()));
  }
  return Core.pinned(LaneValue::symbol(
      Core.Symbols.intern(Key, P->getNameAsString() + "." + Path)));
}

std::optional<LaneValue> AggregateFields::fieldOfObject(const Expr *Object,
                                                        const FieldDecl *FD,
                                                        llvm::StringRef Owner) {
  if (!Core.takeStep())
    return std::nullopt;
  Object = objectOf(Object);
  if (!Object)
    return std::nullopt;
  unsigned Axis = FD->getFieldIndex();
  // threadIdx and friends, converted: `dim3 t = threadIdx;`.
  if (auto Var = cuda::matchBuiltinVariable(Object); Var && Axis < 3)
    return Core.pinned(builtinValue({*Var, Axis}, Core.Geometry));
  if (const auto *List = dyn_cast<InitListExpr>(Object)) {
    if (List->getType()->getAsRecordDecl() != FD->getParent() ||
        Axis >= List->getNumInits())
      return std::nullopt;
    return Core.evaluate(List->getInit(Axis));
  }
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(Object))
    return constructedField(Construct, FD, Owner);
  if (const auto *Call = dyn_cast<CallExpr>(Object))
    return returnedField(Call, FD, Owner);
  // An object loaded from memory: one value per warp when the lanes load
  // it from one address, data otherwise.
  if (Object->isGLValue() && !isa<DeclRefExpr>(Object)) {
    if (std::optional<LaneValue> Shared = Core.Uniform.load(Object, FD, Owner))
      return *Shared;
    return LaneValue::unknown(UnknownKind::DataDependent,
                              "index reads memory (data-dependent)",
                              Core.loc(Object));
  }
  // A copy of another local: its own initialiser.
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Object))
    if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
        VD && VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) && VD->getInit() &&
        !VD->getType()->isReferenceType() && !Core.frames().empty() &&
        Core.frames().back().Facts &&
        Core.frames().back().Facts->writesOf(VD).empty())
      if (const FieldDecl *Same =
              fieldNamed(VD->getType()->getAsRecordDecl(), FD))
        return fieldOfObject(VD->getInit(), Same, VD->getName());
  return std::nullopt;
}

std::optional<LaneValue>
AggregateFields::constructedField(const CXXConstructExpr *C, const FieldDecl *FD,
                                  llvm::StringRef Owner) {
  const CXXConstructorDecl *Ctor = C->getConstructor();
  if (Ctor->isCopyOrMoveConstructor() && C->getNumArgs() == 1)
    return fieldOfObject(C->getArg(0), FD, Owner);
  // `dim3(unsigned vx = 1, ...) : x(vx), ...` and `dim3(uint3 v) : x(v.x)`.
  std::optional<FieldArgument> Init = fieldArgument(C, FD);
  if (!Init)
    return std::nullopt;
  if (!Init->Through)
    return Core.evaluate(Init->Argument);
  return fieldOfObject(Init->Argument, Init->Through, Owner);
}

std::optional<LaneValue> AggregateFields::returnedField(const CallExpr *Call,
                                                        const FieldDecl *FD,
                                                        llvm::StringRef Owner) {
  const unsigned Axis = FD->getFieldIndex();
  // block.thread_index(), group_index(), dim_threads().
  if (auto CG = cuda::matchCooperativeGroupsCall(Call, Core.Ctx);
      CG && cuda::isDim3Query(CG->Query) && Axis < 3)
    return groupQueryValue(*CG, Axis, Core.Geometry, Core.Symbols);
  // make_int2(x, y) and the other vector makers: one argument a field.
  const FunctionDecl *Callee = Call->getDirectCallee();
  const RecordDecl *Record = FD->getParent();
  if (Callee && Callee->getIdentifier() && Record->getIdentifier() &&
      Callee->getName() == ("make_" + Record->getName()).str() &&
      Axis < Call->getNumArgs())
    return Core.evaluate(Call->getArg(Axis));
  // A helper's returned object: the field its returned expression gives,
  // in the call's frame.
  return inReturned<LaneValue>(Call, [&](const Expr *Returned) {
    return fieldOfObject(Returned, FD, Owner);
  });
}

} // namespace gpumem::lanes
