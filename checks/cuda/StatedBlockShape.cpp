//===- StatedBlockShape.cpp -----------------------------------------------===//
#include "checks/cuda/StatedBlockShape.h"

#include "checks/cuda/CudaBuiltins.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"

namespace gpumem::cuda {

namespace {

using namespace clang;

/// Axis and value of `blockDim.a <Op> C` or `C <Op> blockDim.a`.
std::optional<std::pair<unsigned, std::int64_t>>
axisComparison(const Expr *E, BinaryOperatorKind Op, const ASTContext &Ctx) {
  const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParenImpCasts());
  if (!BO || BO->getOpcode() != Op)
    return std::nullopt;
  for (auto [Dim, Value] : {std::pair{BO->getLHS(), BO->getRHS()},
                            std::pair{BO->getRHS(), BO->getLHS()}}) {
    auto Index = matchBuiltinIndex(Dim->IgnoreParenImpCasts());
    if (!Index || Index->Var != BuiltinVar::BlockDim)
      continue;
    if (Value->isValueDependent())
      return std::nullopt;
    // A block has at most 1024 threads (64 in z): a larger value
    // (4294967295, an unsigned -1) states no shape a launch can have.
    if (auto C = Value->IgnoreParenImpCasts()->getIntegerConstantExpr(Ctx);
        C && C->isRepresentableByInt64() && C->getExtValue() > 0 &&
        C->getExtValue() <= (Index->Axis == 2 ? 64 : 1024))
      return std::pair{Index->Axis, C->getExtValue()};
  }
  return std::nullopt;
}

/// Collects the comparisons of \p E joined by \p Join into \p Axes; false
/// when a part is something else.
bool collect(const Expr *E, BinaryOperatorKind Join, BinaryOperatorKind Op,
             std::optional<std::int64_t> (&Axes)[3], const ASTContext &Ctx) {
  // assert's static_cast<bool> around the condition.
  E = E->IgnoreParenCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->getOpcode() == Join)
    return collect(BO->getLHS(), Join, Op, Axes, Ctx) &&
           collect(BO->getRHS(), Join, Op, Axes, Ctx);
  auto Found = axisComparison(E, Op, Ctx);
  if (!Found)
    return false;
  Axes[Found->first] = Found->second;
  return true;
}

bool returnsOnly(const Stmt *S) {
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(S))
    return CS->size() == 1 && returnsOnly(CS->body_front());
  return isa_and_nonnull<ReturnStmt>(S);
}

/// True when \p S reads threadIdx or blockDim of \p Axis.
bool readsAxis(const Stmt *S, unsigned Axis) {
  if (!S)
    return false;
  if (const auto *E = dyn_cast<Expr>(S))
    if (auto Index = matchBuiltinIndex(E);
        Index && Index->Axis == Axis &&
        (Index->Var == BuiltinVar::ThreadIdx ||
         Index->Var == BuiltinVar::BlockDim))
      return true;
  for (const Stmt *Child : S->children())
    if (readsAxis(Child, Axis))
      return true;
  return false;
}

} // namespace

std::optional<StatedShape> statedBlockShape(const FunctionDecl *Kernel,
                                            const ASTContext &Ctx) {
  const FunctionDecl *Def = nullptr;
  if (!Kernel || !Kernel->hasBody(Def) || !Def)
    return std::nullopt;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  if (!Body)
    return std::nullopt;
  std::optional<std::int64_t> Axes[3];
  SourceLocation Where;
  for (const Stmt *S : Body->body()) {
    std::optional<std::int64_t> Found[3];
    bool Matched = false;
    if (const auto *If = dyn_cast<IfStmt>(S))
      // if (blockDim.x != 128 || blockDim.y != 2) return;
      Matched = !If->getElse() && returnsOnly(If->getThen()) &&
                collect(If->getCond(), BO_LOr, BO_NE, Found, Ctx);
    else if (const auto *E = dyn_cast<Expr>(S))
      // assert(blockDim.x == 4): `cond ? (void)0 : __assert_fail(...)`.
      if (const auto *Cond =
              dyn_cast<ConditionalOperator>(E->IgnoreParenCasts()))
        Matched = collect(Cond->getCond(), BO_LAnd, BO_EQ, Found, Ctx);
    if (!Matched)
      continue;
    for (unsigned A = 0; A < 3; ++A)
      if (Found[A]) {
        if (Axes[A] && *Axes[A] != *Found[A])
          return std::nullopt; // contradicting statements
        Axes[A] = Found[A];
      }
    if (Where.isInvalid())
      Where = S->getBeginLoc();
  }
  if (!Axes[0])
    return std::nullopt;
  for (unsigned A = 1; A < 3; ++A)
    if (!Axes[A]) {
      if (readsAxis(Body, A))
        return std::nullopt;
      Axes[A] = 1;
    }
  if (*Axes[0] * *Axes[1] * *Axes[2] > 1024)
    return std::nullopt; // no launch has that block
  return StatedShape{{*Axes[0], *Axes[1], *Axes[2]}, Where};
}

std::optional<LaunchBounds> launchBounds(const FunctionDecl *Kernel,
                                         const ASTContext &Ctx) {
  const FunctionDecl *Def = nullptr;
  if (!Kernel || !Kernel->hasBody(Def) || !Def)
    return std::nullopt;
  const auto *Attr = Def->getAttr<CUDALaunchBoundsAttr>();
  const Expr *Max = Attr ? Attr->getMaxThreads() : nullptr;
  if (!Max || Max->isValueDependent())
    return std::nullopt;
  auto N = Max->getIntegerConstantExpr(Ctx);
  if (!N || !N->isRepresentableByInt64() || N->getExtValue() <= 0 ||
      N->getExtValue() > 1024)
    return std::nullopt;
  LaunchBounds Out;
  Out.MaxThreads = N->getExtValue();
  // The attribute is usually spelled through the toolkit's macro: point
  // at the user's spelling.
  Out.Where = Ctx.getSourceManager().getExpansionLoc(Attr->getLocation());
  if (Out.MaxThreads < 32)
    Out.Shape = BlockShape{Out.MaxThreads, 1, 1};
  return Out;
}

} // namespace gpumem::cuda
