//===- CuteTypes.h - CuTe tensors and layouts from types -------*- C++ -*-===//
//
// CuTe (CUTLASS 3+) writes a tile as a Tensor whose type carries its
// layout: `Tensor<ViewEngine<gmem_ptr<float *>>, Layout<tuple<C<4>, C<8>>,
// tuple<C<1>, C<32>>>>` is a 4 x 8 column-major view of global floats.
// Shapes and strides written as integral constants (Int<4>, _32) are known
// here; a plain integer is known only at run time. Nothing of CuTe's source
// is needed: the names and the algebra are those of its documentation.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_CUDA_CUTETYPES_H
#define GPUMEM_CHECKS_CUDA_CUTETYPES_H

#include "model/TensorLayout.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Type.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace gpumem::cuda {

/// A layout's top-level modes, each the leaves of its (possibly nested)
/// shape and stride; a leaf known only at run time is nullopt.
struct CuteLayout {
  struct Mode {
    std::vector<std::optional<std::int64_t>> Shapes;
    std::vector<std::optional<std::int64_t>> Strides;
  };
  std::vector<Mode> Modes;

  /// Every leaf, first mode first, when all are known.
  std::optional<model::FlatLayout> flat() const;
  /// Top-level mode \p I when it is one leaf with a known shape and stride.
  std::optional<model::LayoutMode> flatMode(std::size_t I) const;
};

/// Where a tensor's elements live, as its engine says.
enum class CuteMemory {
  Global,    ///< ViewEngine over gmem_ptr
  Shared,    ///< ViewEngine over smem_ptr
  Pointer,   ///< ViewEngine over a plain pointer: the pointer's space
  Registers, ///< ArrayEngine: the thread's own array
  Other,     ///< an iterator the analysis does not read (counting, swizzled)
};

struct CuteTensor {
  CuteMemory Memory = CuteMemory::Other;
  clang::QualType Element;
  CuteLayout Layout;

  /// The element's bytes; 0 when its type has no size.
  std::int64_t elementBytes(const clang::ASTContext &Ctx) const;
};

/// A copy atom's instruction, read from its type.
struct CuteCopyAtom {
  /// Bytes one instruction moves per thread (UniversalCopy<S>,
  /// SM80_CP_ASYNC_*<S>: sizeof(S)); 0 for other atoms.
  std::int64_t Bytes = 0;
  /// The atom is cp.async (a global load and a shared store in one).
  bool Async = false;
  /// N of CuTe's auto-vectorising AutoVectorizingCopyWithAssumedAlignment<N>
  /// (DefaultCopy is N = 8); 0 for other atoms.
  unsigned AutoVectorBits = 0;
};

/// A TiledCopy's type: the thread-value layout (thread, value) -> index in
/// the tile, the tile's shape, and the atom's instruction.
struct CuteTiledCopy {
  CuteLayout ThreadValue;
  std::vector<std::optional<std::int64_t>> Tiler;
};

/// True for a declaration inside namespace cute (at any depth).
bool inCuteNamespace(const clang::Decl *D);

/// \p T as a CuTe tensor (references and qualifiers stripped); nullopt
/// when it is not one or its layout's type is not a plain Layout.
std::optional<CuteTensor> cuteTensorOf(clang::QualType T);

/// \p T as a CuTe Layout; nullopt when it is not one.
std::optional<CuteLayout> cuteLayoutOf(clang::QualType T);

/// \p T as a tuple of leaves (a Shape, a Stride, a Coord): each leaf's
/// value, nullopt for one known at run time; nullopt when \p T is not one.
std::optional<std::vector<std::optional<std::int64_t>>>
cuteTupleLeaves(clang::QualType T);

/// The element types of the cute::tuple \p T (a Step<_1, X>, a Shape of
/// shapes); nullopt when it is not one.
std::optional<std::vector<clang::QualType>> cuteTupleTypes(clang::QualType T);

/// \p T as a TiledCopy (or a ThrCopy of one: its first argument).
std::optional<CuteTiledCopy> cuteTiledCopyOf(clang::QualType T);

/// The instruction of the atom \p T names: a TiledCopy, a Copy_Atom, its
/// Copy_Traits, or the operation itself (sizes read with \p Ctx).
CuteCopyAtom cuteCopyAtomOf(clang::QualType T, const clang::ASTContext &Ctx);

/// True for CuTe's `_`, the slice that keeps a mode.
bool isCuteUnderscore(clang::QualType T);

} // namespace gpumem::cuda

#endif // GPUMEM_CHECKS_CUDA_CUTETYPES_H
