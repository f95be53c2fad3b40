//===- CudaDefaults.h - command-line defaults for CUDA users ----*- C++ -*-===//
//
// gpumem-tidy takes clang-tidy's own command line and adds what a CUDA user
// would otherwise type: the gpumem checks when nothing configures checks,
// and, when no compile command is given (no `--`, no -p), flags that parse
// .cu and .cuh files as CUDA device code with whatever toolkit there is: a
// real one (with the flags Clang 22 needs for CUDA 13 headers) or the
// bundled shim header.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_PLUGIN_CUDADEFAULTS_H
#define GPUMEM_PLUGIN_CUDADEFAULTS_H

#include "plugin/ToolCommandLine.h"

#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <string>
#include <vector>

namespace gpumem::plugin {

/// Where the defaults look for things; filled from the environment.
struct ToolEnvironment {
  /// A CUDA toolkit root with include/cuda_runtime.h, if any.
  std::optional<std::string> CudaPath;
  /// GPUMEM_NO_CUDA_TOOLKIT=1: use the shim even where a toolkit exists
  /// (an nvcc command's own toolkit included).
  bool ToolkitDisabled = false;
  /// The folder holding the shim's cuda_runtime.h.
  std::string ShimDir;
  /// Whether a .clang-tidy above the inputs sets Checks.
  bool ChecksConfigured = false;
};

/// The flags that give a CUDA compilation \p Env's toolkit or the shim:
/// no language, side, architecture or standard.
std::vector<std::string> cudaToolkitFlags(const ToolEnvironment &Env);

/// Compiler flags that parse CUDA with \p Env's toolkit or the shim.
std::vector<std::string> defaultCudaFlags(const ToolEnvironment &Env);

/// The flags of one CUDA compilation: \p UserFlags (already translated
/// from nvcc's spelling) after what the analysis needs and the user did
/// not give, looking at \p AlsoGiven too (--extra-arg): the language, one
/// device compilation, the architecture \p GpuArch (sm_80 when empty), a
/// standard, and a toolkit (the user's --cuda-path, \p Env's, or the shim;
/// none with -nocudainc) with what Clang 22 needs for CUDA 13 headers.
std::vector<std::string>
completeCudaFlags(const std::vector<std::string> &UserFlags,
                  const std::vector<std::string> &AlsoGiven,
                  const std::string &GpuArch, const ToolEnvironment &Env);

/// True for a file gpumem-tidy parses as CUDA when nothing names a
/// language: .cu and .cuh, and a C++ header (.h, .hpp, .hh, .hxx) that
/// holds `__global__` or `__device__` code.
bool isCudaFile(llvm::StringRef File);

/// \p Line's arguments with the CUDA defaults added: the gpumem checks
/// when nothing configures checks; nvcc flags translated after `--` and in
/// --extra-arg; the CUDA flags the user did not give completed after `--`,
/// or given whole when there is neither `--` nor -p.
std::vector<std::string> withCudaDefaults(const ToolCommandLine &Line,
                                          const ToolEnvironment &Env);

/// Clang's resource folder (builtin headers, the CUDA wrapper headers) for
/// a tool at \p ExecutablePath, when the folder Clang derives from the
/// tool's own location (<bin>/../lib/clang/<major>) lacks the CUDA
/// wrappers, as it does for any tool built or installed outside LLVM's
/// tree: without them device code cannot use placement new or
/// std::complex. Nothing when the derived folder is complete.
std::optional<std::string>
resourceDirOverride(const std::string &ExecutablePath);

/// The environment of this process: CUDA_PATH, /usr/local/cuda, the shim
/// next to \p ExecutablePath or in the source tree, .clang-tidy files above
/// the first of \p SourceFiles.
ToolEnvironment detectEnvironment(const std::string &ExecutablePath,
                                  llvm::ArrayRef<std::string> SourceFiles);

} // namespace gpumem::plugin

#endif
