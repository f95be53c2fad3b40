//===- CooperativeGroups.cpp - cooperative groups queries -----------------===//
#include "checks/cuda/CooperativeGroups.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"

namespace gpumem::cuda {

using namespace clang;

namespace {

bool inCooperativeGroups(const Decl *D) {
  for (const DeclContext *C = D->getDeclContext(); C; C = C->getParent())
    if (const auto *NS = dyn_cast<NamespaceDecl>(C);
        NS && NS->getIdentifier() && NS->getName() == "cooperative_groups")
      return true;
  return false;
}

std::optional<std::int64_t> integerArgument(const TemplateArgument &Arg) {
  if (Arg.getKind() != TemplateArgument::Integral)
    return std::nullopt;
  return Arg.getAsIntegral().getExtValue();
}

std::optional<CgGroup> groupOfType(QualType T, unsigned Depth = 0);

/// thread_block_tile<N, Parent>: N, and Parent's size when it is a tile.
std::optional<CgGroup> tileOf(const ClassTemplateSpecializationDecl *Spec,
                              unsigned Depth) {
  const TemplateArgumentList &Args = Spec->getTemplateArgs();
  if (Args.size() < 1)
    return std::nullopt;
  std::optional<std::int64_t> N = integerArgument(Args[0]);
  if (!N || *N <= 0 || (*N & (*N - 1)) != 0)
    return std::nullopt;
  CgGroup G;
  G.Kind = CgGroup::Kind::Tile;
  G.TileSize = *N;
  if (Args.size() >= 2 && Args[1].getKind() == TemplateArgument::Type)
    if (auto Parent = groupOfType(Args[1].getAsType(), Depth + 1);
        Parent && Parent->Kind == CgGroup::Kind::Tile) {
      if (Parent->TileSize % *N != 0)
        return std::nullopt;
      G.ParentTileSize = Parent->TileSize;
    }
  return G;
}

std::optional<CgGroup> groupOfType(QualType T, unsigned Depth) {
  if (Depth > 4)
    return std::nullopt;
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!RD || !RD->getIdentifier() || !inCooperativeGroups(RD))
    return std::nullopt;
  StringRef Name = RD->getName();
  if (Name == "thread_block")
    return CgGroup{CgGroup::Kind::Block, 0, 0};
  if (Name == "grid_group")
    return CgGroup{CgGroup::Kind::Grid, 0, 0};
  if (Name == "thread_block_tile")
    if (const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD))
      return tileOf(Spec, Depth);
  return std::nullopt;
}

/// The group \p Object denotes: by its type, or, for a thread_group
/// variable, by the tiled_partition(block, N) that initialised it.
std::optional<CgGroup> groupOf(const Expr *Object, ASTContext &Ctx) {
  Object = Object->IgnoreParenImpCasts();
  if (auto G = groupOfType(Object->getType()))
    return G;
  const auto *Ref = dyn_cast<DeclRefExpr>(Object);
  const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  // A group object is made once and passed around, not reassigned.
  if (!VD || !VD->hasLocalStorage() || !VD->getInit())
    return std::nullopt;
  const Expr *Init = VD->getInit()->IgnoreImplicit();
  if (const auto *Construct = dyn_cast<CXXConstructExpr>(Init);
      Construct && Construct->getNumArgs() == 1)
    Init = Construct->getArg(0)->IgnoreImplicit();
  const auto *Call = dyn_cast<CallExpr>(Init);
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee || !Callee->getIdentifier() ||
      Callee->getName() != "tiled_partition" || !inCooperativeGroups(Callee) ||
      Call->getNumArgs() != 2)
    return std::nullopt;
  auto Parent = groupOfType(Call->getArg(0)->getType());
  Expr::EvalResult N;
  if (!Parent || Parent->Kind != CgGroup::Kind::Block ||
      !Call->getArg(1)->EvaluateAsInt(N, Ctx))
    return std::nullopt;
  std::int64_t Size = N.Val.getInt().getExtValue();
  if (Size <= 0 || Size > 32 || (Size & (Size - 1)) != 0)
    return std::nullopt;
  return CgGroup{CgGroup::Kind::Tile, Size, 0};
}

std::optional<CgQuery> queryOf(StringRef Method) {
  if (Method == "thread_rank")
    return CgQuery::ThreadRank;
  if (Method == "meta_group_rank")
    return CgQuery::MetaGroupRank;
  if (Method == "meta_group_size")
    return CgQuery::MetaGroupSize;
  if (Method == "size" || Method == "num_threads")
    return CgQuery::Size;
  if (Method == "thread_index")
    return CgQuery::ThreadIndex;
  if (Method == "group_index")
    return CgQuery::GroupIndex;
  if (Method == "dim_threads" || Method == "group_dim")
    return CgQuery::DimThreads;
  return std::nullopt;
}

} // namespace

std::optional<CgCall> matchCooperativeGroupsCall(const CallExpr *Call,
                                                 ASTContext &Ctx) {
  // warp.thread_rank(): a member call, or, where the header declares the
  // query static (the toolkit's tiles), a call through a member expression.
  const CXXMethodDecl *Method = nullptr;
  const Expr *Object = nullptr;
  if (const auto *Member = dyn_cast<CXXMemberCallExpr>(Call)) {
    Method = Member->getMethodDecl();
    Object = Member->getImplicitObjectArgument();
  } else if (const auto *ME = dyn_cast<MemberExpr>(
                 Call->getCallee()->IgnoreParenImpCasts())) {
    Method = dyn_cast<CXXMethodDecl>(ME->getMemberDecl());
    Object = ME->getBase();
  }
  if (!Method || !Object || !Method->getIdentifier() ||
      !inCooperativeGroups(Method))
    return std::nullopt;
  std::optional<CgQuery> Query = queryOf(Method->getName());
  std::optional<CgGroup> Group = Query ? groupOf(Object, Ctx) : std::nullopt;
  if (!Group)
    return std::nullopt;
  // Tiles have no dim3 queries; meta-group queries are the tiles'.
  bool Dim3 = isDim3Query(*Query);
  bool Meta =
      *Query == CgQuery::MetaGroupRank || *Query == CgQuery::MetaGroupSize;
  if ((Dim3 && Group->Kind != CgGroup::Kind::Block) ||
      (Meta && Group->Kind != CgGroup::Kind::Tile))
    return std::nullopt;
  return CgCall{*Group, *Query};
}

} // namespace gpumem::cuda
