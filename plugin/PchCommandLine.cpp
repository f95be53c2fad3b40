//===- PchCommandLine.cpp - the precompiled headers a run loads -----------===//
#include "plugin/PchCommandLine.h"
#include "plugin/PreamblePch.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <optional>

namespace gpumem::plugin {

namespace {

/// The files of the run, absolute.
std::vector<std::string> analysedFiles(const ToolCommandLine &Line) {
  std::vector<std::string> Files;
  for (const std::string &F : Line.sourceFiles()) {
    llvm::SmallString<256> File(F);
    llvm::sys::fs::make_absolute(File);
    llvm::sys::path::remove_dots(File, /*remove_dot_dot=*/true);
    Files.push_back(std::string(File));
  }
  return Files;
}

/// The values of --extra-arg-before (\p Before) and --extra-arg (\p
/// After) in [\p Begin, \p End): what clang-tidy adds to each command.
void extraArguments(std::vector<std::string>::const_iterator Begin,
                    std::vector<std::string>::const_iterator End,
                    std::vector<std::string> &Before,
                    std::vector<std::string> &After) {
  for (; Begin != End; ++Begin) {
    llvm::StringRef A = *Begin;
    if (A.consume_front("--extra-arg-before=") ||
        A.consume_front("-extra-arg-before="))
      Before.push_back(A.str());
    else if (A.consume_front("--extra-arg=") || A.consume_front("-extra-arg="))
      After.push_back(A.str());
  }
}

} // namespace

void usePrecompiledHeader(std::vector<std::string> &Full,
                          const ToolCommandLine &Line,
                          const std::string &TranslatedDatabase,
                          const PchSettings &Settings,
                          TranslatedDatabaseDir &Written,
                          std::string &Why,
                          std::vector<std::string> &NoPreamble) {
  auto Separator = llvm::find(Full, "--");
  if (Separator == Full.end()) {
    // A database gpumem-tidy translated or completed: its commands get
    // the PCH of their flags.
    if (TranslatedDatabase.empty()) {
      Why = "the compile database is read as it is";
      return;
    }
    std::vector<std::string> Before, After;
    extraArguments(Full.begin(), Full.end(), Before, After);
    llvm::SmallString<256> Json(TranslatedDatabase);
    llvm::sys::path::append(Json, "compile_commands.json");
    if (usePrecompiledHeaders(std::string(Json), Before, After,
                              analysedFiles(Line), Settings, Why, &NoPreamble))
      Why.clear();
    else if (Why.empty())
      Why = "no two CUDA commands of the database share their flags";
    return;
  }
  const bool Cuda = std::any_of(Separator + 1, Full.end(), [](llvm::StringRef F) {
    return F == "-xcuda" || F == "--cuda-device-only";
  });
  if (!Cuda) {
    Why = "not a CUDA command";
    return;
  }
  // The command as clang-tidy makes it: --extra-arg-before's flags, the
  // command, --extra-arg's flags.
  std::vector<std::string> Before, Command, After;
  extraArguments(Full.begin(), Separator, Before, After);
  Command = Before;
  Command.insert(Command.end(), Separator + 1, Full.end());
  Command.insert(Command.end(), After.begin(), After.end());
  std::optional<std::string> Pch =
      precompiledHeaderFor(Command, Settings, Why);
  if (!Pch)
    return;
  const std::vector<std::string> Load = {"-Xclang", "-include-pch", "-Xclang",
                                         *Pch};
  llvm::SmallString<256> Here;
  llvm::sys::fs::current_path(Here);
  std::vector<CompileEntry> Entries;
  bool Preambles = false;
  for (const std::string &File : analysedFiles(Line)) {
    CompileEntry E;
    E.Directory = std::string(Here);
    E.File = File;
    E.Arguments = {"clang-tool"};
    E.Arguments.insert(E.Arguments.end(), Separator + 1, Full.end());
    std::string WhyNot;
    if (std::optional<std::vector<std::string>> Preamble =
            precompiledPreambleFor(Command, *Pch, File, Settings, WhyNot)) {
      llvm::append_range(E.Arguments, *Preamble);
      Preambles = true;
    } else {
      llvm::append_range(E.Arguments, Load);
      NoPreamble.push_back(WhyNot);
    }
    E.Arguments.push_back(File);
    Entries.push_back(std::move(E));
  }
  if (Preambles)
    Written = writeTemporaryDatabase(Entries);
  if (Written.path().empty()) {
    llvm::append_range(Full, Load);
    return;
  }
  Full.erase(Separator, Full.end());
  Full.push_back("-p=" + Written.path());
}

} // namespace gpumem::plugin
