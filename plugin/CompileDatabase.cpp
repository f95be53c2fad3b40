//===- CompileDatabase.cpp ------------------------------------------------===//
#include "plugin/CompileDatabase.h"
#include "plugin/HeaderCommands.h"
#include "plugin/NvccFlags.h"

#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <cerrno>
#include <optional>
#include <set>
#include <signal.h>
#include <unistd.h>

namespace gpumem::plugin {

namespace {

constexpr llvm::StringLiteral DatabaseName = "compile_commands.json";

/// compile_commands.json in \p Dir or the nearest folder above it, the way
/// clang's CompilationDatabase::autoDetectFromDirectory searches; nothing
/// when a compile_flags.txt comes first (clang-tidy uses that instead).
std::optional<std::string> findDatabaseFile(llvm::StringRef Dir) {
  llvm::SmallString<256> Abs(Dir);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  for (llvm::StringRef D = Abs; !D.empty();
       D = llvm::sys::path::parent_path(D)) {
    llvm::SmallString<256> Json(D), Flags(D);
    llvm::sys::path::append(Json, DatabaseName);
    llvm::sys::path::append(Flags, "compile_flags.txt");
    if (llvm::sys::fs::exists(Json))
      return std::string(Json);
    if (llvm::sys::fs::exists(Flags))
      return std::nullopt;
  }
  return std::nullopt;
}

std::optional<std::string> readFile(const std::string &Path) {
  auto Buffer = llvm::MemoryBuffer::getFile(Path);
  if (!Buffer)
    return std::nullopt;
  return (*Buffer)->getBuffer().str();
}

/// The toolkit of the nvcc that \p NvccCommand runs, when it has the CUDA
/// runtime headers: the database's own toolkit beats the one found by
/// searching.
std::optional<std::string> toolkitOf(const std::vector<std::string> &Argv) {
  std::string Nvcc = Argv[0];
  if (llvm::sys::path::filename(Nvcc) != "nvcc" && Argv.size() > 1)
    Nvcc = Argv[1]; // after a launcher (ccache)
  if (!llvm::sys::path::has_parent_path(Nvcc)) {
    auto Found = llvm::sys::findProgramByName(Nvcc);
    if (!Found)
      return std::nullopt;
    Nvcc = *Found;
  }
  llvm::SmallString<256> Real;
  if (llvm::sys::fs::real_path(Nvcc, Real))
    Real = Nvcc;
  std::string Root = toolkitRootOfNvcc(std::string(Real));
  llvm::SmallString<256> Runtime(Root);
  llvm::sys::path::append(Runtime, "include", "cuda_runtime.h");
  if (Root.empty() || !llvm::sys::fs::exists(Runtime))
    return std::nullopt;
  return Root;
}

void warn(const llvm::Twine &Message) {
  llvm::errs() << "gpumem-tidy: warning: " << Message << "\n";
}

bool writeDatabase(const std::vector<CompileEntry> &Entries,
                   llvm::StringRef Path) {
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC, llvm::sys::fs::OF_Text);
  if (EC)
    return false;
  llvm::json::OStream J(OS, /*IndentSize=*/2);
  J.array([&] {
    for (const CompileEntry &E : Entries)
      J.object([&] {
        J.attribute("directory", E.Directory);
        J.attribute("file", E.File);
        J.attributeArray("arguments", [&] {
          for (const std::string &A : E.Arguments)
            J.value(A);
        });
        if (!E.Output.empty())
          J.attribute("output", E.Output);
      });
  });
  OS << "\n";
  return !OS.has_error();
}

} // namespace

TranslatedDatabaseDir::TranslatedDatabaseDir(
    TranslatedDatabaseDir &&Other) noexcept
    : Dir(std::move(Other.Dir)), Kept(Other.Kept) {
  Other.Dir.clear();
}

TranslatedDatabaseDir &
TranslatedDatabaseDir::operator=(TranslatedDatabaseDir &&Other) noexcept {
  std::swap(Dir, Other.Dir);
  std::swap(Kept, Other.Kept);
  return *this;
}

TranslatedDatabaseDir::~TranslatedDatabaseDir() {
  if (Dir.empty() || Kept)
    return;
  llvm::SmallString<256> Json(Dir);
  llvm::sys::path::append(Json, DatabaseName);
  llvm::sys::fs::remove(Json);
  llvm::sys::fs::remove(Dir);
}

namespace {

/// A compile_commands.json as entries, with its first nvcc command.
struct LoadedDatabase {
  std::unique_ptr<clang::tooling::JSONCompilationDatabase> Database;
  std::vector<CompileEntry> Entries;
  /// The index of the first nvcc command in Entries.
  std::optional<std::size_t> FirstNvcc;
  /// An entry no tool can run was left out or made to fail alone
  /// (dropUnusableEntries): the run must read Entries, not the file.
  bool Repaired = false;
};

/// Makes each entry of \p Entries that no compiler could run cost its own
/// file only, said once per entry: an empty command (clang-tidy's adjusters
/// crashed on it) becomes a command with no input, which clang-tidy
/// reports for that file and goes on; an entry whose folder does not exist
/// (clang-tidy aborted the whole run: "Cannot chdir") is left out, and
/// its file is read as one the database does not list (clang-tidy infers
/// its command from a similar file's). True when any entry was changed.
bool dropUnusableEntries(std::vector<CompileEntry> &Entries) {
  bool Changed = false;
  for (auto It = Entries.begin(); It != Entries.end();) {
    if (!It->Directory.empty() && !llvm::sys::fs::is_directory(It->Directory)) {
      warn("the compile database's entry for '" + It->File + "' runs in '" +
           It->Directory +
           "', which does not exist; the entry is left out (the file gets "
           "the command of a similar one, as a file the database does not "
           "list)");
      It = Entries.erase(It);
      Changed = true;
      continue;
    }
    if (It->Arguments.empty()) {
      warn("the compile database's entry for '" + It->File +
           "' has an empty command; that file is not analysed");
      It->Arguments = {"gpumem-tidy-empty-command"};
      Changed = true;
    }
    ++It;
  }
  return Changed;
}

std::optional<LoadedDatabase> loadDatabase(const std::string &DatabaseFile) {
  std::string Error;
  LoadedDatabase Loaded;
  Loaded.Database = clang::tooling::JSONCompilationDatabase::loadFromFile(
      DatabaseFile, Error, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (!Loaded.Database)
    return std::nullopt; // the tool reports it, if it reads the file
  for (clang::tooling::CompileCommand &C :
       Loaded.Database->getAllCompileCommands())
    Loaded.Entries.push_back({std::move(C.Directory), std::move(C.Filename),
                              std::move(C.Output), std::move(C.CommandLine)});
  Loaded.Repaired = dropUnusableEntries(Loaded.Entries);
  for (std::size_t I = 0; I < Loaded.Entries.size(); ++I)
    if (isNvccCommand(Loaded.Entries[I].Arguments)) {
      Loaded.FirstNvcc = I;
      break;
    }
  return Loaded;
}

/// Whether the clang command \p Arguments for \p File compiles CUDA.
bool isClangCudaCommand(const std::vector<std::string> &Arguments,
                        llvm::StringRef File) {
  std::optional<bool> ByLanguage;
  for (std::size_t I = 1; I < Arguments.size(); ++I) {
    llvm::StringRef A = Arguments[I];
    if (A == "-x" && I + 1 < Arguments.size())
      ByLanguage = Arguments[I + 1] == "cuda";
    else if (A.consume_front("-x") && !A.empty())
      ByLanguage = A == "cuda";
  }
  if (ByLanguage)
    return *ByLanguage;
  return File.ends_with(".cu") || File.ends_with(".cuh");
}

/// Completes the clang commands of \p Entries that compile CUDA
/// (completeClangCudaCommand). Returns how many commands changed.
unsigned completeClangCudaCommands(std::vector<CompileEntry> &Entries,
                                   const ToolEnvironment &Env) {
  unsigned Changed = 0;
  for (CompileEntry &E : Entries)
    Changed += completeClangCudaCommand(E.Arguments, E.File, E.Directory, Env);
  return Changed;
}

/// The entries of \p Loaded as clang reads them: nvcc commands translated,
/// clang CUDA commands completed. Nothing when neither changed anything
/// (and \p Always is false).
std::optional<std::vector<CompileEntry>>
clangEntries(const LoadedDatabase &Loaded, const ToolEnvironment &Env,
             bool Always) {
  ToolEnvironment DatabaseEnv = Env;
  if (!Env.ToolkitDisabled && Loaded.FirstNvcc)
    if (std::optional<std::string> Root =
            toolkitOf(Loaded.Entries[*Loaded.FirstNvcc].Arguments))
      DatabaseEnv.CudaPath = *Root;
  NvccTranslationOptions Options;
  Options.CudaFlags = cudaToolkitFlags(DatabaseEnv);
  Options.ReadOptionsFile = readFile;
  std::vector<CompileEntry> Entries = Loaded.Entries;
  unsigned Completed = completeClangCudaCommands(Entries, Env);
  if (!Loaded.FirstNvcc && Completed == 0 && !Always)
    return std::nullopt;
  TranslatedDatabase Translated = translateCompileDatabase(Entries, Options);
  for (const std::string &P : Translated.Problems)
    warn(P);
  return std::move(Translated.Entries);
}

/// Removes the translated databases of gpumem-tidy and gpumem-clangd runs
/// that ended without removing them (killed: an editor that gives its
/// server no time to exit), recognised by the dead process id in their
/// name, gpumem-tidy-db-<pid>-XXXXXX.
void removeStaleDatabaseDirs() {
  llvm::SmallString<256> Temp;
  llvm::sys::path::system_temp_directory(/*ErasedOnReboot=*/true, Temp);
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(Temp, EC), End; It != End && !EC;
       It.increment(EC)) {
    llvm::StringRef Name = llvm::sys::path::filename(It->path());
    if (!Name.consume_front("gpumem-tidy-db-"))
      continue;
    unsigned long Pid = 0;
    llvm::StringRef Digits = Name.take_while(llvm::isDigit);
    if (Digits.empty() || Digits.getAsInteger(10, Pid) || Pid == 0 ||
        static_cast<pid_t>(Pid) == ::getpid())
      continue;
    // kill(pid, 0) fails with ESRCH only when no such process exists.
    if (::kill(static_cast<pid_t>(Pid), 0) == 0 || errno != ESRCH)
      continue;
    llvm::SmallString<256> Json(It->path());
    llvm::sys::path::append(Json, DatabaseName);
    llvm::sys::fs::remove(Json);
    llvm::sys::fs::remove(It->path());
  }
}

TranslatedDatabaseDir writeTranslated(const LoadedDatabase &Loaded,
                                      const ToolEnvironment &Env) {
  std::optional<std::vector<CompileEntry>> Entries =
      clangEntries(Loaded, Env, /*Always=*/false);
  if (!Entries)
    return {};
  return writeTemporaryDatabase(*Entries);
}

} // namespace

TranslatedDatabaseDir
writeTemporaryDatabase(const std::vector<CompileEntry> &Entries) {
  removeStaleDatabaseDirs();
  llvm::SmallString<256> TempDir;
  // The process id in the name lets a later run remove the folder of a run
  // that was killed before it could (removeStaleDatabaseDirs).
  if (std::error_code EC = llvm::sys::fs::createUniqueDirectory(
          "gpumem-tidy-db-" + std::to_string(::getpid()), TempDir)) {
    warn("cannot create a folder for the translated " + DatabaseName + ": " +
         EC.message());
    return {};
  }
  TranslatedDatabaseDir Result{std::string(TempDir)};
  llvm::SmallString<256> Json(TempDir);
  llvm::sys::path::append(Json, DatabaseName);
  llvm::sys::RemoveFileOnSignal(Json);
  llvm::sys::RemoveFileOnSignal(TempDir); // after the file, once empty
  if (!writeDatabase(Entries, Json)) {
    warn("cannot write " + Json);
    return {};
  }
  return Result;
}

bool writeClangDatabase(const std::string &DatabaseFile,
                        const std::string &OutDir, const ToolEnvironment &Env) {
  std::optional<LoadedDatabase> Loaded = loadDatabase(DatabaseFile);
  if (!Loaded) {
    warn("cannot read " + DatabaseFile);
    return false;
  }
  std::optional<std::vector<CompileEntry>> Entries =
      clangEntries(*Loaded, Env, /*Always=*/true);
  if (std::error_code EC = llvm::sys::fs::create_directories(OutDir)) {
    warn("cannot create " + OutDir + ": " + EC.message());
    return false;
  }
  llvm::SmallString<256> Json(OutDir);
  llvm::sys::path::append(Json, DatabaseName);
  if (!writeDatabase(*Entries, Json)) {
    warn("cannot write " + Json);
    return false;
  }
  return true;
}

bool completeClangCudaCommand(std::vector<std::string> &Arguments,
                              const std::string &File,
                              const std::string &Directory,
                              const ToolEnvironment &Env) {
  if (Arguments.empty() || isNvccCommand(Arguments) ||
      !isClangCudaCommand(Arguments, File))
    return false;
  std::vector<std::string> Flags(Arguments.begin() + 1, Arguments.end());
  MixedFlags Translated = translateMixedFlags(Flags, Directory, readFile);
  std::vector<std::string> Completed = {Arguments.front()};
  for (std::string &F :
       completeCudaFlags(Translated.Flags, {}, Translated.GpuArch, Env))
    Completed.push_back(std::move(F));
  // A complete command (one completed before: a translated database's,
  // as clangd hands it over) stays as it is, in its own order.
  std::set<std::string> Had(Arguments.begin(), Arguments.end());
  for (std::size_t I = 0; I + 1 < Arguments.size(); ++I)
    if (Arguments[I] == "-x")
      Had.insert("-x" + Arguments[I + 1]);
  if (llvm::all_of(Completed,
                   [&](const std::string &F) { return Had.count(F); }))
    return false;
  Arguments = std::move(Completed);
  return true;
}

TranslatedDatabaseDir translateNvccDatabase(const std::string &DatabaseFile,
                                            const ToolEnvironment &Env) {
  std::optional<LoadedDatabase> Loaded = loadDatabase(DatabaseFile);
  if (!Loaded)
    return {};
  return writeTranslated(*Loaded, Env);
}

TranslatedDatabaseDir translateNvccDatabaseForEditor(
    const std::string &DatabaseFile, const ToolEnvironment &Env) {
  std::optional<std::string> Root = userCacheFolder("gpumem-tidy/clangd-db");
  if (!Root)
    return translateNvccDatabase(DatabaseFile, Env);
  llvm::SmallString<256> Cache(*Root);
  std::optional<LoadedDatabase> Loaded = loadDatabase(DatabaseFile);
  if (!Loaded)
    return {};
  // The project headers its CUDA files include get their includer's
  // command: clangd's own choice (the nearest name) can be a .cpp file's.
  std::vector<CompileEntry> Headers = headerEntriesOfCudaUnits(Loaded->Entries);
  Loaded->Entries.insert(Loaded->Entries.end(), Headers.begin(), Headers.end());
  std::optional<std::vector<CompileEntry>> Entries =
      clangEntries(*Loaded, Env, /*Always=*/!Headers.empty());
  if (!Entries)
    return {};
  llvm::SmallString<256> Source(DatabaseFile);
  llvm::sys::fs::make_absolute(Source);
  llvm::sys::path::append(
      Cache, llvm::utohexstr(llvm::xxh3_64bits(Source.str()),
                             /*LowerCase=*/true, 16));
  if (llvm::sys::fs::create_directories(Cache))
    return translateNvccDatabase(DatabaseFile, Env);
  // Written beside and renamed: another session may be reading it.
  llvm::SmallString<256> Json(Cache), Temp;
  llvm::sys::path::append(Json, DatabaseName);
  int FD;
  if (llvm::sys::fs::createUniqueFile(Json + ".%%%%%%.tmp", FD, Temp))
    return translateNvccDatabase(DatabaseFile, Env);
  ::close(FD);
  if (!writeDatabase(*Entries, Temp) || llvm::sys::fs::rename(Temp, Json)) {
    llvm::sys::fs::remove(Temp);
    return translateNvccDatabase(DatabaseFile, Env);
  }
  return TranslatedDatabaseDir(std::string(Cache), /*Kept=*/true);
}

unsigned usePrecompiledHeaders(const std::string &DatabaseFile,
                               const std::vector<std::string> &Before,
                               const std::vector<std::string> &After,
                               const std::vector<std::string> &Analysed,
                               const PchSettings &Settings, std::string &Why,
                               std::vector<std::string> *NoPreamble) {
  std::optional<LoadedDatabase> Loaded = loadDatabase(DatabaseFile);
  if (!Loaded)
    return 0;
  std::vector<CompileEntry> Entries = std::move(Loaded->Entries);
  unsigned Given = addPrecompiledHeaders(Entries, Before, After, Analysed,
                                         Settings, Why, NoPreamble);
  if (Given && !writeDatabase(Entries, DatabaseFile))
    return 0;
  return Given;
}

TranslatedDatabaseDir useCompileDatabase(ToolCommandLine &Line,
                                         const ToolEnvironment &Env) {
  if (Line.hasSeparator())
    return {};
  std::optional<FlagValue> BuildPath = Line.value("p");
  const std::string FirstSource =
      Line.sourceFiles().empty() ? "" : Line.sourceFiles().front();

  std::optional<std::string> DatabaseFile;
  if (BuildPath) {
    DatabaseFile = findDatabaseFile(BuildPath->Value);
  } else if (!FirstSource.empty()) {
    llvm::SmallString<256> Dir(FirstSource);
    llvm::sys::fs::make_absolute(Dir);
    llvm::sys::path::remove_filename(Dir);
    DatabaseFile = findDatabaseFile(Dir);
  }
  if (!DatabaseFile) {
    // -p naming a folder with no database (a build not configured yet, the
    // pre-commit recipe's -p=build in a fresh clone): clang-tidy would
    // print five lines and parse "without flags", C++ for the host. The
    // files are parsed with the CUDA defaults instead, said in one line.
    std::string Error;
    if (BuildPath && !clang::tooling::CompilationDatabase::autoDetectFromDirectory(
                         BuildPath->Value, Error)) {
      warn("no compilation database in '" + BuildPath->Value +
           "' or a folder above it; the files are parsed as CUDA with "
           "gpumem-tidy's defaults");
      Line.removeBuildPath();
    }
    return {};
  }
  std::optional<LoadedDatabase> Loaded = loadDatabase(*DatabaseFile);
  if (!Loaded)
    return {};

  // A header named on the command line gets the command of a file that
  // includes it (HeaderCommands.h), not clang-tidy's nearest name.
  std::vector<CompileEntry> Headers =
      includerEntries(Loaded->Entries, Line.sourceFiles());
  Loaded->Entries.insert(Loaded->Entries.end(), Headers.begin(), Headers.end());

  // Found without -p, a clang database is used only when it compiles the
  // file: a build folder's database of C++ files above a .cu file says
  // nothing about it.
  if (!BuildPath && !FirstSource.empty() && !Loaded->FirstNvcc) {
    llvm::SmallString<256> Source(FirstSource);
    llvm::sys::fs::make_absolute(Source);
    llvm::sys::path::remove_dots(Source, /*remove_dot_dot=*/true);
    if (Loaded->Database->getCompileCommands(Source).empty() &&
        !llvm::any_of(Headers, [&](const CompileEntry &E) {
          return E.File == Source;
        }))
      return {};
  }
  // nvcc commands translated, clang CUDA commands completed; a database
  // with neither is read by clang-tidy as it is.
  TranslatedDatabaseDir Result = writeTranslated(*Loaded, Env);
  // A complete clang database of CUDA commands is copied as it is: the
  // run gives the copy's commands the PCH cache's headers
  // (PchCommandLine.h), and the user's file is never written.
  if (Result.path().empty() && (!Headers.empty() || Loaded->Repaired ||
                                llvm::any_of(Loaded->Entries, compilesCuda)))
    Result = writeTemporaryDatabase(Loaded->Entries);
  if (Result.path().empty()) {
    if (!BuildPath && !FirstSource.empty())
      Line.setBuildPath(llvm::sys::path::parent_path(*DatabaseFile).str());
    return {};
  }
  Line.setBuildPath(Result.path());
  return Result;
}

} // namespace gpumem::plugin
