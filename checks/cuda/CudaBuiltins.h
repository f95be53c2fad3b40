//===- CudaBuiltins.h - recognising CUDA shapes in the AST -----*- C++ -*-===//
//
// threadIdx.x and friends reach the AST as MS-property references on the
// variables of __clang_cuda_builtin_vars.h (a PseudoObjectExpr whose
// semantic form calls __fetch_builtin_x). Both the syntactic and the
// semantic forms are recognised, so the shim and the real headers agree.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_CUDA_CUDABUILTINS_H
#define GPUMEM_CHECKS_CUDA_CUDABUILTINS_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

#include <optional>

namespace gpumem::cuda {

/// The four builtin index variables.
enum class BuiltinVar { ThreadIdx, BlockIdx, BlockDim, GridDim };

/// One component of a builtin variable: threadIdx.y is {ThreadIdx, 1}.
struct BuiltinIndex {
  BuiltinVar Var;
  unsigned Axis; // 0 = x, 1 = y, 2 = z
};

/// The builtin component \p E reads, if it reads one.
std::optional<BuiltinIndex> matchBuiltinIndex(const clang::Expr *E);

/// True when \p E names threadIdx, blockIdx, blockDim or gridDim itself
/// (`dim3 t = threadIdx;` converts it; that reads no memory).
bool isBuiltinVariable(const clang::Expr *E);

/// The builtin variable \p E names or converts (`threadIdx`, or its
/// conversion to uint3 when a dim3 is initialised from it).
std::optional<BuiltinVar> matchBuiltinVariable(const clang::Expr *E);

/// "threadIdx.x" and so on.
const char *builtinSpelling(BuiltinIndex Index);

/// A __global__ function.
bool isKernel(const clang::FunctionDecl *FD);
/// A __device__ function that is not also a kernel.
bool isDeviceFunction(const clang::FunctionDecl *FD);
/// Code only the device runs: a kernel, or __device__ without __host__
/// (host-code walks skip it).
bool isDeviceOnly(const clang::FunctionDecl *FD);

/// The function \p Call calls: its direct callee, or the function a
/// constant function pointer names (`constexpr auto op = &scale; op(x)`,
/// a `const` pointer initialised with one and never written); null for a
/// call through any other pointer.
const clang::FunctionDecl *calleeOf(const clang::CallExpr *Call);
/// A variable in shared memory (static or extern __shared__).
bool isSharedVariable(const clang::VarDecl *VD);
/// A __device__ or __managed__ variable at namespace scope.
bool isDeviceGlobalVariable(const clang::VarDecl *VD);
/// A __constant__ variable.
bool isConstantVariable(const clang::VarDecl *VD);

} // namespace gpumem::cuda

#endif // GPUMEM_CHECKS_CUDA_CUDABUILTINS_H
