//===- CuteViews.h - where a CuTe kernel's tensors put lanes -*- C++ -*-===//
//
// CuTe (CUTLASS 3+) kernels move tiles with `copy(src, dst)` over tensors
// whose types carry their layouts, and build each thread's view with
// make_tensor, local_tile, local_partition and a TiledCopy's partitions.
// None of that is followed through CuTe's own templates (tuples of tuples,
// dozens of calls deep): the types say the layouts (cuda/CuteTypes.h), the
// builders' arguments say where each lane's view starts, and a copy's
// instructions follow from CuTe's documented rules (model/TensorLayout.h).
// The walk asks here what a call into namespace cute does (planCall) and
// where an element `t(i)` lies (planElement); it records the answers.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_ACCESS_CUTEVIEWS_H
#define GPUMEM_CHECKS_ACCESS_CUTEVIEWS_H

#include "checks/access/MemoryAccess.h"
#include "checks/lanes/LaneEvaluator.h"

#include "clang/AST/Expr.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace gpumem::cuda {
struct CuteLayout;
} // namespace gpumem::cuda

namespace gpumem::access::detail {

class CuteViews {
public:
  CuteViews(clang::ASTContext &Ctx, lanes::LaneEvaluator &Eval)
      : Ctx(Ctx), Eval(Eval) {}

  /// One memory instruction: where each lane is (evaluated again, with
  /// symbols pinned, by Again), how many bytes, which way.
  struct Instruction {
    const clang::Expr *Target = nullptr;
    lanes::PointerValue Address;
    unsigned Bytes = 0;
    AccessKind Kind = AccessKind::Load;
    std::function<lanes::PointerValue()> Again;
  };

  /// What a call into namespace cute does.
  struct CallPlan {
    enum class Role {
      /// Not CuTe's, or an algorithm walked as any library function (gemm
      /// over shared memory, a for_each with the user's lambda).
      Walk,
      /// A builder or an algorithm over registers only: no memory; its
      /// arguments that are not tensors are visited.
      NoMemory,
      /// A copy: its instructions.
      Copy,
    } What = Role::Walk;
    std::vector<Instruction> Instructions;
    /// "cute::copy", or "cp.async" for an asynchronous copy atom.
    const char *Opcode = "cute::copy";
  };
  CallPlan planCall(const clang::CallExpr *Call);

  /// `t(i)`, `t(m, n)` of a CuTe tensor \p LValue: no instruction for a
  /// register tensor, the element's address for memory; nullopt when
  /// \p LValue is not such an element. Coordinates: the call's indices.
  struct ElementPlan {
    std::optional<Instruction> Access;
    std::vector<const clang::Expr *> Coordinates;
  };
  std::optional<ElementPlan> planElement(const clang::Expr *LValue,
                                         AccessKind Kind);

  /// Shared by CuteViews.cpp and CuteBuilders.cpp.
  static lanes::PointerValue notFollowed(const clang::Expr *E, std::string Why);
  /// \p E without the wrappers a tensor passed by value or bound to a
  /// variable gathers: temporaries, casts, copies and moves.
  static const clang::Expr *unwrap(const clang::Expr *E);
  /// The initialiser of the local variable \p E names (not a parameter:
  /// a tensor handed to a kernel is built on the host); null otherwise.
  static const clang::Expr *localInitializer(const clang::Expr *E);
  /// A register tensor (ArrayEngine), or a slice of one, through locals.
  static bool inRegisters(const clang::Expr *E);
  /// \p E unwrapped, and through the local variable it names to that
  /// variable's initialiser, unwrapped.
  static const clang::Expr *bound(const clang::Expr *E);
  /// The arguments of a coordinate: make_coord(a, b, _) or a local bound
  /// to one; nullopt for anything else.
  static std::optional<std::vector<const clang::Expr *>>
  coordinateParts(const clang::Expr *E);
  /// The modes a Step<_1, X, _1> projection keeps (X drops one); all when
  /// \p Step is null; nullopt when its rank is not \p Rank.
  static std::optional<std::vector<bool>> projectionOf(const clang::Expr *Step,
                                                       std::size_t Rank);
  /// The callee's name when \p Call calls a function of namespace cute.
  static llvm::StringRef cuteFunctionName(const clang::CallExpr *Call);

private:
  clang::ASTContext &Ctx;
  lanes::LaneEvaluator &Eval;

  /// A tensor expression followed back through its builders once: where
  /// each lane's view starts, in bytes, and the stride of each top-level
  /// mode, in elements: numbers from its type, run-time ones from the
  /// expressions that built it (`make_stride(_1{}, ld)`, `make_shape(m, k)`
  /// of a column-major layout), carried through local_tile,
  /// local_partition and slices. No strides when a mode is not one leaf or
  /// a stride is not followed.
  struct View {
    lanes::PointerValue Start;
    std::optional<std::vector<lanes::LaneValue>> Strides;
  };
  View view(const clang::Expr *E, unsigned Depth);
  /// What view() reads of \p E, unwrapped, before its type's numbers.
  View built(const clang::Expr *E, const clang::Expr *Where,
             std::int64_t ElementBytes, unsigned Depth);
  /// make_tensor(p, layout) or make_tensor(p, shape, stride).
  View madeView(const clang::CallExpr *Call, const clang::Expr *Where);
  /// t(_, k): t's start plus k along its mode.
  View sliceView(const clang::CXXOperatorCallExpr *Op,
                 std::int64_t ElementBytes, unsigned Depth);
  /// local_partition(t, threads, i): the thread's coordinate in the thread
  /// layout through t's strides.
  View partitionView(const clang::CallExpr *Call, std::int64_t ElementBytes,
                     unsigned Depth);
  /// local_tile(t, tiler, coord): the tile's index times its extent.
  View tileView(const clang::CallExpr *Call, std::int64_t ElementBytes,
                unsigned Depth);
  /// What `thr_copy.partition_S(t)` adds to t's start: where the thread's
  /// first value lies, from the TiledCopy's thread-value layout.
  lanes::LaneValue tiledCopyStart(const clang::CallExpr *Partition,
                                  const clang::Expr *Object,
                                  std::int64_t ElementBytes);
  /// Each top-level mode's stride when the layout's type says them all
  /// (one leaf per mode, a number each); nullopt otherwise.
  static std::optional<std::vector<lanes::LaneValue>>
  numberStrides(const cuda::CuteLayout &Layout);
  /// The strides of a layout expression (make_layout, a local bound to
  /// one, or a static Layout's type).
  std::optional<std::vector<lanes::LaneValue>>
  layoutStrides(const clang::Expr *Layout);
  /// The elements of a tuple expression (make_stride(a, b), make_shape,
  /// a local bound to one), each a leaf's value; nullopt for nested ones.
  std::optional<std::vector<lanes::LaneValue>>
  tupleValues(const clang::Expr *Tuple);
  /// Each element's offset, in index order, of a tensor whose shape its
  /// type fixes and whose strides its view gives.
  static std::optional<std::vector<lanes::LaneValue>>
  elementOffsets(const clang::Expr *Tensor,
                 const std::optional<std::vector<lanes::LaneValue>> &Strides);
  void planCopy(const clang::CallExpr *Call, CallPlan &Plan);
};

} // namespace gpumem::access::detail

#endif // GPUMEM_CHECKS_ACCESS_CUTEVIEWS_H
