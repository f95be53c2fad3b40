//===- NvccOptionTable.cpp - what becomes of each nvcc option --------------===//
#include "plugin/NvccOptionTable.h"

namespace gpumem::plugin {

namespace {

using K = OptionKind;

// Options that do not change how the source parses (code generation,
// linking, the host compiler, nvcc's own front end and its diagnostics)
// are dropped. Clang needs none of them, and several it rejects.
const NvccOption NvccOptions[] = {
    // Kept, spelled as Clang spells them.
    {"output-file", "o", true, K::Separate, "-o"},
    {"pre-include", "include", true, K::CommaSeparate, "-include"},
    {"define-macro", "D", true, K::Joined, "-D"},
    {"undefine-macro", "U", true, K::Joined, "-U"},
    {"include-path", "I", true, K::CommaJoined, "-I"},
    // CMake writes -isystem=DIR for nvcc; Clang would read "=DIR" as a
    // path under the sysroot.
    {"system-include", "isystem", true, K::CommaSeparate, "-isystem"},
    {"optimize", "O", true, K::Joined, "-O"},
    {"std", "std", true, K::Joined, "-std="},
    {"machine", "m", true, K::Joined, "-m"},
    {"ftemplate-backtrace-limit", "ftemplate-backtrace-limit", true,
     K::Joined, "-ftemplate-backtrace-limit="},
    {"ftemplate-depth", "ftemplate-depth", true, K::Joined,
     "-ftemplate-depth="},
    {"compile", "c", false, K::Flag, "-c"},
    {"debug", "g", false, K::Flag, "-g"},
    {"disable-warnings", "w", false, K::Flag, "-w"},
    {"no-exceptions", "noeh", false, K::Flag, "-fno-exceptions"},
    {"Wreorder", "Wreorder", false, K::Flag, "-Wreorder"},
    {"Wno-deprecated-declarations", "Wno-deprecated-declarations", false,
     K::Flag, "-Wno-deprecated-declarations"},
    // Translated or expanded.
    {"gpu-architecture", "arch", true, K::GpuArch},
    {"generate-code", "gencode", true, K::GenerateCode},
    {"x", "x", true, K::Language},
    {"compiler-options", "Xcompiler", true, K::HostOptions},
    {"options-file", "optf", true, K::OptionsFile},
    {"Werror", "Werror", true, K::WerrorKinds},
    // Dropped, with a value.
    {"library", "l", true, K::Drop},
    {"library-path", "L", true, K::Drop},
    {"output-directory", "odir", true, K::Drop},
    {"compiler-bindir", "ccbin", true, K::Drop},
    {"archiver-binary", "arbin", true, K::Drop},
    {"cudart", "cudart", true, K::Drop},
    {"cudadevrt", "cudadevrt", true, K::Drop},
    {"libdevice-directory", "ldir", true, K::Drop},
    {"target-directory", "target-dir", true, K::Drop},
    {"optimization-info", "opt-info", true, K::Drop},
    {"Ofast-compile", "Ofc", true, K::Drop},
    {"dopt", "dopt", true, K::Drop},
    {"linker-options", "Xlinker", true, K::Drop},
    {"archive-options", "Xarchive", true, K::Drop},
    {"ptxas-options", "Xptxas", true, K::Drop},
    {"nvlink-options", "Xnvlink", true, K::Drop},
    {"", "Xcudafe", true, K::Drop},
    {"static-global-template-stub", "static-global-template-stub", true,
     K::Drop},
    {"device-entity-has-hidden-visibility",
     "device-entity-has-hidden-visibility", true, K::Drop},
    {"threads", "t", true, K::Drop},
    {"split-compile", "split-compile", true, K::Drop},
    {"split-compile-extended", "split-compile-extended", true, K::Drop},
    {"fdevice-time-trace", "fdevice-time-trace", true, K::Drop},
    {"keep-dir", "keep-dir", true, K::Drop},
    {"time", "time", true, K::Drop},
    {"run-args", "run-args", true, K::Drop},
    {"input-drive-prefix", "idp", true, K::Drop},
    {"dependency-drive-prefix", "ddp", true, K::Drop},
    {"drive-prefix", "dp", true, K::Drop},
    // Dependency files: the build's business, not the analysis's.
    {"dependency-output", "MF", true, K::Drop},
    {"dependency-target-name", "MT", true, K::Drop},
    {"gpu-code", "code", true, K::Drop},
    // Dynamic parallelism (a kernel launched from device code) parses
    // only in relocatable mode, with clang as with nvcc.
    {"relocatable-device-code", "rdc", true, K::Relocatable},
    {"entries", "e", true, K::Drop},
    {"maxrregcount", "maxrregcount", true, K::Drop},
    {"ftz", "ftz", true, K::Drop},
    {"prec-div", "prec-div", true, K::Drop},
    {"prec-sqrt", "prec-sqrt", true, K::Drop},
    {"fmad", "fmad", true, K::Drop},
    {"default-stream", "default-stream", true, K::Drop},
    {"diag-error", "diag-error", true, K::Drop},
    {"diag-suppress", "diag-suppress", true, K::Drop},
    {"diag-warn", "diag-warn", true, K::Drop},
    // The spelling of CUDA 11 and older.
    {"diag_error", "diag_error", true, K::Drop},
    {"diag_suppress", "diag_suppress", true, K::Drop},
    {"diag_warn", "diag_warn", true, K::Drop},
    {"host-linker-script", "hls", true, K::Drop},
    {"brief-diagnostics", "brief-diag", true, K::Drop},
    {"jump-table-density", "jtd", true, K::Drop},
    {"device-stack-protector", "device-stack-protector", true, K::Drop},
    {"compress-mode", "compress-mode", true, K::Drop},
    {"frandom-seed", "frandom-seed", true, K::Drop},
    {"sanitize", "sanitize", true, K::Drop},
    // Dropped, no value.
    {"cuda", "cuda", false, K::Drop},
    {"cubin", "cubin", false, K::Drop},
    {"fatbin", "fatbin", false, K::Drop},
    {"ptx", "ptx", false, K::Drop},
    {"optix-ir", "optix-ir", false, K::Drop},
    {"ltoir", "ltoir", false, K::Drop},
    {"preprocess", "E", false, K::Drop},
    {"generate-dependencies", "M", false, K::Drop},
    {"generate-nonsystem-dependencies", "MM", false, K::Drop},
    {"generate-dependencies-with-compile", "MD", false, K::Drop},
    {"generate-nonsystem-dependencies-with-compile", "MMD", false, K::Drop},
    {"generate-dependency-targets", "MP", false, K::Drop},
    {"device-c", "dc", false, K::Relocatable},
    {"device-w", "dw", false, K::Drop},
    {"device-link", "dlink", false, K::Drop},
    {"link", "link", false, K::Drop},
    {"lib", "lib", false, K::Drop},
    {"run", "run", false, K::Drop},
    {"objdir-as-tempdir", "objtemp", false, K::Drop},
    {"allow-unsupported-compiler", "allow-unsupported-compiler", false,
     K::Drop},
    {"use-local-env", "use-local-env", false, K::Drop},
    {"force-cl-env-setup", "force-cl-env-setup", false, K::Drop},
    {"profile", "pg", false, K::Drop},
    {"device-debug", "G", false, K::Drop},
    {"generate-line-info", "lineinfo", false, K::Drop},
    {"dlink-time-opt", "dlto", false, K::Drop},
    {"lto", "lto", false, K::Drop},
    {"gen-opt-lto", "gen-opt-lto", false, K::Drop},
    {"shared", "shared", false, K::Drop},
    {"no-host-device-initializer-list", "nohdinitlist", false, K::Drop},
    {"no-host-device-move-forward", "nohdmoveforward", false, K::Drop},
    // Clang accepts what these allow (constexpr host functions in device
    // code, __device__ lambdas) without being asked.
    {"expt-relaxed-constexpr", "expt-relaxed-constexpr", false, K::Drop},
    {"extended-lambda", "extended-lambda", false, K::Drop},
    {"expt-extended-lambda", "expt-extended-lambda", false, K::Drop},
    {"forward-unknown-to-host-compiler", "forward-unknown-to-host-compiler",
     false, K::Drop},
    {"forward-unknown-to-host-linker", "forward-unknown-to-host-linker",
     false, K::Drop},
    {"forward-unknown-opts", "forward-unknown-opts", false, K::Drop},
    {"dont-use-profile", "noprof", false, K::Drop},
    {"dryrun", "dryrun", false, K::Drop},
    {"verbose", "v", false, K::Drop},
    {"fdevice-syntax-only", "fdevice-syntax-only", false, K::Drop},
    {"keep", "keep", false, K::Drop},
    {"save-temps", "save-temps", false, K::Drop},
    {"clean-targets", "clean", false, K::Drop},
    {"no-device-link", "nodlink", false, K::Drop},
    {"extra-device-vectorization", "extra-device-vectorization", false,
     K::Drop},
    {"keep-device-functions", "keep-device-functions", false, K::Drop},
    {"source-in-ptx", "src-in-ptx", false, K::Drop},
    {"restrict", "restrict", false, K::Drop},
    {"resource-usage", "res-usage", false, K::Drop},
    {"extensible-whole-program", "ewp", false, K::Drop},
    {"no-compress", "no-compress", false, K::Drop},
    {"qpp-config", "qpp-config", false, K::Drop},
    {"compile-as-tools-patch", "astoolspatch", false, K::Drop},
    {"list-gpu-code", "code-ls", false, K::Drop},
    {"list-gpu-arch", "arch-ls", false, K::Drop},
    {"display-error-number", "err-no", false, K::Drop},
    {"no-display-error-number", "no-err-no", false, K::Drop},
    {"augment-host-linker-script", "aug-hls", false, K::Drop},
    {"relocatable-link", "r", false, K::Drop},
    {"relocatable-ptx", "reloc-ptx", false, K::Drop},
    {"jobserver", "jobserver", false, K::Drop},
    {"help", "h", false, K::Drop},
    {"version", "V", false, K::Drop},
    {"use_fast_math", "use_fast_math", false, K::Drop},
    {"no-align-double", "no-align-double", false, K::Drop},
    {"Wdefault-stream-launch", "Wdefault-stream-launch", false, K::Drop},
    {"Wmissing-launch-bounds", "Wmissing-launch-bounds", false, K::Drop},
    {"Wext-lambda-captures-this", "Wext-lambda-captures-this", false,
     K::Drop},
    {"Wno-deprecated-gpu-targets", "Wno-deprecated-gpu-targets", false,
     K::Drop},
};

/// Short options nvcc also takes with the value joined: -I/usr/include.
const char JoinedShortOptions[] = {'I', 'D', 'U', 'O', 'L', 'l', 'm'};

} // namespace

const NvccOption *findOption(const std::string &Name) {
  if (Name.empty())
    return nullptr;
  for (const NvccOption &O : NvccOptions)
    if (Name == O.Long || Name == O.Short)
      return &O;
  return nullptr;
}

const NvccOption *findJoinedShortOption(char Letter) {
  for (char C : JoinedShortOptions)
    if (C == Letter)
      for (const NvccOption &O : NvccOptions)
        if (O.Short[0] == Letter && O.Short[1] == '\0')
          return &O;
  return nullptr;
}

} // namespace gpumem::plugin
