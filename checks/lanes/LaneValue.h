//===- LaneValue.h - a value as a function of the warp lane -----*- C++ -*-===//
//
// The lane algebra. A value seen by the 32 lanes of one warp is a polynomial
// over warp-uniform symbols (blockIdx.x, a kernel parameter, the warp's row)
// whose coefficients are per-lane integer vectors, plus a per-lane constant
// vector:
//
//     v(l) = K[l] + sum_m C_m[l] * m,   m a product of uniform symbols.
//
// Affine thread indices are the common case (threadIdx.x = 32*W + l); the
// per-lane vectors also carry tid % 16, tid / 8 and tid ^ row swizzles
// exactly. Operations that cannot stay exact return an unknown value that
// carries the reason; nothing is guessed. Values are classified on Polly's
// lattice: constant < uniform < varying < unknown.
//
// Division, remainder and the bit operations keep symbols only when every
// symbolic coefficient is a multiple of the divisor (or of a power of two
// above the mask); that is exact because symbols stand for non-negative
// integers (thread and block indices, sizes, loop trip counts).
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_LANES_LANEVALUE_H
#define GPUMEM_CHECKS_LANES_LANEVALUE_H

#include <algorithm>
#include <array>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace gpumem::lanes {

/// Lanes per warp; the lane algebra is fixed at 32.
constexpr unsigned WarpLanes = 32;

/// One integer per lane, lane 0 first.
using LaneVector = std::array<std::int64_t, WarpLanes>;

/// Index of a symbol in a SymbolTable.
using SymbolId = unsigned;

/// What kind of quantity a symbol stands for; with the nodes of its
/// SymbolKey, which one.
enum class SymbolKind : std::uint8_t {
  /// blockIdx, gridDim, blockDim (not a constant) along Detail (0 for x).
  BlockIndex,
  GridDim,
  BlockDim,
  /// blockDim.x / 32 of a block assumed a whole number of warps wide.
  WarpsPerRow,
  /// The warp's position along Detail: its first thread's index over the
  /// warp's extent (warp.x, warp.y, warp.z).
  WarpPosition,
  /// threadIdx along Detail where the warp does not fix it (a row index).
  ThreadIndex,
  /// A cooperative group's grid: its size, the threads before this block.
  GridSize,
  GridThreadsBefore,
  /// A kernel parameter (Node: the ParmVarDecl).
  Parameter,
  /// A field of a kernel's struct parameter (Node: the ParmVarDecl; Path:
  /// the FieldDecls, outermost first).
  ParameterField,
  /// A for-loop variable (Node: the VarDecl; Detail: its ordinal among the
  /// loop symbols of the analysis).
  LoopIteration,
  /// Of a variable written around a loop (Node: the VarDecl; Detail: the
  /// line of the read): its steps, its value kept uniform, its few values.
  CycleSteps,
  CycleValue,
  CycleValues,
  /// Of a variable set on different paths to a read (Node: the VarDecl;
  /// Detail: the line of the read): the values, or which of two paths.
  PathValues,
  PathChoice,
  /// An operation on values the warp shares that the algebra cannot keep
  /// (Node: the `?:` or the callee, or none for an operator; Detail: the
  /// operator; Path: the operands' values, LaneValue::identity).
  UniformOperation,
  /// A load the warp's lanes make from one address (Node: the lvalue;
  /// Other: the base object and Detail its field, as pointers; Path: the
  /// offset's value).
  UniformLoad,
  /// The warp's number in a block whose warps straddle rows unevenly
  /// (blockDim (24, 4)): each warp is walked apart and its scenarios carry
  /// this symbol, pinned to the warp.
  BlockWarp,
};

/// What a symbol stands for: two symbols are one exactly when their keys
/// are equal. The name plays no part (two loops' `k` are two symbols).
struct SymbolKey {
  SymbolKind Kind = SymbolKind::Parameter;
  /// The AST node it stands for, opaque to the algebra.
  const void *Node = nullptr;
  const void *Other = nullptr;
  std::int64_t Detail = 0;
  std::vector<std::int64_t> Path;
  auto tie() const { return std::tie(Kind, Node, Other, Detail, Path); }
  bool operator<(const SymbolKey &B) const { return tie() < B.tie(); }
  bool operator==(const SymbolKey &B) const { return tie() == B.tie(); }
};

/// A warp-uniform quantity the analysis cannot resolve to a number.
struct Symbol {
  /// How a message spells it ("blockIdx.x", "width", "k").
  std::string Name;
  /// Values it takes, when the analysis knows them all (loop counters with
  /// constant bounds, a row index in a known block); empty otherwise.
  std::vector<std::int64_t> Values;
  /// True for the thread-index parts the warp's position fixes (its row,
  /// its first lane): guards on them are evaluated for the first warp.
  bool ThreadDerived = false;
  /// The values count the passes of a loop whose variable starts per lane
  /// (0, 1, ...), not the variable's own values.
  bool CountsPasses = false;
  /// For the quotient of a `%` taken as not wrapping within a warp
  /// (WarpUniformValues::remainderWithoutWrap): the divisor's spelling.
  std::string WrapDivisor;
  /// For the quotient of a `/` or `>>` by a number whose dividend has a
  /// part the warp shares that is not a multiple of it, taken as one
  /// (WarpUniformValues::remainderWithoutWrap): the divisor.
  std::string MultipleDivisor;
  /// The blockIdx axes the symbol stands for (bit 0 for x): blockIdx.y is
  /// 2, the grid's threads before this block all three. A guard on such a
  /// symbol (`if (i == 0)` with i a global index) is evaluated for the
  /// first block, the one it lets in.
  unsigned BlockAxes = 0;
  bool isBlockIndex() const { return BlockAxes != 0; }
  /// What it stands for.
  SymbolKey Key;
  /// True for threadIdx.y or .z where the warp does not fix them: which
  /// rows a warp holds depends on blockDim.x.
  bool isRowIndex() const {
    return Key.Kind == SymbolKind::ThreadIndex && Key.Detail >= 1;
  }
};

/// The symbols of one analysis, owned by its context.
class SymbolTable {
public:
  /// The symbol for \p Key, created on first use and named \p Name.
  SymbolId intern(const SymbolKey &Key, const std::string &Name);
  /// A symbol of its own for \p Node and \p Other, never the same as
  /// another (its key's Detail is the table's size when it is made).
  SymbolId fresh(SymbolKind Kind, const void *Node, const void *Other,
                 const std::string &Name) {
    return intern(SymbolKey{Kind, Node, Other,
                            static_cast<std::int64_t>(Symbols.size()), {}},
                  Name);
  }
  Symbol &operator[](SymbolId Id) { return Symbols[Id]; }
  const Symbol &operator[](SymbolId Id) const { return Symbols[Id]; }
  unsigned size() const { return static_cast<unsigned>(Symbols.size()); }
  /// Gives back the spare capacity (a table kept for long).
  void shrinkToFit() { Symbols.shrink_to_fit(); }

private:
  std::vector<Symbol> Symbols;
  std::map<SymbolKey, SymbolId> Index;
};

/// Calls \p F with every assignment of the distinct symbols \p Ids to the
/// values they are known to take (a map from each to its value), the
/// first symbol varying fastest, until \p F returns false. None when one
/// of them has no known values; one, empty, when \p Ids is. The caller
/// bounds the number of assignments.
template <typename Fn>
void forEachAssignment(const SymbolTable &Table, const std::vector<SymbolId> &Ids,
                       Fn F) {
  for (SymbolId Id : Ids)
    if (Table[Id].Values.empty())
      return;
  std::vector<std::size_t> Index(Ids.size(), 0);
  std::map<SymbolId, std::int64_t> Pins;
  for (;;) {
    for (std::size_t I = 0; I < Ids.size(); ++I)
      Pins[Ids[I]] = Table[Ids[I]].Values[Index[I]];
    if (!F(static_cast<const std::map<SymbolId, std::int64_t> &>(Pins)))
      return;
    std::size_t I = 0;
    for (; I < Ids.size(); ++I) {
      if (++Index[I] < Table[Ids[I]].Values.size())
        break;
      Index[I] = 0;
    }
    if (I == Ids.size())
      return;
  }
}

/// A product of symbols, sorted, with repetition (x*x is {x, x}). Held
/// inline: terms are copied with every value, and a heap block per term
/// was most of the analysis' allocations. Room for the product of two
/// monomials of the highest degree (LaneValue::MaxDegree each).
class Monomial {
public:
  static constexpr unsigned Capacity = 8;
  Monomial() = default;
  Monomial(std::initializer_list<SymbolId> Ids) {
    for (SymbolId Id : Ids)
      push_back(Id);
  }
  void push_back(SymbolId Id) {
    if (Count < Capacity) // a product above the cap is rejected by size()
      Ids[Count] = Id;
    ++Count;
  }
  /// How many symbols; above Capacity for a product too large to hold.
  unsigned size() const { return Count; }
  bool empty() const { return Count == 0; }
  const SymbolId *begin() const { return Ids.data(); }
  const SymbolId *end() const { return Ids.data() + std::min(Count, Capacity); }
  bool operator==(const Monomial &B) const {
    return Count == B.Count && std::equal(begin(), end(), B.begin());
  }
  bool operator<(const Monomial &B) const {
    return std::lexicographical_compare(begin(), end(), B.begin(), B.end());
  }

  // For std::back_inserter.
  using value_type = SymbolId;

private:
  std::array<SymbolId, Capacity> Ids{};
  unsigned Count = 0;
};

/// One symbolic term: Coeff[l] * (product of Symbols) for lane l.
struct LaneTerm {
  Monomial Symbols;
  LaneVector Coeff{};
};

/// What kind of obstacle made a value unknown. Code decides by the kind;
/// the text only says it to the user.
enum class UnknownKind {
  /// The value is read from memory (in[idx[i]], a pointer loaded).
  DataDependent,
  /// A variable, pointer or loop variable written in a way not followed.
  Reassigned,
  /// Division, remainder, a shift or bit operation, min/max or a select on
  /// symbols: may become exact once the symbols are numbers.
  SymbolicOperation,
  /// Overflow, a division by zero, a possibly negative operand.
  Arithmetic,
  /// A cap on depth, cost, terms or degree.
  Limit,
  /// A construct the analysis does not follow (a call, a conversion, a
  /// member, a reference).
  NotFollowed,
};

/// "data-dependent", "reassigned", ...: the kind as the dump prints it.
const char *unknownKindName(UnknownKind Kind);

/// Why a value is unknown, and where (an opaque source location).
struct UnknownReason {
  UnknownKind Kind = UnknownKind::NotFollowed;
  std::string What;
  std::uint64_t Location = 0;
};

/// Position on the lattice constant < uniform < varying < unknown.
enum class LaneKind { Constant, Uniform, Varying, Unknown };

/// A value per lane: exact polynomial over uniform symbols, or unknown.
class LaneValue {
public:
  LaneValue() = default;
  static LaneValue constant(std::int64_t C);
  static LaneValue perLane(const LaneVector &K);
  /// Scale * symbol, the same in every lane.
  static LaneValue symbol(SymbolId Id, std::int64_t Scale = 1);
  static LaneValue unknown(UnknownKind Kind, std::string What,
                           std::uint64_t Location = 0);

  LaneKind kind() const;
  bool isUnknown() const { return Reason.has_value(); }
  const UnknownReason &reason() const { return *Reason; }
  /// The value when it is the same number in every lane.
  std::optional<std::int64_t> asConstant() const;
  /// The per-lane values when no symbol remains.
  std::optional<LaneVector> asPerLane() const;
  const LaneVector &laneConstants() const { return K; }
  const std::vector<LaneTerm> &terms() const { return Terms; }
  /// True when some term has a coefficient that differs between lanes.
  bool hasVaryingSymbolicTerm() const;
  /// Symbols the value depends on.
  std::vector<SymbolId> symbols() const;
  /// Drops every term whose coefficient is the same in all lanes: what is
  /// left is the value relative to a warp-uniform base.
  LaneValue withoutUniformTerms() const;
  /// Substitutes numbers for symbols; symbols without a value stay.
  LaneValue substitute(const std::map<SymbolId, std::int64_t> &Values) const;
  /// A readable form for dumps: "K=[0,1,..] + [..]*blockIdx.x".
  std::string str(const SymbolTable &Table) const;
  /// The value as numbers (lane constants, then each term's symbols and
  /// coefficients): equal exactly when the values are, for a SymbolKey.
  std::vector<std::int64_t> identity() const;
  /// Gives back the spare capacity of the terms (a value kept for long).
  void shrinkToFit() { Terms.shrink_to_fit(); }

  /// K + sum of \p Terms, its terms sorted and merged: how the operators
  /// below build their results.
  static LaneValue fromParts(const LaneVector &K, std::vector<LaneTerm> Terms);

  /// Truncating division, C semantics; exact or unknown.
  LaneValue divide(const LaneValue &Divisor) const;
  LaneValue remainder(const LaneValue &Divisor) const;
  LaneValue shiftLeft(const LaneValue &Amount) const;
  LaneValue shiftRight(const LaneValue &Amount) const;
  /// Lane by lane, Cond[l] != 0 ? T : F (exact: coefficients are per lane).
  static LaneValue select(const LaneVector &Cond, const LaneValue &T,
                          const LaneValue &F);
  LaneValue bitAnd(const LaneValue &Other) const;
  LaneValue bitOr(const LaneValue &Other) const;
  LaneValue bitXor(const LaneValue &Other) const;

  /// Caps that keep pathological expressions cheap.
  static constexpr unsigned MaxTerms = 16;
  static constexpr unsigned MaxDegree = 4;

private:
  LaneVector K{};
  std::vector<LaneTerm> Terms;
  std::optional<UnknownReason> Reason;

  void normalize();
  enum class BitOp { And, Or, Xor };
  LaneValue bitOp(const LaneValue &Other, BitOp Op) const;
};

LaneValue operator+(const LaneValue &A, const LaneValue &B);
LaneValue operator-(const LaneValue &A, const LaneValue &B);
LaneValue operator*(const LaneValue &A, const LaneValue &B);
LaneValue operator-(const LaneValue &A);

/// Lanes where a comparison holds, when it is decidable per lane.
using LaneMask = std::uint64_t;
constexpr LaneMask AllLanes = (1ULL << WarpLanes) - 1;

} // namespace gpumem::lanes

#endif // GPUMEM_CHECKS_LANES_LANEVALUE_H
