//===- MissingHeaderNames.cpp ---------------------------------------------===//
#include "checks/MissingHeaderNames.h"
#include "checks/RepresentativeInstances.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/ExternalSemaSource.h"
#include "clang/Sema/Lookup.h"
#include "clang/Sema/Scope.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/SmallVector.h"

namespace clang::tidy::gpumem {

namespace {

/// Names in a chain longer than this are not a call worth declaring.
constexpr unsigned MaxChain = 8;

class MissingHeaderCalls : public ExternalSemaSource {
public:
  MissingHeaderCalls(Sema &S, Preprocessor &PP) : S(S), PP(PP) {}

  bool LookupUnqualified(LookupResult &R, Scope *Where) override {
    if (R.getLookupKind() != Sema::LookupNestedNameSpecifierName ||
        !Where || !Where->getFnParent())
      return false;
    llvm::SmallVector<IdentifierInfo *, 4> Chain;
    // The text at the name must be the name looked up (typo correction
    // looks other names up at the same place).
    if (!callChain(R.getNameLoc(), Chain) ||
        Chain.front() != R.getLookupName().getAsIdentifierInfo())
      return false;
    ASTContext &Ctx = S.getASTContext();
    const SourceLocation At = R.getNameLoc();
    DeclContext *Into = Ctx.getTranslationUnitDecl();
    NamespaceDecl *First = nullptr;
    for (std::size_t I = 0; I + 1 < Chain.size(); ++I) {
      NamespaceDecl *Namespace = nullptr;
      for (NamedDecl *Found : Into->lookup(Chain[I]))
        Namespace = dyn_cast<NamespaceDecl>(Found);
      if (!Namespace) {
        Namespace = NamespaceDecl::Create(Ctx, Into, /*Inline=*/false, At, At,
                                          Chain[I], /*PrevDecl=*/nullptr,
                                          /*Nested=*/false);
        Namespace->setImplicit();
        Into->addDecl(Namespace);
      }
      First = First ? First : Namespace;
      Into = Namespace;
    }
    if (Into->lookup(Chain.back()).empty()) {
      FunctionProtoType::ExtProtoInfo Info;
      Info.Variadic = true;
      const QualType Type = Ctx.getFunctionType(Ctx.NullPtrTy, {}, Info);
      auto *Call = FunctionDecl::Create(
          Ctx, Into, At, At, DeclarationName(Chain.back()), Type,
          Ctx.getTrivialTypeSourceInfo(Type, At), SC_None);
      Call->addAttr(CUDAHostAttr::CreateImplicit(Ctx));
      Call->addAttr(CUDADeviceAttr::CreateImplicit(Ctx));
      Call->setImplicit();
      Into->addDecl(Call);
    }
    R.addDecl(First);
    R.resolveKind();
    return true;
  }

private:
  Sema &S;
  Preprocessor &PP;

  /// The names of `a::b::f(` written from \p At on (raw tokens of the
  /// file: the parser's lookahead is not ours to move); false where the
  /// text is not such a call, or is in a macro.
  bool callChain(SourceLocation At,
                 llvm::SmallVectorImpl<IdentifierInfo *> &Chain) const {
    const SourceManager &SM = PP.getSourceManager();
    if (!At.isFileID())
      return false;
    const auto [File, Offset] = SM.getDecomposedLoc(At);
    bool Invalid = false;
    const StringRef Buffer = SM.getBufferData(File, &Invalid);
    if (Invalid || Offset >= Buffer.size())
      return false;
    Lexer Raw(SM.getLocForStartOfFile(File), PP.getLangOpts(), Buffer.begin(),
              Buffer.begin() + Offset, Buffer.end());
    Token T;
    Raw.LexFromRawLexer(T);
    if (T.isNot(tok::raw_identifier))
      return false;
    Chain.push_back(PP.getIdentifierInfo(T.getRawIdentifier()));
    while (Chain.size() <= MaxChain) {
      Raw.LexFromRawLexer(T);
      if (T.is(tok::l_paren))
        return Chain.size() >= 2 &&
               givesStream(Raw, SM, File, Offset,
                           Chain.back()->getName().contains_insensitive(
                               "stream"));
      if (T.isNot(tok::coloncolon))
        return false;
      Raw.LexFromRawLexer(T);
      if (T.isNot(tok::raw_identifier))
        return false;
      Chain.push_back(PP.getIdentifierInfo(T.getRawIdentifier()));
    }
    return false;
  }

  /// True when the call whose `(` \p Raw has just read is a launch's
  /// stream (`)` then `>>>`), or the whole initializer of a stream
  /// (`cudaStream_t s = ...;`, or `auto s = ...;` where the function's
  /// name says stream, \p NamesStream; the line's text before it): other
  /// uses (`torch::empty(...)`, `opts().dtype(...)`) keep
  /// Clang's error about the undeclared name, clearer than one about a
  /// value the analysis made up.
  bool givesStream(Lexer &Raw, const SourceManager &SM, FileID File,
                   unsigned Offset, bool NamesStream) const {
    Token T;
    for (unsigned Depth = 1; Depth > 0;) {
      Raw.LexFromRawLexer(T);
      if (T.is(tok::eof))
        return false;
      Depth += T.is(tok::l_paren) ? 1 : T.is(tok::r_paren) ? -1 : 0;
    }
    Raw.LexFromRawLexer(T);
    if (T.is(tok::greatergreatergreater))
      return true;
    if (T.isNot(tok::semi))
      return false;
    // The tokens of the line before the call: `... TYPE NAME =`.
    const StringRef Buffer = SM.getBufferData(File);
    const unsigned LineStart = Buffer.rfind('\n', Offset) + 1;
    Lexer Line(SM.getLocForStartOfFile(File), PP.getLangOpts(), Buffer.begin(),
               Buffer.begin() + LineStart, Buffer.end());
    llvm::SmallVector<Token, 8> Before;
    for (Line.LexFromRawLexer(T);
         T.isNot(tok::eof) && SM.getFileOffset(T.getLocation()) < Offset;
         Line.LexFromRawLexer(T))
      Before.push_back(T);
    if (Before.size() < 3 || Before.back().isNot(tok::equal) ||
        Before[Before.size() - 2].isNot(tok::raw_identifier))
      return false;
    const Token &Type = Before[Before.size() - 3];
    return Type.is(tok::raw_identifier) &&
           (Type.getRawIdentifier() == "cudaStream_t" ||
            (Type.getRawIdentifier() == "auto" && NamesStream));
  }
};

} // namespace

bool declareMissingHeaderCalls(Preprocessor &PP) {
  Sema *S = semaWhileParsing(PP);
  if (!S || !S->getLangOpts().CPlusPlus)
    return false;
  S->addExternalSource(
      llvm::makeIntrusiveRefCnt<MissingHeaderCalls>(*S, PP));
  return true;
}

} // namespace clang::tidy::gpumem
