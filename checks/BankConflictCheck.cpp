//===- BankConflictCheck.cpp - gpumem-bank-conflict -----------------------===//
#include "checks/BankConflictCheck.h"

#include "checks/access/GlobalVerdict.h"
#include "checks/access/SharedLayout.h"

#include "clang/AST/TypeLoc.h"
#include "clang/Lex/Lexer.h"

namespace clang::tidy::gpumem {

using namespace ::gpumem::access;
using ::gpumem::model::BankConflictDegree;

namespace {

/// The worst degree of an access over its scenarios, with the array's
/// innermost dimension padded by \p Pad.
struct Worst {
  BankConflictDegree Degree;
  const LaneScenario *Scenario = nullptr;
};

Worst worstDegree(const MemoryAccess &A, std::int64_t Pad,
                  const ::gpumem::model::Architecture &Arch,
                  ::gpumem::model::PhaseRule Rule) {
  Worst W;
  for (const LaneScenario &S : A.Scenarios) {
    ::gpumem::lanes::LaneVector Offset =
        Pad && A.Array ? padInnermost(S.Offset, *A.Array, Pad) : S.Offset;
    BankConflictDegree D = ::gpumem::model::computeBankConflict(
        footprintOf(A, Offset, S.Active), Arch, Rule);
    if (!W.Scenario || D.Degree > W.Degree.Degree) {
      W.Degree = D;
      W.Scenario = &S;
    }
  }
  return W;
}

const char *verbOf(AccessKind Kind) {
  switch (Kind) {
  case AccessKind::Load:
    return "read";
  case AccessKind::Store:
    return "write";
  case AccessKind::ReadModifyWrite:
    return "update";
  }
  return "touch";
}

std::string shapeText(const ArrayShape &Shape, std::int64_t Pad) {
  std::string S;
  for (std::size_t I = 0; I < Shape.Dims.size(); ++I)
    S += "[" +
         std::to_string(Shape.Dims[I] + (I + 1 == Shape.Dims.size() ? Pad : 0)) +
         "]";
  return S;
}

} // namespace

BankConflictCheck::BankConflictCheck(StringRef Name, ClangTidyContext *Context)
    : KernelAccessCheck(Name, Context), Arch(Hardware.architecture()),
      PhaseRuleName(Options.get("PhaseRule", "by-access-width").str()),
      Rule(::gpumem::model::parsePhaseRule(PhaseRuleName)
               .value_or(::gpumem::model::PhaseRule::ByAccessWidth)),
      MinimumDegree(Options.get("MinimumDegree", 2U)) {}

void BankConflictCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  KernelAccessCheck::storeOptions(Opts);
  Options.store(Opts, "PhaseRule", ::gpumem::model::phaseRuleName(Rule));
  Options.store(Opts, "MinimumDegree", MinimumDegree);
}

void BankConflictCheck::checkKernels(llvm::ArrayRef<KernelAccesses> Kernels) {
  // Every access to each shared array in the file, for judging a padding.
  llvm::DenseMap<const VarDecl *, std::vector<const MemoryAccess *>> ByArray;
  for (const KernelAccesses &Kernel : Kernels)
    for (const MemoryAccess &A : Kernel.Accesses)
      if (A.Space == ::gpumem::lanes::MemorySpace::Shared && A.Array &&
          !A.Scenarios.empty())
        ByArray[A.Array->Decl].push_back(&A);

  for (const KernelAccesses &Kernel : Kernels)
    for (const MemoryAccess &A : Kernel.Accesses) {
      if (A.Space != ::gpumem::lanes::MemorySpace::Shared ||
          A.Scenarios.empty())
        continue;
      Worst W = worstDegree(A, 0, Arch, Rule);
      if (W.Degree.Degree < std::max(2U, MinimumDegree))
        continue;
      SourceLocation Loc = A.Expression->getExprLoc();
      if (Loc.isInvalid() || !firstReport(Loc))
        continue;

      // The smallest padding that leaves no access to the array worse and
      // makes this one conflict-free.
      std::int64_t Pad = 0;
      if (A.Array && isPaddable(*A.Array)) {
        const auto &Peers = ByArray[A.Array->Decl];
        for (std::int64_t P = 1; P <= Arch.BankCount && !Pad; ++P) {
          if (worstDegree(A, P, Arch, Rule).Degree.Degree > 1)
            continue;
          bool NoneWorse = true;
          for (const MemoryAccess *Peer : Peers)
            NoneWorse &= worstDegree(*Peer, P, Arch, Rule).Degree.Degree <=
                         worstDegree(*Peer, 0, Arch, Rule).Degree.Degree;
          if (NoneWorse)
            Pad = P;
        }
      }

      unsigned Lanes = W.Degree.LanesOnWorstBank;
      std::string Fix =
          Pad ? "; pad to " + shapeText(*A.Array, Pad)
              : (A.Array && isPaddable(*A.Array)
                     ? "; no padding of the innermost dimension removes it"
                     : "");
      diag(Loc, "%0-way bank conflict on '%1': the %2 lanes %3 %0 distinct "
                "words of bank %4%5%6")
          << W.Degree.Degree << spelling(A.Expression) << Lanes
          << verbOf(A.Kind) << W.Degree.WorstBank
          << (W.Degree.PhaseCount > 1
                  ? " in one of its " + std::to_string(W.Degree.PhaseCount) +
                        " phases"
                  : std::string())
          << Fix;

      // Loop variables where the degree peaks.
      for (const auto &[Id, Value] : W.Scenario->Pins) {
        auto Loop = Kernel.LoopVariables.find(Id);
        if (Loop == Kernel.LoopVariables.end())
          continue;
        const auto &Values = (*Kernel.Symbols)[Id].Values;
        std::string Range;
        for (std::size_t I = 0; I < Values.size() && I < 6; ++I)
          Range += (I ? ", " : "") + std::to_string(Values[I]);
        if (Values.size() > 6)
          Range += ", ... " + std::to_string(Values.back());
        diag(Loop->second->getLocation(),
             "worst when '%0' is %1 (it takes %2)%3", DiagnosticIDs::Note)
            << Loop->second->getName() << static_cast<int>(Value) << Range
            << (Kernel.UsedAssumedBounds
                    ? "; blockDim.x taken as " +
                          std::to_string(Kernel.AssumedBlockSize) +
                          " (option 'AssumedBlockSize')"
                    : std::string());
      }
      if (Pad)
        addPaddingFix(A.Array->Decl, Pad, shapeText(*A.Array, Pad));
      else if (A.Array)
        diag(A.Array->Decl->getLocation(), "'%0' declared here",
             DiagnosticIDs::Note)
            << A.Array->Decl->getName();
      noteIndexDefinition(A.Expression);
      noteBlockDim(Kernel);
      noteInstantiation(Kernel, Loc);
    }
}

void BankConflictCheck::addPaddingFix(const VarDecl *Array, std::int64_t Pad,
                                      const std::string &Padded) {
  auto Note = diag(Array->getLocation(),
                   "pad the innermost dimension of '%0' to %1",
                   DiagnosticIDs::Note)
              << Array->getName() << Padded;
  const TypeSourceInfo *TSI = Array->getTypeSourceInfo();
  if (!TSI)
    return;
  // The innermost dimension is the last array type loc.
  ConstantArrayTypeLoc Innermost;
  for (TypeLoc TL = TSI->getTypeLoc(); !TL.isNull();) {
    auto CATL = TL.getAs<ConstantArrayTypeLoc>();
    if (!CATL)
      break;
    Innermost = CATL;
    TL = CATL.getElementLoc();
  }
  if (!Innermost || !Innermost.getSizeExpr())
    return;
  const SourceManager &SM = Context->getSourceManager();
  SourceRange Brackets = Innermost.getBracketsRange();
  // Never rewrite inside a macro expansion.
  if (Brackets.getBegin().isMacroID() || Brackets.getEnd().isMacroID())
    return;
  const Expr *Size = Innermost.getSizeExpr()->IgnoreImplicit();
  CharSourceRange SizeRange = SM.getExpansionRange(
      CharSourceRange::getTokenRange(Size->getSourceRange()));
  if (!SM.isWrittenInSameFile(SizeRange.getBegin(), Brackets.getBegin()))
    return;
  if (const auto *Literal = dyn_cast<IntegerLiteral>(Size);
      Literal && !Size->getBeginLoc().isMacroID()) {
    Note << FixItHint::CreateReplacement(
        SizeRange,
        std::to_string(Literal->getValue().getZExtValue() + Pad));
    return;
  }
  // A macro or named constant: keep its name, add the padding.
  StringRef Text =
      Lexer::getSourceText(SizeRange, SM, Context->getLangOpts());
  if (Text.empty())
    return;
  bool NeedsParens = Text.find_first_of("+-*/%<>&|^?") != StringRef::npos;
  std::string New = (NeedsParens ? "(" + Text.str() + ")" : Text.str()) +
                    " + " + std::to_string(Pad);
  Note << FixItHint::CreateReplacement(SizeRange, New);
}

} // namespace clang::tidy::gpumem
