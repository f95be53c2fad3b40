//===- CuteStrides.cpp - a CuTe tensor's strides, run-time ones included --===//
//
// Part of CuteViews (CuteViews.h). A global tensor's strides are usually
// known only at run time (`make_tensor(make_gmem_ptr(A), make_shape(m, k),
// make_stride(_1{}, ld))`): its type says `int`, the expression that built
// it says `ld`. The strides are read here from those expressions; the walk
// of the builders (CuteBuilders.cpp) carries them as CuTe's algebra changes
// them: local_tile keeps the tile's modes and adds one per `_` of its
// coordinate (the tile's extent times the mode's stride), local_partition
// multiplies each partitioned mode's stride by the threads along it, a
// slice drops the modes it fixes.
//
//===----------------------------------------------------------------------===//
#include "checks/access/CuteViews.h"

#include "checks/cuda/CuteTypes.h"

#include "clang/AST/ExprCXX.h"

namespace gpumem::access::detail {

using namespace clang;
using cuda::CuteTensor;
using lanes::LaneValue;

namespace {

/// The value of a leaf: its constant when its type is one (Int<4>), else
/// the evaluator's.
LaneValue leafValue(const Expr *E, lanes::LaneEvaluator &Eval) {
  if (auto Leaves = cuda::cuteTupleLeaves(E->getType());
      Leaves && Leaves->size() == 1 && (*Leaves)[0])
    return LaneValue::constant(*(*Leaves)[0]);
  return Eval.evaluate(E);
}

} // namespace

/// The modes a Step<_1, X, _1> projection keeps (X drops one); all when
/// \p Step is null.
std::optional<std::vector<bool>> CuteViews::projectionOf(const Expr *Step,
                                                         std::size_t Rank) {
  if (!Step)
    return std::vector<bool>(Rank, true);
  std::optional<std::vector<QualType>> Modes =
      cuda::cuteTupleTypes(Step->getType());
  if (!Modes)
    return std::nullopt;
  std::vector<bool> Keep;
  for (QualType Mode : *Modes)
    Keep.push_back(!cuda::isCuteUnderscore(Mode));
  if (Keep.size() != Rank)
    return std::nullopt;
  return Keep;
}

std::optional<std::vector<LaneValue>>
CuteViews::tupleValues(const Expr *Tuple) {
  Tuple = bound(Tuple);
  if (auto Leaves = cuda::cuteTupleLeaves(Tuple->getType())) {
    // All numbers: the type says them.
    std::vector<LaneValue> Values;
    for (const std::optional<std::int64_t> &Leaf : *Leaves) {
      if (!Leaf)
        break;
      Values.push_back(LaneValue::constant(*Leaf));
    }
    if (Values.size() == Leaves->size())
      return Values;
  }
  const auto *Call = dyn_cast<CallExpr>(Tuple);
  const StringRef Name = Call ? cuteFunctionName(Call) : StringRef();
  if (Name != "make_stride" && Name != "make_shape")
    return std::nullopt;
  std::vector<LaneValue> Values;
  for (const Expr *Arg : Call->arguments()) {
    auto Leaves = cuda::cuteTupleLeaves(Arg->getType());
    if (!Leaves || Leaves->size() != 1)
      return std::nullopt; // a nested tuple
    Values.push_back(leafValue(Arg, Eval));
  }
  return Values;
}

std::optional<std::vector<LaneValue>>
CuteViews::numberStrides(const cuda::CuteLayout &Layout) {
  std::vector<LaneValue> Strides;
  for (std::size_t I = 0; I < Layout.Modes.size(); ++I)
    if (std::optional<model::LayoutMode> Mode = Layout.flatMode(I))
      Strides.push_back(LaneValue::constant(Mode->Stride));
  if (Strides.size() != Layout.Modes.size())
    return std::nullopt;
  return Strides;
}

std::optional<std::vector<LaneValue>>
CuteViews::layoutStrides(const Expr *Layout) {
  Layout = bound(Layout);
  if (std::optional<cuda::CuteLayout> L = cuda::cuteLayoutOf(Layout->getType()))
    if (auto Numbers = numberStrides(*L))
      return Numbers;
  const auto *Call = dyn_cast<CallExpr>(Layout);
  if (!Call || cuteFunctionName(Call) != "make_layout")
    return std::nullopt;
  if (Call->getNumArgs() == 2)
    return tupleValues(Call->getArg(1));
  if (Call->getNumArgs() != 1)
    return std::nullopt;
  // make_layout(shape): column-major, each stride the product of the
  // extents before it.
  std::optional<std::vector<LaneValue>> Shape = tupleValues(Call->getArg(0));
  if (!Shape)
    return std::nullopt;
  std::vector<LaneValue> Strides;
  LaneValue Product = LaneValue::constant(1);
  for (const LaneValue &Extent : *Shape) {
    Strides.push_back(Product);
    Product = Product * Extent;
  }
  return Strides;
}

std::optional<std::vector<LaneValue>> CuteViews::elementOffsets(
    const Expr *Tensor, const std::optional<std::vector<LaneValue>> &Strides) {
  std::optional<CuteTensor> T = cuda::cuteTensorOf(Tensor->getType());
  if (!T || !Strides || Strides->size() != T->Layout.Modes.size())
    return std::nullopt;
  std::vector<std::int64_t> Shape;
  std::int64_t Count = 1;
  for (const cuda::CuteLayout::Mode &M : T->Layout.Modes) {
    if (M.Shapes.size() != 1 || !M.Shapes[0] || *M.Shapes[0] <= 0)
      return std::nullopt;
    Shape.push_back(*M.Shapes[0]);
    Count *= Shape.back();
    if (Count > 256)
      return std::nullopt;
  }
  std::vector<LaneValue> Offsets;
  for (std::int64_t Index = 0; Index < Count; ++Index) {
    LaneValue Offset = LaneValue::constant(0);
    std::int64_t Rest = Index;
    for (std::size_t I = 0; I < Shape.size(); ++I) {
      Offset = Offset + LaneValue::constant(Rest % Shape[I]) * (*Strides)[I];
      Rest /= Shape[I];
    }
    Offsets.push_back(std::move(Offset));
  }
  return Offsets;
}

} // namespace gpumem::access::detail
