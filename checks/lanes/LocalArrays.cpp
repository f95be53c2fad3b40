//===- LocalArrays.cpp - per-thread arrays of offsets and pointers --------===//
#include "checks/lanes/LocalArrays.h"
#include "checks/cuda/ConstantInt.h"
#include "checks/cuda/FunctionFacts.h"
#include "checks/lanes/EvaluatorCore.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/SaveAndRestore.h"

namespace gpumem::lanes {

using namespace clang;

namespace {

/// Arrays longer than this are not followed: their elements are rarely
/// offsets, and an initializer's filler would be written out per element.
constexpr std::uint64_t MaxElements = 256;

/// The array \p E names, when it is exactly a reference to one.
const VarDecl *arrayOf(const Expr *E) {
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
}

/// The element of \p Array that \p E is, if it is one.
const ArraySubscriptExpr *elementOf(const Expr *E, const VarDecl *Array) {
  const auto *AS = dyn_cast<ArraySubscriptExpr>(E->IgnoreParens());
  return AS && arrayOf(AS->getBase()) == Array ? AS : nullptr;
}

/// Every use of one array in a function body, with the loops around it.
class UseFinder : public RecursiveASTVisitor<UseFinder> {
public:
  UseFinder(const VarDecl *Array, LocalArrays::Uses &Out)
      : Array(Array), Out(Out) {}

  bool shouldVisitLambdaBody() const { return true; }

  bool TraverseForStmt(ForStmt *S) { return inLoop(S, [&] {
      return RecursiveASTVisitor::TraverseForStmt(S); }); }
  bool TraverseWhileStmt(WhileStmt *S) { return inLoop(S, [&] {
      return RecursiveASTVisitor::TraverseWhileStmt(S); }); }
  bool TraverseDoStmt(DoStmt *S) { return inLoop(S, [&] {
      return RecursiveASTVisitor::TraverseDoStmt(S); }); }
  bool TraverseCXXForRangeStmt(CXXForRangeStmt *S) { return inLoop(S, [&] {
      return RecursiveASTVisitor::TraverseCXXForRangeStmt(S); }); }
  bool TraverseLambdaExpr(LambdaExpr *L) {
    llvm::SaveAndRestore InLambda(Lambda, true);
    return RecursiveASTVisitor::TraverseLambdaExpr(L);
  }

  bool VisitDeclRefExpr(DeclRefExpr *Ref) {
    if (Ref->getDecl() == Array) {
      ++References;
      Escaped |= Lambda;
    }
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *BO) {
    if (BO->getOpcode() != BO_Assign)
      return true;
    if (const ArraySubscriptExpr *AS = elementOf(BO->getLHS(), Array)) {
      LocalArrays::Write W;
      W.Index = AS->getIdx();
      W.Value = BO->getRHS();
      W.At = BO;
      W.Loops = Loops;
      Out.Writes.push_back(std::move(W));
      ++Accounted;
    }
    return true;
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *Cast) {
    if (Cast->getCastKind() == CK_LValueToRValue)
      if (const ArraySubscriptExpr *AS = elementOf(Cast->getSubExpr(), Array)) {
        Out.ReadLoops[AS] = Loops;
        ++Accounted;
      }
    return true;
  }
  bool VisitVarDecl(VarDecl *VD) {
    if (VD == Array)
      DeclaredIn = Loops;
    return true;
  }

  /// True when every reference was a plain read or a plain write.
  bool followed() const { return !Escaped && References == Accounted; }
  llvm::SmallVector<const Stmt *, 4> DeclaredIn;

private:
  const VarDecl *Array;
  LocalArrays::Uses &Out;
  llvm::SmallVector<const Stmt *, 4> Loops;
  unsigned References = 0, Accounted = 0;
  bool Lambda = false, Escaped = false;

  template <typename Fn> bool inLoop(const Stmt *S, Fn Traverse) {
    Loops.push_back(S);
    const bool Result = Traverse();
    Loops.pop_back();
    return Result;
  }
};

/// The loop variable \p Index is, and its for-loop; null when it is not
/// exactly an induction variable of the function \p F describes.
const cuda::InductionLoop *inductionIndex(const Expr *Index,
                                          const cuda::FunctionFacts *F,
                                          const VarDecl *&Var) {
  const auto *Ref = dyn_cast<DeclRefExpr>(Index->IgnoreParenImpCasts());
  Var = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return Var && F ? F->inductionLoopOf(Var) : nullptr;
}

} // namespace

const LocalArrays::Uses &LocalArrays::usesOf(const VarDecl *Array,
                                             const FunctionDecl *In) {
  auto [It, New] = Arrays.try_emplace(Array);
  if (!New)
    return It->second;
  Uses &U = It->second;
  UseFinder Finder(Array, U);
  Finder.TraverseStmt(const_cast<Stmt *>(In->getBody()));
  U.Followed = Finder.followed();
  const Stmt *Declaring = nullptr;
  cuda::declarationOf(Array, In->getBody(), &Declaring);
  if (const auto *Block = dyn_cast_or_null<CompoundStmt>(Declaring))
    for (const Stmt *S : Block->body()) {
      if (const auto *Cleanups = dyn_cast<ExprWithCleanups>(S))
        S = Cleanups->getSubExpr();
      for (Write &W : U.Writes)
        W.Replaces |= W.At == S;
    }
  if (const Expr *Init = Array->getInit()) {
    const auto *List = dyn_cast<InitListExpr>(Init->IgnoreParenImpCasts());
    const auto *Type = Core.Ctx.getAsConstantArrayType(Array->getType());
    if (!List || !Type || Type->getSize().getZExtValue() > MaxElements) {
      U.Followed = false;
      return U;
    }
    for (std::uint64_t I = 0; I < Type->getSize().getZExtValue(); ++I) {
      Write W;
      W.Position = I;
      W.Value = I < List->getNumInits() ? List->getInit(I)
                                        : List->getArrayFiller();
      W.At = Init;
      W.Loops = Finder.DeclaredIn;
      if (W.Value)
        U.Writes.push_back(std::move(W));
    }
  }
  return U;
}

std::optional<PointerValue>
LocalArrays::element(const ArraySubscriptExpr *Read) {
  const VarDecl *Array = arrayOf(Read->getBase());
  if (!Array || !Array->hasLocalStorage() || isa<ParmVarDecl>(Array) ||
      Array->hasAttr<CUDASharedAttr>() || Core.frames().empty())
    return std::nullopt;
  const auto *Type = Core.Ctx.getAsConstantArrayType(Array->getType());
  if (!Type || Type->getSize().getZExtValue() > MaxElements)
    return std::nullopt;
  const QualType Element = Type->getElementType();
  const bool Pointer = Element->isPointerType();
  if (!Pointer && !Element->isIntegerType())
    return std::nullopt;
  const CallFrame &Frame = Core.frames().back();
  if (!Frame.Function || !Frame.Function->hasBody() ||
      Array->getParentFunctionOrMethod() != Frame.Function)
    return std::nullopt;
  const Uses &U = usesOf(Array, Frame.Function);
  auto Found = U.ReadLoops.find(Read);
  if (!U.Followed || Found == U.ReadLoops.end())
    return std::nullopt;

  auto Unknown = [&](const char *Why) { return unknownElement(Read, Why); };
  const LaneValue Index = Core.evaluate(Read->getIdx());
  if (Index.isUnknown())
    return PointerValue::integer(Index);
  const std::optional<std::int64_t> At = Index.asConstant();

  const Write *Covering = nullptr;
  bool Replaced = false;
  for (const Write &W : U.Writes) {
    bool Covers = false;
    if (!W.Index) {
      if (!At)
        return Unknown("chosen by a value that is not a number");
      Covers = *At == W.Position;
    } else if (auto K = cuda::constantInt(W.Index, Core.Ctx)) {
      if (!At)
        return Unknown("chosen by a value that is not a number");
      Covers = *At == *K;
    } else {
      const VarDecl *Var = nullptr;
      if (!inductionIndex(W.Index, Frame.Facts, Var))
        return Unknown("written at places the analysis does not follow");
      Covers = true;
    }
    if (!Covers)
      continue;
    if (!Covering) {
      Covering = &W;
      continue;
    }
    // An assignment the declaring block makes replaces the initializer's
    // value: a read after it sees the assignment's, one before it the
    // initializer's (no loop inside the block holds the assignment, and
    // one around the block declares the array again).
    const Write *Initial = W.Index ? Covering : &W;
    const Write *Later = W.Index ? &W : Covering;
    if (Replaced || Initial->Index || !Later->Index || !Later->Replaces)
      return Unknown("written more than once");
    Covering = Core.Ctx.getSourceManager().isBeforeInTranslationUnit(
                   Later->At->getBeginLoc(), Read->getBeginLoc())
                   ? Later
                   : Initial;
    Replaced = true;
  }
  if (!Covering)
    return Unknown("read before it is written");
  return stored(*Covering, Read, Found->second, Index, Pointer);
}

PointerValue LocalArrays::unknownElement(const ArraySubscriptExpr *Read,
                                         const char *Why) const {
  return PointerValue::unknown(UnknownKind::NotFollowed,
                               "element of the per-thread array '" +
                                   arrayOf(Read->getBase())->getNameAsString() +
                                   "' " + Why,
                               Core.loc(Read));
}

std::optional<PointerValue>
LocalArrays::stored(const Write &W, const ArraySubscriptExpr *Read,
                    llvm::ArrayRef<const Stmt *> ReadLoops,
                    const LaneValue &Index, bool Pointer) {
  const SourceManager &SM = Core.Ctx.getSourceManager();
  const VarDecl *Var = nullptr;
  const cuda::InductionLoop *Loop =
      W.Index ? inductionIndex(W.Index, Core.frames().back().Facts, Var)
              : nullptr;
  auto Unknown = [&](const char *Why) { return unknownElement(Read, Why); };
  // The write is done before the read: earlier in the function, and in no
  // loop the read is outside of (but its own subscript's, which writes
  // every element once).
  if (!SM.isBeforeInTranslationUnit(W.At->getBeginLoc(), Read->getBeginLoc()))
    return Unknown("read before it is written");
  for (const Stmt *L : W.Loops)
    if (!(Loop && L == Loop->Loop) && !llvm::is_contained(ReadLoops, L))
      return Unknown("written again on later passes of a loop");
  if (Loop && llvm::is_contained(ReadLoops, Loop->Loop)) {
    // Read inside the loop that writes it: only the element this pass
    // wrote is known.
    const VarDecl *ReadVar = nullptr;
    inductionIndex(Read->getIdx(), Core.frames().back().Facts, ReadVar);
    if (ReadVar != Var)
      return Unknown("read inside the loop that writes it");
  }

  if (isa<ImplicitValueInitExpr>(W.Value->IgnoreParenImpCasts()))
    return Pointer ? nullPointer() : PointerValue::integer(LaneValue::constant(0));
  std::optional<llvm::SaveAndRestore<Assumptions>> Fixed;
  if (Loop)
    Fixed.emplace(Core.assumed(),
                  Core.fixing(Var, PointerValue::integer(Index)));
  if (Pointer)
    return Core.evaluatePointer(W.Value);
  return PointerValue::integer(Core.evaluate(W.Value));
}

} // namespace gpumem::lanes
