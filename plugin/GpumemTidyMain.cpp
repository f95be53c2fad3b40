//===- GpumemTidyMain.cpp - the standalone gpumem-tidy --------------------===//
//
// clang-tidy 22's own driver with every bundled module and the gpumem
// module linked in, for users whose clang-tidy cannot load plugins, plus
// CUDA defaults (plugin/CudaDefaults.h) and nvcc compilation databases
// translated for clang (plugin/CompileDatabase.h).
//
//===----------------------------------------------------------------------===//
#include "plugin/CompileDatabase.h"
#include "plugin/ConfigVerification.h"
#include "plugin/CudaDefaults.h"
#include "plugin/PchCache.h"
#include "plugin/PchCommandLine.h"
#include "plugin/ToolCommandLine.h"

#include "clang-tidy/tool/ClangTidyMain.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <csignal>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <functional>
#include <mutex>
#include <thread>
#include <string>
#include <unistd.h>
#include <vector>

// clangTidyMain's own object pulls in the bundled modules; the gpumem
// module is compiled into this executable, so its registration is linked.

namespace {

// Printed after clang-tidy's own --help.
llvm::cl::extrahelp GpumemHelp(R"(
gpumem-tidy (the gpumem checks, CUDA defaults and nvcc databases):

  With no "--" and no -p, each .cu/.cuh file (and a .h/.hpp header holding
  __global__ or __device__ code) is parsed as CUDA device code
  for sm_80, C++17, with the CUDA toolkit found or the bundled shim, and
  the checks are gpumem-* unless a .clang-tidy or --checks/--config sets
  Checks. After "--" and in --extra-arg, nvcc options are translated
  (-arch=sm_90, -gencode, -Xcompiler, --options-file; --extended-lambda,
  -rdc and the like are dropped) and what is missing of the above is added;
  what you give wins. An nvcc compile_commands.json is translated, and the
  CUDA commands of a clang one completed, in a temporary copy.

  --show-compile-command   print the command each file is parsed with
  --translate-compile-database=DIR [-p BUILD]
                           write DIR/compile_commands.json from BUILD's
                           (default: the current folder's), nvcc commands
                           translated, for clang-tidy --load, run-clang-tidy
                           and clangd; nothing is analysed
  --verify-config          also checks the values of gpumem's options
  --no-pch-cache           parse the toolkit's headers and each file's
                           leading includes every time (by default they
                           are precompiled, once per configuration and
                           per file, in GPUMEM_PCH_CACHE)
  --pch-cache-limit=SIZE   the most that cache holds, all of it (bytes, or
                           500M, 2G: the default); used longest ago goes
                           first, and what does not fit is not kept
  --clang-errors=error|warning|note
                           what a file Clang cannot compile does to the exit
                           status: error (the default, as clang-tidy) fails
                           the run; warning and note print Clang's errors
                           as always and one closing line naming the files,
                           and do not fail the run for them (a warning
                           turned into an error still does)

  Environment:
    CUDA_PATH, CUDA_HOME       the CUDA toolkit (default /usr/local/cuda)
    GPUMEM_NO_CUDA_TOOLKIT=1   (or true) use the bundled shim even where a
                               toolkit is
    GPUMEM_SHIM_DIR            the shim's folder (default: installed next
                               to gpumem-tidy, share/gpumem-tidy/include)
    GPUMEM_CLANG_ERRORS        the --clang-errors policy when the flag is
                               not given
    GPUMEM_PCH_CACHE           the folder of precompiled toolkit headers
                               (default ~/.cache/gpumem-tidy/pch); off, 0,
                               no or false: none
    GPUMEM_PCH_CACHE_LIMIT     the most that cache holds, all of it, when
                               --pch-cache-limit is not given (bytes, or
                               500M, 2G: the default)
    GPUMEM_PCH_PREAMBLE_LIMIT  the most of it the files' precompiled
                               leading includes take (default: all of it);
                               off or 0: none
)");

void printGpumemVersion(llvm::raw_ostream &OS) {
  OS << "gpumem-tidy version " << GPUMEM_VERSION << "\n";
}

/// Runs \p Run with its standard output captured; returns that output.
template <typename F> std::string captureStdout(F Run, int &Status) {
  std::fflush(stdout);
  llvm::outs().flush();
  std::FILE *Temp = std::tmpfile();
  int Saved = dup(STDOUT_FILENO);
  if (!Temp || Saved < 0) {
    Status = Run();
    return "";
  }
  dup2(fileno(Temp), STDOUT_FILENO);
  Status = Run();
  std::fflush(stdout);
  llvm::outs().flush();
  dup2(Saved, STDOUT_FILENO);
  close(Saved);
  std::string Text;
  std::rewind(Temp);
  char Buffer[4096];
  while (std::size_t N = std::fread(Buffer, 1, sizeof(Buffer), Temp))
    Text.append(Buffer, N);
  std::fclose(Temp);
  return Text;
}

/// Prints, for each source file of \p Final (clang-tidy's final command
/// line), the compile command clang-tidy will parse it with: the flags
/// after `--`, or the database's command, with the --extra-arg flags.
void showCompileCommands(const gpumem::plugin::ToolCommandLine &Final) {
  std::vector<std::string> Before, After;
  for (llvm::StringRef A : Final.options()) {
    if (A.consume_front("--extra-arg-before=") ||
        A.consume_front("-extra-arg-before="))
      Before.push_back(A.str());
    else if (A.consume_front("--extra-arg=") || A.consume_front("-extra-arg="))
      After.push_back(A.str());
  }
  const std::vector<std::string> &Files = Final.sourceFiles();
  std::unique_ptr<clang::tooling::CompilationDatabase> Database;
  std::string Error;
  if (!Final.hasSeparator()) {
    std::optional<gpumem::plugin::FlagValue> Build = Final.value("p");
    llvm::StringRef Start = Build ? llvm::StringRef(Build->Value) : "";
    if (Start.empty() && !Files.empty())
      Start = llvm::sys::path::parent_path(Files.front());
    Database = clang::tooling::CompilationDatabase::autoDetectFromDirectory(
        Start.empty() ? "." : Start, Error);
  }
  for (const std::string &File : Files) {
    std::vector<std::string> Command;
    if (Final.hasSeparator()) {
      Command = {"clang-tool"};
      llvm::append_range(Command, Final.compilerFlags());
      Command.push_back(File);
    } else if (Database) {
      llvm::SmallString<256> Absolute(File);
      llvm::sys::fs::make_absolute(Absolute);
      auto Commands = Database->getCompileCommands(Absolute);
      if (!Commands.empty())
        Command = Commands.front().CommandLine;
    }
    llvm::errs() << "gpumem-tidy: " << File;
    if (Command.empty()) {
      llvm::errs() << ": no compile command found\n";
      continue;
    }
    Command.insert(Command.begin() + 1, Before.begin(), Before.end());
    Command.insert(Command.end(), After.begin(), After.end());
    llvm::errs() << " is parsed with:";
    for (const std::string &Arg : Command) {
      llvm::errs() << " ";
      llvm::sys::printArg(llvm::errs(), Arg, /*Quote=*/false);
    }
    llvm::errs() << "\n";
  }
}

/// --translate-compile-database=DIR: writes DIR/compile_commands.json from
/// the database -p names (or the current folder's); the exit status.
int translateDatabase(const gpumem::plugin::ToolCommandLine &Line,
                      const gpumem::plugin::ToolEnvironment &Env) {
  const std::string &OutDir = *Line.translateDatabaseTo();
  std::optional<gpumem::plugin::FlagValue> Build = Line.value("p");
  llvm::SmallString<256> Database(Build ? Build->Value : ".");
  llvm::sys::path::append(Database, "compile_commands.json");
  if (OutDir.empty()) {
    llvm::errs() << "gpumem-tidy: --translate-compile-database needs a "
                    "folder: --translate-compile-database=DIR\n";
    return 1;
  }
  if (!gpumem::plugin::writeClangDatabase(std::string(Database), OutDir, Env))
    return 1;
  llvm::errs() << "gpumem-tidy: wrote " << OutDir
               << "/compile_commands.json from " << Database << "\n";
  // Its commands name no file of the PCH cache: run-clang-tidy, stock
  // clangd and other readers of the database work with the cache deleted
  // or elsewhere. gpumem-tidy -p on it still loads the cache's PCHs, for
  // the files it analyses.
  return 0;
}

/// Runs clang-tidy with --verify-config, adding the values of gpumem's
/// options: "No config errors detected." is said only when neither found
/// any.
int verifyConfig(const gpumem::plugin::ToolCommandLine &Line,
                 llvm::function_ref<int()> RunClangTidy) {
  std::string Problems;
  llvm::raw_string_ostream ProblemsOS(Problems);
  unsigned Invalid = gpumem::plugin::verifyGpumemOptionValues(Line, ProblemsOS);
  int Status = 0;
  std::string Said = captureStdout(RunClangTidy, Status);
  llvm::StringRef Clean = "No config errors detected.\n";
  if (Invalid && llvm::StringRef(Said).ends_with(Clean))
    Said.resize(Said.size() - Clean.size());
  llvm::outs() << Said;
  llvm::outs().flush();
  llvm::errs() << Problems;
  return Invalid ? 1 : Status;
}

/// gpumem-diagnostic-* say what the analysis could not do (a header not
/// found, a kernel never instantiated): they are not findings, and
/// `--warnings-as-errors=gpumem-*` must not fail a job on them (a missing
/// header failed the recommended CI recipe). Each --warnings-as-errors
/// given on the command line leaves them out.
void keepDiagnosticsWarnings(std::vector<std::string> &Args) {
  for (std::string &A : Args) {
    if (A == "--")
      break;
    llvm::StringRef Arg(A);
    if ((Arg.starts_with("--warnings-as-errors=") ||
         Arg.starts_with("-warnings-as-errors=")) &&
        !Arg.contains("-gpumem-diagnostic-"))
      A += ",-gpumem-diagnostic-*";
  }
}

/// What Clang's own errors do to the exit status (--clang-errors).
enum class ClangErrorPolicy { Error, Warning, Note };

/// The policy from the flag, else GPUMEM_CLANG_ERRORS, else Error; none,
/// and an error said, for a value that is not one.
std::optional<ClangErrorPolicy>
clangErrorPolicy(const gpumem::plugin::ToolCommandLine &Line) {
  std::string Value;
  if (Line.clangErrors())
    Value = *Line.clangErrors();
  else if (const char *Env = std::getenv("GPUMEM_CLANG_ERRORS"))
    Value = Env;
  else
    return ClangErrorPolicy::Error;
  if (Value == "error")
    return ClangErrorPolicy::Error;
  if (Value == "warning")
    return ClangErrorPolicy::Warning;
  if (Value == "note")
    return ClangErrorPolicy::Note;
  llvm::errs() << "gpumem-tidy: --clang-errors (or GPUMEM_CLANG_ERRORS) is '"
               << Value << "'; use error, warning or note\n";
  return std::nullopt;
}

/// A standard stream passed through a pipe and read line by line as it
/// comes, each line written on and handed to a scanner, for the lifetime
/// of the object.
class StreamWatch {
public:
  StreamWatch(int Fd, std::function<void(llvm::StringRef)> Scan)
      : Fd(Fd), Scan(std::move(Scan)) {
    int Pipe[2];
    Saved = dup(Fd);
    if (Saved < 0 || pipe(Pipe) != 0)
      return;
    dup2(Pipe[1], Fd);
    close(Pipe[1]);
    Read = Pipe[0];
    Reader = std::thread([this] { forward(); });
  }
  ~StreamWatch() {
    if (Read < 0)
      return;
    dup2(Saved, Fd); // the pipe's last writer closes
    Reader.join();
    close(Read);
    close(Saved);
  }

private:
  void forward() {
    std::string Line;
    char Buffer[4096];
    ssize_t N;
    while ((N = read(Read, Buffer, sizeof Buffer)) > 0) {
      for (ssize_t Done = 0; Done < N;) {
        ssize_t W = write(Saved, Buffer + Done, N - Done);
        if (W <= 0)
          break;
        Done += W;
      }
      for (ssize_t I = 0; I < N; ++I) {
        if (Buffer[I] != '\n') {
          Line += Buffer[I];
          continue;
        }
        Scan(Line);
        Line.clear();
      }
    }
    Scan(Line);
  }

  int Fd;
  std::function<void(llvm::StringRef)> Scan;
  int Saved = -1;
  int Read = -1;
  std::thread Reader;
};

/// Runs \p Run with its standard output watched (a pipe read as it comes):
/// clang-tidy prints there Clang's errors (`FILE:L:C: error: ...
/// [clang-diagnostic-error]`) and the warnings it turned into errors
/// (`[check,-warnings-as-errors]`). Under a Warning or Note policy a run
/// that failed with Clang's errors and no warning turned into an error
/// succeeds, with one closing line naming the files. Standard error is
/// left alone (a crash's trace must reach the user), and so is a run
/// without files to analyse (--help and --version print and exit inside).
int runWithClangErrorPolicy(ClangErrorPolicy Policy, bool HasFiles,
                            llvm::function_ref<int()> Run) {
  if (Policy == ClangErrorPolicy::Error || !HasFiles)
    return Run();
  bool WarningsAsErrors = false;
  std::vector<std::string> Failed;
  std::mutex Lock;
  int Status;
  std::fflush(stdout);
  llvm::outs().flush();
  {
    StreamWatch Output(STDOUT_FILENO, [&](llvm::StringRef L) {
      std::lock_guard<std::mutex> Hold(Lock);
      WarningsAsErrors |= L.contains(",-warnings-as-errors]");
      if (!L.contains(": error: ") || !L.contains("[clang-diagnostic-"))
        return;
      // FILE:LINE:COL: error: ...
      llvm::StringRef File = L.take_front(L.find(": error: "));
      File = File.rsplit(':').first.rsplit(':').first;
      if (llvm::find(Failed, File) == Failed.end())
        Failed.push_back(File.str());
    });
    Status = Run();
    std::fflush(stdout);
    llvm::outs().flush();
  }
  if (Status != 1 || Failed.empty() || WarningsAsErrors)
    return Status;
  std::string Files;
  for (const std::string &F : Failed)
    Files += (Files.empty() ? "" : ", ") + F;
  const char *Name = Policy == ClangErrorPolicy::Warning ? "warning" : "note";
  llvm::errs() << "gpumem-tidy: " << Name << ": Clang errors in "
               << Failed.size() << (Failed.size() == 1 ? " file" : " files")
               << " (" << Files << ") do not fail the run (--clang-errors="
               << Name << "); what parses in them is analysed\n";
  return 0;
}

} // namespace

int main(int Argc, const char **Argv) {
  // A write past the file-size limit (ulimit -f) fails, as one on a full
  // disk does, and the PCH cache falls back; it does not end the run.
  ::signal(SIGXFSZ, SIG_IGN);
  std::string Executable = llvm::sys::fs::getMainExecutable(
      Argv[0], reinterpret_cast<void *>(&main));
  // Read once; every step below asks it.
  gpumem::plugin::ToolCommandLine Line(
      std::vector<std::string>(Argv + 1, Argv + Argc));
  gpumem::plugin::ToolEnvironment Env =
      gpumem::plugin::detectEnvironment(Executable, Line.sourceFiles());
  if (Line.translateDatabaseTo())
    return translateDatabase(Line, Env);
  std::optional<ClangErrorPolicy> Policy = clangErrorPolicy(Line);
  if (!Policy)
    return 1;
  // Static, so that the translated database is removed even when
  // clangTidyMain leaves through exit().
  static gpumem::plugin::TranslatedDatabaseDir Database;
  Database = gpumem::plugin::useCompileDatabase(Line, Env);
  std::vector<std::string> Full = gpumem::plugin::withCudaDefaults(Line, Env);
  keepDiagnosticsWarnings(Full);
  // Given as a compiler flag: after `--`, or in --extra-arg(-before).
  bool HasResourceDir = false;
  for (const std::string &A : Full)
    HasResourceDir |= A.find("resource-dir") != std::string::npos;
  if (!HasResourceDir)
    if (auto ResourceDir = gpumem::plugin::resourceDirOverride(Executable))
      Full.insert(Full.begin(),
                  "--extra-arg-before=-resource-dir=" + *ResourceDir);

  std::string NoPch;
  std::vector<std::string> NoPreamble;
  static gpumem::plugin::TranslatedDatabaseDir PerFile;
  if (!Line.given("verify-config") && !Line.given("list-checks") &&
      !Line.given("dump-config") && !Line.sourceFiles().empty())
    gpumem::plugin::usePrecompiledHeader(Full, Line, Database.path(),
                         gpumem::plugin::pchSettings(Line.noPchCache(), Line.pchCacheLimit()),
                         PerFile, NoPch, NoPreamble);
  if (Line.showCompileCommand()) {
    showCompileCommands(gpumem::plugin::ToolCommandLine(Full));
    if (!NoPch.empty())
      llvm::errs() << "gpumem-tidy: the toolkit's headers are parsed for "
                      "each file (not precompiled: "
                   << NoPch << ")\n";
    else
      for (const std::string &Note : NoPreamble)
        llvm::errs() << "gpumem-tidy: " << Note << "\n";
  }

  std::vector<const char *> NewArgv;
  NewArgv.push_back(Argv[0]);
  for (const std::string &A : Full)
    NewArgv.push_back(A.c_str());
  NewArgv.push_back(nullptr);
  llvm::cl::AddExtraVersionPrinter(printGpumemVersion);
  auto RunClangTidy = [&] {
    return clang::tidy::clangTidyMain(static_cast<int>(NewArgv.size() - 1),
                                      NewArgv.data());
  };
  if (Line.given("verify-config"))
    return verifyConfig(Line, RunClangTidy);
  const bool Analyses = !Line.sourceFiles().empty() && !Line.given("help") &&
                        !Line.given("version") && !Line.given("list-checks") &&
                        !Line.given("dump-config") && !Line.given("explain-config");
  return runWithClangErrorPolicy(*Policy, Analyses, RunClangTidy);
}
