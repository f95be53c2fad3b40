//===- GpumemClangdMain.cpp - clangd with the gpumem checks ---------------===//
//
// clangd 22 with the gpumem module compiled in, so that editors show the
// gpumem diagnostics as the user types. clangd cannot load clang-tidy
// plugins; it runs the checks registered in its own binary, and only those
// a .clangd file enables (docs/integrations/clangd.md).
//
// Two things are added to clangd's own command line: Clang's resource
// folder when clangd would not find it next to itself, and a translated
// copy of an nvcc compile_commands.json (plugin/CompileDatabase.h), named
// by --compile-commands-dir or found in the working folder or its build/.
// Inside clangd (plugin/ClangdHooks.h), each CUDA command is completed with
// the CUDA defaults, and the preamble keeps the user's device functions.
//
//===----------------------------------------------------------------------===//
#include "plugin/ClangdHooks.h"
#include "plugin/CompileDatabase.h"
#include "plugin/CudaDefaults.h"
#include "plugin/ToolCommandLine.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <optional>
#include <string>
#include <vector>

// clangd's tool/ClangdMain.h is not installed by Debian's libclang-22-dev;
// this is its one declaration, defined in libclangdMain.a.
namespace clang::clangd {
int clangdMain(int Argc, char *Argv[]);
} // namespace clang::clangd

namespace {

constexpr llvm::StringLiteral CompileCommandsDir = "compile-commands-dir";

std::string databaseIn(llvm::StringRef Dir) {
  llvm::SmallString<256> Path(Dir);
  llvm::sys::path::append(Path, "compile_commands.json");
  return std::string(Path);
}

} // namespace

int main(int Argc, char *Argv[]) {
  std::string Executable = llvm::sys::fs::getMainExecutable(
      Argv[0], reinterpret_cast<void *>(&main));
  // clangd's options, read once (no source files: an editor sends them).
  gpumem::plugin::ToolCommandLine Line(
      std::vector<std::string>(Argv + 1, Argv + Argc));
  // Stock clangd started by mistake looks the same in an editor: both say
  // "clangd version 22" in --version and in the LSP serverInfo (clangd's
  // own, which a server built on its library cannot change). gpumem-clangd
  // names itself first in --version (clangd's printer replaces LLVM's
  // extra printers) and in the first line of its log.
  (Line.given("version") ? llvm::outs() : llvm::errs())
      << "gpumem-clangd version " << GPUMEM_VERSION
      << " (clangd with the gpumem-* checks)\n";
  llvm::outs().flush();
  gpumem::plugin::ToolEnvironment Env =
      gpumem::plugin::detectEnvironment(Executable, {});
  // Every CUDA command clangd uses (a database's, the fallback, with the
  // edits of .clangd files) is completed as gpumem-tidy's are.
  gpumem::plugin::setClangdCommandEnvironment(Env);
  // The translated database is read once, at startup: a database that the
  // build rewrites later needs a restart of the server.
  std::vector<std::string> Args = Line.arguments();
  static gpumem::plugin::TranslatedDatabaseDir Database;
  if (std::optional<gpumem::plugin::FlagValue> Dir =
          Line.value(CompileCommandsDir)) {
    Database =
        gpumem::plugin::translateNvccDatabaseForEditor(databaseIn(Dir->Value),
                                                       Env);
    if (!Database.path().empty())
      gpumem::plugin::setFlagValue(Args, *Dir, Database.path());
  } else {
    // With --check=FILE, where clangd looks for FILE's database: its folder
    // and those above (each with its build/). Then where an editor starts
    // clangd: the workspace root.
    std::vector<std::string> Candidates;
    if (std::optional<gpumem::plugin::FlagValue> Checked = Line.value("check")) {
      llvm::SmallString<256> Dir(Checked->Value);
      llvm::sys::fs::make_absolute(Dir);
      llvm::sys::path::remove_filename(Dir);
      for (llvm::StringRef D = Dir; !D.empty();
           D = llvm::sys::path::parent_path(D)) {
        Candidates.push_back(D.str());
        Candidates.push_back((D + "/build").str());
      }
    }
    Candidates.push_back(".");
    Candidates.push_back("build");
    for (const std::string &Candidate : Candidates) {
      std::string File = databaseIn(Candidate);
      if (!llvm::sys::fs::exists(File))
        continue;
      Database = gpumem::plugin::translateNvccDatabaseForEditor(File, Env);
      if (!Database.path().empty())
        Args.push_back("--compile-commands-dir=" + Database.path());
      break;
    }
  }
  // Built outside LLVM's tree, clangd would look for Clang's headers (the
  // CUDA wrappers among them) next to itself.
  if (!Line.given("resource-dir"))
    if (auto Dir = gpumem::plugin::resourceDirOverride(Executable))
      Args.insert(Args.begin(), "--resource-dir=" + *Dir);
  Args.insert(Args.begin(), Argv[0]);

  std::vector<char *> NewArgv;
  for (std::string &A : Args)
    NewArgv.push_back(A.data());
  NewArgv.push_back(nullptr);
  return clang::clangd::clangdMain(static_cast<int>(NewArgv.size() - 1),
                                   NewArgv.data());
}
