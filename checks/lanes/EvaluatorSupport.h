//===- EvaluatorSupport.h - helpers the evaluator's files share -*- C++ -*-===//
//
// The small helpers the evaluator's files (EvaluatorCore.h lists them) and
// its units have in common: AST shapes, and the arithmetic of integer
// types and addresses, which needs the ASTContext and nothing of the
// evaluator's state. Internal to checks/lanes.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_LANES_EVALUATORSUPPORT_H
#define GPUMEM_CHECKS_LANES_EVALUATORSUPPORT_H

#include "checks/cuda/ConstantInt.h"
#include "checks/cuda/CudaBuiltins.h"
#include "checks/lanes/LaneValue.h"
#include "checks/lanes/PointerValue.h"
#include "checks/lanes/ThreadGeometry.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"

#include <cstddef>
#include <cstdint>
#include <optional>

namespace gpumem::lanes::detail {

using namespace clang;

/// \p E without the nodes that only carry an object along.
inline const Expr *objectOf(const Expr *E) {
  while (E) {
    E = E->IgnoreParens();
    if (const auto *C = dyn_cast<ExprWithCleanups>(E))
      E = C->getSubExpr();
    else if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
      E = M->getSubExpr();
    else if (const auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
      E = B->getSubExpr();
    else if (const auto *F = dyn_cast<CXXFunctionalCastExpr>(E);
             F && F->getCastKind() == CK_NoOp)
      E = F->getSubExpr();
    else if (const auto *I = dyn_cast<ImplicitCastExpr>(E);
             I && (I->getCastKind() == CK_NoOp ||
                   I->getCastKind() == CK_ConstructorConversion ||
                   I->getCastKind() == CK_LValueToRValue))
      E = I->getSubExpr();
    else
      return E;
  }
  return E;
}

inline bool isIntegerLike(clang::QualType T) {
  return T->isIntegralOrUnscopedEnumerationType() || T->isBooleanType();
}

/// What \p Stmts return (returnedExpression): null with \p FellThrough
/// set when they end without returning, having declared nothing they
/// could write.
inline const clang::Expr *returnedFrom(llvm::ArrayRef<clang::Stmt *> Stmts,
                                       const clang::ASTContext &Ctx,
                                       bool &FellThrough, unsigned Depth) {
  FellThrough = false;
  if (Depth > 8)
    return nullptr;
  for (const Stmt *S : Stmts) {
    if (isa<NullStmt>(S))
      continue;
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D);
            VD && VD->hasLocalStorage() &&
            (!VD->getInit() || VD->getType().isVolatileQualified()))
          return nullptr;
      continue;
    }
    if (const auto *Ret = dyn_cast<ReturnStmt>(S))
      return Ret->getRetValue();
    // A branch on a constant (`if constexpr (Step == 8)`, `if (sizeof(T)
    // == 2)` in an instantiation): the statements of the branch taken.
    const auto *If = dyn_cast<IfStmt>(S);
    if (!If || If->getInit() || If->getConditionVariable())
      return nullptr;
    std::optional<const Stmt *> Taken;
    if (If->isConstexpr()) {
      Taken = If->getNondiscardedCase(Ctx);
    } else if (auto Holds = cuda::constantInt(If->getCond(), Ctx)) {
      Taken = *Holds ? If->getThen() : If->getElse();
    }
    if (!Taken)
      return nullptr;
    if (!*Taken)
      continue;
    Stmt *Branch = const_cast<Stmt *>(*Taken);
    llvm::ArrayRef<Stmt *> Inner(&Branch, 1);
    if (const auto *Block = dyn_cast<CompoundStmt>(Branch))
      Inner = llvm::ArrayRef(Block->body_begin(), Block->body_end());
    bool BranchFellThrough = false;
    if (const Expr *Returned =
            returnedFrom(Inner, Ctx, BranchFellThrough, Depth + 1))
      return Returned;
    if (!BranchFellThrough)
      return nullptr;
  }
  FellThrough = true;
  return nullptr;
}

/// What a small helper returns: its body is `return e;`, after nothing but
/// declarations: of variables that are not its locals (the `extern
/// __shared__` buffer of the SharedMemory<T> idiom) or of initialised
/// locals, which nothing between them and the return can write (an
/// accessor's `int *rest = strides + 1;`), and branches on constants,
/// through the branch taken (a swizzle helper's `if constexpr (Step == 8)
/// return a; else return b;`, each perhaps after a static_assert); null
/// otherwise.
inline const clang::Expr *
returnedExpression(const clang::FunctionDecl *Def) {
  auto *Body = dyn_cast_or_null<CompoundStmt>(Def ? Def->getBody() : nullptr);
  if (!Body)
    return nullptr;
  bool FellThrough = false;
  return returnedFrom(llvm::ArrayRef(Body->body_begin(), Body->body_end()),
                      Def->getASTContext(), FellThrough, 0);
}

/// Whether `A Op B` holds; false for an operator that is not a
/// comparison (cuda::comparisonHolds).
inline bool compareHolds(clang::BinaryOperatorKind Op, std::int64_t A,
                         std::int64_t B) {
  return cuda::comparisonHolds(Op, A, B).value_or(false);
}

/// The raw location of \p S, 0 for none: what an unknown value carries.
inline std::uint64_t locationOf(const clang::Stmt *S) {
  return S ? S->getBeginLoc().getRawEncoding() : 0;
}

/// What \p Call's callee only returns (a helper whose body is `return
/// e;`, defined here); null otherwise (Calls.cpp).
const clang::Expr *returnedBy(const clang::CallExpr *Call);

/// The width in bits of the integer type \p T (IntegerValues.cpp).
unsigned integerWidth(clang::QualType T, const clang::ASTContext &Ctx);
/// \p V as a value of the integer type \p T, which the GPU computes in
/// that type's width. Where V's per-lane numbers leave T's range (for a
/// value with symbols: where they spread over more than the range, so
/// that some lane leaves it whatever the symbols are), an unsigned T (or
/// a conversion, \p Converted) keeps their low bits, and signed
/// arithmetic overflowed (unknown: arithmetic). Otherwise the symbols are
/// taken to keep the value in range: the analysis assumes no wraparound
/// where it cannot see the numbers. Applied where the wraparound shows:
/// conversions, subscripts and pointer offsets, comparisons, /, % and >>
/// (+, -, *, <<, &, |, ^ agree modulo 2^width).
LaneValue inType(LaneValue V, clang::QualType T, const clang::Expr *Where,
                 const clang::ASTContext &Ctx, bool Converted = false);
/// inType in the type of the expression \p Of that computed \p V.
LaneValue inType(LaneValue V, const clang::Expr *Of,
                 const clang::ASTContext &Ctx);
/// Integer operators on lane values; std::nullopt for one not followed.
std::optional<LaneValue> arithmetic(clang::BinaryOperatorKind Op,
                                    const LaneValue &L, const LaneValue &R);
/// threadIdx, blockIdx, blockDim or gridDim on one axis, unpinned.
LaneValue builtinValue(cuda::BuiltinIndex Builtin, const ThreadGeometry &G);

/// \p P moved by \p Index elements of \p Pointee (PointerValues.cpp).
PointerValue offsetBy(PointerValue P, const LaneValue &Index,
                      clang::QualType Pointee, const clang::Expr *Where,
                      const clang::ASTContext &Ctx);
/// \p P, the address of the cast's operand, moved to its base class.
PointerValue toBase(PointerValue P, const clang::CastExpr *Cast,
                    const clang::ASTContext &Ctx);

/// A comparison of a remainder by a constant (`tid % 5 == 0`): each
/// lane compares (its value % Divisor) - Against with 0; Divisor 0 for a
/// plain difference.
struct LaneRemainder {
  std::int64_t Divisor = 0;
  std::int64_t Against = 0;
  /// \p X as the comparison sees it; none where the remainder overflows.
  std::optional<std::int64_t> of(std::int64_t X) const {
    if (Divisor == 0)
      return X;
    std::int64_t R = X % Divisor, Out;
    if (__builtin_sub_overflow(R, Against, &Out))
      return std::nullopt;
    return Out;
  }
};

/// How deep an evaluation may recurse: a number of levels, and bytes of the
/// thread's stack below the outermost query's frame (frames are larger in
/// a sanitized build; the bytes, not the levels, are what a thread has).
struct DepthGuard {
  /// The frame of the outermost query, set when \p Depth is 0.
  const char *Base = nullptr;

  /// True when one more level at \p Depth passes \p MaxDepth levels or
  /// \p MaxBytes of stack.
  bool tooDeep(unsigned Depth, unsigned MaxDepth, std::size_t MaxBytes) {
    const char *Here = static_cast<const char *>(__builtin_frame_address(0));
    if (Depth == 0) {
      Base = Here;
      return false;
    }
    // The stack grows down on every target the tool is built for.
    return Depth >= MaxDepth ||
           (Base > Here && static_cast<std::size_t>(Base - Here) > MaxBytes);
  }
};

} // namespace gpumem::lanes::detail

#endif // GPUMEM_CHECKS_LANES_EVALUATORSUPPORT_H
