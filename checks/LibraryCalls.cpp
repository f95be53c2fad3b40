//===- LibraryCalls.cpp ---------------------------------------------------===//
#include "checks/LibraryCalls.h"

#include "clang/AST/Decl.h"

namespace clang::tidy::gpumem {

const CallExpr *libraryCall(const ::gpumem::access::MemoryAccess &Access,
                            const SourceManager &SM) {
  if (!Access.CallSite)
    return nullptr;
  SourceLocation At = SM.getExpansionLoc(Access.Expression->getExprLoc());
  SourceLocation Call = SM.getExpansionLoc(Access.CallSite->getBeginLoc());
  if (!SM.isInSystemHeader(At) || SM.isInSystemHeader(Call))
    return nullptr;
  return Access.CallSite;
}

/// The record \p T points or refers to, when it is declared in a system
/// header.
static bool isLibraryObject(QualType T, const SourceManager &SM) {
  if (T->isPointerType() || T->isReferenceType())
    T = T->getPointeeType();
  const RecordDecl *R = T->getAsRecordDecl();
  return R && SM.isInSystemHeader(SM.getExpansionLoc(R->getLocation()));
}

/// Whether \p E reads a field of a library's record (`state->d`,
/// `state->v[i]`): memory laid out by the library.
static bool readsLibraryField(const Expr *E, const SourceManager &SM) {
  while (E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
      E = AS->getBase();
      continue;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      QualType T = ME->getBase()->getType();
      if (ME->isArrow() && T->isPointerType())
        T = T->getPointeeType();
      if (isLibraryObject(T, SM))
        return true;
      E = ME->getBase();
      continue;
    }
    return false;
  }
  return false;
}

bool ownedByLibrary(const ::gpumem::access::MemoryAccess &Access,
                    const SourceManager &SM, bool SystemHeaders) {
  const CallExpr *Call = libraryCall(Access, SM);
  if (!Call || SystemHeaders)
    return false;
  if (readsLibraryField(Access.Expression, SM))
    return true;
  const FunctionDecl *Callee = Call->getDirectCallee();
  bool LibraryObject = false;
  for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
    // The parameter's type where the callee is known: `&states[id]` is a
    // curandState * whatever the argument's own spelling.
    QualType T = Callee && I < Callee->getNumParams()
                     ? Callee->getParamDecl(I)->getType()
                     : Call->getArg(I)->getType();
    if (!(T->isPointerType() || T->isReferenceType()))
      continue;
    if (!isLibraryObject(T, SM))
      return false; // memory the user lays out: the finding is theirs
    LibraryObject = true;
  }
  return LibraryObject;
}

} // namespace clang::tidy::gpumem
