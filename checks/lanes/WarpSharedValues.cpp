//===- WarpSharedValues.cpp - values a warp shares, and local aggregates --===//
//
// Part of LaneEvaluator. The lane algebra keeps a value exact or gives up;
// but where it gives up on operands every lane of the warp shares, the
// result is shared too, and that is all the verdicts need of it: a term
// the same in every lane drops out of a bank conflict and of the lanes'
// spread over transactions. Such a result becomes a symbol of its own,
// like a kernel parameter:
//
// - an operation the algebra cannot keep exact on uniform operands
//   (`(k - 1) & 1` with k a loop counter, `n / d` with both parameters);
// - a load from global, shared or constant memory at an address the lanes
//   share (`emb[idx[blockIdx.x] * dim + tid]`: one load, one value), and a
//   pointer loaded so from global or constant memory (a table of rows).
//
// The fields of local aggregates are read from what initialised them:
// `dim3 t = block.thread_index();`, `int2 c = make_int2(x, y);`, a
// constructor whose member initialisers take its parameters, a braced list;
// and the fields of a kernel's by-value struct parameter are uniform.
//
//===----------------------------------------------------------------------===//
#include "checks/lanes/LaneEvaluator.h"

#include "checks/cuda/CooperativeGroups.h"
#include "checks/cuda/CudaBuiltins.h"
#include "checks/lanes/GroupValues.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

namespace gpumem::lanes {

using namespace clang;

namespace {

bool sharedByLanes(const LaneValue &V) {
  return V.kind() == LaneKind::Constant || V.kind() == LaneKind::Uniform;
}

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

std::string LaneEvaluator::spelling(const Expr *E) const {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange Range = CharSourceRange::getTokenRange(
      SM.getExpansionRange(E->getSourceRange()).getAsRange());
  StringRef Text = Lexer::getSourceText(Range, SM, Ctx.getLangOpts());
  std::string Out;
  for (char C : Text) // one line, single spaces
    if (!std::isspace(static_cast<unsigned char>(C)))
      Out += C;
    else if (!Out.empty() && Out.back() != ' ')
      Out += ' ';
  if (Out.empty() || Out.size() > 48)
    return "(value at line " +
           std::to_string(SM.getExpansionLineNumber(E->getBeginLoc())) + ")";
  // `n / d` reads as one factor where a dump or a message multiplies it.
  if (Out.find(' ') != std::string::npos)
    return "(" + Out + ")";
  return Out;
}

LaneValue
LaneEvaluator::sharedResult(const LaneValue &Result, const Expr *E,
                            SharedOperation Operation,
                            llvm::ArrayRef<const LaneValue *> Operands) {
  if (!Result.isUnknown() ||
      Result.reason().Kind != UnknownKind::SymbolicOperation)
    return Result;
  SymbolKey Key{SymbolKind::SharedOperation, Operation.Node, nullptr,
                Operation.Opcode, {}};
  Symbol Flags;
  for (const LaneValue *V : Operands) {
    if (!sharedByLanes(*V))
      return Result;
    std::vector<std::int64_t> Operand = V->identity();
    Key.Path.push_back(static_cast<std::int64_t>(Operand.size()));
    Key.Path.insert(Key.Path.end(), Operand.begin(), Operand.end());
    for (SymbolId Id : V->symbols()) {
      // A symbol whose values are known (a loop counter, the warp's row of
      // a known block) is enumerated by the collector instead, which keeps
      // what a shared base would lose: how far from a boundary it starts.
      if (!Symbols[Id].Values.empty())
        return Result;
      Flags.ThreadDerived |= Symbols[Id].ThreadDerived;
      Flags.BlockAxes |= Symbols[Id].BlockAxes;
    }
  }
  SymbolId Id = Symbols.intern(Key, spelling(E));
  Symbols[Id].ThreadDerived = Flags.ThreadDerived;
  Symbols[Id].BlockAxes = Flags.BlockAxes;
  return LaneValue::symbol(Id);
}

std::optional<LaneValue> LaneEvaluator::sharedLoad(const Expr *Lvalue,
                                                   const FieldDecl *Field,
                                                   llvm::StringRef Owner) {
  return sharedLoadAt(Lvalue, evaluateAddress(Lvalue), Field, Owner);
}

std::optional<LaneValue>
LaneEvaluator::sharedLoadAt(const Expr *Lvalue, const PointerValue &Address,
                            const FieldDecl *Field, llvm::StringRef Owner) {
  if (Address.isUnknown() || !sharedByLanes(Address.Offset))
    return std::nullopt;
  // As for operations: enumerable symbols are the collector's to enumerate.
  for (SymbolId Id : Address.Offset.symbols())
    if (!Symbols[Id].Values.empty())
      return std::nullopt;
  // A lane's own local memory holds its own values.
  if (Address.Space != MemorySpace::Global &&
      Address.Space != MemorySpace::Shared &&
      Address.Space != MemorySpace::Constant)
    return std::nullopt;
  // One load site is one value per warp; another site may read the same
  // address after a store.
  SymbolKey Key{SymbolKind::SharedLoad, Lvalue, Address.Base,
                reinterpret_cast<std::intptr_t>(Field),
                Address.Offset.identity()};
  SymbolId Id = Symbols.intern(
      Key, !Field ? spelling(Lvalue)
                  : (Owner.empty() ? spelling(Lvalue) : Owner.str()) + "." +
                        Field->getNameAsString());
  for (SymbolId Used : Address.Offset.symbols()) {
    Symbols[Id].ThreadDerived |= Symbols[Used].ThreadDerived;
    Symbols[Id].BlockAxes |= Symbols[Used].BlockAxes;
  }
  return LaneValue::symbol(Id);
}

std::optional<PointerValue>
LaneEvaluator::sharedPointerLoad(const Expr *Lvalue) {
  PointerValue Address = evaluateAddress(Lvalue);
  // Tables of pointers the host fills live in global or constant memory and
  // point into global memory; a shared or local one may hold anything.
  if (Address.isUnknown() || !sharedByLanes(Address.Offset) ||
      (Address.Space != MemorySpace::Global &&
       Address.Space != MemorySpace::Constant))
    return std::nullopt;
  std::optional<LaneValue> Loaded = sharedLoadAt(Lvalue, Address);
  if (!Loaded)
    return std::nullopt;
  PointerValue P;
  P.Space = MemorySpace::Global;
  // No base: its alignment is unknown, so no misalignment is claimed.
  P.Offset = *Loaded;
  return P;
}

std::optional<LaneValue> LaneEvaluator::evaluateMember(const MemberExpr *ME) {
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
      Frames.empty())
    return std::nullopt;
  auto NotFollowed = [&](const char *What) {
    return LaneValue::unknown(UnknownKind::NotFollowed,
                              std::string(What) + " '" +
                                  VD->getNameAsString() + "'",
                              loc(ME));
  };
  if (VD->getType().isVolatileQualified())
    return NotFollowed("field of volatile");
  const cuda::FunctionFacts *F = Frames.back().Facts;
  if (F && !F->writesOf(VD).empty())
    return LaneValue::unknown(UnknownKind::Reassigned,
                              "'" + VD->getNameAsString() + "' is reassigned",
                              loc(F->writesOf(VD).front()));
  if (const auto *P = dyn_cast<ParmVarDecl>(VD)) {
    if (Frames.size() != 1 || P->getDeclContext() != Frames.front().Function ||
        !cuda::isKernel(Frames.front().Function))
      return NotFollowed("field of the helper's parameter");
    // A kernel's struct parameter, passed by value: every lane has the
    // same; the symbol is its path of fields, named so (p.dims.x).
    SymbolKey Key{SymbolKind::ParameterField, VD, nullptr, 0,
                  {reinterpret_cast<std::intptr_t>(FD)}};
    std::string Path = FD->getNameAsString();
    for (const Expr *E = ME->getBase()->IgnoreParenImpCasts();
         const auto *Inner = dyn_cast<MemberExpr>(E);
         E = Inner->getBase()->IgnoreParenImpCasts()) {
      Path = Inner->getMemberDecl()->getNameAsString() + "." + Path;
      Key.Path.insert(Key.Path.begin(),
                      reinterpret_cast<std::intptr_t>(Inner->getMemberDecl()));
    }
    return pinned(LaneValue::symbol(
        Symbols.intern(Key, VD->getNameAsString() + "." + Path)));
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

std::optional<LaneValue> LaneEvaluator::fieldOfObject(const Expr *Object,
                                                      const FieldDecl *FD,
                                                      llvm::StringRef Owner) {
  if (!takeStep())
    return std::nullopt;
  Object = objectOf(Object);
  if (!Object)
    return std::nullopt;
  unsigned Axis = FD->getFieldIndex();
  // threadIdx and friends, converted: `dim3 t = threadIdx;`.
  if (auto Var = cuda::matchBuiltinVariable(Object); Var && Axis < 3)
    return builtinValue({*Var, Axis});
  if (const auto *List = dyn_cast<InitListExpr>(Object)) {
    if (List->getType()->getAsRecordDecl() != FD->getParent() ||
        Axis >= List->getNumInits())
      return std::nullopt;
    return evaluate(List->getInit(Axis));
  }
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(Object)) {
    const CXXConstructorDecl *Ctor = Construct->getConstructor();
    if (Ctor->isCopyOrMoveConstructor() && Construct->getNumArgs() == 1)
      return fieldOfObject(Construct->getArg(0), FD, Owner);
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
      if (!PVD || PVD->getFunctionScopeIndex() >= Construct->getNumArgs())
        return std::nullopt;
      const Expr *Arg = Construct->getArg(PVD->getFunctionScopeIndex());
      if (!Through)
        return evaluate(Arg);
      return fieldOfObject(Arg, Through, Owner);
    }
    return std::nullopt;
  }
  if (const auto *Call = dyn_cast<CallExpr>(Object)) {
    // block.thread_index(), group_index(), dim_threads().
    if (auto CG = cuda::matchCooperativeGroupsCall(Call, Ctx);
        CG && cuda::isDim3Query(CG->Query) && Axis < 3)
      return groupQueryValue(*CG, Axis, Geometry, Symbols);
    // make_int2(x, y) and the other vector makers: one argument a field.
    const FunctionDecl *Callee = Call->getDirectCallee();
    const RecordDecl *Record = FD->getParent();
    if (Callee && Callee->getIdentifier() && Record->getIdentifier() &&
        Callee->getName() == ("make_" + Record->getName()).str() &&
        Axis < Call->getNumArgs())
      return evaluate(Call->getArg(Axis));
    return std::nullopt;
  }
  // An object loaded from memory: one value per warp when the lanes load
  // it from one address, data otherwise.
  if (Object->isGLValue() && !isa<DeclRefExpr>(Object)) {
    if (std::optional<LaneValue> Shared =
            sharedLoad(Object, FD, Owner))
      return *Shared;
    return LaneValue::unknown(UnknownKind::DataDependent,
                              "index reads memory (data-dependent)",
                              loc(Object));
  }
  // A copy of another local: its own initialiser.
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Object))
    if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
        VD && VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) &&
        VD->getInit() && !VD->getType()->isReferenceType() && !Frames.empty() &&
        Frames.back().Facts && Frames.back().Facts->writesOf(VD).empty())
      if (const FieldDecl *Same =
              fieldNamed(VD->getType()->getAsRecordDecl(), FD))
        return fieldOfObject(VD->getInit(), Same, VD->getName());
  return std::nullopt;
}

} // namespace gpumem::lanes
