//===- CudaDefaults.cpp ---------------------------------------------------===//
#include "plugin/CudaDefaults.h"
#include "plugin/NvccFlags.h"

#include "clang-tidy/ClangTidyOptions.h"

#include "clang/Options/OptionUtils.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

namespace gpumem::plugin {

namespace {

/// An on/off environment setting: 1, true, yes, on and their opposites
/// (any case); nothing for anything else.
std::optional<bool> parseSwitch(llvm::StringRef Value) {
  std::string V = Value.trim().lower();
  if (V == "1" || V == "true" || V == "yes" || V == "on")
    return true;
  if (V == "0" || V == "false" || V == "no" || V == "off")
    return false;
  return std::nullopt;
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

/// True when the configuration --config or --config-file gives sets
/// Checks. clang-tidy then reads no .clang-tidy file: without Checks in
/// it, no check would run ("no checks enabled" and the whole help).
bool givenConfigSetsChecks(const ToolCommandLine &Line) {
  std::string Text;
  if (std::optional<FlagValue> Config = Line.value("config")) {
    Text = Config->Value;
  } else if (std::optional<FlagValue> File = Line.value("config-file")) {
    auto Buffer = llvm::MemoryBuffer::getFile(File->Value);
    if (!Buffer)
      return true; // clang-tidy says what is wrong with the file
    Text = (*Buffer)->getBuffer().str();
  } else {
    return false;
  }
  llvm::ErrorOr<clang::tidy::ClangTidyOptions> Options =
      clang::tidy::parseConfiguration(llvm::MemoryBufferRef(Text, "config"));
  // A configuration clang-tidy cannot read: its own error says so.
  return !Options || Options->Checks.has_value();
}

} // namespace

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
    // Declarations of what Clang 22's wrapper lacks and the toolkit removed
    // (include/gpumem_cuda_shim/gpumem_cuda_compat.h).
    llvm::SmallString<256> Compat(Env.ShimDir);
    llvm::sys::path::append(Compat, "gpumem_cuda_compat.h");
    if (llvm::sys::fs::exists(Compat)) {
      Flags.push_back("-include");
      Flags.push_back(std::string(Compat));
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

namespace {

/// The value of --extra-arg / --extra-arg-before in \p Arg ("" if none).
std::optional<std::string> extraArgValue(llvm::StringRef Arg,
                                         llvm::StringRef &Name) {
  for (llvm::StringRef N : {"--extra-arg-before=", "-extra-arg-before=",
                            "--extra-arg=", "-extra-arg="})
    if (Arg.starts_with(N)) {
      Name = N;
      return Arg.drop_front(N.size()).str();
    }
  return std::nullopt;
}

bool hasFlag(const std::vector<std::string> &Flags,
             std::initializer_list<llvm::StringRef> Names) {
  for (const std::string &F : Flags)
    for (llvm::StringRef N : Names)
      if (F == N || (N.ends_with("=") && llvm::StringRef(F).starts_with(N)))
        return true;
  return false;
}

/// Whether \p Flag takes the next argument as its value.
bool isPairedFlag(llvm::StringRef Flag) {
  return Flag == "-isystem" || Flag == "-include" || Flag == "-Xclang";
}

bool hasPair(const std::vector<std::string> &Flags, llvm::StringRef Flag,
             llvm::StringRef Value) {
  for (std::size_t I = 0; I + 1 < Flags.size(); ++I)
    if (Flags[I] == Flag && Flags[I + 1] == Value)
      return true;
  return false;
}

std::optional<std::string> readTextFile(const std::string &Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return std::nullopt;
  return (*Buffer)->getBuffer().str();
}

} // namespace

std::vector<std::string>
completeCudaFlags(const std::vector<std::string> &UserFlags,
                  const std::vector<std::string> &AlsoGiven,
                  const std::string &GpuArch, const ToolEnvironment &Env) {
  std::vector<std::string> Given = UserFlags;
  Given.insert(Given.end(), AlsoGiven.begin(), AlsoGiven.end());
  std::vector<std::string> Out = {"-xcuda"};
  if (!hasFlag(Given, {"--cuda-device-only", "--cuda-host-only",
                       "--cuda-compile-host-device"}))
    Out.push_back("--cuda-device-only");
  Out.push_back("--cuda-gpu-arch=" + (GpuArch.empty() ? "sm_80" : GpuArch));
  if (!hasFlag(Given, {"-std=", "--std="}))
    Out.push_back("-std=c++17");
  // A toolkit newer than Clang 22 knows would warn on every file; the
  // user's own -W flags come later and win.
  if (!hasFlag(Given, {"-Wno-unknown-cuda-version"}))
    Out.push_back("-Wno-unknown-cuda-version");
  if (!hasFlag(Given, {"-nocudalib"}))
    Out.push_back("-nocudalib");

  // The toolkit: the user's --cuda-path, else none when the user manages
  // the headers (-nocudainc), else the one found, else the shim.
  std::optional<std::string> Toolkit;
  for (const std::string &F : Given)
    if (llvm::StringRef(F).starts_with("--cuda-path="))
      Toolkit = F.substr(std::string("--cuda-path=").size());
  bool UserManagesHeaders = hasFlag(Given, {"-nocudainc"});
  if (!Toolkit && !UserManagesHeaders)
    Toolkit = Env.CudaPath;
  if (Toolkit) {
    ToolEnvironment WithToolkit = Env;
    WithToolkit.CudaPath = Toolkit;
    std::vector<std::string> Flags = cudaToolkitFlags(WithToolkit);
    for (std::size_t I = 0; I < Flags.size(); ++I) {
      const std::string &F = Flags[I];
      // What the user gave already stays as given, and what a completed
      // command has is not added twice.
      if (isPairedFlag(F) && I + 1 < Flags.size()) {
        if (!hasPair(Given, F, Flags[I + 1])) {
          Out.push_back(F);
          Out.push_back(Flags[I + 1]);
        }
        ++I;
        continue;
      }
      if (llvm::StringRef(F).starts_with("--cuda-path=") &&
          hasFlag(Given, {"--cuda-path="}))
        continue;
      if (F == "-nocudalib" || F == "-Wno-unknown-cuda-version")
        continue;
      Out.push_back(F);
    }
    // The pair "-Xclang -target-sdk-version=..." once.
    for (std::size_t I = 0; I + 1 < Given.size(); ++I)
      if (Given[I] == "-Xclang" &&
          llvm::StringRef(Given[I + 1]).starts_with("-target-sdk-version="))
        for (std::size_t J = 0; J + 1 < Out.size(); ++J)
          if (Out[J] == "-Xclang" &&
              llvm::StringRef(Out[J + 1]).starts_with("-target-sdk-version=")) {
            Out.erase(Out.begin() + J, Out.begin() + J + 2);
            break;
          }
  } else if (!UserManagesHeaders) {
    for (std::string &F : cudaToolkitFlags(Env))
      if (F != "-nocudalib" && F != "-Wno-unknown-cuda-version")
        Out.push_back(std::move(F));
  }
  Out.insert(Out.end(), UserFlags.begin(), UserFlags.end());
  return Out;
}

bool isCudaFile(llvm::StringRef File) {
  if (File.ends_with(".cu") || File.ends_with(".cuh"))
    return true;
  // A header that holds kernels (a .h or .hpp next to the .cu that
  // includes it) is CUDA too: its qualifiers mean nothing to C++.
  if (!(File.ends_with(".h") || File.ends_with(".hpp") ||
        File.ends_with(".hh") || File.ends_with(".hxx")))
    return false;
  std::optional<std::string> Text = readTextFile(File.str());
  return Text && (llvm::StringRef(*Text).contains("__global__") ||
                  llvm::StringRef(*Text).contains("__device__"));
}

std::vector<std::string> withCudaDefaults(const ToolCommandLine &Line,
                                          const ToolEnvironment &Env) {
  const bool HasSeparator = Line.hasSeparator();
  const bool HasDatabase = Line.given("p");
  const bool HasChecks = Line.given("checks");
  const bool HasConfig = Line.given("config") || Line.given("config-file");
  bool HasCudaSource = false, HasOtherSource = false;
  for (llvm::StringRef File : Line.sourceFiles()) {
    bool Cuda = isCudaFile(File);
    HasCudaSource |= Cuda;
    HasOtherSource |= !Cuda;
  }
  const llvm::ArrayRef<std::string> Before = Line.options();
  const std::vector<std::string> After = Line.compilerFlags().vec();

  // nvcc flags in --extra-arg are translated like those after "--"; the
  // architecture they name replaces the default one.
  std::string GpuArch, Language;
  std::vector<std::string> Out, ExtraFlags;
  // The gpumem checks, unless the user's configuration names checks: a
  // --config or --config-file (which replace the .clang-tidy files), else
  // a .clang-tidy.
  if (!HasChecks &&
      !(HasConfig ? givenConfigSetsChecks(Line) : Env.ChecksConfigured))
    Out.push_back("--checks=-*,gpumem-*");
  auto ReadFile = [](const std::string &Path) { return readTextFile(Path); };
  for (const std::string &A : Before) {
    llvm::StringRef Name;
    std::optional<std::string> Value = extraArgValue(A, Name);
    if (!Value) {
      Out.push_back(A);
      continue;
    }
    MixedFlags Translated = translateMixedFlags({*Value}, "", ReadFile);
    if (GpuArch.empty())
      GpuArch = Translated.GpuArch;
    if (Language.empty())
      Language = Translated.Language;
    // With a database, an architecture or language given this way stays a
    // flag: the database's command has no other default to replace.
    if (HasDatabase && !HasSeparator) {
      if (!Translated.GpuArch.empty())
        Translated.Flags.push_back("--cuda-gpu-arch=" + Translated.GpuArch);
      if (!Translated.Language.empty())
        Translated.Flags.insert(Translated.Flags.begin(),
                                "-x" + Translated.Language);
    }
    for (std::string &F : Translated.Flags) {
      ExtraFlags.push_back(F);
      Out.push_back(Name.str() + F);
    }
  }
  if (HasDatabase && !HasSeparator)
    return Out;

  MixedFlags Compile = translateMixedFlags(After, "", ReadFile);
  if (!Compile.GpuArch.empty())
    GpuArch = Compile.GpuArch;
  if (!Compile.Language.empty())
    Language = Compile.Language;
  Out.push_back("--");
  // A command for C or C++ files stays theirs; CUDA is the default for
  // .cu and .cuh files and for a command that names no language.
  bool IsCuda = Language.empty() ? (HasCudaSource || !HasOtherSource)
                                 : Language == "cuda";
  if (!IsCuda) {
    if (!Language.empty())
      Out.push_back("-x" + Language);
    Out.insert(Out.end(), Compile.Flags.begin(), Compile.Flags.end());
    return Out;
  }
  for (std::string &F : completeCudaFlags(Compile.Flags, ExtraFlags, GpuArch,
                                          Env))
    Out.push_back(std::move(F));
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
                                  llvm::ArrayRef<std::string> SourceFiles) {
  ToolEnvironment Env;
  auto HasRuntime = [](llvm::StringRef Root) {
    llvm::SmallString<256> P(Root);
    llvm::sys::path::append(P, "include", "cuda_runtime.h");
    return llvm::sys::fs::exists(P);
  };
  // The first of CUDA_PATH, CUDA_HOME and /usr/local/cuda that holds a
  // toolkit; a variable set to a folder without one is named, not passed
  // over in silence.
  std::vector<std::string> Passed;
  for (const char *Variable : {"CUDA_PATH", "CUDA_HOME"}) {
    std::optional<std::string> Path = llvm::sys::Process::GetEnv(Variable);
    if (!Path || Path->empty())
      continue;
    if (HasRuntime(*Path)) {
      Env.CudaPath = *Path;
      break;
    }
    Passed.push_back(std::string(Variable) + "='" + *Path + "'");
  }
  if (!Env.CudaPath && HasRuntime("/usr/local/cuda"))
    Env.CudaPath = "/usr/local/cuda";
  // GPUMEM_NO_CUDA_TOOLKIT=1 (or true, yes, on) forces the shim (and tests
  // that path).
  if (auto NoToolkit = llvm::sys::Process::GetEnv("GPUMEM_NO_CUDA_TOOLKIT");
      NoToolkit && !NoToolkit->empty()) {
    std::optional<bool> Disabled = parseSwitch(*NoToolkit);
    if (!Disabled)
      llvm::errs() << "gpumem-tidy: warning: GPUMEM_NO_CUDA_TOOLKIT='"
                   << *NoToolkit
                   << "' is not 1 or 0 (true/false, yes/no, on/off); "
                      "ignored\n";
    if (Disabled.value_or(false)) {
      Env.CudaPath.reset();
      Env.ToolkitDisabled = true;
    }
  }
  if (!Env.ToolkitDisabled)
    for (const std::string &Named : Passed)
      llvm::errs() << "gpumem-tidy: warning: " << Named
                   << " has no include/cuda_runtime.h; using "
                   << (Env.CudaPath ? *Env.CudaPath
                                    : std::string("the bundled shim"))
                   << "\n";

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

  // The .clang-tidy of the first file's folder, or of the working folder
  // where no file is named (--list-checks, --dump-config).
  llvm::StringRef Dir =
      SourceFiles.empty() ? "" : llvm::sys::path::parent_path(SourceFiles.front());
  Env.ChecksConfigured = configSetsChecks(Dir.empty() ? "." : Dir);
  return Env;
}

} // namespace gpumem::plugin
