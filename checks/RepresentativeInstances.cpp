//===- RepresentativeInstances.cpp - kernels the host code never made -----===//
#include "checks/RepresentativeInstances.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Parse/Parser.h"
#include "clang/Sema/Scope.h"
#include "clang/Sema/Sema.h"

#include <memory>

namespace clang::tidy::gpumem {

Sema *semaWhileParsing(Preprocessor &PP) {
  // The parser is the preprocessor's code-completion handler from its
  // construction to its destruction, and the only one Clang installs.
  CodeCompletionHandler *Handler = PP.getCodeCompletionHandler();
  return Handler ? &static_cast<Parser *>(Handler)->getActions() : nullptr;
}

namespace {

/// While alive, the diagnostics of \p Diags go to a counter, not the user.
class QuietDiagnostics {
public:
  explicit QuietDiagnostics(DiagnosticsEngine &Diags)
      : Diags(Diags), Client(Diags.getClient()), Owned(Diags.takeClient()) {
    Diags.setClient(&Counter, /*ShouldOwnClient=*/false);
  }
  ~QuietDiagnostics() {
    if (Owned)
      Diags.setClient(Owned.release(), /*ShouldOwnClient=*/true);
    else
      Diags.setClient(Client, /*ShouldOwnClient=*/false);
  }
  QuietDiagnostics(const QuietDiagnostics &) = delete;
  QuietDiagnostics &operator=(const QuietDiagnostics &) = delete;
  unsigned errors() const { return Counter.getNumErrors(); }

private:
  DiagnosticsEngine &Diags;
  DiagnosticConsumer *Client;
  std::unique_ptr<DiagnosticConsumer> Owned;
  /// The base consumer counts what it is handed, and shows none.
  DiagnosticConsumer Counter;
};

/// While alive, Sema has a translation-unit scope. The parser's is gone
/// at the end of the file (Sema::ActOnEndOfTranslationUnit clears it), and
/// an instantiation made then can need a builtin declared lazily (an
/// implicit copy assignment's __builtin_memcpy), which Sema pushes on that
/// scope: with none, it crashed. The builtins so declared stay in the
/// translation unit's context, as they would have from the parser's scope.
class TranslationUnitScope {
public:
  explicit TranslationUnitScope(Sema &S)
      : S(S), Previous(S.TUScope),
        Made(S.TUScope ? nullptr
                       : std::make_unique<Scope>(nullptr, Scope::DeclScope,
                                                 S.getDiagnostics())) {
    if (Made) {
      Made->setEntity(S.getASTContext().getTranslationUnitDecl());
      S.TUScope = Made.get();
    }
  }
  ~TranslationUnitScope() { S.TUScope = Previous; }
  TranslationUnitScope(const TranslationUnitScope &) = delete;
  TranslationUnitScope &operator=(const TranslationUnitScope &) = delete;

private:
  Sema &S;
  Scope *Previous;
  std::unique_ptr<Scope> Made;
};

/// True when \p Body holds an expression Clang could not build.
bool holdsErrors(const Stmt *Body) {
  struct Finder : RecursiveASTVisitor<Finder> {
    bool Found = false;
    bool VisitExpr(Expr *E) {
      Found = Found || E->containsErrors();
      return !Found;
    }
  } F;
  F.TraverseStmt(const_cast<Stmt *>(Body));
  return F.Found;
}

} // namespace

RepresentativeInstance instantiateRepresentative(Sema &S,
                                                 const FunctionDecl *Kernel) {
  RepresentativeInstance Out;
  FunctionTemplateDecl *Template = Kernel->getDescribedFunctionTemplate();
  if (!Template)
    return Out;
  ASTContext &Ctx = S.getASTContext();
  if (S.getDiagnostics().hasFatalErrorOccurred()) {
    Out.WhyNot = "the parse stopped at a fatal error";
    return Out;
  }
  SmallVector<TemplateArgument, 4> Arguments;
  std::string Chosen;
  for (const NamedDecl *Param : *Template->getTemplateParameters()) {
    if (Param->isParameterPack()) {
      Out.WhyNot = "'" + Param->getNameAsString() + "' is a pack";
      return Out;
    }
    if (const auto *Type = dyn_cast<TemplateTypeParmDecl>(Param)) {
      QualType Element = Ctx.FloatTy;
      if (Type->hasDefaultArgument()) {
        const TemplateArgument &Default =
            Type->getDefaultArgument().getArgument();
        if (Default.getKind() == TemplateArgument::Type &&
            !Default.getAsType()->isDependentType())
          Element = Default.getAsType();
      }
      Arguments.push_back(TemplateArgument(Element));
      Chosen += (Chosen.empty() ? "" : ", ") +
                Element.getAsString(Ctx.getPrintingPolicy()) + " for '" +
                Param->getNameAsString() + "'";
      continue;
    }
    if (isa<NonTypeTemplateParmDecl>(Param)) {
      // A tile size, a padding, a stage count: the launches choose it, and
      // a default is often not what they choose (a tile padded at the
      // launch, unpadded by default). A value made up would make up the
      // finding.
      Out.WhyNot = "'" + Param->getNameAsString() +
                   "' is a value its launches choose";
      return Out;
    }
    Out.WhyNot = "'" + Param->getNameAsString() + "' is a template";
    return Out;
  }
  const TemplateArgumentList *List =
      TemplateArgumentList::CreateCopy(Ctx, Arguments);
  const SourceLocation At = Kernel->getLocation();
  FunctionDecl *Instance = nullptr;
  {
    QuietDiagnostics Quiet(S.getDiagnostics());
    const TranslationUnitScope Scope(S);
    Instance = S.InstantiateFunctionDeclaration(Template, List, At);
    if (Instance && !Instance->isInvalidDecl())
      S.InstantiateFunctionDefinition(At, Instance, /*Recursive=*/true,
                                      /*DefinitionRequired=*/false,
                                      /*AtEndOfTU=*/true);
    if (Quiet.errors() != 0)
      Instance = nullptr;
  }
  if (!Instance || Instance->isInvalidDecl() || !Instance->hasBody() ||
      holdsErrors(Instance->getBody())) {
    Out.WhyNot = "its instantiation with " + Chosen + " does not compile";
    return Out;
  }
  Out.Instance = Instance;
  Out.Chosen = Chosen;
  return Out;
}

std::string RepresentativeBudget::why() const {
  return "the analysis's own instantiations in this file passed their "
         "budget: " +
         std::to_string(Count) + " tried, " + std::to_string(Bytes >> 20) +
         " MB of AST, at most " + std::to_string(MaxCount) + " and " +
         std::to_string(MaxBytes >> 20) + " MB";
}

} // namespace clang::tidy::gpumem
