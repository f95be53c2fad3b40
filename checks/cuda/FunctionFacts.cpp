//===- FunctionFacts.cpp --------------------------------------------------===//
#include "checks/cuda/FunctionFacts.h"
#include "checks/cuda/CudaBuiltins.h"
#include "checks/cuda/KernelLaunch.h"
#include "checks/cuda/TorchTensorApi.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

namespace gpumem::cuda {

using namespace clang;

const DeclStmt *declarationOf(const VarDecl *VD, const Stmt *S,
                              const Stmt **Parent) {
  if (!S)
    return nullptr;
  for (const Stmt *Child : S->children()) {
    if (const auto *Declares = dyn_cast_or_null<DeclStmt>(Child);
        Declares && llvm::is_contained(Declares->decls(), VD)) {
      if (Parent)
        *Parent = S;
      return Declares;
    }
    if (const DeclStmt *Found = declarationOf(VD, Child, Parent))
      return Found;
  }
  return nullptr;
}

const FunctionDecl *setOnceOwner(const VarDecl *VD, FactsOf Facts) {
  const auto *FD =
      VD && VD->hasLocalStorage() && !isa<ParmVarDecl>(VD) &&
              !VD->getType().isVolatileQualified()
          ? dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod())
          : nullptr;
  return FD && Facts(FD).writesOf(VD).empty() ? FD : nullptr;
}

const VarDecl *heldVariable(const Expr *E) {
  if (!E)
    return nullptr;
  E = E->IgnoreParenImpCasts();
  while (const auto *ME = dyn_cast<MemberExpr>(E)) {
    if (ME->isArrow())
      return nullptr;
    E = ME->getBase()->IgnoreParenImpCasts();
  }
  const auto *Ref = dyn_cast<DeclRefExpr>(E);
  return Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
}

namespace {

/// True when \p S, in a member function's body, may write the object the
/// function is called on: an assignment, increment or address of a field
/// of `this`, `*this` or `this` handed on, or a call of a member function
/// on it that may (\p Depth: how many such calls deep this looks).
bool writesThis(const Stmt *S, unsigned Depth);

/// True when calling \p Method may write the object it is called on: a
/// non-const member function whose body does (writesThis), or one with no
/// body here.
bool mayWriteObject(const CXXMethodDecl *Method, unsigned Depth) {
  if (!Method || Method->isConst() || Method->isStatic())
    return false;
  const FunctionDecl *Def = nullptr;
  if (!Method->hasBody(Def) || !Def || Depth > 4)
    return true;
  return writesThis(Def->getBody(), Depth);
}

/// The lvalue \p E names a field of `this` (through `.`/`->` chains).
bool onThis(const Expr *E) {
  E = E ? E->IgnoreParenImpCasts() : nullptr;
  while (const auto *ME = dyn_cast_or_null<MemberExpr>(E))
    E = ME->getBase()->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(E);
      UO && UO->getOpcode() == UO_Deref)
    E = UO->getSubExpr()->IgnoreParenImpCasts();
  return isa_and_nonnull<CXXThisExpr>(E);
}

bool writesThis(const Stmt *S, unsigned Depth) {
  if (!S)
    return false;
  if (const auto *BO = dyn_cast<BinaryOperator>(S);
      BO && BO->isAssignmentOp() && onThis(BO->getLHS()))
    return true;
  if (const auto *UO = dyn_cast<UnaryOperator>(S);
      UO && (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf) &&
      onThis(UO->getSubExpr()))
    return true;
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(S);
      Op && Op->isAssignmentOp() && Op->getNumArgs() > 0 &&
      onThis(Op->getArg(0)))
    return true;
  if (const auto *Call = dyn_cast<CXXMemberCallExpr>(S);
      Call && onThis(Call->getImplicitObjectArgument()) &&
      mayWriteObject(Call->getMethodDecl(), Depth + 1))
    return true;
  if (const auto *Call = dyn_cast<CallExpr>(S))
    for (const Expr *Arg : Call->arguments())
      if (onThis(Arg))
        if (const FunctionDecl *Callee = Call->getDirectCallee())
          for (unsigned I = 0; I < Callee->getNumParams(); ++I) {
            QualType PT = Callee->getParamDecl(I)->getType();
            if ((PT->isReferenceType() || PT->isPointerType()) &&
                !PT->getPointeeType().isConstQualified())
              return true;
          }
  for (const Stmt *Child : S->children())
    if (writesThis(Child, Depth))
      return true;
  return false;
}

/// The addresses \p VD, a local array of pointers, is initialised with
/// when each element is one (`{&in, (void *)&n}`); std::nullopt otherwise.
std::optional<llvm::SmallVector<const UnaryOperator *, 4>>
addressList(const VarDecl *VD) {
  const auto *Type = dyn_cast<ConstantArrayType>(VD->getType().getTypePtr());
  if (!VD->hasLocalStorage() || !Type ||
      !Type->getElementType()->isPointerType() || !VD->getInit())
    return std::nullopt;
  const auto *List = dyn_cast<InitListExpr>(VD->getInit()->IgnoreImplicit());
  if (List && !List->isSemanticForm())
    List = List->getSemanticForm();
  if (!List || List->isValueDependent() ||
      Type->getSize() != List->getNumInits())
    return std::nullopt;
  llvm::SmallVector<const UnaryOperator *, 4> Addresses;
  for (const Expr *Element : List->inits()) {
    const auto *AddrOf = dyn_cast<UnaryOperator>(Element->IgnoreParenCasts());
    if (!AddrOf || AddrOf->getOpcode() != UO_AddrOf)
      return std::nullopt;
    Addresses.push_back(AddrOf);
  }
  return Addresses;
}

class WriteFinder : public RecursiveASTVisitor<WriteFinder> {
public:
  llvm::DenseMap<const VarDecl *, llvm::SmallVector<const Stmt *, 2>> Writes;
  bool TouchesMemory = false;
  /// Local arrays of addresses (addressList), with how often each is
  /// read and how often as a runtime launch's argument array.
  struct AddressArray {
    llvm::SmallVector<const UnaryOperator *, 4> Addresses;
    unsigned Reads = 0;
    unsigned LaunchReads = 0;
  };
  llvm::DenseMap<const VarDecl *, AddressArray> AddressArrays;
  /// The for-loops of the body, outer first.
  llvm::SmallVector<const ForStmt *, 8> Loops;
  bool VisitForStmt(ForStmt *FS) {
    Loops.push_back(FS);
    return true;
  }

  bool shouldVisitLambdaBody() const { return true; }

  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->isAssignmentOp())
      note(heldVariable(BO->getLHS()), BO);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *UO) {
    TouchesMemory |= UO->getOpcode() == UO_Deref;
    if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
      note(heldVariable(UO->getSubExpr()), UO);
    return true;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *Call) {
    if (Call->isAssignmentOp() && Call->getNumArgs() > 0)
      note(heldVariable(Call->getArg(0)), Call);
    return true;
  }
  bool VisitCallExpr(CallExpr *Call) {
    TouchesMemory = true;
    if (!AddressArrays.empty())
      if (auto It = AddressArrays.find(argumentArray(Call));
          It != AddressArrays.end())
        ++It->second.LaunchReads;
    const FunctionDecl *Callee = calleeOf(Call);
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      const VarDecl *VD = heldVariable(Call->getArg(I));
      if (!VD)
        continue;
      // A non-const reference parameter may write the variable.
      if (!Callee || I >= Callee->getNumParams()) {
        if (!Callee)
          note(VD, Call);
        continue;
      }
      QualType PT = Callee->getParamDecl(I)->getType();
      if (PT->isReferenceType() && !PT.getNonReferenceType().isConstQualified())
        note(VD, Call);
    }
    return true;
  }
  /// A member function that may write its object (a setter,
  /// `v.setStride(1)`) writes the variable it is called on: the values
  /// its initializer gave the fields no longer hold. So does a tensor's
  /// in-place restride (`t.t_()`), const as torch declares it.
  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *Call) {
    const Expr *Object = Call->getImplicitObjectArgument();
    if (const auto *ME = dyn_cast<MemberExpr>(Call->getCallee()->IgnoreParens());
        ME && ME->isArrow())
      return true;
    if (const VarDecl *VD = heldVariable(Object);
        VD && (mayWriteObject(Call->getMethodDecl(), 0) ||
               restridesInPlace(Call->getMethodDecl())))
      note(VD, Call);
    return true;
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *) {
    return TouchesMemory = true;
  }
  bool VisitMemberExpr(MemberExpr *ME) {
    TouchesMemory |= ME->isArrow();
    return true;
  }
  bool VisitCXXNewExpr(CXXNewExpr *) { return TouchesMemory = true; }
  bool VisitAsmStmt(AsmStmt *Asm) {
    TouchesMemory = true;
    // An output operand (`"=r"(x)`, `"+r"(x)`) is written by the
    // instructions, which are not followed.
    for (unsigned I = 0; I < Asm->getNumOutputs(); ++I)
      note(heldVariable(Asm->getOutputExpr(I)), Asm);
    return true;
  }
  bool VisitVarDecl(VarDecl *VD) {
    // Binding a non-const reference to a variable lets it be written.
    if (VD->getType()->isReferenceType() &&
        !VD->getType().getNonReferenceType().isConstQualified())
      note(heldVariable(VD->getInit()), VD->getInit());
    if (auto Addresses = addressList(VD))
      AddressArrays[VD].Addresses = std::move(*Addresses);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (!AddressArrays.empty())
      if (auto It = AddressArrays.find(dyn_cast<VarDecl>(Ref->getDecl()));
          It != AddressArrays.end())
        ++It->second.Reads;
    return true;
  }

private:
  void note(const VarDecl *VD, const Stmt *S) {
    if (VD)
      Writes[VD].push_back(S);
  }
};

} // namespace

bool contains(const Stmt *Outer, const Stmt *Inner) {
  if (!Outer)
    return false;
  if (Outer == Inner)
    return true;
  for (const Stmt *Child : Outer->children())
    if (contains(Child, Inner))
      return true;
  return false;
}

/// The reads of \p VD under \p S but outside \p Loop.
void readsOutside(const Stmt *S, const VarDecl *VD, const ForStmt *Loop,
                  llvm::SmallPtrSetImpl<const DeclRefExpr *> &Out,
                  unsigned Depth = 0) {
  if (!S || S == Loop || Depth > 512)
    return;
  if (const auto *Ref = dyn_cast<DeclRefExpr>(S); Ref && Ref->getDecl() == VD)
    Out.insert(Ref);
  for (const Stmt *Child : S->children())
    readsOutside(Child, VD, Loop, Out, Depth + 1);
}

FunctionFacts::FunctionFacts(const FunctionDecl *FD) {
  if (!FD || !FD->hasBody())
    return;
  WriteFinder Finder;
  Finder.TraverseStmt(FD->getBody());
  Writes = std::move(Finder.Writes);
  TouchesMemory = Finder.TouchesMemory;
  // An array of addresses read only by launches: the launch copies what
  // the variables hold, so taking their addresses there writes nothing.
  for (const auto &[Array, Found] : Finder.AddressArrays) {
    if (Found.Reads == 0 || Found.Reads != Found.LaunchReads)
      continue;
    llvm::SmallVector<LaunchArgument, 4> &Arguments = ArgumentArrays[Array];
    for (const UnaryOperator *AddrOf : Found.Addresses) {
      const VarDecl *VD = heldVariable(AddrOf->getSubExpr());
      Arguments.push_back({AddrOf->getSubExpr()->IgnoreParens(), VD});
      if (!VD)
        continue;
      auto It = Writes.find(VD);
      if (It == Writes.end())
        continue;
      llvm::erase(It->second, AddrOf);
      if (It->second.empty())
        Writes.erase(It);
    }
  }

  for (const ForStmt *FS : Finder.Loops) {
    const VarDecl *VD = nullptr;
    const Expr *Init = nullptr;
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(FS->getInit())) {
      if (DS->isSingleDecl())
        if ((VD = dyn_cast<VarDecl>(DS->getSingleDecl())))
          Init = VD->getInit();
    } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(FS->getInit())) {
      if (BO->getOpcode() == BO_Assign) {
        VD = heldVariable(BO->getLHS());
        Init = BO->getRHS();
      }
    }
    if (!VD || !Init || !FS->getInc())
      continue;
    // Every write must be the init assignment or inside the increment.
    bool OnlyLoopWrites = true;
    for (const Stmt *W : Writes.lookup(VD))
      if (W != FS->getInit() && !contains(FS->getInc(), W))
        OnlyLoopWrites = false;
    if (!OnlyLoopWrites)
      continue;
    InductionLoop &Found = Induction[VD];
    Found.Loop = FS;
    Found.Init = Init;
    // Declared in the loop's init, it is not seen outside the loop.
    if (!isa<DeclStmt>(FS->getInit()))
      readsOutside(FD->getBody(), VD, FS, Found.ReadsOutside);
  }
}

llvm::ArrayRef<const Stmt *>
FunctionFacts::writesOf(const VarDecl *VD) const {
  auto It = Writes.find(VD);
  if (It == Writes.end())
    return {};
  return It->second;
}

const InductionLoop *FunctionFacts::inductionLoopOf(const VarDecl *VD) const {
  auto It = Induction.find(VD);
  return It == Induction.end() ? nullptr : &It->second;
}

} // namespace gpumem::cuda
