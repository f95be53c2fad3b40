//===- AccessShapes.h - what an access's expression says of it -*- C++ -*-===//
//
// Facts about one access read off its expression and declarations, before
// any lane is evaluated: the record field it goes through, the shape and
// alignment of the array or pointer it is based on, the widest instruction
// its type allows, and which calls are memory intrinsics.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_ACCESS_ACCESSSHAPES_H
#define GPUMEM_CHECKS_ACCESS_ACCESSSHAPES_H

#include "checks/access/MemoryAccess.h"
#include "checks/lanes/LaneEvaluator.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

namespace gpumem::access {

/// The record element and field path an lvalue reaches through `.`.
std::optional<StructField> structFieldOf(const clang::Expr *E,
                                         clang::ASTContext &Ctx);

/// The declared shape of the array variable under an lvalue, if any.
std::optional<ArrayShape> arrayShapeOf(const clang::ValueDecl *Base,
                                       clang::ASTContext &Ctx);

/// The alignment \p Base is known to have: cudaMalloc returns 256-byte
/// aligned memory to kernel pointer parameters and the pointer fields of a
/// kernel's struct parameter; a variable has the
/// alignment it is declared with (__align__, or its type's).
std::int64_t baseAlignmentOf(const clang::ValueDecl *Base,
                             clang::ASTContext &Ctx);

/// True when \p Value is (or is computed from) a warp reduction's result:
/// a `__shfl*_sync` call, a device function whose body makes one
/// (`warpReduceSum(x)`), or a local of \p In that one of those
/// initialises or writes, up to a few steps away. Such a value exists
/// only once the lanes have combined theirs, so the few lanes that store
/// it hold nothing the others could share.
bool readsWarpReduction(const clang::Expr *Value, const clang::FunctionDecl *In,
                        lanes::LaneEvaluator &Eval);

/// An expression that may denote memory (not a plain local variable): a
/// subscript, a dereference, a field, a reference, or a call whose callee
/// only returns one of those by reference (an accessor's `operator()(i,
/// j)` returning `data[i * stride + j]`).
bool mayBeMemory(const clang::Expr *E, unsigned Depth = 0);

/// `return`, `continue` or `break`, alone or in braces.
bool isExitStatement(const clang::Stmt *S);

/// The widest load or store the hardware can use for \p Width bytes of
/// \p Target's type: a power of two up to 16 that divides the width and
/// the type's alignment (alignment decides the instruction: a float3,
/// aligned to 4, is read with three 32-bit loads).
unsigned instructionBytes(const clang::Expr *Target, unsigned Width,
                          clang::ASTContext &Ctx);

/// `atomicAdd` and the other atomics, CUDA's and the compiler's.
bool isAtomic(llvm::StringRef Name);
/// `__ldg` and the other cache-hinted loads.
bool isLoadIntrinsic(llvm::StringRef Name);
/// The cache-hinted stores `__stcs(p, v)` and friends.
bool isStoreIntrinsic(llvm::StringRef Name);

/// True for a type the hardware moves in one instruction: 8 or 16 bytes,
/// aligned to its size (uint2, float4, an alignas(16) struct).
bool isWholeVector(clang::QualType T, clang::ASTContext &Ctx);

/// For `const V &v = <memory>` with V a whole vector: the memory the
/// reference binds (one wide load where it is bound; `reinterpret_cast<const
/// float4 &>(tile[i])` binds tile[i]'s bytes); null for any other \p VD.
const clang::Expr *wholeVectorBinding(const clang::VarDecl *VD,
                                      clang::ASTContext &Ctx);

/// How a call the walk does not enter (an operator of cuda_fp16.h, a
/// function without a body) uses its argument \p I where that argument is
/// bound to a reference: through `const T &` it is read (`a[i] * b[i]` on
/// __half arrays), as the object of a const member too; the left side of
/// a compound assignment or of ++/-- (`a[i] += b`) is read and written.
/// std::nullopt for anything else: a value argument is copied, and the
/// copy is the caller's load; what a function does with a non-const
/// reference is not known.
std::optional<AccessKind> referenceArgumentAccess(const clang::CallExpr *Call,
                                                  unsigned I);

} // namespace gpumem::access

#endif // GPUMEM_CHECKS_ACCESS_ACCESSSHAPES_H
