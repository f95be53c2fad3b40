//===- BankConflictCheck.cpp - gpumem-bank-conflict -----------------------===//
#include "checks/BankConflictCheck.h"

#include "llvm/ADT/bit.h"

#include <numeric>
#include <optional>

#include "checks/access/PaddingPlan.h"
#include "checks/access/ReportedAnalyses.h"
#include "checks/access/SharedLayout.h"

#include "clang/AST/TypeLoc.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace clang::tidy {

namespace gpumem {

using namespace ::gpumem::access;

namespace {

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
    S +=
        "[" +
        std::to_string(Shape.Dims[I] + (I + 1 == Shape.Dims.size() ? Pad : 0)) +
        "]";
  return S;
}

} // namespace

BankConflictCheck::BankConflictCheck(StringRef Name, ClangTidyContext *Context)
    : KernelAccessCheck(Name, Context, OptionReaders::BankConflict),
      Arch(Hardware.architecture()),
      Rule(readOption<::gpumem::model::PhaseRule>(Options, "PhaseRule")),
      MinimumDegree(readOption<unsigned>(Options, "MinimumDegree")),
      SymbolicStrideConflicts(
          readOption<bool>(Options, "SymbolicStrideConflicts")) {}

void BankConflictCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  KernelAccessCheck::storeOptions(Opts);
  Options.store(Opts, "PhaseRule", Rule);
  Options.store(Opts, "MinimumDegree", MinimumDegree);
  Options.store(Opts, "SymbolicStrideConflicts", SymbolicStrideConflicts);
}

void BankConflictCheck::checkKernels(llvm::ArrayRef<KernelAccesses> Kernels) {
  const SharedFindings Findings = sharedFindings(
      Kernels, Arch, Rule, MinimumDegree, SymbolicStrideConflicts,
      [this](const KernelAccesses &Kernel, const MemoryAccess &A,
             llvm::function_ref<bool(const MemoryAccess &)> IsFinding) {
        return analysis().holdsUnderOtherShapes(Kernel, A, IsFinding);
      });
  const PaddingPlan Plan(Findings.Shared, Findings.conflicted(), Arch, Rule);
  llvm::DenseSet<unsigned> Fixed;
  // Each array's fix-it padding, weighed once over its accesses.
  llvm::DenseMap<unsigned, std::int64_t> FixItPads;
  for (const SharedFinding *F : Findings.reported()) {
    // Symbolic strides have their own message.
    if (!F->Worst.Scenario) {
      reportSymbolicStride(*F->Kernel, *F->Access, F->Alike);
      continue;
    }
    const PaddingAdvice Advice = Plan.adviceFor(*F->Access);
    // A declaration gets one fix-it: clang-tidy applies none of several
    // that overlap, even identical ones. It goes with the access whose
    // padding removes the most conflicts, not with the first reported.
    const unsigned Key =
        F->Access->Array ? PaddingPlan::arrayKey(*F->Access) : 0;
    auto FixPad = FixItPads.find(Key);
    if (Advice.What == PaddingAdvice::Kind::Pad && FixPad == FixItPads.end())
      FixPad = FixItPads.try_emplace(Key, Plan.fixItPadding(Key)).first;
    const bool FirstFix = Advice.What == PaddingAdvice::Kind::Pad &&
                          Advice.Pad == FixPad->second &&
                          Fixed.insert(Key).second;
    reportConflict(*F->Kernel, *F->Access, F->Worst, Advice, FirstFix);
  }
}

/// The message's advice on padding: "; pad to [32][33]", or why none.
static std::string paddingText(const MemoryAccess &A,
                               const PaddingAdvice &Advice) {
  switch (Advice.What) {
  case PaddingAdvice::Kind::Pad:
    return "; pad to " + shapeText(*A.Array, Advice.Pad);
  case PaddingAdvice::Kind::SlowsAnotherAccess:
    return "; no padding of the innermost dimension removes it without "
           "slowing another access to '" +
           A.Array->Decl->getName().str() + "'";
  case PaddingAdvice::Kind::NoPaddingClears:
    return "; no padding of the innermost dimension removes it";
  case PaddingAdvice::Kind::NotPaddable:
  case PaddingAdvice::Kind::RowLengthAssumed:
  case PaddingAdvice::Kind::IndexesPastRow:
    break;
  }
  return "";
}

std::string BankConflictCheck::otherShapesText(const KernelAccesses &Kernel,
                                               const MemoryAccess &A,
                                               unsigned Degree) {
  // The degree is that of the block the analysis assumed; where another
  // block changes it, the message says which degree goes with which
  // block rather than give a bare number (issue 61).
  std::string Text;
  bool Differs = false;
  for (const auto &[Shape, Other] : analysis().underOtherShapes(Kernel, A)) {
    if (!Other)
      return "";
    const unsigned D = worstBankConflict(*Other, 0, Arch, Rule).Degree.Degree;
    Differs |= D != Degree;
    Text += ", " + std::to_string(D) + "-way at (" + std::to_string(Shape.X) +
            ", " + std::to_string(Shape.Y) + ", " + std::to_string(Shape.Z) +
            ")";
  }
  if (!Differs)
    return "";
  return "; at other blocks it is " + Text.substr(2);
}

void BankConflictCheck::reportConflict(const KernelAccesses &Kernel,
                                       const MemoryAccess &A,
                                       const SharedConflict &Worst,
                                       const PaddingAdvice &Advice,
                                       bool WithFixIt) {
  SourceLocation Loc = findingLocation(A);
  if (hidden(A))
    return;
  const ::gpumem::model::BankConflictDegree &D = Worst.Degree;
  // "the 8 lanes" only when they are all the phase's active lanes.
  const unsigned PhaseLanes = ::gpumem::lanes::WarpLanes / D.PhaseCount;
  const ::gpumem::lanes::LaneMask PhaseMask =
      (PhaseLanes >= 64 ? ~0ULL : ((1ULL << PhaseLanes) - 1))
      << (D.WorstPhase * PhaseLanes);
  const unsigned ActiveInPhase = static_cast<unsigned>(
      llvm::popcount(Worst.Scenario->Active & PhaseMask));
  // The padding's fix-it is the warning's, so that --fix applies it (and
  // clangd offers it on the warning); it edits the declaration.
  std::optional<FixItHint> Fix;
  if (WithFixIt && Advice.What == PaddingAdvice::Kind::Pad)
    Fix = paddingFixIt(A.Array->Decl, Advice.Pad);
  {
    auto Warning =
        diag(Loc, "%0-way bank conflict on '%1': %select{the %2 lanes|%2 of "
                  "the %7 active lanes}8 %3 %0 distinct words of bank %4%5%6")
        << D.Degree << spelling(A) << D.LanesOnWorstBank
        << verbOf(A.Kind) << D.WorstBank
        << (D.PhaseCount > 1
                ? " in one of its " + std::to_string(D.PhaseCount) + " phases"
                : std::string())
        << paddingText(A, Advice) << ActiveInPhase
        << (D.LanesOnWorstBank == ActiveInPhase ? 0 : 1);
    if (Fix)
      Warning << *Fix;
  }
  noteWorstLoopValues(Kernel, *Worst.Scenario);
  if (std::optional<WorstWarp> Warp =
          worstWarp(Kernel, A, *Worst.Scenario, [&](const LaneScenario &S) {
            return sharedBankConflict(A, S.Offset, S.Active, Arch, Rule)
                .Degree;
          }))
    noteWorstWarp(*this, findingLocation(A), Kernel, *Warp,
                  "words on the busiest bank");
  if (Advice.What == PaddingAdvice::Kind::Pad)
    diag(A.Array->Decl->getLocation(),
         "pad the innermost dimension of '%0' to %1", DiagnosticIDs::Note)
        << A.Array->Decl->getName() << shapeText(*A.Array, Advice.Pad);
  else if (A.Array)
    diag(A.Array->Decl->getLocation(), "'%0' declared here%1",
         DiagnosticIDs::Note)
        << A.Array->Decl->getName()
        << (Advice.What == PaddingAdvice::Kind::IndexesPastRow
                ? "; it is not padded: '" +
                      spelling(*Advice.PastRow) +
                      "' runs past the end of a row, and padding would "
                      "move it"
            : Advice.What != PaddingAdvice::Kind::RowLengthAssumed ? ""
            : A.Array->Decl->getParentFunctionOrMethod()
                ? "; it is not padded: it is also used through a pointer "
                  "or as a whole, which assumes its row length"
                : "; it is not padded: at namespace scope, any function "
                  "may assume its row length");
  noteShownWarp(*this, findingLocation(A), A);
  noteNoWrap(*this, findingLocation(A), A);
  noteIndexDefinition(*this, A.Expression);
  noteCallSite(A, Kernel);
  noteConstantArguments(*this, analysis().unit().launches(), Kernel, A);
  noteBlockDim(Kernel, otherShapesText(Kernel, A, D.Degree));
  noteInstantiation(Kernel, Loc);
}

void BankConflictCheck::noteWorstLoopValues(const KernelAccesses &Kernel,
                                            const LaneScenario &Worst) {
  for (const auto &[Id, Value] : Worst.Pins) {
    auto Loop = Kernel.LoopVariables.find(Id);
    if (Loop == Kernel.LoopVariables.end())
      continue;
    const auto &Values = (*Kernel.Symbols)[Id].Values;
    if ((*Kernel.Symbols)[Id].CountsPasses) {
      diag(Loop->second->getLocation(),
           "worst on pass %1 of the loop over '%0' (it makes %2 %plural{1:pass"
           "|:passes}2, counted from 0, each with the lanes its bound lets "
           "in)",
           DiagnosticIDs::Note)
          << Loop->second->getName() << static_cast<long long>(Value)
          << static_cast<unsigned>(Values.size());
      continue;
    }
    std::string Range;
    for (std::size_t I = 0; I < Values.size() && I < 6; ++I)
      Range += (I ? ", " : "") + std::to_string(Values[I]);
    if (Values.size() > 6)
      Range += ", ... " + std::to_string(Values.back());
    diag(Loop->second->getLocation(), "worst when '%0' is %1 (it takes %2)%3",
         DiagnosticIDs::Note)
        << Loop->second->getName() << static_cast<long long>(Value) << Range
        << (Kernel.UsedAssumedBounds
                ? "; blockDim.x taken as " +
                      std::to_string(Kernel.AssumedBlockSize) +
                      (Kernel.AssumedSizeFromMaxThreads
                           ? " (the most its __launch_bounds__ allows)"
                           : " (option 'AssumedBlockSize')")
                : std::string());
  }
}

void BankConflictCheck::reportSymbolicStride(
    const KernelAccesses &Kernel, const MemoryAccess &A,
    llvm::ArrayRef<const MemoryAccess *> Alike) {
  // The factor at which every lane lands on the same bank: a multiple of
  // the bank period; and an odd one past it, for the good case.
  std::optional<BankPeriodSample> Sample = bankPeriodSample(A, Arch);
  if (!Sample)
    return;
  const ::gpumem::lanes::SymbolId Factor = Sample->Factor;
  const std::int64_t Period = Sample->Period;
  const std::int64_t Step = Sample->Step;
  auto DegreeAt = [&](const MemoryAccess &Of,
                      std::int64_t Value) -> std::optional<unsigned> {
    auto Lanes = Of.Offset.withoutUniformTerms()
                     .substitute({{Factor, Value}})
                     .asPerLane();
    if (!Lanes)
      return std::nullopt;
    return sharedBankConflict(Of, *Lanes, Of.Active, Arch, Rule).Degree;
  };
  std::optional<unsigned> Worst = DegreeAt(A, Period);
  std::optional<unsigned> Odd = DegreeAt(A, Period + 1);
  const unsigned Threshold = std::max(2U, MinimumDegree);
  SourceLocation Loc = findingLocation(A);
  if (!Worst || *Worst < Threshold || Loc.isInvalid() || hidden(A) ||
      !analysis().holdsUnderOtherShapes(
          Kernel, A,
          [&](const MemoryAccess &Other) {
            auto D = DegreeAt(Other, Period);
            return D && *D >= Threshold;
          }) ||
      !firstReport(Loc))
    return;
  const std::string &Name = (*Kernel.Symbols)[Factor].Name;
  diag(Loc, "%0-way bank conflict on '%1' when '%2' is %select{a multiple of "
            "%3|%3, as a launch of '%6' in this file passes it}5: lanes %4 "
            "bytes x '%2' apart share a bank%select{|; conflict-free when "
            "'%2' is odd}7")
      << *Worst << spelling(A) << Name << static_cast<long long>(Period)
      << static_cast<long long>(Step < 0 ? -Step : Step) << Sample->AtLaunch
      << (Kernel.Kernel ? Kernel.Kernel->getName() : StringRef())
      << (Odd && *Odd <= 1 ? 1 : 0);
  noteAlike(*this, Loc, Alike, Kernel, Name, [this](const MemoryAccess &Other) {
    return findingLocation(Other);
  });
  noteShownWarp(*this, findingLocation(A), A);
  noteNoWrap(*this, findingLocation(A), A);
  noteIndexDefinition(*this, A.Expression);
  noteCallSite(A, Kernel);
  noteConstantArguments(*this, analysis().unit().launches(), Kernel, A);
  noteBlockDim(Kernel);
  noteInstantiation(Kernel, Loc);
}

std::optional<FixItHint>
BankConflictCheck::paddingFixIt(const VarDecl *Array, std::int64_t Pad) const {
  const TypeSourceInfo *TSI = Array->getTypeSourceInfo();
  if (!TSI)
    return std::nullopt;
  // The innermost dimension is the last array type loc.
  ConstantArrayTypeLoc Innermost;
  for (TypeLoc TL = TSI->getTypeLoc(); !TL.isNull();) {
    auto CATL = TL.getAs<ConstantArrayTypeLoc>();
    if (!CATL)
      break;
    Innermost = CATL;
    TL = CATL.getElementLoc();
  }
  // With `typedef float Row[32]; Row tile[32];` the innermost extent is in
  // the typedef, not in this declaration.
  if (!Innermost || !Innermost.getSizeExpr() ||
      Innermost.getElementLoc().getType()->isArrayType())
    return std::nullopt;
  const SourceManager &SM = Context->getSourceManager();
  SourceRange Brackets = Innermost.getBracketsRange();
  // Never rewrite inside a macro expansion.
  if (Brackets.getBegin().isMacroID() || Brackets.getEnd().isMacroID())
    return std::nullopt;
  const Expr *Size = Innermost.getSizeExpr()->IgnoreImplicit();
  CharSourceRange SizeRange = SM.getExpansionRange(
      CharSourceRange::getTokenRange(Size->getSourceRange()));
  if (!SM.isWrittenInSameFile(SizeRange.getBegin(), Brackets.getBegin()))
    return std::nullopt;
  if (const auto *Literal = dyn_cast<IntegerLiteral>(Size);
      Literal && !Size->getBeginLoc().isMacroID()) {
    return FixItHint::CreateReplacement(
        SizeRange, std::to_string(Literal->getValue().getZExtValue() + Pad));
  }
  // A macro or named constant: keep its name, add the padding.
  StringRef Text = Lexer::getSourceText(SizeRange, SM, Context->getLangOpts());
  if (Text.empty())
    return std::nullopt;
  // `TILE + 1`, `2 * TILE + 1`; parentheses only around operators that bind
  // looser than + (shifts, comparisons, bit operations, ?:, a comma).
  bool NeedsParens = Text.find_first_of("<>&|^?:=,") != StringRef::npos;
  std::string New = (NeedsParens ? "(" + Text.str() + ")" : Text.str()) +
                    " + " + std::to_string(Pad);
  return FixItHint::CreateReplacement(SizeRange, New);
}

} // namespace gpumem
} // namespace clang::tidy
