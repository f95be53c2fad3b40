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

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace gpumem::lanes {

class LaneEvaluator;

class AggregateFields {
public:
  explicit AggregateFields(LaneEvaluator &E) : E(E) {}
  AggregateFields(const AggregateFields &) = delete;
  AggregateFields &operator=(const AggregateFields &) = delete;

  /// The value of an integer field of a local aggregate or of a kernel's
  /// struct parameter (unknown, with the reason, when it cannot be
  /// followed); std::nullopt for any other member.
  std::optional<LaneValue> member(const clang::MemberExpr *ME);

private:
  LaneEvaluator &E;

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
                                         const clang::FieldDecl *FD);
};

} // namespace gpumem::lanes

#endif // GPUMEM_CHECKS_LANES_AGGREGATEFIELDS_H
