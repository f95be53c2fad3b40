//===- WarpSharedValues.cpp - values every lane of a warp shares ----------===//
#include "checks/lanes/WarpSharedValues.h"

#include "checks/lanes/EvaluatorCore.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <cctype>

namespace gpumem::lanes {

using namespace clang;

namespace {

bool sharedByLanes(const LaneValue &V) {
  return V.kind() == LaneKind::Constant || V.kind() == LaneKind::Uniform;
}

} // namespace

std::string WarpSharedValues::spelling(const Expr *Where) const {
  const SourceManager &SM = E.Ctx.getSourceManager();
  CharSourceRange Range = CharSourceRange::getTokenRange(
      SM.getExpansionRange(Where->getSourceRange()).getAsRange());
  StringRef Text = Lexer::getSourceText(Range, SM, E.Ctx.getLangOpts());
  std::string Out;
  for (char C : Text) // one line, single spaces
    if (!std::isspace(static_cast<unsigned char>(C)))
      Out += C;
    else if (!Out.empty() && Out.back() != ' ')
      Out += ' ';
  if (Out.empty() || Out.size() > 48)
    return "(value at line " +
           std::to_string(SM.getExpansionLineNumber(Where->getBeginLoc())) + ")";
  // `n / d` reads as one factor where a dump or a message multiplies it.
  if (Out.find(' ') != std::string::npos)
    return "(" + Out + ")";
  return Out;
}

LaneValue
WarpSharedValues::result(const LaneValue &Result, const Expr *Where,
                         SharedOperation Operation,
                            llvm::ArrayRef<const LaneValue *> Operands) {
  if (!Result.isUnknown() ||
      Result.reason().Kind != UnknownKind::SymbolicOperation)
    return Result;
  SymbolKey Key{SymbolKind::SharedOperation, Operation.Node, nullptr,
                Operation.Opcode, {}};
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
      if (!E.Symbols[Id].Values.empty())
        return Result;
      Flags.ThreadDerived |= E.Symbols[Id].ThreadDerived;
      Flags.BlockAxes |= E.Symbols[Id].BlockAxes;
    }
  }
  SymbolId Id = E.Symbols.intern(Key, spelling(Where));
  E.Symbols[Id].ThreadDerived = Flags.ThreadDerived;
  E.Symbols[Id].BlockAxes = Flags.BlockAxes;
  return LaneValue::symbol(Id);
}

std::optional<LaneValue> WarpSharedValues::load(const Expr *Lvalue,
                                               const FieldDecl *Field,
                                               llvm::StringRef Owner) {
  return loadAt(Lvalue, E.evaluateAddress(Lvalue), Field, Owner);
}

std::optional<LaneValue>
WarpSharedValues::loadAt(const Expr *Lvalue, const PointerValue &Address,
                            const FieldDecl *Field, llvm::StringRef Owner) {
  if (Address.isUnknown() || !sharedByLanes(Address.Offset))
    return std::nullopt;
  // As for operations: enumerable symbols are the collector's to enumerate.
  for (SymbolId Id : Address.Offset.symbols())
    if (!E.Symbols[Id].Values.empty())
      return std::nullopt;
  // A lane's own local memory holds its own values.
  if (Address.Space != MemorySpace::Global &&
      Address.Space != MemorySpace::Shared &&
      Address.Space != MemorySpace::Constant)
    return std::nullopt;
  // One load site is one value per warp; another site may read the same
  // address after a store.
  SymbolKey Key{SymbolKind::SharedLoad, Lvalue, Address.Base,
                reinterpret_cast<std::intptr_t>(Field),
                Address.Offset.identity()};
  SymbolId Id = E.Symbols.intern(
      Key, !Field ? spelling(Lvalue)
                  : (Owner.empty() ? spelling(Lvalue) : Owner.str()) + "." +
                        Field->getNameAsString());
  for (SymbolId Used : Address.Offset.symbols()) {
    E.Symbols[Id].ThreadDerived |= E.Symbols[Used].ThreadDerived;
    E.Symbols[Id].BlockAxes |= E.Symbols[Used].BlockAxes;
  }
  return LaneValue::symbol(Id);
}

std::optional<PointerValue>
WarpSharedValues::pointerLoad(const Expr *Lvalue) {
  PointerValue Address = E.evaluateAddress(Lvalue);
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

std::optional<LaneValue>
WarpSharedValues::remainderWithoutWrap(const BinaryOperator *BO,
                                       const LaneValue &L, const LaneValue &R) {
  if (L.isUnknown() || R.isUnknown() || L.kind() != LaneKind::Varying ||
      R.kind() != LaneKind::Uniform)
    return std::nullopt;
  // A divisor with known values is enumerated by the collector instead.
  for (SymbolId Id : R.symbols())
    if (!E.Symbols[Id].Values.empty())
      return std::nullopt;
  // One symbol for `x / n` and `x % n` of the same values: the row and
  // the column of one index (idx / cols, idx % cols) agree.
  std::vector<std::int64_t> Operands = L.identity();
  const std::vector<std::int64_t> Divisor = R.identity();
  Operands.insert(Operands.end(), Divisor.begin(), Divisor.end());
  SymbolId Quotient = E.Symbols.intern(
      SymbolKey{SymbolKind::SharedOperation, nullptr, nullptr, BO_Div,
                Operands},
      spelling(BO->getLHS()) + " / " + spelling(BO->getRHS()));
  E.Symbols[Quotient].WrapDivisor = spelling(BO->getRHS());
  if (BO->getOpcode() == BO_Div)
    return LaneValue::symbol(Quotient);
  return L - R * LaneValue::symbol(Quotient);
}

} // namespace gpumem::lanes
