//===- PointerValue.h - a pointer as a base and a per-lane offset -*- C++ -*-===//
#ifndef GPUMEM_CHECKS_LANES_POINTERVALUE_H
#define GPUMEM_CHECKS_LANES_POINTERVALUE_H

#include "checks/lanes/LaneValue.h"

#include "clang/AST/Decl.h"

#include <cstdint>
#include <string>

namespace gpumem::lanes {

/// Where a pointer points.
enum class MemorySpace { Global, Shared, Local, Constant, Unknown };

/// A pointer or an lvalue's address: a base object plus a per-lane byte
/// offset from it. An integer travels as a PointerValue with no base.
struct PointerValue {
  MemorySpace Space = MemorySpace::Unknown;
  /// The kernel parameter, __shared__ or __device__ variable pointed into.
  const clang::ValueDecl *Base = nullptr;
  LaneValue Offset;

  static PointerValue unknown(UnknownKind Kind, std::string What,
                              std::uint64_t Location) {
    PointerValue P;
    P.Offset = LaneValue::unknown(Kind, std::move(What), Location);
    return P;
  }
  /// An integer value.
  static PointerValue integer(LaneValue V) {
    PointerValue P;
    P.Offset = std::move(V);
    return P;
  }
  bool isUnknown() const { return Offset.isUnknown(); }
};

/// The null pointer: the number 0, with no memory behind it (an access
/// through it is not made by a program that runs).
inline PointerValue nullPointer() {
  PointerValue Null;
  Null.Offset = LaneValue::constant(0);
  return Null;
}
inline bool isNullPointer(const PointerValue &P) {
  std::optional<std::int64_t> At = P.Offset.asConstant();
  return P.Space == MemorySpace::Unknown && !P.Base && At && *At == 0;
}

/// A loop variable turned into a symbol, for notes and enumeration.
struct LoopSymbol {
  const clang::VarDecl *Var = nullptr;
  SymbolId Id = 0;
  /// The loop whose passes the symbol counts (the iteration of its
  /// for-variable); null for values taken in turn.
  const clang::Stmt *Loop = nullptr;
};

} // namespace gpumem::lanes

#endif // GPUMEM_CHECKS_LANES_POINTERVALUE_H
