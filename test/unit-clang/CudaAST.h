//===- CudaAST.h - a few lines of CUDA as an AST, for tests -*- C++ -*-===//
//
// The unit tests of the lane evaluator and of the launch layer build the AST
// of a few lines of CUDA the same way: device side, sm_80, C++17, the
// bundled shim for the toolkit's headers (cuda_runtime.h included first).
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_TEST_UNIT_CLANG_CUDAAST_H
#define GPUMEM_TEST_UNIT_CLANG_CUDAAST_H

#include "clang/Frontend/ASTUnit.h"
#include "clang/Tooling/Tooling.h"

#include <memory>
#include <string>

namespace gpumem::testing {

/// The AST of \p Code, device code of one translation unit.
inline std::unique_ptr<clang::ASTUnit> cudaAST(const std::string &Code) {
  return clang::tooling::buildASTFromCodeWithArgs(
      "#include <cuda_runtime.h>\n" + Code,
      {"-xcuda", "--cuda-device-only", "--cuda-gpu-arch=sm_80", "-std=c++17",
       "-nocudainc", "-nocudalib", "-isystem", GPUMEM_CUDA_SHIM_DIR,
       "-Wno-unknown-cuda-version"},
      "input.cu");
}

} // namespace gpumem::testing

#endif // GPUMEM_TEST_UNIT_CLANG_CUDAAST_H
