//===- CuteBuilders.cpp - a CuTe tensor followed back through its builders ===//
//
// Part of CuteViews (CuteViews.h): a tensor expression followed back, once,
// through the builders that made it (make_tensor over a pointer, local_tile,
// local_partition, a TiledCopy's partition, a slice) to the byte offset of
// its first element in each lane and the stride of each of its modes.
//
//===----------------------------------------------------------------------===//
#include "checks/access/CuteViews.h"

#include "checks/cuda/CudaBuiltins.h"
#include "checks/cuda/CuteTypes.h"

#include "clang/AST/ExprCXX.h"

#include <limits>

namespace gpumem::access::detail {

using namespace clang;
using cuda::CuteTensor;
using lanes::LaneValue;
using lanes::PointerValue;

namespace {

/// The thread index a ThrCopy was sliced for: `tiled.get_slice(i)` or
/// `get_thread_slice(i)`, directly or through a local variable.
const Expr *threadSliceIndex(const Expr *E) {
  E = CuteViews::bound(E);
  const auto *Call = dyn_cast<CallExpr>(E);
  const StringRef Name = Call ? CuteViews::cuteFunctionName(Call) : StringRef();
  if ((Name == "get_slice" || Name == "get_thread_slice") &&
      Call->getNumArgs() == 1)
    return Call->getArg(0);
  return nullptr;
}
} // namespace

/// The arguments of a coordinate: make_coord(a, b, _) or a variable bound
/// to one; nullopt for anything else.
std::optional<std::vector<const Expr *>>
CuteViews::coordinateParts(const Expr *E) {
  E = bound(E);
  const auto *Call = dyn_cast<CallExpr>(E);
  if (!Call || cuteFunctionName(Call) != "make_coord")
    return std::nullopt;
  return std::vector<const Expr *>(Call->arg_begin(), Call->arg_end());
}

LaneValue CuteViews::tiledCopyStart(const CallExpr *Partition,
                                    const Expr *Object,
                                    std::int64_t ElementBytes) {
  auto Unknown = [&](const char *Why) {
    return notFollowed(Partition, Why).Offset;
  };
  std::optional<cuda::CuteTiledCopy> Copy =
      cuda::cuteTiledCopyOf(Object->getType());
  const Expr *Index = threadSliceIndex(Object);
  std::optional<CuteTensor> Whole =
      Partition->getNumArgs() == 1
          ? cuda::cuteTensorOf(Partition->getArg(0)->getType())
          : std::nullopt;
  if (!Copy || !Index || !Whole || Copy->ThreadValue.Modes.size() != 2)
    return Unknown("CuTe tiled copy whose thread layout the analysis does "
                   "not read");
  // Thread t's value 0 lies at tile index TV(t, 0), the column-major index
  // of a coordinate of the tile (the tiler's shape), which the tensor's
  // strides turn into an offset.
  cuda::CuteLayout ThreadMode;
  ThreadMode.Modes.push_back(Copy->ThreadValue.Modes[0]);
  std::optional<model::FlatLayout> Threads = ThreadMode.flat();
  const std::size_t Rank = Copy->Tiler.size();
  if (!Threads || Rank == 0 || Rank > 2 || Rank > Whole->Layout.Modes.size())
    return Unknown("CuTe tiled copy of a tile the analysis does not read");
  std::vector<std::int64_t> Extent, Stride;
  for (std::size_t I = 0; I < Rank; ++I) {
    std::optional<model::LayoutMode> Mode = Whole->Layout.flatMode(I);
    if (!Copy->Tiler[I] || *Copy->Tiler[I] <= 0 || !Mode)
      return Unknown("CuTe tiled copy over a tensor whose strides are known "
                     "only at run time");
    Extent.push_back(*Copy->Tiler[I]);
    Stride.push_back(Mode->Stride);
  }
  const std::int64_t Count = Threads->size();
  if (Count <= 0 || Count > 4096)
    return Unknown("CuTe tiled copy of more threads than the analysis reads");
  std::vector<std::int64_t> Start(static_cast<std::size_t>(Count));
  for (std::int64_t T = 0; T < Count; ++T) {
    const std::int64_t Idx = Threads->offsetOf(T);
    const std::int64_t M = Idx % Extent[0];
    const std::int64_t N = Idx / Extent[0];
    if (Rank == 1 && N)
      return Unknown("CuTe tiled copy of a tile the analysis does not read");
    Start[static_cast<std::size_t>(T)] =
        (M * Stride[0] + (Rank == 2 ? N * Stride[1] : 0)) * ElementBytes;
  }
  // Per lane: the first warp's threads from the index's lane constants,
  // the other warps as a multiple of what one warp on adds, when every
  // warp adds the same.
  const LaneValue Tid = Eval.evaluate(Index);
  if (Tid.isUnknown())
    return Tid;
  const lanes::LaneVector &First = Tid.laneConstants();
  lanes::LaneVector Lanes{};
  for (unsigned L = 0; L < lanes::WarpLanes; ++L) {
    if (First[L] < 0 || First[L] >= Count)
      return Unknown("CuTe tiled copy sliced for a thread outside its "
                     "layout");
    Lanes[L] = Start[static_cast<std::size_t>(First[L])];
  }
  const LaneValue Rest = Tid - LaneValue::perLane(First);
  if (Rest.asConstant() == std::optional<std::int64_t>(0))
    return LaneValue::perLane(Lanes);
  const std::int64_t Step = Count > 32 ? Start[32] - Start[0] : 0;
  for (std::int64_t T = 0; T + 32 < Count; ++T)
    if (Start[static_cast<std::size_t>(T + 32)] -
            Start[static_cast<std::size_t>(T)] !=
        Step)
      return Unknown("CuTe tiled copy whose warps do not start a fixed step "
                     "apart");
  return LaneValue::perLane(Lanes) +
         Rest.divide(LaneValue::constant(32)) * LaneValue::constant(Step);
}

CuteViews::View CuteViews::view(const Expr *E, unsigned Depth) {
  const Expr *Where = E;
  E = unwrap(E);
  if (Depth > 16)
    return {notFollowed(Where, "CuTe tensor built through too many steps"),
            std::nullopt};
  std::optional<CuteTensor> Tensor = cuda::cuteTensorOf(E->getType());
  View V = built(E, Where, Tensor ? Tensor->elementBytes(Ctx) : 0, Depth);
  // Numbers in the type hold whatever the builders said.
  if (Tensor)
    if (auto Numbers = numberStrides(Tensor->Layout))
      V.Strides = std::move(Numbers);
  return V;
}

CuteViews::View CuteViews::built(const Expr *E, const Expr *Where,
                                 std::int64_t ElementBytes, unsigned Depth) {
  if (const Expr *Init = localInitializer(E))
    return view(Init, Depth + 1);
  // Slicing a tensor: t(_, _, k) starts at t's start plus k modes on.
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
      Op && Op->getOperator() == OO_Call && Op->getNumArgs() >= 2)
    return sliceView(Op, ElementBytes, Depth);
  const auto *Call = dyn_cast<CallExpr>(E);
  const StringRef Name = Call ? cuteFunctionName(Call) : StringRef();
  const unsigned Arguments = Call ? Call->getNumArgs() : 0;
  // thr_copy.partition_S(t): the thread's values of each tile of t; the
  // strides of such a share are read from its type only.
  if (const auto *Member = dyn_cast_or_null<CXXMemberCallExpr>(Call);
      Member && (Name == "partition_S" || Name == "partition_D") &&
      Arguments == 1 && ElementBytes) {
    View Share{view(Member->getArg(0), Depth + 1).Start, std::nullopt};
    Share.Start.Offset =
        Share.Start.Offset + tiledCopyStart(Member,
                                            Member->getImplicitObjectArgument(),
                                            ElementBytes);
    return Share;
  }
  if (Name == "make_tensor" && Arguments >= 1)
    return madeView(Call, Where);
  if (Name == "local_partition" && Arguments == 3)
    return partitionView(Call, ElementBytes, Depth);
  if (Name == "local_tile" && (Arguments == 3 || Arguments == 4))
    return tileView(Call, ElementBytes, Depth);
  return {notFollowed(Where, "CuTe tensor built in a way the analysis does "
                             "not follow"),
          std::nullopt};
}

// make_tensor(p, layout) or make_tensor(p, shape, stride): the strides from
// the layout's expression, then the start from the pointer.
CuteViews::View CuteViews::madeView(const CallExpr *Call, const Expr *Where) {
  View Made;
  if (Call->getNumArgs() == 2)
    Made.Strides = layoutStrides(Call->getArg(1));
  else if (Call->getNumArgs() == 3)
    Made.Strides = tupleValues(Call->getArg(2));
  const Expr *Iterator = unwrap(Call->getArg(0));
  if (const auto *Make = dyn_cast<CallExpr>(Iterator)) {
    const StringRef Maker = cuteFunctionName(Make);
    if ((Maker == "make_gmem_ptr" || Maker == "make_smem_ptr") &&
        Make->getNumArgs() == 1)
      Iterator = Make->getArg(0);
  }
  Made.Start = Iterator->getType()->isPointerType()
                   ? Eval.evaluatePointer(Iterator)
                   : notFollowed(Where, "CuTe tensor over an iterator the "
                                        "analysis does not read");
  return Made;
}

// t(_, k): t's start plus k along its mode; the modes kept by `_` remain.
CuteViews::View CuteViews::sliceView(const CXXOperatorCallExpr *Op,
                                     std::int64_t ElementBytes,
                                     unsigned Depth) {
  View Whole = view(Op->getArg(0), Depth + 1);
  if (!Whole.Strides || Whole.Strides->size() != Op->getNumArgs() - 1)
    return {notFollowed(Op, "CuTe slice of a tensor whose strides the "
                            "analysis does not follow"),
            std::nullopt};
  View Slice{Whole.Start, std::vector<LaneValue>()};
  for (unsigned I = 1; I < Op->getNumArgs(); ++I) {
    const Expr *Arg = Op->getArg(I);
    const LaneValue &Stride = (*Whole.Strides)[I - 1];
    if (cuda::isCuteUnderscore(Arg->getType()))
      Slice.Strides->push_back(Stride);
    else if (ElementBytes)
      Slice.Start.Offset =
          Slice.Start.Offset +
          Eval.evaluate(Arg) * Stride * LaneValue::constant(ElementBytes);
  }
  if (!ElementBytes)
    Slice.Start = notFollowed(Op, "CuTe slice of a tensor whose strides the "
                                  "analysis does not follow");
  return Slice;
}

// local_partition(t, threads, i): thread i's share of t starts at the
// coordinate of i in the thread layout (idx2crd by its strides), through t's
// strides; each partitioned mode's stride grows by the threads along it.
CuteViews::View CuteViews::partitionView(const CallExpr *Call,
                                         std::int64_t ElementBytes,
                                         unsigned Depth) {
  std::optional<CuteTensor> Whole =
      cuda::cuteTensorOf(Call->getArg(0)->getType());
  std::optional<cuda::CuteLayout> ThreadLayout =
      cuda::cuteLayoutOf(Call->getArg(1)->getType());
  View Inner = view(Call->getArg(0), Depth + 1);
  View Share{notFollowed(Call, "CuTe partition the analysis does not read"),
             std::nullopt};
  if (ThreadLayout && Inner.Strides &&
      ThreadLayout->Modes.size() <= Inner.Strides->size()) {
    Share.Strides = Inner.Strides;
    for (std::size_t I = 0; I < ThreadLayout->Modes.size() && Share.Strides;
         ++I) {
      if (std::optional<model::LayoutMode> By = ThreadLayout->flatMode(I))
        (*Share.Strides)[I] =
            (*Share.Strides)[I] * LaneValue::constant(By->Shape);
      else
        Share.Strides.reset();
    }
  }
  if (!ElementBytes)
    Share.Start = notFollowed(Call, "CuTe tensor built in a way the analysis "
                                    "does not follow");
  if (!ElementBytes || !Whole || !ThreadLayout || !Inner.Strides ||
      ThreadLayout->Modes.size() > Whole->Layout.Modes.size() ||
      Inner.Strides->size() != Whole->Layout.Modes.size())
    return Share;
  Share.Start = Inner.Start;
  const LaneValue Index = Eval.evaluate(Call->getArg(2));
  // How many values the index takes, when it is threadIdx.x of a block
  // the launch fixes.
  std::int64_t Threads = std::numeric_limits<std::int64_t>::max();
  if (std::optional<cuda::BuiltinIndex> B =
          cuda::matchBuiltinIndex(Call->getArg(2)->IgnoreParenImpCasts());
      B && B->Var == cuda::BuiltinVar::ThreadIdx && B->Axis == 0)
    if (const auto &Shape = Eval.geometry().shape(); Shape && Shape->X > 0)
      Threads = Shape->X;
  for (std::size_t I = 0; I < ThreadLayout->Modes.size(); ++I) {
    std::optional<model::LayoutMode> By = ThreadLayout->flatMode(I);
    if (By && By->Shape == 1)
      continue; // one thread along this mode: coordinate 0
    // A mode whose extent is known must split evenly among the threads
    // (CuTe's own requirement); one known only at run time is taken to.
    const cuda::CuteLayout::Mode &Mode = Whole->Layout.Modes[I];
    if (!By || By->Stride <= 0 || Mode.Shapes.size() != 1 ||
        (Mode.Shapes[0] && *Mode.Shapes[0] % By->Shape)) {
      Share.Start = notFollowed(Call, "CuTe partition by a thread layout "
                                      "whose shape or stride the analysis "
                                      "does not know");
      return Share;
    }
    LaneValue Coordinate = Index.divide(LaneValue::constant(By->Stride));
    // threadIdx.x below the mode's reach needs no remainder (the
    // evaluator could not take it of a symbolic warp index).
    if (Threads > By->Stride * By->Shape)
      Coordinate = Coordinate.remainder(LaneValue::constant(By->Shape));
    Share.Start.Offset =
        Share.Start.Offset +
        Coordinate * (*Inner.Strides)[I] * LaneValue::constant(ElementBytes);
  }
  return Share;
}

// local_tile(t, tiler, coord[, step]): the tile at coord, each mode's index
// times the tile's extent in it; `_` keeps the mode whole; a Step<_1, X>
// projection drops the tiler's and the coordinate's modes marked X. The
// tile's modes are the projected tiler's, then one per `_` of the
// coordinate (the tile's extent times the mode's stride).
CuteViews::View CuteViews::tileView(const CallExpr *Call,
                                    std::int64_t ElementBytes, unsigned Depth) {
  auto Tile = cuda::cuteTupleLeaves(Call->getArg(1)->getType());
  std::optional<std::vector<const Expr *>> Coordinate =
      coordinateParts(Call->getArg(2));
  View Whole = view(Call->getArg(0), Depth + 1);
  std::optional<std::vector<bool>> Keep =
      Tile ? projectionOf(Call->getNumArgs() == 4 ? Call->getArg(3) : nullptr,
                          Tile->size())
           : std::nullopt;
  View Tiled{notFollowed(Call, ElementBytes ? "CuTe tile the analysis does "
                                              "not read"
                                            : "CuTe tensor built in a way "
                                              "the analysis does not follow"),
             std::nullopt};
  if (!Tile || !Coordinate || !Whole.Strides || !Keep ||
      Coordinate->size() != Tile->size())
    return Tiled;
  const std::vector<LaneValue> &Strides = *Whole.Strides;
  std::vector<LaneValue> Kept, Rest;
  std::size_t Mode = 0;
  for (std::size_t I = 0; I < Tile->size(); ++I) {
    if (!(*Keep)[I])
      continue;
    if (Mode >= Strides.size() || !(*Tile)[I]) {
      if (ElementBytes)
        Tiled.Start = notFollowed(Call, "CuTe tile whose extent is known "
                                        "only at run time");
      return Tiled;
    }
    Kept.push_back(Strides[Mode]);
    if (cuda::isCuteUnderscore((*Coordinate)[I]->getType()))
      Rest.push_back(Strides[Mode] * LaneValue::constant(*(*Tile)[I]));
    ++Mode;
  }
  if (Mode == Strides.size()) {
    Kept.insert(Kept.end(), Rest.begin(), Rest.end());
    Tiled.Strides = std::move(Kept);
  }
  if (!ElementBytes) {
    Tiled.Start = notFollowed(Call, "CuTe tensor built in a way the analysis "
                                    "does not follow");
    return Tiled;
  }
  Tiled.Start = Whole.Start;
  Mode = 0;
  for (std::size_t I = 0; I < Tile->size(); ++I) {
    if (!(*Keep)[I])
      continue;
    const Expr *Part = (*Coordinate)[I];
    if (!cuda::isCuteUnderscore(Part->getType()))
      Tiled.Start.Offset = Tiled.Start.Offset +
                           Eval.evaluate(Part) * Strides[Mode] *
                               LaneValue::constant(*(*Tile)[I] * ElementBytes);
    ++Mode;
  }
  return Tiled;
}

} // namespace gpumem::access::detail
