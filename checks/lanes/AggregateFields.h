//===- AggregateFields.h - integer fields of local aggregates ----*- C++ -*-===//
//
// One unit of the lane evaluator (docs/analysis.md, "The evaluator"): the
// fields of local aggregates are read from what initialised them (`dim3 t
// = block.thread_index();`, `int2 c = make_int2(x, y);`, a constructor
// whose member initialisers take its parameters, a braced list, a copy of
// another local, an object loaded from memory), and the fields of a
// kernel's by-value struct parameter are warp-uniform symbols.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_LANES_AGGREGATEFIELDS_H
#define GPUMEM_CHECKS_LANES_AGGREGATEFIELDS_H

#include "checks/lanes/LaneValue.h"
#include "checks/lanes/PointerValue.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace gpumem::lanes {

class EvaluatorCore;

class AggregateFields {
public:
  explicit AggregateFields(EvaluatorCore &Core) : Core(Core) {}
  AggregateFields(const AggregateFields &) = delete;
  AggregateFields &operator=(const AggregateFields &) = delete;

  /// The value of an integer field of a local aggregate or of a kernel's
  /// struct parameter (unknown, with the reason, when it cannot be
  /// followed); std::nullopt for any other member.
  std::optional<LaneValue> member(const clang::MemberExpr *ME);

  /// An integer or pointer read from a kernel's by-value struct parameter
  /// by address (through `this` in a member function of it, a reference,
  /// an element of an array field: an accessor's `strides_[1]`): a
  /// warp-uniform symbol named by its place (acc.strides_[1]), a pointer
  /// into global memory as a pointer parameter is. std::nullopt where the
  /// lvalue is not at a constant place in such a parameter.
  std::optional<LaneValue> parameterValue(const clang::Expr *Lvalue);
  std::optional<PointerValue> parameterPointer(const clang::Expr *Lvalue);

  /// A pointer field of a local aggregate the function that declares it
  /// never writes after its initialiser, read directly or through `this`
  /// (`Matrix m{data, n}; ... m(r, c)` reads `this->data` of m): the
  /// pointer its initialiser gives the field. std::nullopt otherwise.
  std::optional<PointerValue> localPointer(const clang::MemberExpr *ME);

  /// A pointer field read through `this` of an object a call returned by
  /// value (`acc[i][j]`, an accessor's operator[] returning the next
  /// accessor): what that call's returned expression gives the field,
  /// evaluated in that call. std::nullopt otherwise.
  std::optional<PointerValue>
  returnedObjectPointer(const clang::MemberExpr *ME);

private:
  EvaluatorCore &Core;

  /// The kernel's by-value struct parameter \p Lvalue lies in, and the
  /// byte offset of it there.
  struct ParameterPlace {
    const clang::ParmVarDecl *Parameter = nullptr;
    std::int64_t Offset = 0;
  };
  std::optional<ParameterPlace> parameterPlace(const clang::Expr *Lvalue);

  /// The local aggregate that is \p ME's object (at its start, never
  /// written after its initialiser); null otherwise.
  const clang::VarDecl *localObject(const clang::MemberExpr *ME);
  /// The pointer the initialiser \p Object gives field \p FD: a braced
  /// list, a constructor whose member initialisers take its parameters, a
  /// copy of another local or of a kernel's struct parameter, the object a
  /// helper returns (`auto plane = volume[b];`).
  std::optional<PointerValue> pointerFieldOf(const clang::Expr *Object,
                                             const clang::FieldDecl *FD,
                                             unsigned Depth = 0);
  /// \p Evaluate in the frame of \p Owner (set aside the frames of the
  /// calls above it); std::nullopt when \p Owner is not entered.
  template <typename T, typename Fn>
  std::optional<T> inFrameOf(const clang::FunctionDecl *Owner, Fn Evaluate);
  /// \p Evaluate (giving a std::optional<T>) on the expression helper call
  /// \p Call returns, in the call's frame; std::nullopt when the helper is
  /// not one that only returns, or is not entered.
  template <typename T, typename Fn>
  std::optional<T> inReturned(const clang::CallExpr *Call, Fn Evaluate);

  /// The field of a kernel's by-value struct parameter \p P: a symbol
  /// named by its path of fields (p.dims.x).
  LaneValue parameterField(const clang::ParmVarDecl *P,
                           const clang::MemberExpr *ME,
                           const clang::FieldDecl *FD);
  /// Field \p FD of the object \p Object, which initialises the variable
  /// named \p Owner.
  std::optional<LaneValue> fieldOfObject(const clang::Expr *Object,
                                         const clang::FieldDecl *FD,
                                         llvm::StringRef Owner);
  /// fieldOfObject for an object a constructor makes.
  std::optional<LaneValue> constructedField(const clang::CXXConstructExpr *C,
                                            const clang::FieldDecl *FD,
                                            llvm::StringRef Owner);
  /// fieldOfObject for an object a call returns.
  std::optional<LaneValue> returnedField(const clang::CallExpr *Call,
                                         const clang::FieldDecl *FD,
                                         llvm::StringRef Owner);
};

} // namespace gpumem::lanes

#endif // GPUMEM_CHECKS_LANES_AGGREGATEFIELDS_H
