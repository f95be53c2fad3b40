//===- CudaDefaults.cpp ---------------------------------------------------===//
#include "plugin/CudaDefaults.h"

#include "clang/Options/OptionUtils.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

namespace gpumem::plugin {

namespace {

bool startsWithAny(llvm::StringRef Arg,
                   std::initializer_list<llvm::StringRef> Prefixes) {
  for (llvm::StringRef P : Prefixes)
    if (Arg == P || Arg.starts_with(P.str() + "="))
      return true;
  return false;
}

/// True when a .clang-tidy in \p Dir or above has a Checks key.
bool configSetsChecks(llvm::StringRef Dir) {
  llvm::SmallString<256> Path(Dir);
  llvm::sys::fs::make_absolute(Path);
  for (llvm::StringRef D = Path; !D.empty(); D = llvm::sys::path::parent_path(D)) {
    llvm::SmallString<256> Config(D);
    llvm::sys::path::append(Config, ".clang-tidy");
    if (auto Buffer = llvm::MemoryBuffer::getFile(Config)) {
      llvm::SmallVector<llvm::StringRef, 32> Lines;
      (*Buffer)->getBuffer().split(Lines, '\n');
      for (llvm::StringRef Line : Lines)
        if (Line.ltrim().starts_with("Checks:"))
          return true;
    }
  }
  return false;
}

} // namespace

bool isSourceFileArgument(const std::string &A) {
  llvm::StringRef Arg(A);
  return !Arg.starts_with("-") &&
         (Arg.ends_with(".cu") || Arg.ends_with(".cuh") ||
          Arg.ends_with(".cpp") || Arg.ends_with(".cc") ||
          Arg.ends_with(".cxx") || Arg.ends_with(".c") ||
          Arg.ends_with(".h") || Arg.ends_with(".hpp"));
}

std::vector<std::string> defaultCudaFlags(const ToolEnvironment &Env) {
  // Device side only: kernels are analysed once, and host functions (the
  // launch sites) are still parsed on that side.
  std::vector<std::string> Flags = {"-xcuda", "--cuda-device-only",
                                    "--cuda-gpu-arch=sm_80", "-std=c++17"};
  std::vector<std::string> Toolkit = cudaToolkitFlags(Env);
  Flags.insert(Flags.end(), Toolkit.begin(), Toolkit.end());
  return Flags;
}

std::vector<std::string> cudaToolkitFlags(const ToolEnvironment &Env) {
  std::vector<std::string> Flags = {"-nocudalib",
                                    // A toolkit newer than Clang 22 knows
                                    // would warn on every file.
                                    "-Wno-unknown-cuda-version"};
  if (Env.CudaPath) {
    const std::string &Cuda = *Env.CudaPath;
    Flags.push_back("--cuda-path=" + Cuda);
    // Clang 22 knows CUDA up to 12.9: without a target SDK version it
    // expects cudaConfigureCall, which CUDA 13 removed.
    Flags.push_back("-Xclang");
    Flags.push_back("-target-sdk-version=12.9");
    llvm::SmallString<256> Cccl(Cuda);
    llvm::sys::path::append(Cccl, "include", "cccl");
    if (llvm::sys::fs::is_directory(Cccl)) {
      // nvcc adds CCCL (cuda/std, CUB, Thrust) for CUDA 13; clang does not.
      Flags.push_back("-isystem");
      Flags.push_back(std::string(Cccl));
    }
    return Flags;
  }
  Flags.push_back("-nocudainc");
  Flags.push_back("-isystem");
  Flags.push_back(Env.ShimDir);
  Flags.push_back("-include");
  llvm::SmallString<256> Header(Env.ShimDir);
  llvm::sys::path::append(Header, "cuda_runtime.h");
  Flags.push_back(std::string(Header));
  return Flags;
}

std::vector<std::string> withCudaDefaults(const std::vector<std::string> &Args,
                                          const ToolEnvironment &Env) {
  bool HasSeparator = false, HasDatabase = false, HasChecks = false,
       HasConfig = false;
  for (const std::string &A : Args) {
    llvm::StringRef Arg(A);
    if (Arg == "--") {
      HasSeparator = true;
      break;
    }
    HasDatabase |= startsWithAny(Arg, {"-p", "--p"}) ||
                   (Arg.starts_with("-p") && Arg.size() > 2 &&
                    !Arg.starts_with("-print"));
    HasChecks |= startsWithAny(Arg, {"-checks", "--checks"});
    HasConfig |= startsWithAny(Arg, {"-config", "--config", "-config-file",
                                     "--config-file"});
  }
  std::vector<std::string> Out;
  if (!HasChecks && !HasConfig && !Env.ChecksConfigured)
    Out.push_back("--checks=-*,gpumem-*");
  Out.insert(Out.end(), Args.begin(), Args.end());
  if (!HasSeparator && !HasDatabase) {
    Out.push_back("--");
    for (std::string &F : defaultCudaFlags(Env))
      Out.push_back(std::move(F));
  }
  return Out;
}

std::optional<std::string>
resourceDirOverride(const std::string &ExecutablePath) {
  auto HasCudaWrappers = [](llvm::StringRef Dir) {
    llvm::SmallString<256> Wrappers(Dir);
    llvm::sys::path::append(Wrappers, "include", "cuda_wrappers");
    return llvm::sys::fs::is_directory(Wrappers);
  };
  if (HasCudaWrappers(clang::GetResourcesPath(ExecutablePath)))
    return std::nullopt;
  // The folder of the Clang this tool was built against.
  if (HasCudaWrappers(GPUMEM_CLANG_RESOURCE_DIR))
    return std::string(GPUMEM_CLANG_RESOURCE_DIR);
  return std::nullopt;
}

ToolEnvironment detectEnvironment(const std::string &ExecutablePath,
                                  const std::vector<std::string> &Args) {
  ToolEnvironment Env;
  auto HasRuntime = [](llvm::StringRef Root) {
    llvm::SmallString<256> P(Root);
    llvm::sys::path::append(P, "include", "cuda_runtime.h");
    return llvm::sys::fs::exists(P);
  };
  if (auto Path = llvm::sys::Process::GetEnv("CUDA_PATH");
      Path && !Path->empty() && HasRuntime(*Path))
    Env.CudaPath = *Path;
  else if (auto Home = llvm::sys::Process::GetEnv("CUDA_HOME");
           Home && !Home->empty() && HasRuntime(*Home))
    Env.CudaPath = *Home;
  else if (HasRuntime("/usr/local/cuda"))
    Env.CudaPath = "/usr/local/cuda";
  // GPUMEM_NO_CUDA_TOOLKIT=1 forces the shim (and tests that path).
  if (auto NoToolkit = llvm::sys::Process::GetEnv("GPUMEM_NO_CUDA_TOOLKIT");
      NoToolkit && *NoToolkit == "1") {
    Env.CudaPath.reset();
    Env.ToolkitDisabled = true;
  }

  // The shim: installed next to the binary, else in the source tree.
  llvm::SmallString<256> Installed(llvm::sys::path::parent_path(ExecutablePath));
  llvm::sys::path::append(Installed, "..", "share", "gpumem-tidy", "include");
  llvm::sys::path::remove_dots(Installed, /*remove_dot_dot=*/true);
  llvm::SmallString<256> Header(Installed);
  llvm::sys::path::append(Header, "cuda_runtime.h");
  if (auto Dir = llvm::sys::Process::GetEnv("GPUMEM_SHIM_DIR"); Dir && !Dir->empty())
    Env.ShimDir = *Dir;
  else if (llvm::sys::fs::exists(Header))
    Env.ShimDir = std::string(Installed);
  else
    Env.ShimDir = GPUMEM_SOURCE_SHIM_DIR;

  for (const std::string &A : Args) {
    if (A == "--")
      break;
    if (isSourceFileArgument(A)) {
      Env.ChecksConfigured |=
          configSetsChecks(llvm::sys::path::parent_path(A).empty()
                               ? llvm::StringRef(".")
                               : llvm::sys::path::parent_path(A));
      break;
    }
  }
  return Env;
}

} // namespace gpumem::plugin
