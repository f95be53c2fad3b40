//===- PointerValues.cpp - pointers and addresses
//---------------------------===//
//
// The pointer visitor (the value of a pointer-typed expression) and the
// address visitor (the address of an lvalue), one Visit per node kind,
// each doing the work; the arithmetic of element sizes and base classes.
//
//===----------------------------------------------------------------------===//
#include "checks/lanes/EvaluatorCore.h"

#include "checks/lanes/EvaluatorSupport.h"
#include "checks/cuda/CudaBuiltins.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/StmtVisitor.h"
#include "llvm/Support/SaveAndRestore.h"

#include <algorithm>

namespace gpumem::lanes {

using namespace clang;
using namespace detail;

PointerValue detail::offsetBy(PointerValue P, const LaneValue &Index,
                              QualType Pointee, const Expr *Where,
                              const ASTContext &Ctx) {
  if (P.isUnknown())
    return P;
  if (Index.isUnknown()) {
    P.Offset = Index;
    return P;
  }
  Pointee = Pointee.getCanonicalType();
  std::int64_t Size = 1;
  if (!Pointee->isVoidType()) {
    if (Pointee->isIncompleteType() || Pointee->isDependentType() ||
        !Pointee->isConstantSizeType())
      return PointerValue::unknown(UnknownKind::NotFollowed,
                                   "element of unknown size",
                                   locationOf(Where));
    Size = Ctx.getTypeSizeInChars(Pointee).getQuantity();
  }
  P.Offset = P.Offset + Index * LaneValue::constant(Size);
  return P;
}

PointerValue detail::toBase(PointerValue P, const CastExpr *Cast,
                            const ASTContext &Ctx) {
  if (P.isUnknown())
    return P;
  QualType From = Cast->getSubExpr()->getType();
  if (From->isPointerType())
    From = From->getPointeeType();
  const CXXRecordDecl *Derived = From->getAsCXXRecordDecl();
  for (const CXXBaseSpecifier *Base : Cast->path()) {
    const CXXRecordDecl *BaseDecl = Base->getType()->getAsCXXRecordDecl();
    if (!Derived || !BaseDecl || Base->isVirtual() ||
        !Derived->hasDefinition() || Derived->isInvalidDecl())
      return PointerValue::unknown(UnknownKind::NotFollowed,
                                   "virtual or unknown base class",
                                   locationOf(Cast));
    const ASTRecordLayout &Layout = Ctx.getASTRecordLayout(Derived);
    P.Offset =
        P.Offset +
        LaneValue::constant(Layout.getBaseClassOffset(BaseDecl).getQuantity());
    Derived = BaseDecl;
  }
  return P;
}

std::optional<PointerValue> EvaluatorCore::pointerCap(const Expr *E) {
  if (!E || Guard.tooDeep(Depth, MaxDepth, MaxStackBytes))
    return PointerValue::unknown(UnknownKind::Limit,
                                 "expression nested too deeply", loc(E));
  if (!takeStep())
    return PointerValue::unknown(UnknownKind::Limit,
                                 "expression too costly to analyse", loc(E));
  return std::nullopt;
}

namespace {

/// The index \p Of computes, \p V, in its type (inType), unless it is
/// unsigned and some lane's number lies below 0 with only symbols of known
/// values besides, a row of the block among them (`(threadIdx.y - 1) * 8
/// + threadIdx.x`, the warp's rows a symbol): it wraps around the type in
/// the warps whose rows leave it negative and in no other, so it is
/// unknown here and priced warp by warp (the collector's retry with the
/// symbols pinned, where the numbers are all known and inType wraps them).
/// inType alone takes the symbols to bring every lane back in range, as
/// for `in[threadIdx.x - 1]` under `threadIdx.x > 0` (the one lane below
/// 0 is the guarded one: robustness/wraparound-32-bit.cu).
LaneValue indexInType(EvaluatorCore &Core, LaneValue V, const Expr *Of) {
  const QualType T = Of->getType().getCanonicalType();
  if (!V.isUnknown() && !V.terms().empty() &&
      T->isUnsignedIntegerOrEnumerationType() && !T->isBooleanType() &&
      Core.Ctx.getIntWidth(T) < 64) {
    const LaneVector &K = V.laneConstants();
    const bool Negative =
        std::any_of(K.begin(), K.end(), [](std::int64_t N) { return N < 0; });
    const std::vector<SymbolId> Used = V.symbols();
    if (Negative &&
        std::any_of(Used.begin(), Used.end(),
                    [&](SymbolId Id) {
                      const SymbolKey &K = Core.Symbols[Id].Key;
                      return (K.Kind == SymbolKind::ThreadIndex ||
                              K.Kind == SymbolKind::WarpPosition) &&
                             K.Detail >= 1;
                    }) &&
        std::all_of(Used.begin(), Used.end(), [&](SymbolId Id) {
          return !Core.Symbols[Id].Values.empty();
        }))
      return LaneValue::unknown(
          UnknownKind::SymbolicOperation,
          "unsigned index below 0 in some lanes of some warps, where it wraps "
          "around its " +
              std::to_string(Core.Ctx.getIntWidth(T)) + "-bit type",
          Core.loc(Of));
  }
  return inType(std::move(V), Of, Core.Ctx);
}

} // namespace

/// The value of a pointer-typed expression node, one Visit per node kind.
namespace {

class PointerVisitor : public ConstStmtVisitor<PointerVisitor, PointerValue> {
public:
  explicit PointerVisitor(EvaluatorCore &Core) : Core(Core) {}

  PointerValue VisitExprWithCleanups(const ExprWithCleanups *Cleanups) {
    return Core.evaluatePointer(Cleanups->getSubExpr());
  }
  /// A pointer cast: decays, bases, no-op and user conversions, loads.
  PointerValue VisitCastExpr(const CastExpr *Cast);
  /// A pointer-typed lvalue met where its value is asked (an arm of a
  /// conditional that is an lvalue: `c ? a : arr[batch]`): read.
  PointerValue VisitArraySubscriptExpr(const ArraySubscriptExpr *AS) {
    return AS->getType()->isPointerType() ? read(AS, AS) : VisitStmt(AS);
  }
  PointerValue VisitMemberExpr(const MemberExpr *ME) {
    return ME->isGLValue() && ME->getType()->isPointerType() ? read(ME, ME)
                                                             : VisitStmt(ME);
  }
  PointerValue VisitDeclRefExpr(const DeclRefExpr *Ref) {
    if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl()))
      return variable(VD, Ref);
    return VisitStmt(Ref);
  }
  /// The object of a member function entered from its call.
  PointerValue VisitCXXThisExpr(const CXXThisExpr *This) {
    if (!Core.frames().empty() && Core.frames().back().This)
      return *Core.frames().back().This;
    return PointerValue::unknown(UnknownKind::NotFollowed,
                                 "'this' of a function analysed without its "
                                 "object",
                                 Core.loc(This));
  }
  PointerValue VisitBinaryOperator(const BinaryOperator *BO) {
    if (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub) {
      const Expr *Ptr = BO->getLHS(), *Int = BO->getRHS();
      if (!Ptr->getType()->isPointerType())
        std::swap(Ptr, Int);
      if (Ptr->getType()->isPointerType() && !Int->getType()->isPointerType()) {
        LaneValue Index = indexInType(Core, Core.evaluate(Int), Int);
        if (BO->getOpcode() == BO_Sub)
          Index = -Index;
        return offsetBy(Core.evaluatePointer(Ptr), Index,
                        Ptr->getType()->getPointeeType(), BO, Core.Ctx);
      }
    }
    if (BO->getOpcode() == BO_Comma)
      return Core.evaluatePointer(BO->getRHS());
    return VisitStmt(BO);
  }
  PointerValue VisitUnaryOperator(const UnaryOperator *UO) {
    if (UO->getOpcode() == UO_AddrOf)
      return Core.evaluateAddress(UO->getSubExpr());
    return VisitStmt(UO);
  }
  /// `dim == 1 ? (float3 *)objects : (float3 *)targets`: a choice the warp
  /// makes as one, between two pointers at the same offset into two
  /// arrays aligned alike (kernel pointer parameters, or one array),
  /// prices the same either way; the first stands for both. A choice that
  /// differs between lanes splits the warp between two arrays, and is not
  /// followed.
  PointerValue VisitConditionalOperator(const ConditionalOperator *CO) {
    LaneValue Cond = Core.evaluate(CO->getCond());
    if (std::optional<std::int64_t> Known = Cond.asConstant())
      return Core.evaluatePointer(*Known ? CO->getTrueExpr()
                                         : CO->getFalseExpr());
    if (!Core.warpUniform(CO->getCond()))
      return PointerValue::unknown(UnknownKind::NotFollowed,
                                   "a choice of pointer that may differ "
                                   "between lanes",
                                   Core.loc(CO));
    PointerValue True = Core.evaluatePointer(CO->getTrueExpr());
    PointerValue False = Core.evaluatePointer(CO->getFalseExpr());
    if (True.isUnknown())
      return True;
    if (False.isUnknown())
      return False;
    // `p_ptr == nullptr ? nullptr : (T *)p_ptr + off` (an optional
    // buffer): no access is made through the null side, so an access that
    // is made goes through the other.
    if (isNullPointer(True))
      return False;
    if (isNullPointer(False))
      return True;
    auto KernelPointer = [](const PointerValue &P) {
      return P.Space == MemorySpace::Global && isa_and_nonnull<ParmVarDecl>(P.Base);
    };
    std::optional<std::int64_t> Apart = (True.Offset - False.Offset).asConstant();
    if (True.Space == False.Space && Apart && *Apart == 0 &&
        (True.Base == False.Base ||
         (KernelPointer(True) && KernelPointer(False))))
      return True;
    // `arr == nullptr ? a : arr[batch]`: two pointers the warp shares
    // whose lanes lie alike from each (a kernel's pointer, one read from a
    // table the host fills). Which one is a value the warp shares, and
    // where it lies in a block is unknown: no base, as for a pointer read
    // from memory (no misalignment is claimed).
    auto LaidOutDifferently = [&] {
      return PointerValue::unknown(UnknownKind::NotFollowed,
                                   "a choice between pointers into memory "
                                   "laid out differently",
                                   Core.loc(CO));
    };
    const LaneValue Lanes = True.Offset.withoutUniformTerms();
    const LaneValue FalseLanes = False.Offset.withoutUniformTerms();
    if (True.Space != False.Space || True.Space != MemorySpace::Global ||
        (Lanes - FalseLanes).asConstant() != std::optional<std::int64_t>(0))
      return LaidOutDifferently();
    const LaneValue Chosen = True.Offset - Lanes;
    const LaneValue Other = False.Offset - FalseLanes;
    const LaneValue Which =
        Core.Uniform.result(LaneValue::unknown(UnknownKind::SymbolicOperation,
                                               "a choice between two pointers"),
                            CO, UniformOperation{CO}, {&Chosen, &Other});
    if (Which.isUnknown())
      return LaidOutDifferently();
    PointerValue Either;
    Either.Space = True.Space;
    Either.Offset = Which + Lanes;
    return Either;
  }
  /// A helper (or conversion operator) that returns a buffer or a cast of
  /// one: inlined like integer helpers.
  PointerValue VisitCallExpr(const CallExpr *Call) {
    if (const Expr *Returned = returnedBy(Call);
        Returned && Returned->getType()->isPointerType())
      if (EvaluatorCore::CallScope In(Core, Call); In)
        return Core.evaluatePointer(Returned);
    return PointerValue::unknown(UnknownKind::NotFollowed,
                                 "pointer returned by a call the analysis "
                                 "does not follow",
                                 Core.loc(Call));
  }
  PointerValue VisitStmt(const Stmt *S) {
    return PointerValue::unknown(UnknownKind::NotFollowed,
                                 "pointer expression the analysis does not "
                                 "follow",
                                 Core.loc(S));
  }

private:
  EvaluatorCore &Core;
  /// A pointer variable read: its reaching writes, a bound parameter, a
  /// kernel's pointer parameter (global memory), a local's initializer.
  PointerValue variable(const VarDecl *VD, const Expr *Use);
  PointerValue read(const Expr *Lvalue, const Expr *Where);
};

} // namespace

PointerValue PointerVisitor::variable(const VarDecl *VD, const Expr *Use) {
  if (const auto *Read = dyn_cast<DeclRefExpr>(Use->IgnoreParens()))
    if (std::optional<PointerValue> Flow = Core.Reassigned.valueAt(VD, Read))
      return *Flow;
  const std::vector<CallFrame> &Frames = Core.frames();
  for (auto It = Frames.rbegin(); It != Frames.rend(); ++It)
    if (auto Bound = It->Pointers.find(VD); Bound != It->Pointers.end())
      return Bound->second;
  const cuda::FunctionFacts *F = Frames.empty() ? nullptr : Frames.back().Facts;
  if (F && !F->writesOf(VD).empty())
    return PointerValue::unknown(UnknownKind::Reassigned,
                                 "pointer '" + VD->getNameAsString() +
                                     "' is reassigned",
                                 Core.loc(F->writesOf(VD).front()));
  if (isa<ParmVarDecl>(VD)) {
    // Kernel pointer parameters point to global memory (cudaMalloc'd,
    // 256-byte aligned).
    PointerValue P;
    P.Space = MemorySpace::Global;
    P.Base = VD;
    P.Offset = LaneValue::constant(0);
    return P;
  }
  if (VD->hasLocalStorage() && VD->getInit())
    return Core.evaluatePointer(VD->getInit());
  if (std::optional<PointerValue> Loaded = Core.Uniform.pointerLoad(Use))
    return *Loaded;
  return PointerValue::unknown(UnknownKind::DataDependent,
                               "pointer '" + VD->getNameAsString() +
                                   "' is read from memory",
                               Core.loc(Use));
}

/// The pointer \p Lvalue holds, read (at \p Where): a variable, an element
/// of a table the warp shares or of the thread's own array, a field.
PointerValue PointerVisitor::read(const Expr *Lvalue, const Expr *Where) {
  if (const auto *Ref = dyn_cast<DeclRefExpr>(Lvalue->IgnoreParens()))
    if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl()))
      return variable(VD, Ref);
  // `c ? a : b` of two pointer variables is an lvalue, read here.
  if (const auto *CO = dyn_cast<ConditionalOperator>(Lvalue->IgnoreParens()))
    return Core.evaluatePointer(CO);
  if (std::optional<PointerValue> Loaded = Core.Uniform.pointerLoad(Lvalue))
    return *Loaded;
  // An element of the thread's own array of pointers.
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Lvalue->IgnoreParens()))
    if (std::optional<PointerValue> Element = Core.Arrays.element(AS))
      return *Element;
  // A pointer field of the kernel's struct parameter (an accessor's
  // data pointer): global memory, as a pointer parameter is; of a local
  // aggregate the kernel builds: what its initialiser gives.
  if (std::optional<PointerValue> Field = Core.Fields.parameterPointer(Lvalue))
    return *Field;
  if (const auto *ME = dyn_cast<MemberExpr>(Lvalue->IgnoreParens())) {
    if (std::optional<PointerValue> Field = Core.Fields.localPointer(ME))
      return *Field;
    if (std::optional<PointerValue> Returned =
            Core.Fields.returnedObjectPointer(ME))
      return *Returned;
  }
  return PointerValue::unknown(UnknownKind::DataDependent,
                               "pointer is read from memory", Core.loc(Where));
}

PointerValue PointerVisitor::VisitCastExpr(const CastExpr *Cast) {
  switch (Cast->getCastKind()) {
  case CK_ArrayToPointerDecay:
    return Core.evaluateAddress(Cast->getSubExpr());
  case CK_DerivedToBase:
  case CK_UncheckedDerivedToBase:
    return toBase(Core.evaluatePointer(Cast->getSubExpr()), Cast, Core.Ctx);
  // NULL or nullptr handed to a helper for an output it does not want at
  // this call: the number 0, no memory. An access through it is not made
  // by a program that runs (the compiler drops it as well).
  case CK_NullToPointer:
  case CK_NullToMemberPointer:
    return nullPointer();
  case CK_NoOp:
  case CK_BitCast:
  case CK_AddressSpaceConversion:
  // `T *p = SharedMemory<T>();`: the object's `operator T *()`.
  case CK_UserDefinedConversion:
    return Core.evaluatePointer(Cast->getSubExpr());
  case CK_LValueToRValue:
    return read(Cast->getSubExpr(), Cast);
  default:
    return PointerValue::unknown(UnknownKind::NotFollowed,
                                 "pointer conversion the analysis does not "
                                 "follow",
                                 Core.loc(Cast));
  }
}

PointerValue EvaluatorCore::evaluatePointer(const Expr *E) {
  if (std::optional<PointerValue> Capped = pointerCap(E))
    return *Capped;
  llvm::SaveAndRestore Deeper(Depth, Depth + 1);
  return PointerVisitor(*this).Visit(E->IgnoreParens());
}

/// The address of an lvalue expression node, one Visit per node kind.
namespace {

class AddressVisitor : public ConstStmtVisitor<AddressVisitor, PointerValue> {
public:
  explicit AddressVisitor(EvaluatorCore &Core) : Core(Core) {}

  PointerValue VisitCastExpr(const CastExpr *Cast) {
    if (Cast->getCastKind() == CK_NoOp ||
        Cast->getCastKind() == CK_LValueBitCast)
      return Core.evaluateAddress(Cast->getSubExpr());
    if (Cast->getCastKind() == CK_UncheckedDerivedToBase ||
        Cast->getCastKind() == CK_DerivedToBase)
      return toBase(Core.evaluateAddress(Cast->getSubExpr()), Cast, Core.Ctx);
    return VisitStmt(Cast);
  }
  PointerValue VisitArraySubscriptExpr(const ArraySubscriptExpr *AS) {
    return offsetBy(
        Core.evaluatePointer(AS->getBase()),
        indexInType(Core, Core.evaluate(AS->getIdx()), AS->getIdx()),
        AS->getType(), AS, Core.Ctx);
  }
  PointerValue VisitUnaryOperator(const UnaryOperator *UO) {
    if (UO->getOpcode() == UO_Deref)
      return Core.evaluatePointer(UO->getSubExpr());
    return VisitStmt(UO);
  }
  /// The address of a field (`s.f`, `p->f`, an anonymous member's chain).
  PointerValue VisitMemberExpr(const MemberExpr *ME);
  /// The address of a variable: its memory space, or what binds it.
  PointerValue VisitDeclRefExpr(const DeclRefExpr *Ref);
  /// A value bound to a const reference (f(x.upper()),
  /// f(make_float4(..))) is a temporary of the thread's own.
  PointerValue
  VisitMaterializeTemporaryExpr(const MaterializeTemporaryExpr *MT) {
    if (!MT->getSubExpr()->isGLValue()) {
      PointerValue P;
      P.Space = MemorySpace::Local;
      P.Offset = LaneValue::constant(0);
      return P;
    }
    return Core.evaluateAddress(MT->getSubExpr());
  }
  /// A helper returning a reference (a getter's `return low;`): inlined.
  PointerValue VisitCallExpr(const CallExpr *Call) {
    if (const Expr *Returned = returnedBy(Call);
        Returned && Returned->isGLValue())
      if (EvaluatorCore::CallScope In(Core, Call); In)
        return Core.evaluateAddress(Returned);
    return VisitStmt(Call);
  }
  PointerValue VisitStmt(const Stmt *S) {
    return PointerValue::unknown(UnknownKind::NotFollowed,
                                 "lvalue the analysis does not follow",
                                 Core.loc(S));
  }

private:
  EvaluatorCore &Core;
};

} // namespace

PointerValue AddressVisitor::VisitMemberExpr(const MemberExpr *ME) {
  PointerValue P = ME->isArrow() ? Core.evaluatePointer(ME->getBase())
                                 : Core.evaluateAddress(ME->getBase());
  if (P.isUnknown())
    return P;
  auto AddField = [&](const FieldDecl *FD) {
    if (FD->isBitField() || FD->getParent()->isInvalidDecl())
      return false;
    const ASTRecordLayout &Layout =
        Core.Ctx.getASTRecordLayout(FD->getParent());
    P.Offset = P.Offset + LaneValue::constant(static_cast<std::int64_t>(
                              Layout.getFieldOffset(FD->getFieldIndex()) /
                              Core.Ctx.getCharWidth()));
    return true;
  };
  if (const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl())) {
    if (!AddField(FD))
      return PointerValue::unknown(UnknownKind::NotFollowed, "bit-field",
                                   Core.loc(ME));
    return P;
  }
  if (const auto *IFD = dyn_cast<IndirectFieldDecl>(ME->getMemberDecl())) {
    for (const NamedDecl *ND : IFD->chain())
      if (const auto *FD = dyn_cast<FieldDecl>(ND); !FD || !AddField(FD))
        return PointerValue::unknown(UnknownKind::NotFollowed,
                                     "member the analysis does not follow",
                                     Core.loc(ME));
    return P;
  }
  return PointerValue::unknown(UnknownKind::NotFollowed,
                               "member the analysis does not follow",
                               Core.loc(ME));
}

PointerValue AddressVisitor::VisitDeclRefExpr(const DeclRefExpr *Ref) {
  const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
  if (!VD)
    return PointerValue::unknown(UnknownKind::NotFollowed, "not a variable",
                                 Core.loc(Ref));
  const std::vector<CallFrame> &Frames = Core.frames();
  for (auto It = Frames.rbegin(); It != Frames.rend(); ++It)
    if (auto Bound = It->Pointers.find(VD); Bound != It->Pointers.end())
      return Bound->second;
  PointerValue P;
  P.Base = VD;
  P.Offset = LaneValue::constant(0);
  if (cuda::isSharedVariable(VD))
    P.Space = MemorySpace::Shared;
  else if (cuda::isConstantVariable(VD))
    P.Space = MemorySpace::Constant;
  else if (cuda::isDeviceGlobalVariable(VD))
    P.Space = MemorySpace::Global;
  else if (VD->getType()->isReferenceType() && VD->getInit() &&
           VD->hasLocalStorage())
    return Core.evaluateAddress(VD->getInit());
  else if (VD->hasLocalStorage())
    P.Space = MemorySpace::Local;
  else
    return PointerValue::unknown(UnknownKind::NotFollowed,
                                 "variable in an unknown memory space",
                                 Core.loc(Ref));
  return P;
}

PointerValue EvaluatorCore::evaluateAddress(const Expr *E) {
  if (std::optional<PointerValue> Capped = pointerCap(E))
    return *Capped;
  llvm::SaveAndRestore Deeper(Depth, Depth + 1);
  return AddressVisitor(*this).Visit(E->IgnoreParens());
}

} // namespace gpumem::lanes
