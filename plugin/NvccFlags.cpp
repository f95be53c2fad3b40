//===- NvccFlags.cpp ------------------------------------------------------===//
//
// nvcc's option syntax: every option has a long name (--include-path) and
// usually a short one (-I); either may be written with one dash or two; a
// value follows after '=' or as the next argument; a few short options
// also take it joined (-I/usr/include, -DNDEBUG, -O3); list values are
// comma-separated. The table below names each option nvcc 13 documents
// (`nvcc --help`) and says what becomes of it.
//
//===----------------------------------------------------------------------===//
#include "plugin/NvccFlags.h"

#include <cstddef>
#include <set>

namespace gpumem::plugin {

namespace {

enum class OptionKind {
  Drop,          ///< nvcc-only; dropped with its value
  Flag,          ///< becomes Clang (no value)
  Joined,        ///< Clang + value, one argument (-DX, -std=c++17)
  Separate,      ///< Clang, value: two arguments (-o file)
  CommaJoined,   ///< Joined for each comma-separated part (-I)
  CommaSeparate, ///< Separate for each comma-separated part (-isystem)
  GpuArch,       ///< -arch sm_80 / compute_80
  GenerateCode,  ///< -gencode arch=compute_80,code=[compute_80,sm_80]
  Language,      ///< -x cu|c++|c
  HostOptions,   ///< -Xcompiler a,b: only the preprocessor options survive
  OptionsFile,   ///< --options-file f,...: read and translated in place
  Relocatable,   ///< -rdc true|false, -dc: clang's -fgpu-rdc
  WerrorKinds,   ///< nvcc's -Werror takes a list of nvcc warning kinds
};

struct NvccOption {
  const char *Long;  ///< without dashes; "" when there is none
  const char *Short; ///< without the dash; "" when there is none
  bool TakesValue;
  OptionKind Kind;
  const char *Clang = ""; ///< the Clang spelling for Flag, Joined, ...
};

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

/// Options files may name options files; nvcc gives up somewhere too.
constexpr int MaxOptionsFileDepth = 8;

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

bool startsWith(const std::string &S, const std::string &Prefix) {
  return S.compare(0, Prefix.size(), Prefix) == 0;
}

bool endsWith(const std::string &S, const std::string &Suffix) {
  return S.size() >= Suffix.size() &&
         S.compare(S.size() - Suffix.size(), Suffix.size(), Suffix) == 0;
}

std::string baseName(const std::string &Path) {
  std::size_t Slash = Path.find_last_of('/');
  return Slash == std::string::npos ? Path : Path.substr(Slash + 1);
}

std::string parentPath(const std::string &Path) {
  std::size_t Slash = Path.find_last_of('/');
  if (Slash == std::string::npos)
    return "";
  return Slash == 0 ? "/" : Path.substr(0, Slash);
}

std::string joinPath(const std::string &Directory, const std::string &Path) {
  if (Path.empty() || Path[0] == '/' || Directory.empty())
    return Path;
  return Directory.back() == '/' ? Directory + Path : Directory + "/" + Path;
}

std::vector<std::string> splitCommas(const std::string &Value) {
  std::vector<std::string> Parts;
  std::size_t Start = 0;
  while (true) {
    std::size_t Comma = Value.find(',', Start);
    std::string Part = Value.substr(Start, Comma - Start);
    if (!Part.empty())
      Parts.push_back(Part);
    if (Comma == std::string::npos)
      return Parts;
    Start = Comma + 1;
  }
}

bool isCudaSource(const std::string &Path) {
  return endsWith(Path, ".cu") || endsWith(Path, ".cuh");
}

/// The value of nvcc's -Werror is a list of its warning kinds; a host
/// compiler's -Werror (forwarded as an unknown option) takes none.
bool isWerrorKindList(const std::string &Arg) {
  if (Arg.empty() || Arg[0] == '-')
    return false;
  for (char C : Arg)
    if (!((C >= 'a' && C <= 'z') || C == '-' || C == ','))
      return false;
  return true;
}

/// Architectures named in a -gencode specification, code= first:
/// "arch=compute_80,code=[compute_80,sm_80]" gives sm_80, compute_80,
/// compute_80 (the code list before the virtual architecture).
std::vector<std::string> gencodeArchitectures(const std::string &Spec) {
  std::vector<std::string> Arch, Code;
  std::size_t Pos = 0;
  while (Pos < Spec.size()) {
    std::size_t Eq = Spec.find('=', Pos);
    if (Eq == std::string::npos)
      break;
    std::string Key = Spec.substr(Pos, Eq - Pos);
    std::size_t End;
    std::string Value;
    if (Eq + 1 < Spec.size() && Spec[Eq + 1] == '[') {
      std::size_t Close = Spec.find(']', Eq + 2);
      Value = Spec.substr(Eq + 2, Close == std::string::npos
                                      ? std::string::npos
                                      : Close - Eq - 2);
      End = Close == std::string::npos ? Spec.size() : Close + 1;
    } else {
      // An unbracketed value runs to the next key.
      End = Spec.find(",arch=", Eq);
      std::size_t NextCode = Spec.find(",code=", Eq);
      if (NextCode < End)
        End = NextCode;
      Value = Spec.substr(Eq + 1, End == std::string::npos
                                      ? std::string::npos
                                      : End - Eq - 1);
    }
    std::vector<std::string> &Into = Key == "code" ? Code : Arch;
    for (std::string &Part : splitCommas(Value))
      Into.push_back(Part);
    if (End == std::string::npos || End >= Spec.size())
      break;
    Pos = End + 1;
  }
  // A real architecture in code= is what the kernel is compiled for.
  std::vector<std::string> Ordered;
  for (const std::string &C : Code)
    if (startsWith(C, "sm_"))
      Ordered.push_back(C);
  for (const std::string &C : Code)
    if (!startsWith(C, "sm_"))
      Ordered.push_back(C);
  Ordered.insert(Ordered.end(), Arch.begin(), Arch.end());
  return Ordered;
}

/// The state of one translation, across options files.
struct Translation {
  const NvccTranslationOptions &Options;
  std::string Directory;
  std::vector<std::string> Out;
  std::string Language; ///< the clang -x value, "" when none was given
  bool HasCudaInput = false;
  std::string GpuArch;
  std::vector<std::string> Problems;
  /// Flags of a clang command: what is not an nvcc option is clang's, kept.
  bool KeepClangOptions = false;
  /// Relocatable device code asked for (-rdc=true, -dc), last one wins.
  bool Relocatable = false;

  void chooseArch(const std::vector<std::string> &Candidates) {
    if (!GpuArch.empty())
      return;
    for (const std::string &C : Candidates) {
      std::string Arch = clangGpuArch(C);
      if (!Arch.empty()) {
        GpuArch = Arch;
        return;
      }
    }
  }

  void apply(const NvccOption &O, const std::string &Value, int Depth) {
    switch (O.Kind) {
    case K::Drop:
    case K::WerrorKinds:
      return;
    case K::Flag:
      Out.push_back(O.Clang);
      return;
    case K::Joined:
      // -m takes 64 (and 32 on old nvcc); a forwarded host -march= or
      // -mavx2 is not for the device side.
      if (O.Short == std::string("m") && Value != "64" && Value != "32")
        return;
      Out.push_back(O.Clang + Value);
      return;
    case K::Separate:
      Out.push_back(O.Clang);
      Out.push_back(Value);
      return;
    case K::CommaJoined:
      for (const std::string &Part : splitCommas(Value))
        Out.push_back(O.Clang + Part);
      return;
    case K::CommaSeparate:
      for (const std::string &Part : splitCommas(Value)) {
        Out.push_back(O.Clang);
        Out.push_back(Part);
      }
      return;
    case K::GpuArch:
      chooseArch(splitCommas(Value));
      return;
    case K::GenerateCode:
      chooseArch(gencodeArchitectures(Value));
      return;
    case K::Relocatable:
      // -dc has no value; -rdc takes true or false.
      Relocatable = O.TakesValue ? Value == "true" : true;
      return;
    case K::Language:
      if (Value == "cu" || Value == "cuda")
        Language = "cuda";
      else if (Value == "c++" || Value == "c" || KeepClangOptions)
        Language = Value;
      return;
    case K::HostOptions:
      // Host-compiler options (-fPIC, -Wall, -O2) do not change what the
      // device side parses; macro definitions and include paths do.
      for (const std::string &Part : splitCommas(Value))
        if (Part.size() > 2 &&
            (startsWith(Part, "-D") || startsWith(Part, "-U") ||
             startsWith(Part, "-I")))
          Out.push_back(Part);
      return;
    case K::OptionsFile:
      for (const std::string &File : splitCommas(Value))
        readOptionsFile(joinPath(Directory, File), Depth);
      return;
    }
  }

  void readOptionsFile(const std::string &Path, int Depth) {
    if (Depth >= MaxOptionsFileDepth) {
      Problems.push_back("options file nested too deeply: '" + Path + "'");
      return;
    }
    std::optional<std::string> Text;
    if (Options.ReadOptionsFile)
      Text = Options.ReadOptionsFile(Path);
    if (!Text) {
      Problems.push_back("cannot read options file '" + Path + "'");
      return;
    }
    translate(splitOptionsFileText(*Text), 0, Depth + 1);
  }

  void translate(const std::vector<std::string> &Args, std::size_t Begin,
                 int Depth) {
    for (std::size_t I = Begin; I < Args.size(); ++I) {
      const std::string &Arg = Args[I];
      if (Arg.size() < 2 || Arg[0] != '-') {
        // An input (or "-", standard input).
        HasCudaInput |= isCudaSource(Arg);
        Out.push_back(Arg);
        continue;
      }
      bool DoubleDash = Arg[1] == '-';
      std::string Body = Arg.substr(DoubleDash ? 2 : 1);
      std::size_t Eq = Body.find('=');
      std::string Name = Body.substr(0, Eq);
      std::optional<std::string> Inline;
      if (Eq != std::string::npos)
        Inline = Body.substr(Eq + 1);

      if (KeepClangOptions && keepAsClangOption(Args, I))
        continue;
      if (const NvccOption *O = findOption(Name)) {
        std::string Value;
        if (O->TakesValue) {
          if (Inline) {
            Value = *Inline;
          } else if (O->Kind == K::WerrorKinds) {
            if (I + 1 < Args.size() && isWerrorKindList(Args[I + 1]))
              ++I;
            continue;
          } else if (I + 1 < Args.size()) {
            Value = Args[++I];
          } else {
            continue; // a value-taking option at the end: nothing to do
          }
        }
        apply(*O, Value, Depth);
        continue;
      }
      if (!DoubleDash)
        if (const NvccOption *O = findJoinedShortOption(Body[0])) {
          apply(*O, Body.substr(1), Depth);
          continue;
        }
      // Unknown: a host option forwarded by -forward-unknown-to-host-
      // compiler. Clang shares the -f and -W families; the rest (-pthread,
      // -march=..., nvcc options newer than this table) are dropped, since
      // Clang would reject what it does not know.
      if (KeepClangOptions || (!DoubleDash && (Body[0] == 'f' || Body[0] == 'W')))
        Out.push_back(Arg);
    }
  }

  /// In a clang command, keeps the clang option at \p I (and its value)
  /// when nvcc's table would misread it; advances \p I past what it kept.
  bool keepAsClangOption(const std::vector<std::string> &Args,
                         std::size_t &I) {
    const std::string &Arg = Args[I];
    // --cuda-gpu-arch=sm_90, --offload-arch=sm_90: the architecture.
    for (const char *Prefix : {"--cuda-gpu-arch=", "--offload-arch="})
      if (startsWith(Arg, Prefix)) {
        chooseArch({Arg.substr(std::string(Prefix).size())});
        return true;
      }
    // -xcuda, -xc++: the language, joined.
    if (startsWith(Arg, "-x") && Arg.size() > 2) {
      std::string Value = Arg.substr(2);
      Language = Value == "cu" ? "cuda" : Value;
      return true;
    }
    // Clang's verbose flag, which nvcc's table drops as its own.
    if (Arg == "-v") {
      Out.push_back(Arg);
      return true;
    }
    // Clang options whose value is the next argument, which could look
    // like an nvcc option (-Xclang -O).
    for (const char *Name :
         {"-Xclang", "-Xarch_device", "-Xarch_host", "-mllvm", "-target",
          "--cuda-path", "-resource-dir", "-idirafter", "-iquote",
          "-imacros", "-isysroot", "--sysroot", "-Xcuda-ptxas",
          "-Xcuda-fatbinary", "-include-pch"})
      if (Arg == Name) {
        Out.push_back(Arg);
        if (I + 1 < Args.size())
          Out.push_back(Args[++I]);
        return true;
      }
    return false;
  }
};

} // namespace

bool isNvccCommand(const std::vector<std::string> &Argv) {
  if (Argv.empty())
    return false;
  auto IsNvcc = [](const std::string &Path) {
    std::string Base = baseName(Path);
    return Base == "nvcc" || Base == "nvcc.exe";
  };
  if (IsNvcc(Argv[0]))
    return true;
  std::string Launcher = baseName(Argv[0]);
  return (Launcher == "ccache" || Launcher == "sccache") && Argv.size() > 1 &&
         IsNvcc(Argv[1]);
}

std::string toolkitRootOfNvcc(const std::string &NvccPath) {
  std::string Bin = parentPath(NvccPath);
  if (baseName(Bin) != "bin")
    return "";
  return parentPath(Bin);
}

std::string clangGpuArch(const std::string &NvccArch) {
  std::string Number;
  for (const char *Prefix : {"sm_", "compute_", "lto_"})
    if (startsWith(NvccArch, Prefix))
      Number = NvccArch.substr(std::string(Prefix).size());
  std::size_t Digits = 0;
  while (Digits < Number.size() && Number[Digits] >= '0' &&
         Number[Digits] <= '9')
    ++Digits;
  if (Digits == 0)
    return "";
  std::string Suffix = Number.substr(Digits);
  // Clang 22 knows the arch-specific "a" targets but not CUDA 12.9's
  // family-specific "f" ones, which are a superset of the plain target.
  if (Suffix.empty() || Suffix == "f")
    return "sm_" + Number.substr(0, Digits);
  if (Suffix == "a")
    return "sm_" + Number;
  return "";
}

std::vector<std::string> splitOptionsFileText(const std::string &Text) {
  std::vector<std::string> Args;
  std::string Current;
  bool InArg = false;
  char Quote = 0;
  for (std::size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (Quote == '\'') {
      if (C == '\'')
        Quote = 0;
      else
        Current += C;
      continue;
    }
    if (C == '\\' && I + 1 < Text.size()) {
      char Next = Text[++I];
      // A backslash-newline joins lines; in double quotes a backslash
      // escapes only what the shell would let it.
      if (Next != '\n') {
        if (Quote == '"' && Next != '"' && Next != '\\' && Next != '$' &&
            Next != '`')
          Current += C;
        Current += Next;
        InArg = true;
      }
      continue;
    }
    if (Quote == '"') {
      if (C == '"')
        Quote = 0;
      else
        Current += C;
      continue;
    }
    if (C == '"' || C == '\'') {
      Quote = C;
      InArg = true;
      continue;
    }
    if (C == ' ' || C == '\t' || C == '\n' || C == '\r') {
      if (InArg)
        Args.push_back(Current);
      Current.clear();
      InArg = false;
      continue;
    }
    Current += C;
    InArg = true;
  }
  if (InArg)
    Args.push_back(Current);
  return Args;
}

MixedFlags translateMixedFlags(const std::vector<std::string> &Flags,
                               const std::string &Directory,
                               const OptionsFileReader &ReadOptionsFile) {
  NvccTranslationOptions Options;
  Options.ReadOptionsFile = ReadOptionsFile;
  Translation T{Options, Directory, {}, {}, false, {}, {}};
  T.KeepClangOptions = true;
  T.translate(Flags, 0, 0);
  if (T.Relocatable)
    T.Out.push_back("-fgpu-rdc");
  return MixedFlags{std::move(T.Out), std::move(T.GpuArch),
                    std::move(T.Language)};
}

ClangCommand translateNvccCommand(const std::vector<std::string> &Argv,
                                  const std::string &Directory,
                                  const NvccTranslationOptions &Options) {
  Translation T{Options, Directory, {}, {}, false, {}, {}};
  std::size_t Begin = 1;
  if (!Argv.empty()) {
    std::string Launcher = baseName(Argv[0]);
    if ((Launcher == "ccache" || Launcher == "sccache") && Argv.size() > 1)
      Begin = 2;
  }
  T.translate(Argv, Begin, 0);

  ClangCommand Result;
  Result.IsCuda =
      T.Language == "cuda" || (T.Language.empty() && T.HasCudaInput);
  Result.Arguments.push_back(Options.Compiler);
  // Before every input: -x applies to the inputs after it.
  if (Result.IsCuda) {
    Result.Arguments.push_back("-x");
    Result.Arguments.push_back("cuda");
  } else if (!T.Language.empty()) {
    Result.Arguments.push_back("-x");
    Result.Arguments.push_back(T.Language);
  }
  Result.Arguments.insert(Result.Arguments.end(), T.Out.begin(), T.Out.end());
  if (Result.IsCuda && T.Relocatable)
    Result.Arguments.push_back("-fgpu-rdc");
  if (Result.IsCuda) {
    Result.GpuArch = T.GpuArch.empty() ? Options.DefaultGpuArch : T.GpuArch;
    // One device compilation: the kernels and the host functions that
    // launch them are both in its AST, and each diagnostic comes once.
    Result.Arguments.push_back("--cuda-device-only");
    Result.Arguments.push_back("--cuda-gpu-arch=" + Result.GpuArch);
    Result.Arguments.insert(Result.Arguments.end(), Options.CudaFlags.begin(),
                            Options.CudaFlags.end());
  }
  Result.Problems = std::move(T.Problems);
  return Result;
}

TranslatedDatabase
translateCompileDatabase(const std::vector<CompileEntry> &Entries,
                         const NvccTranslationOptions &Options) {
  auto KeyOf = [](const CompileEntry &E) {
    return joinPath(E.Directory, E.File);
  };
  std::set<std::string> NvccFiles;
  for (const CompileEntry &E : Entries)
    if (isNvccCommand(E.Arguments))
      NvccFiles.insert(KeyOf(E));

  TranslatedDatabase Result;
  std::set<std::string> Translated;
  for (const CompileEntry &E : Entries) {
    if (startsWith(baseName(E.File), "tmpxft_"))
      continue;
    std::string Key = KeyOf(E);
    if (!NvccFiles.count(Key)) {
      Result.Entries.push_back(E);
      continue;
    }
    if (!isNvccCommand(E.Arguments) || !Translated.insert(Key).second)
      continue;
    ClangCommand Command =
        translateNvccCommand(E.Arguments, E.Directory, Options);
    for (const std::string &P : Command.Problems)
      Result.Problems.push_back(E.File + ": " + P);
    Result.Entries.push_back(
        {E.Directory, E.File, E.Output, std::move(Command.Arguments)});
    ++Result.NvccCommands;
  }
  return Result;
}

} // namespace gpumem::plugin
