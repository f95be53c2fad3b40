//===- LoopPasses.cpp - what each pass of a loop does ---------------------===//
#include "checks/cuda/LoopPasses.h"
#include "checks/cuda/CudaBuiltins.h"

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringRef.h"

using namespace clang;

namespace gpumem::cuda {

namespace {

/// The name of the innermost namespace around \p DC that is not inline
/// (CUB's versioned inline namespaces sit under `cub`).
bool inNamespace(const DeclContext *DC, llvm::StringRef Name) {
  for (; DC; DC = DC->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(DC);
        NS && !NS->isInline() && NS->getIdentifier())
      return NS->getName() == Name;
  return false;
}

bool isCooperativeGroupsCollective(const FunctionDecl *FD) {
  static constexpr llvm::StringLiteral Names[] = {"sync",
                                                  "shfl",
                                                  "shfl_down",
                                                  "shfl_up",
                                                  "shfl_xor",
                                                  "reduce",
                                                  "inclusive_scan",
                                                  "exclusive_scan",
                                                  "ballot",
                                                  "any",
                                                  "all",
                                                  "match_any",
                                                  "match_all",
                                                  "barrier_wait",
                                                  "arrive_and_wait"};
  return FD->getIdentifier() &&
         inNamespace(FD->getDeclContext(), "cooperative_groups") &&
         llvm::is_contained(Names, FD->getName());
}

bool isCubPrimitiveMember(const FunctionDecl *FD) {
  const auto *Method = dyn_cast<CXXMethodDecl>(FD);
  if (!Method || !Method->getParent()->getIdentifier())
    return false;
  llvm::StringRef Class = Method->getParent()->getName();
  return (Class.starts_with("Block") || Class.starts_with("Warp")) &&
         inNamespace(Method->getParent()->getDeclContext(), "cub");
}

/// The search behind holdsCollectiveStep, with a budget of nodes.
class CollectiveSearch {
public:
  bool in(const Stmt *S, unsigned Depth) {
    if (!S || ++Visited > 4000)
      return false;
    if (const auto *Asm = dyn_cast<GCCAsmStmt>(S)) {
      const std::string Text = Asm->getAsmString();
      llvm::StringRef T(Text);
      return T.contains("bar.sync") || T.contains("barrier.sync") ||
             T.contains("bar.red") || T.contains("shfl.sync") ||
             T.contains("redux.sync");
    }
    if (const auto *Call = dyn_cast<CallExpr>(S)) {
      if (isCollectiveCall(Call))
        return true;
      const FunctionDecl *Callee = calleeOf(Call);
      const FunctionDecl *Def = nullptr;
      if (Depth < 3 && Callee && Callee->hasBody(Def) && Def &&
          isDeviceFunction(Def) && Seen.insert(Def).second &&
          in(Def->getBody(), Depth + 1))
        return true;
    }
    return llvm::any_of(S->children(),
                        [&](const Stmt *Child) { return in(Child, Depth); });
  }

private:
  unsigned Visited = 0;
  llvm::SmallPtrSet<const FunctionDecl *, 8> Seen;
};

/// Whether an address or value is the same on every pass of a loop.
class PassInvariance {
public:
  PassInvariance(const Stmt *Loop, const FunctionFacts &Facts)
      : Loop(Loop), Facts(Facts) {}

  bool address(const Expr *E) {
    if (!E || --Budget == 0)
      return false;
    E = E->IgnoreParens();
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
      return value(AS->getBase()) && value(AS->getIdx());
    if (const auto *UO = dyn_cast<UnaryOperator>(E))
      return UO->getOpcode() == UO_Deref && value(UO->getSubExpr());
    if (const auto *ME = dyn_cast<MemberExpr>(E))
      return ME->isArrow() ? value(ME->getBase()) : address(ME->getBase());
    if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
      const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
      return VD && !VD->getType()->isReferenceType() && !declaredInLoop(VD);
    }
    return false;
  }

  bool value(const Expr *E) {
    if (!E || --Budget == 0)
      return false;
    E = E->IgnoreParens();
    if (isa<IntegerLiteral, FloatingLiteral, CharacterLiteral,
            CXXBoolLiteralExpr, CXXNullPtrLiteralExpr, GNUNullExpr>(E) ||
        isBuiltinVariable(E))
      return true;
    if (const auto *Cast = dyn_cast<CastExpr>(E)) {
      if (Cast->getCastKind() == CK_ArrayToPointerDecay)
        return address(Cast->getSubExpr());
      if (Cast->getCastKind() == CK_LValueToRValue)
        return loadedVariable(Cast->getSubExpr());
      return value(Cast->getSubExpr());
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      if (UO->getOpcode() == UO_AddrOf)
        return address(UO->getSubExpr());
      return !UO->isIncrementDecrementOp() && UO->getOpcode() != UO_Deref &&
             value(UO->getSubExpr());
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E))
      return !BO->isAssignmentOp() && value(BO->getLHS()) &&
             value(BO->getRHS());
    if (const auto *CO = dyn_cast<ConditionalOperator>(E))
      return value(CO->getCond()) && value(CO->getTrueExpr()) &&
             value(CO->getFalseExpr());
    if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
      if (isa<EnumConstantDecl, NonTypeTemplateParmDecl>(Ref->getDecl()))
        return true;
      const auto *VD = dyn_cast<VarDecl>(Ref->getDecl());
      return VD && variable(VD);
    }
    if (const auto *Subst = dyn_cast<SubstNonTypeTemplateParmExpr>(E))
      return value(Subst->getReplacement());
    return false;
  }

private:
  /// The value read from the lvalue \p E: a variable (or a field of a
  /// variable held by value) is the same when the loop does not write it;
  /// anything read from memory may change.
  bool loadedVariable(const Expr *E) {
    if (isBuiltinVariable(E->IgnoreParens()))
      return true;
    const VarDecl *VD = heldVariable(E);
    return VD && variable(VD);
  }

  bool variable(const VarDecl *VD) {
    if (VD->getType()->isReferenceType() || declaredInLoop(VD))
      return false;
    return llvm::none_of(Facts.writesOf(VD), [&](const Stmt *Write) {
      return contains(Loop, Write);
    });
  }

  bool declaredInLoop(const VarDecl *VD) {
    auto [It, New] = Declared.try_emplace(VD, false);
    if (New)
      It->second = declarationOf(VD, Loop) != nullptr;
    return It->second;
  }

  const Stmt *Loop;
  const FunctionFacts &Facts;
  unsigned Budget = 256;
  llvm::DenseMap<const VarDecl *, bool> Declared;
};

} // namespace

bool isCollectiveCall(const CallExpr *Call) {
  const FunctionDecl *FD = calleeOf(Call);
  if (!FD || !FD->getIdentifier())
    return false;
  llvm::StringRef Name = FD->getName();
  if (Name.starts_with("__syncthreads") || Name == "__syncwarp" ||
      Name.starts_with("__shfl") || Name.starts_with("__reduce_") ||
      Name.starts_with("__ballot") || Name == "__any_sync" ||
      Name == "__all_sync" || Name.starts_with("__match_") ||
      Name.starts_with("__nvvm_bar") || Name == "__barrier_sync")
    return true;
  return isCooperativeGroupsCollective(FD) || isCubPrimitiveMember(FD);
}

bool holdsCollectiveStep(const Stmt *S) { return CollectiveSearch().in(S, 0); }

bool sameAddressEachPass(const Expr *LValue, const Stmt *Loop,
                         const FunctionFacts &Facts) {
  if (!LValue || !Loop)
    return false;
  PassInvariance Pass(Loop, Facts);
  // An atomic's access is its call: the address is its first argument.
  if (const auto *Call = dyn_cast<CallExpr>(LValue->IgnoreParens()))
    return Call->getNumArgs() > 0 && Pass.value(Call->getArg(0));
  return Pass.address(LValue);
}

} // namespace gpumem::cuda
