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

#include "plugin/NvccOptionTable.h"

#include <cstddef>
#include <set>

namespace gpumem::plugin {

namespace {

using K = OptionKind;

/// Options files may name options files; nvcc gives up somewhere too.
constexpr int MaxOptionsFileDepth = 8;

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
