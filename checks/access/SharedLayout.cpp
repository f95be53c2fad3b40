//===- SharedLayout.cpp ---------------------------------------------------===//
#include "checks/access/SharedLayout.h"

#include "checks/access/GlobalVerdict.h"

#include "clang/AST/Stmt.h"
#include "model/IntegerMath.h"

#include <algorithm>
#include <numeric>

namespace gpumem::access {

namespace {

using gpumem::model::floorDiv;

/// Byte pitch of each dimension, outermost first.
std::vector<std::int64_t> pitches(const ArrayShape &Shape, std::int64_t Pad) {
  std::vector<std::int64_t> P(Shape.Dims.size());
  std::int64_t Pitch = Shape.ElementBytes;
  for (std::size_t I = Shape.Dims.size(); I-- > 0;) {
    P[I] = Pitch;
    Pitch *= Shape.Dims[I] + (I + 1 == Shape.Dims.size() ? Pad : 0);
  }
  return P;
}

} // namespace

bool isPaddable(const ArrayShape &Shape) {
  // An extent of 0 holds no element (Clang accepts `float t[4][0]`): there
  // is no row to pad, and its pitch of 0 would divide by zero.
  return Shape.Dims.size() >= 2 && Shape.ElementBytes > 0 &&
         std::all_of(Shape.Dims.begin(), Shape.Dims.end(),
                     [](std::int64_t Extent) { return Extent > 0; });
}

/// True when the use of the array \p Ref, whose ancestors are \p Path
/// (innermost last), reads or writes one element: at least \p Dims
/// subscripts apply to it, through parentheses and the array-to-pointer
/// decay, and its address is not taken.
static bool isElementUse(const clang::Expr *Ref,
                         llvm::ArrayRef<const clang::Stmt *> Path,
                         std::size_t Dims) {
  const clang::Expr *E = Ref;
  std::size_t Up = Path.size();
  auto SkipWrappers = [&] {
    while (Up && (llvm::isa<clang::ParenExpr>(Path[Up - 1]) ||
                  llvm::isa<clang::ImplicitCastExpr>(Path[Up - 1])))
      E = llvm::cast<clang::Expr>(Path[--Up]);
  };
  SkipWrappers();
  std::size_t Subscripts = 0;
  while (Up) {
    const auto *Subscript =
        llvm::dyn_cast<clang::ArraySubscriptExpr>(Path[Up - 1]);
    if (!Subscript || Subscript->getBase() != E)
      break;
    ++Subscripts;
    E = Subscript;
    --Up;
    SkipWrappers();
  }
  if (Subscripts < Dims)
    return false;
  // &tile[i][j] is a pointer that later arithmetic may move across rows.
  const auto *Op =
      Up ? llvm::dyn_cast<clang::UnaryOperator>(Path[Up - 1]) : nullptr;
  return !(Op && Op->getOpcode() == clang::UO_AddrOf);
}

/// True when every reference to \p Array under \p S is an element use;
/// \p Path holds the ancestors of \p S. A walk of the one function, where
/// Clang's parent map would index the whole translation unit.
static bool allUsesAreElements(const clang::Stmt *S,
                               const clang::VarDecl &Array, std::size_t Dims,
                               std::vector<const clang::Stmt *> &Path) {
  if (!S)
    return true;
  if (const auto *Ref = llvm::dyn_cast<clang::DeclRefExpr>(S);
      Ref && Ref->getDecl() == &Array)
    return isElementUse(Ref, Path, Dims);
  Path.push_back(S);
  bool All = true;
  for (const clang::Stmt *Child : S->children())
    if (!(All = allUsesAreElements(Child, Array, Dims, Path)))
      break;
  Path.pop_back();
  return All;
}

bool usedOnlyThroughSubscripts(const clang::VarDecl &Array,
                               const ArrayShape &Shape) {
  // A __shared__ variable in a function is seen only there; one at
  // namespace scope could be used anywhere, and is not padded.
  const auto *Function = llvm::dyn_cast_or_null<clang::FunctionDecl>(
      Array.getParentFunctionOrMethod());
  if (!Function || !Function->hasBody())
    return false;
  std::vector<const clang::Stmt *> Path;
  return allUsesAreElements(Function->getBody(), Array, Shape.Dims.size(),
                            Path);
}

lanes::LaneVector padInnermost(const lanes::LaneVector &Offset,
                               const ArrayShape &Shape, std::int64_t Pad) {
  if (!isPaddable(Shape))
    return Offset;
  std::vector<std::int64_t> Old = pitches(Shape, 0), New = pitches(Shape, Pad);
  lanes::LaneVector Out{};
  for (unsigned L = 0; L < lanes::WarpLanes; ++L) {
    std::int64_t Rest = Offset[L], Result = 0;
    // Outer dimensions by floor division; the innermost keeps the
    // remainder (index and any byte offset inside the element).
    for (std::size_t D = 0; D + 1 < Old.size(); ++D) {
      std::int64_t Index = floorDiv(Rest, Old[D]);
      Rest -= Index * Old[D];
      Result += Index * New[D];
    }
    Out[L] = Result + Rest;
  }
  return Out;
}

model::BankConflictDegree sharedBankConflict(const MemoryAccess &Access,
                                             const lanes::LaneVector &Offset,
                                             lanes::LaneMask Active,
                                             const model::Architecture &Arch,
                                             model::PhaseRule Rule) {
  const unsigned Step = Access.InstructionBytes && Access.Width &&
                                Access.Width % Access.InstructionBytes == 0
                            ? Access.InstructionBytes
                            : Access.Width;
  model::WarpFootprint F = footprintOf(Access, Offset, Active);
  if (Step == Access.Width)
    return model::computeBankConflict(F, Arch, Rule);
  F.Width = Step;
  model::BankConflictDegree Worst;
  unsigned Total = 0, Count = 0;
  for (unsigned At = 0; At < Access.Width; At += Step) {
    model::WarpFootprint Part = F;
    for (std::int64_t &A : Part.Address)
      A += At;
    model::BankConflictDegree D = model::computeBankConflict(Part, Arch, Rule);
    Total += D.Wavefronts;
    ++Count;
    if (D.Degree > Worst.Degree)
      Worst = D;
  }
  Worst.Wavefronts = (Total + Count - 1) / Count;
  return Worst;
}

SharedConflict worstBankConflict(const MemoryAccess &Access, std::int64_t Pad,
                                 const model::Architecture &Arch,
                                 model::PhaseRule Rule) {
  SharedConflict Worst;
  for (const LaneScenario &S : Access.Scenarios) {
    lanes::LaneVector Offset = Pad && Access.Array
                                   ? padInnermost(S.Offset, *Access.Array, Pad)
                                   : S.Offset;
    model::BankConflictDegree D =
        sharedBankConflict(Access, Offset, S.Active, Arch, Rule);
    if (!Worst.Scenario || D.Degree > Worst.Degree.Degree) {
      Worst.Degree = D;
      Worst.Scenario = &S;
    }
  }
  return Worst;
}

std::int64_t paddingPeriod(const ArrayShape &Shape,
                           const model::Architecture &Arch) {
  const std::int64_t BankBytes =
      std::int64_t(Arch.BankCount) * Arch.BankWidthBytes;
  if (Shape.ElementBytes <= 0 || BankBytes <= 0)
    return 0;
  return BankBytes / std::gcd(Shape.ElementBytes, BankBytes);
}

std::int64_t smallestClearingPadding(const ArrayShape &Shape,
                                     llvm::ArrayRef<const MemoryAccess *> Clear,
                                     llvm::ArrayRef<const MemoryAccess *> Peers,
                                     const model::Architecture &Arch,
                                     model::PhaseRule Rule) {
  if (!isPaddable(Shape) || Clear.empty())
    return 0;
  std::vector<unsigned> Unpadded;
  for (const MemoryAccess *Peer : Peers)
    Unpadded.push_back(worstBankConflict(*Peer, 0, Arch, Rule).Degree.Degree);
  const std::int64_t Period = paddingPeriod(Shape, Arch);
  for (std::int64_t Pad = 1; Pad <= Period; ++Pad) {
    bool Clears = true;
    for (const MemoryAccess *A : Clear)
      Clears =
          Clears && worstBankConflict(*A, Pad, Arch, Rule).Degree.Degree <= 1;
    if (!Clears)
      continue;
    bool NoneWorse = true;
    for (std::size_t I = 0; I < Peers.size() && NoneWorse; ++I)
      NoneWorse = worstBankConflict(*Peers[I], Pad, Arch, Rule).Degree.Degree <=
                  Unpadded[I];
    if (NoneWorse)
      return Pad;
  }
  return 0;
}

std::optional<BankPeriodSample>
bankPeriodSample(const MemoryAccess &Access, const model::Architecture &Arch) {
  if (Access.Space != lanes::MemorySpace::Shared ||
      Access.SymbolicStride.size() != 1)
    return std::nullopt;
  lanes::LaneValue Relative = Access.Offset.withoutUniformTerms();
  if (Relative.terms().size() != 1 || Relative.symbols().size() != 1)
    return std::nullopt;
  // Bytes between neighbouring active lanes per unit of the factor.
  const auto &Coeff = Relative.terms().front().Coeff;
  std::int64_t Step = 0;
  for (unsigned L = 1; L < lanes::WarpLanes; ++L)
    if (((Access.Active >> L) & 1) && ((Access.Active >> (L - 1)) & 1)) {
      Step = Coeff[L] - Coeff[L - 1];
      break;
    }
  const std::int64_t BankBytes =
      std::int64_t(Arch.BankCount) * Arch.BankWidthBytes;
  if (Step == 0 || BankBytes <= 0)
    return std::nullopt;
  const std::int64_t Period =
      BankBytes / std::gcd(BankBytes, Step < 0 ? -Step : Step);
  // Where the launches say which values the factor takes, one of them
  // must put the lanes on one bank.
  if (!Access.FactorValues.empty()) {
    for (std::int64_t V : Access.FactorValues)
      if (V != 0 && V % Period == 0)
        return BankPeriodSample{Access.SymbolicStride.front(), V, Step, true};
    return std::nullopt;
  }
  // A factor the kernel or its launches keep below the period never
  // reaches it.
  if (Access.FactorBound >= 1 && Access.FactorBound < Period)
    return std::nullopt;
  return BankPeriodSample{Access.SymbolicStride.front(), Period, Step};
}

std::optional<lanes::LaneVector>
lanesAtBankPeriod(const MemoryAccess &Access, const model::Architecture &Arch) {
  std::optional<BankPeriodSample> Sample = bankPeriodSample(Access, Arch);
  if (!Sample)
    return std::nullopt;
  return Access.Offset.withoutUniformTerms()
      .substitute({{Sample->Factor, Sample->Period}})
      .asPerLane();
}

} // namespace gpumem::access
