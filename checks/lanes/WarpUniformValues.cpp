//===- WarpUniformValues.cpp - values every lane of a warp shares
//----------===//
#include "checks/lanes/WarpUniformValues.h"
#include "checks/lanes/EvaluatorCore.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>
#include <cctype>

namespace gpumem::lanes {

using namespace clang;

namespace {

bool sharedByLanes(const LaneValue &V) {
  return V.kind() == LaneKind::Constant || V.kind() == LaneKind::Uniform;
}

} // namespace

std::string WarpUniformValues::spelling(const Expr *Where) const {
  const SourceManager &SM = Core.Ctx.getSourceManager();
  CharSourceRange Range = CharSourceRange::getTokenRange(
      SM.getExpansionRange(Where->getSourceRange()).getAsRange());
  StringRef Text = Lexer::getSourceText(Range, SM, Core.Ctx.getLangOpts());
  std::string Out;
  for (char C : Text) // one line, single spaces
    if (!std::isspace(static_cast<unsigned char>(C)))
      Out += C;
    else if (!Out.empty() && Out.back() != ' ')
      Out += ' ';
  if (Out.empty() || Out.size() > 48)
    return "(value at line " +
           std::to_string(SM.getExpansionLineNumber(Where->getBeginLoc())) +
           ")";
  // `n / d` reads as one factor where a dump or a message multiplies it.
  if (Out.find(' ') != std::string::npos)
    return "(" + Out + ")";
  return Out;
}

LaneValue
WarpUniformValues::result(LaneValue Result, const Expr *Where,
                          UniformOperation Operation,
                          llvm::ArrayRef<const LaneValue *> Operands) {
  if (!Result.isUnknown() ||
      Result.reason().Kind != UnknownKind::SymbolicOperation)
    return Result;
  SymbolKey Key{SymbolKind::UniformOperation,
                Operation.Node,
                nullptr,
                Operation.Opcode,
                {}};
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
      if (!Core.Symbols[Id].Values.empty())
        return Result;
      Flags.ThreadDerived |= Core.Symbols[Id].ThreadDerived;
      Flags.BlockAxes |= Core.Symbols[Id].BlockAxes;
    }
  }
  SymbolId Id = Core.Symbols.intern(Key, spelling(Where));
  Core.Symbols[Id].ThreadDerived = Flags.ThreadDerived;
  Core.Symbols[Id].BlockAxes = Flags.BlockAxes;
  return LaneValue::symbol(Id);
}

std::optional<LaneValue> WarpUniformValues::load(const Expr *Lvalue,
                                                 const FieldDecl *Field,
                                                 llvm::StringRef Owner) {
  return loadAt(Lvalue, Core.evaluateAddress(Lvalue), Field, Owner);
}

std::optional<LaneValue> WarpUniformValues::loadAt(const Expr *Lvalue,
                                                   const PointerValue &Address,
                                                   const FieldDecl *Field,
                                                   llvm::StringRef Owner) {
  if (Address.isUnknown() || !sharedByLanes(Address.Offset))
    return std::nullopt;
  // As for operations: enumerable symbols are the collector's to enumerate.
  for (SymbolId Id : Address.Offset.symbols())
    if (!Core.Symbols[Id].Values.empty())
      return std::nullopt;
  // A lane's own local memory holds its own values.
  if (Address.Space != MemorySpace::Global &&
      Address.Space != MemorySpace::Shared &&
      Address.Space != MemorySpace::Constant)
    return std::nullopt;
  // One load site is one value per warp; another site may read the same
  // address after a store.
  SymbolKey Key{SymbolKind::UniformLoad, Lvalue, Address.Base,
                reinterpret_cast<std::intptr_t>(Field),
                Address.Offset.identity()};
  SymbolId Id = Core.Symbols.intern(
      Key, !Field ? spelling(Lvalue)
                  : (Owner.empty() ? spelling(Lvalue) : Owner.str()) + "." +
                        Field->getNameAsString());
  for (SymbolId Used : Address.Offset.symbols()) {
    Core.Symbols[Id].ThreadDerived |= Core.Symbols[Used].ThreadDerived;
    Core.Symbols[Id].BlockAxes |= Core.Symbols[Used].BlockAxes;
  }
  return LaneValue::symbol(Id);
}

std::optional<PointerValue> WarpUniformValues::pointerLoad(const Expr *Lvalue) {
  PointerValue Address = Core.evaluateAddress(Lvalue);
  // Tables of pointers the host fills live in global or constant memory and
  // point into global memory; a shared or local one may hold anything.
  if (Address.isUnknown() || !sharedByLanes(Address.Offset) ||
      (Address.Space != MemorySpace::Global &&
       Address.Space != MemorySpace::Constant))
    return std::nullopt;
  std::optional<LaneValue> Loaded = loadAt(Lvalue, Address);
  if (!Loaded)
    return std::nullopt;
  PointerValue P;
  P.Space = MemorySpace::Global;
  // No base: its alignment is unknown, so no misalignment is claimed.
  P.Offset = *Loaded;
  return P;
}

bool WarpUniformValues::enumerable(const LaneValue &V) const {
  // The collector prices each value of such symbols (a warp's row, a loop
  // counter with numbers for bounds), exactly, when they are all such.
  const std::vector<SymbolId> Symbols = V.symbols();
  return !Symbols.empty() && llvm::all_of(Symbols, [&](SymbolId Id) {
    return !Core.Symbols[Id].Values.empty();
  });
}

namespace {

/// What \p BO divides by when its right operand is the number \p D: D for
/// `/` and `%`, 2^D for `>>` (none for a shift past 30 or below 0).
std::optional<std::int64_t> divisorOf(const BinaryOperator *BO,
                                      std::int64_t D) {
  if (BO->getOpcode() != BO_Shr)
    return D;
  if (D < 0 || D > 30)
    return std::nullopt;
  return std::int64_t(1) << D;
}

} // namespace

std::optional<LaneValue> WarpUniformValues::remainderWithoutWrap(
    const BinaryOperator *BO, const LaneValue &L, const LaneValue &R) {
  if (L.isUnknown() || R.isUnknown() || L.kind() != LaneKind::Varying)
    return std::nullopt;
  // A divisor that is a number (`i % 4096`, `x >> 3`) where the dividend
  // has a term the warp shares that is not a multiple of it (a block's
  // start): the same policy, where the warp's lanes span less than it.
  std::string DivisorSpelling = spelling(BO->getRHS());
  LaneValue Divisor = R;
  if (std::optional<std::int64_t> D = R.asConstant()) {
    const std::optional<std::int64_t> Number = divisorOf(BO, *D);
    if (!Number)
      return std::nullopt;
    const std::int64_t By = *Number;
    if (BO->getOpcode() == BO_Shr) {
      Divisor = LaneValue::constant(By);
      DivisorSpelling = std::to_string(By);
    }
    if (By <= 0 || L.hasVaryingSymbolicTerm() || enumerable(L))
      return std::nullopt;
    const LaneVector &K = L.laneConstants();
    const auto [Low, High] = std::minmax_element(K.begin(), K.end());
    if (*High - *Low >= By)
      return std::nullopt;
  } else if (R.kind() != LaneKind::Uniform || BO->getOpcode() == BO_Shr) {
    return std::nullopt;
  }
  // A divisor with known values is enumerated by the collector instead.
  for (SymbolId Id : R.symbols())
    if (!Core.Symbols[Id].Values.empty())
      return std::nullopt;
  // One symbol for `x / n` and `x % n` of the same values: the row and
  // the column of one index (idx / cols, idx % cols) agree.
  std::vector<std::int64_t> Operands = L.identity();
  const std::vector<std::int64_t> DivisorValue = Divisor.identity();
  Operands.insert(Operands.end(), DivisorValue.begin(), DivisorValue.end());
  SymbolId Quotient = Core.Symbols.intern(
      SymbolKey{SymbolKind::UniformOperation, nullptr, nullptr, BO_Div,
                Operands},
      spelling(BO->getLHS()->IgnoreParens()) + " / " + DivisorSpelling);
  Core.Symbols[Quotient].WrapDivisor = DivisorSpelling;
  for (SymbolId Used : L.symbols())
    Core.Symbols[Quotient].BlockAxes |= Core.Symbols[Used].BlockAxes;
  if (BO->getOpcode() != BO_Rem)
    return LaneValue::symbol(Quotient);
  return L - Divisor * LaneValue::symbol(Quotient);
}

std::optional<LaneValue> WarpUniformValues::quotientOfUniformMultiple(
    const BinaryOperator *BO, const LaneValue &L, const LaneValue &R) {
  const std::optional<std::int64_t> D = R.asConstant();
  if (L.isUnknown() || L.kind() != LaneKind::Varying || !D ||
      (BO->getOpcode() != BO_Div && BO->getOpcode() != BO_Shr))
    return std::nullopt;
  const std::optional<std::int64_t> Number = divisorOf(BO, *D);
  if (!Number || *Number <= 1)
    return std::nullopt;
  const std::int64_t By = *Number;
  // The terms the warp shares that By does not divide, and the rest.
  std::vector<LaneTerm> Shared, Rest;
  for (const LaneTerm &T : L.terms()) {
    const bool Multiple =
        std::all_of(T.Coeff.begin(), T.Coeff.end(),
                    [&](std::int64_t C) { return C % By == 0; });
    const bool Uniform =
        std::all_of(T.Coeff.begin(), T.Coeff.end(),
                    [&](std::int64_t C) { return C == T.Coeff[0]; });
    if (Multiple)
      Rest.push_back(T);
    else if (Uniform)
      Shared.push_back(T);
    else
      return std::nullopt;
  }
  const LaneVector &K = L.laneConstants();
  if (Shared.empty() || enumerable(L) ||
      std::any_of(K.begin(), K.end(), [](std::int64_t C) { return C < 0; }))
    return std::nullopt;
  const LaneValue Lanes =
      LaneValue::fromParts(K, std::move(Rest)).divide(LaneValue::constant(By));
  if (Lanes.isUnknown())
    return std::nullopt;
  const LaneValue Part = LaneValue::fromParts(LaneVector{}, std::move(Shared));
  std::vector<std::int64_t> Operands = Part.identity();
  Operands.push_back(By);
  const std::string Divisor = std::to_string(By);
  SymbolId Quotient = Core.Symbols.intern(
      SymbolKey{SymbolKind::UniformOperation, nullptr, nullptr, BO_Shr,
                Operands},
      "shared part of (" + spelling(BO->getLHS()->IgnoreParens()) + ") / " +
          Divisor);
  Core.Symbols[Quotient].MultipleDivisor = Divisor;
  for (SymbolId Used : Part.symbols()) {
    Core.Symbols[Quotient].BlockAxes |= Core.Symbols[Used].BlockAxes;
    Core.Symbols[Quotient].ThreadDerived |= Core.Symbols[Used].ThreadDerived;
  }
  return LaneValue::symbol(Quotient) + Lanes;
}

} // namespace gpumem::lanes
