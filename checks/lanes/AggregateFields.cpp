//===- AggregateFields.cpp - integer fields of local aggregates -----------===//
#include "checks/lanes/AggregateFields.h"

#include "checks/cuda/CooperativeGroups.h"
#include "checks/cuda/CudaBuiltins.h"
#include "checks/lanes/GroupValues.h"
#include "checks/lanes/LaneEvaluator.h"

#include "clang/AST/DeclCXX.h"

namespace gpumem::lanes {

using namespace clang;

namespace {

bool isIntegerField(const FieldDecl *FD) {
  QualType T = FD->getType();
  return !FD->isBitField() &&
         (T->isIntegralOrUnscopedEnumerationType() || T->isBooleanType());
}

/// \p E without the nodes that only carry an object along.
const Expr *objectOf(const Expr *E) {
  while (E) {
    E = E->IgnoreParens();
    if (const auto *C = dyn_cast<ExprWithCleanups>(E))
      E = C->getSubExpr();
    else if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
      E = M->getSubExpr();
    else if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
      E = B->getSubExpr();
    else if (const auto *F = dyn_cast<CXXFunctionalCastExpr>(E);
             F && F->getCastKind() == CK_NoOp)
      E = F->getSubExpr();
    else if (const auto *I = dyn_cast<ImplicitCastExpr>(E);
             I && (I->getCastKind() == CK_NoOp ||
                   I->getCastKind() == CK_ConstructorConversion ||
                   I->getCastKind() == CK_LValueToRValue))
      E = I->getSubExpr();
    else
      return E;
  }
  return E;
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

} // namespace

std::optional<LaneValue> AggregateFields::member(const MemberExpr *ME) {
  const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
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
      E.Frames.empty())
    return std::nullopt;
  auto NotFollowed = [&](const char *What) {
    return LaneValue::unknown(UnknownKind::NotFollowed,
                              std::string(What) + " '" +
                                  VD->getNameAsString() + "'",
                              E.loc(ME));
  };
  if (VD->getType().isVolatileQualified())
    return NotFollowed("field of volatile");
  const cuda::FunctionFacts *F = E.Frames.back().Facts;
  if (F && !F->writesOf(VD).empty())
    return LaneValue::unknown(UnknownKind::Reassigned,
                              "'" + VD->getNameAsString() + "' is reassigned",
                              E.loc(F->writesOf(VD).front()));
  if (const auto *P = dyn_cast<ParmVarDecl>(VD)) {
    if (E.Frames.size() != 1 || P->getDeclContext() != E.Frames.front().Function ||
        !cuda::isKernel(E.Frames.front().Function))
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
  return E.pinned(LaneValue::symbol(
      E.Symbols.intern(Key, P->getNameAsString() + "." + Path)));
}

std::optional<LaneValue> AggregateFields::fieldOfObject(const Expr *Object,
                                                        const FieldDecl *FD,
                                                        llvm::StringRef Owner) {
  if (!E.takeStep())
    return std::nullopt;
  Object = objectOf(Object);
  if (!Object)
    return std::nullopt;
  unsigned Axis = FD->getFieldIndex();
  // threadIdx and friends, converted: `dim3 t = threadIdx;`.
  if (auto Var = cuda::matchBuiltinVariable(Object); Var && Axis < 3)
    return E.builtinValue({*Var, Axis});
  if (const auto *List = dyn_cast<InitListExpr>(Object)) {
    if (List->getType()->getAsRecordDecl() != FD->getParent() ||
        Axis >= List->getNumInits())
      return std::nullopt;
    return E.evaluate(List->getInit(Axis));
  }
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(Object))
    return constructedField(Construct, FD, Owner);
  if (const auto *Call = dyn_cast<CallExpr>(Object))
    return returnedField(Call, FD);
  // An object loaded from memory: one value per warp when the lanes load
  // it from one address, data otherwise.
  if (Object->isGLValue() && !isa<DeclRefExpr>(Object)) {
    if (std::optional<LaneValue> Shared =
            E.Shared.load(Object, FD, Owner))
      return *Shared;
    return LaneValue::unknown(UnknownKind::DataDependent,
                              "index reads memory (data-dependent)",
                              E.loc(Object));
  }
  // A copy of another local: its own initialiser.
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Object))
    if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
        VD && VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) &&
        VD->getInit() && !VD->getType()->isReferenceType() && !E.Frames.empty() &&
        E.Frames.back().Facts && E.Frames.back().Facts->writesOf(VD).empty())
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
  const FunctionDecl *Def = nullptr;
  if (!Ctor->hasBody(Def) || !isa<CXXConstructorDecl>(Def))
    return std::nullopt;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  if (!Body || !Body->body_empty())
    return std::nullopt;
  // `dim3(unsigned vx = 1, ...) : x(vx), ...` and `dim3(uint3 v) : x(v.x)`.
  for (const CXXCtorInitializer *Init :
       cast<CXXConstructorDecl>(Def)->inits()) {
    if (Init->getMember() != FD)
      continue;
    const Expr *Value = Init->getInit()->IgnoreParenImpCasts();
    const FieldDecl *Through = nullptr;
    if (const auto *Member = dyn_cast<MemberExpr>(Value);
        Member && !Member->isArrow()) {
      Through = dyn_cast<FieldDecl>(Member->getMemberDecl());
      Value = Member->getBase()->IgnoreParenImpCasts();
    }
    const auto *Param = dyn_cast<DeclRefExpr>(Value);
    const auto *PVD =
        Param ? dyn_cast<ParmVarDecl>(Param->getDecl()) : nullptr;
    if (!PVD || PVD->getFunctionScopeIndex() >= C->getNumArgs())
      return std::nullopt;
    const Expr *Arg = C->getArg(PVD->getFunctionScopeIndex());
    if (!Through)
      return E.evaluate(Arg);
    return fieldOfObject(Arg, Through, Owner);
  }
  return std::nullopt;
}

std::optional<LaneValue> AggregateFields::returnedField(const CallExpr *Call,
                                                        const FieldDecl *FD) {
  const unsigned Axis = FD->getFieldIndex();
  // block.thread_index(), group_index(), dim_threads().
  if (auto CG = cuda::matchCooperativeGroupsCall(Call, E.Ctx);
      CG && cuda::isDim3Query(CG->Query) && Axis < 3)
    return groupQueryValue(*CG, Axis, E.Geometry, E.Symbols);
  // make_int2(x, y) and the other vector makers: one argument a field.
  const FunctionDecl *Callee = Call->getDirectCallee();
  const RecordDecl *Record = FD->getParent();
  if (Callee && Callee->getIdentifier() && Record->getIdentifier() &&
      Callee->getName() == ("make_" + Record->getName()).str() &&
      Axis < Call->getNumArgs())
    return E.evaluate(Call->getArg(Axis));
  return std::nullopt;
}

} // namespace gpumem::lanes
