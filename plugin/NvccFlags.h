//===- NvccFlags.h - nvcc compile commands as clang commands ----*- C++ -*-===//
//
// A compile_commands.json written for nvcc (by CMake or bear) holds flags
// clang rejects or misreads: -gencode, -Xcompiler, --expt-relaxed-constexpr,
// `-isystem=DIR` (clang reads "=DIR" as relative to the sysroot), include
// paths hidden in `--options-file`. This file rewrites such a command into
// the clang command that parses the same translation unit the way
// gpumem-tidy analyses CUDA: one device compilation for one architecture,
// so that every diagnostic is printed once.
//
// Each nvcc option is kept (spelled the clang way), translated (-arch,
// -gencode to --cuda-gpu-arch; -x cu to -x cuda), expanded (--options-file)
// or dropped (code generation, linking, host-compiler and nvcc-front-end
// options, none of which changes what the analysis sees). Unknown options
// are dropped unless they are host options clang shares (-f..., -W...).
//
// Plain C++ with no Clang or LLVM, so the unit tests reach it directly; the
// file system is reached only through the reader the caller passes.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_PLUGIN_NVCCFLAGS_H
#define GPUMEM_PLUGIN_NVCCFLAGS_H

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace gpumem::plugin {

/// Reads the text of an nvcc options file (an absolute path), or nothing
/// when it cannot be read.
using OptionsFileReader =
    std::function<std::optional<std::string>(const std::string &Path)>;

/// What a translated command is built with, beyond the nvcc command itself.
struct NvccTranslationOptions {
  /// The compiler that replaces nvcc (argv[0] of the result).
  std::string Compiler = "clang++";
  /// The architecture when the command names none (nvcc has a default too).
  std::string DefaultGpuArch = "sm_80";
  /// Appended to CUDA commands: the toolkit or shim flags
  /// (plugin/CudaDefaults.h, cudaToolkitFlags).
  std::vector<std::string> CudaFlags;
  /// Reads --options-file files; without one they are dropped.
  OptionsFileReader ReadOptionsFile;
};

/// An nvcc command translated for clang.
struct ClangCommand {
  /// The full command line, argv[0] included.
  std::vector<std::string> Arguments;
  /// Whether it compiles CUDA (-x cu, or a .cu/.cuh input).
  bool IsCuda = false;
  /// The one architecture it analyses, as --cuda-gpu-arch takes it.
  std::string GpuArch;
  /// Options that could not be honoured (an unreadable options file), for a
  /// warning; dropped options are not listed.
  std::vector<std::string> Problems;
};

/// Flags a user wrote for clang where nvcc's habits creep in (after
/// clang-tidy's `--`, in --extra-arg): the nvcc options among them
/// translated, every other argument kept as written.
struct MixedFlags {
  /// The flags, nvcc options replaced by their clang spelling or dropped.
  std::vector<std::string> Flags;
  /// The architecture named by -arch, -gencode or --cuda-gpu-arch (clang
  /// spelling), "" when none.
  std::string GpuArch;
  /// "cuda" when -x cu or -x cuda was given; the -x value otherwise; "".
  std::string Language;
};

/// Translates the nvcc options of \p Flags (clang's own are kept, with
/// the value of those that take one as the next argument). Where an nvcc
/// spelling is also a clang one with another meaning (-arch, -G), the user
/// of a CUDA tool meant nvcc's. -x and the architecture are taken out of
/// Flags into Language and GpuArch for the caller to place.
MixedFlags translateMixedFlags(const std::vector<std::string> &Flags,
                               const std::string &Directory,
                               const OptionsFileReader &ReadOptionsFile);

/// True when \p Argv runs nvcc, directly or through ccache/sccache.
bool isNvccCommand(const std::vector<std::string> &Argv);

/// The CUDA toolkit root of an nvcc path ("/usr/local/cuda" for
/// "/usr/local/cuda/bin/nvcc"), or "" when it has no bin/ folder.
std::string toolkitRootOfNvcc(const std::string &NvccPath);

/// The clang architecture for an nvcc architecture or code name:
/// "compute_80", "sm_80" and "lto_80" give "sm_80", "sm_90a" stays, the
/// family form "sm_100f" gives "sm_100"; "native", "all", "all-major" and
/// anything unrecognised give "".
std::string clangGpuArch(const std::string &NvccArch);

/// Splits the text of an options file into arguments the way a POSIX shell
/// would (whitespace separates; quotes group; backslash escapes).
std::vector<std::string> splitOptionsFileText(const std::string &Text);

/// Translates the nvcc command \p Argv (argv[0] is nvcc or a launcher),
/// run in \p Directory, into a clang command.
ClangCommand translateNvccCommand(const std::vector<std::string> &Argv,
                                  const std::string &Directory,
                                  const NvccTranslationOptions &Options);

/// One entry of a compilation database.
struct CompileEntry {
  std::string Directory;
  std::string File;
  std::string Output;
  std::vector<std::string> Arguments;
};

/// A compilation database with its nvcc commands translated.
struct TranslatedDatabase {
  std::vector<CompileEntry> Entries;
  /// How many nvcc commands were translated.
  unsigned NvccCommands = 0;
  /// Problems of the translated commands, each prefixed with its file.
  std::vector<std::string> Problems;
};

/// Translates every nvcc command of \p Entries. A file compiled by nvcc
/// keeps only its first nvcc command: the host-compiler and front-end runs
/// that bear records inside nvcc, and commands for further architectures,
/// would analyse it again and print each diagnostic more than once. nvcc's
/// temporary files (tmpxft_*) are dropped; other commands are kept as they
/// are.
TranslatedDatabase
translateCompileDatabase(const std::vector<CompileEntry> &Entries,
                         const NvccTranslationOptions &Options);

} // namespace gpumem::plugin

#endif
