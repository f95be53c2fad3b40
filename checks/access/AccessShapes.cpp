//===- AccessShapes.cpp - what an access's expression says of it ---------===//
//
// AccessShapes.h says what each function answers.
//
//===----------------------------------------------------------------------===//
#include "checks/cuda/CudaBuiltins.h"
#include "checks/access/AccessShapes.h"

#include "checks/cuda/ConstantInt.h"
#include "checks/cuda/FunctionFacts.h"
#include "checks/lanes/LaneEvaluator.h"

#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/StmtCXX.h"

namespace gpumem::access {

using namespace clang;

namespace {

/// Scalar fields of a record, nested records and arrays flattened.
unsigned countScalarFields(const RecordDecl *RD, unsigned Depth = 0) {
  if (!RD || Depth > 8 || !RD->getDefinition())
    return 0;
  unsigned Count = 0;
  for (const FieldDecl *FD : RD->getDefinition()->fields()) {
    QualType T = FD->getType().getCanonicalType();
    std::uint64_t Elements = 1;
    while (const auto *AT = dyn_cast<ConstantArrayType>(T.getTypePtr())) {
      Elements *= AT->getSize().getZExtValue();
      T = AT->getElementType().getCanonicalType();
    }
    unsigned Per = T->isRecordType()
                       ? countScalarFields(T->getAsRecordDecl(), Depth + 1)
                       : 1;
    Count += static_cast<unsigned>(Elements * Per);
  }
  return Count;
}

} // namespace

std::optional<StructField> structFieldOf(const Expr *E, ASTContext &Ctx) {
  E = E->IgnoreParenImpCasts();
  std::string Path;
  std::int64_t Offset = 0;
  const Expr *Element = E;
  auto Prepend = [&Path](const std::string &Part) {
    Path = Path.empty() || Path.front() == '[' ? Part + Path
                                               : Part + "." + Path;
  };
  while (true) {
    // s[i].v[2]: a constant index into an array field stays inside the
    // element; its offset is part of the field's.
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Element)) {
      const auto *Field =
          dyn_cast<MemberExpr>(AS->getBase()->IgnoreParenImpCasts());
      std::optional<std::int64_t> Index =
          Field ? cuda::constantInt(AS->getIdx(), Ctx) : std::nullopt;
      if (!Index || !Field->getType()->isConstantArrayType() ||
          AS->getType()->isIncompleteType())
        break;
      std::int64_t I = *Index;
      Path = "[" + std::to_string(I) + "]" +
             (Path.empty() || Path.front() == '[' ? "" : ".") + Path;
      Offset += I * Ctx.getTypeSizeInChars(AS->getType()).getQuantity();
      Element = Field;
      continue;
    }
    const auto *ME = dyn_cast<MemberExpr>(Element);
    if (!ME)
      break;
    const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!FD || FD->isBitField())
      return std::nullopt;
    Prepend(FD->getNameAsString());
    Offset += static_cast<std::int64_t>(
        Ctx.getASTRecordLayout(FD->getParent())
            .getFieldOffset(FD->getFieldIndex()) /
        Ctx.getCharWidth());
    if (ME->isArrow()) {
      // p->x: the element is *p.
      QualType Pointee = ME->getBase()->getType()->getPointeeType();
      const RecordDecl *RD = Pointee->getAsRecordDecl();
      if (!RD || Pointee->isIncompleteType())
        return std::nullopt;
      return StructField{RD, Ctx.getTypeSizeInChars(Pointee).getQuantity(),
                         Path, Offset, countScalarFields(RD)};
    }
    Element = ME->getBase()->IgnoreParenImpCasts();
  }
  QualType T = Element->getType();
  const RecordDecl *RD = T->getAsRecordDecl();
  if (!RD || T->isIncompleteType())
    return std::nullopt;
  if (!isa<ArraySubscriptExpr>(Element) && !isa<UnaryOperator>(Element))
    return std::nullopt;
  return StructField{RD, Ctx.getTypeSizeInChars(T).getQuantity(), Path,
                     Offset, countScalarFields(RD)};
}

std::optional<ArrayShape> arrayShapeOf(const ValueDecl *Base,
                                       ASTContext &Ctx) {
  const auto *VD = dyn_cast_or_null<VarDecl>(Base);
  if (!VD)
    return std::nullopt;
  QualType T = VD->getType().getCanonicalType();
  if (!T->isArrayType())
    return std::nullopt;
  ArrayShape Shape;
  Shape.Decl = VD;
  while (const auto *AT = Ctx.getAsArrayType(T)) {
    if (const auto *CAT = dyn_cast<ConstantArrayType>(AT))
      Shape.Dims.push_back(static_cast<std::int64_t>(CAT->getSize().getZExtValue()));
    T = AT->getElementType().getCanonicalType();
  }
  if (!T->isIncompleteType() && T->isConstantSizeType())
    Shape.ElementBytes = Ctx.getTypeSizeInChars(T).getQuantity();
  return Shape;
}

std::int64_t baseAlignmentOf(const ValueDecl *Base, ASTContext &Ctx) {
  if (!Base)
    return 0;
  if (isa<ParmVarDecl>(Base) || isa<FieldDecl>(Base))
    return 256;
  return Ctx.getDeclAlign(Base).getQuantity();
}

bool mayBeMemory(const Expr *E, unsigned Depth) {
  E = E->IgnoreParenImpCasts();
  if (const auto *Call = dyn_cast<CallExpr>(E);
      Call && Call->isGLValue() && Depth < 4) {
    const Expr *Returned = lanes::returnedLValue(Call);
    return Returned && mayBeMemory(Returned, Depth + 1);
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E); ME && !ME->isArrow()) {
    // A field of a value a call returns (block.thread_index().x, a struct
    // made on the spot) is in registers, not memory.
    const Expr *Root = ME->getBase()->IgnoreImplicit()->IgnoreParens();
    for (const auto *Inner = dyn_cast<MemberExpr>(Root);
         Inner && !Inner->isArrow(); Inner = dyn_cast<MemberExpr>(Root))
      Root = Inner->getBase()->IgnoreImplicit()->IgnoreParens();
    if ((isa<CallExpr>(Root) && !Root->getType()->isReferenceType() &&
         !Root->isGLValue()) ||
        isa<CXXConstructExpr>(Root))
      return false;
  }
  if (isa<ArraySubscriptExpr>(E) || isa<MemberExpr>(E))
    return true;
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return UO->getOpcode() == UO_Deref;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl()))
      return cuda::isSharedVariable(VD) || cuda::isDeviceGlobalVariable(VD) ||
             VD->getType()->isReferenceType();
  return false;
}

bool isExitStatement(const Stmt *S) {
  if (!S)
    return false;
  if (isa<ReturnStmt>(S) || isa<ContinueStmt>(S) || isa<BreakStmt>(S))
    return true;
  if (const auto *CS = dyn_cast<CompoundStmt>(S))
    return CS->size() == 1 && isExitStatement(CS->body_front());
  return false;
}

unsigned instructionBytes(const Expr *Target, unsigned Width,
                          ASTContext &Ctx) {
  std::int64_t Align = 1;
  QualType T = Target ? Target->getType() : QualType();
  if (!T.isNull() && !T->isVoidType() && !T->isIncompleteType() &&
      !T->isDependentType())
    Align = Ctx.getTypeAlignInChars(T).getQuantity();
  for (unsigned Bytes : {16U, 8U, 4U, 2U})
    if (Width % Bytes == 0 && Align % Bytes == 0)
      return Bytes;
  return Width ? 1 : 0;
}

bool isAtomic(StringRef Name) {
  return Name.starts_with("atomic") || Name.starts_with("__atomic");
}

bool isLoadIntrinsic(StringRef Name) {
  return Name == "__ldg" || Name == "__ldcg" || Name == "__ldca" ||
         Name == "__ldcs" || Name == "__ldlu" || Name == "__ldcv";
}

bool isStoreIntrinsic(StringRef Name) {
  return Name == "__stcs" || Name == "__stcg" || Name == "__stwb" ||
         Name == "__stwt";
}

bool isWholeVector(QualType T, ASTContext &Ctx) {
  if (T.isNull() || !T->isRecordType() || T->isIncompleteType())
    return false;
  std::int64_t Size = Ctx.getTypeSizeInChars(T).getQuantity();
  return (Size == 8 || Size == 16) &&
         Ctx.getTypeAlignInChars(T).getQuantity() == Size;
}

const Expr *wholeVectorBinding(const VarDecl *VD, ASTContext &Ctx) {
  QualType T = VD->getType();
  if (!T->isReferenceType() || !T->getPointeeType().isConstQualified() ||
      !isWholeVector(T->getPointeeType(), Ctx) || !VD->getInit())
    return nullptr;
  const Expr *Init = VD->getInit()->IgnoreParenImpCasts();
  if (const auto *Cast = dyn_cast<CXXReinterpretCastExpr>(Init)) {
    const Expr *Inner = Cast->getSubExpr()->IgnoreParenImpCasts();
    QualType From = Inner->getType();
    if (!From->isIncompleteType() && !From->isDependentType() &&
        Ctx.getTypeSizeInChars(From) ==
            Ctx.getTypeSizeInChars(T->getPointeeType()))
      Init = Inner;
  }
  return mayBeMemory(Init) ? Init : nullptr;
}

std::optional<AccessKind> referenceArgumentAccess(const CallExpr *Call,
                                                  unsigned I) {
  const FunctionDecl *Callee = cuda::calleeOf(Call);
  if (!Callee || I >= Call->getNumArgs())
    return std::nullopt;
  const auto *Op = dyn_cast<CXXOperatorCallExpr>(Call);
  const OverloadedOperatorKind Kind =
      Op ? Op->getOperator() : OO_None;
  // Operators that reach through their operand (an accessor's [] or (),
  // a dereference, ->) do not read it as a value.
  if (Kind == OO_Subscript || Kind == OO_Call || Kind == OO_Arrow ||
      Kind == OO_ArrowStar || Kind == OO_Comma || Kind == OO_Equal ||
      ((Kind == OO_Star || Kind == OO_Amp) && Call->getNumArgs() == 1))
    return std::nullopt;
  const bool Updates = (Kind >= OO_PlusEqual && Kind <= OO_PipeEqual) ||
                       Kind == OO_LessLessEqual ||
                       Kind == OO_GreaterGreaterEqual ||
                       Kind == OO_PlusPlus || Kind == OO_MinusMinus;
  QualType Param;
  if (const auto *Method = dyn_cast<CXXMethodDecl>(Callee);
      Method && Op && !Method->isStatic()) {
    // The object of a member operator is argument 0.
    if (I == 0) {
      if (Method->isConst())
        return AccessKind::Load;
      return Updates ? std::optional(AccessKind::ReadModifyWrite)
                     : std::nullopt;
    }
    Param = I - 1 < Method->getNumParams()
                ? Method->getParamDecl(I - 1)->getType()
                : QualType();
  } else if (I < Callee->getNumParams()) {
    Param = Callee->getParamDecl(I)->getType();
  }
  if (Param.isNull() || !Param->isLValueReferenceType())
    return std::nullopt;
  if (Param->getPointeeType().isConstQualified())
    return AccessKind::Load;
  if (Updates && I == 0)
    return AccessKind::ReadModifyWrite;
  return std::nullopt;
}

namespace {

/// The search behind readsWarpReduction, with a budget of nodes and a
/// depth of variables and calls followed.
class ReductionSearch {
public:
  ReductionSearch(const FunctionDecl *In, lanes::LaneEvaluator &Eval)
      : In(In), Eval(Eval) {}

  bool inExpr(const Stmt *S, unsigned Depth) {
    if (!S || Depth > 3 || ++Visited > 2000)
      return false;
    if (const auto *Call = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *Callee = cuda::calleeOf(Call);
      if (Callee && Callee->getIdentifier() &&
          Callee->getName().starts_with("__shfl"))
        return true;
      const FunctionDecl *Def = nullptr;
      if (Callee && Callee->hasBody(Def) && Def && cuda::isDeviceFunction(Def) &&
          Seen.insert(Def).second && inExpr(Def->getBody(), Depth + 1))
        return true;
    }
    if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
      if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
          VD && VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) &&
          VD->getDeclContext() == In && Seen.insert(VD).second) {
        if (inExpr(VD->getInit(), Depth + 1))
          return true;
        for (const Stmt *W : Eval.functionFacts(In).writesOf(VD))
          if (inExpr(W, Depth + 1))
            return true;
        // A local array's elements: the assignments to them.
        if (VD->getType()->isArrayType() &&
            elementWrites(In->getBody(), VD, Depth + 1))
          return true;
      }
    for (const Stmt *Child : S->children())
      if (inExpr(Child, Depth))
        return true;
    return false;
  }

private:
  /// An assignment under \p S to an element of the array \p VD whose
  /// value is a reduction's.
  bool elementWrites(const Stmt *S, const VarDecl *VD, unsigned Depth) {
    if (!S || ++Visited > 2000)
      return false;
    if (const auto *BO = dyn_cast<BinaryOperator>(S);
        BO && BO->isAssignmentOp()) {
      const Expr *Root = BO->getLHS()->IgnoreParenImpCasts();
      while (const auto *AS = dyn_cast<ArraySubscriptExpr>(Root))
        Root = AS->getBase()->IgnoreParenImpCasts();
      if (const auto *Ref = dyn_cast<DeclRefExpr>(Root);
          Ref && Ref->getDecl() == VD)
        return inExpr(BO->getRHS(), Depth);
    }
    for (const Stmt *Child : S->children())
      if (elementWrites(Child, VD, Depth))
        return true;
    return false;
  }

  const FunctionDecl *In;
  lanes::LaneEvaluator &Eval;
  unsigned Visited = 0;
  llvm::SmallPtrSet<const void *, 8> Seen;
};

} // namespace

bool readsWarpReduction(const Expr *Value, const FunctionDecl *In,
                        lanes::LaneEvaluator &Eval) {
  return Value && In && ReductionSearch(In, Eval).inExpr(Value, 0);
}

} // namespace gpumem::access
