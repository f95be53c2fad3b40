//===- CompileDatabase.h - nvcc compile_commands.json for clang -*- C++ -*-===//
//
// clang-tidy and clangd read compile_commands.json as it is; one written
// for nvcc makes them fail on every file. gpumem-tidy therefore looks for
// the database clang-tidy would use (the -p folder or one above it; without
// -p, above the first source file), and when that database holds nvcc
// commands it writes a translated copy (plugin/NvccFlags.h) to a temporary
// folder and points -p there; gpumem-clangd does the same with
// --compile-commands-dir. Everything else about the database is the tool's.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_PLUGIN_COMPILEDATABASE_H
#define GPUMEM_PLUGIN_COMPILEDATABASE_H

#include "plugin/CudaDefaults.h"
#include "plugin/PchCache.h"
#include "plugin/ToolCommandLine.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace gpumem::plugin {

/// A translated database in a temporary folder, removed with this object.
class TranslatedDatabaseDir {
public:
  TranslatedDatabaseDir() = default;
  /// \p Kept: a folder of the cache, left in place (and reused) on exit.
  explicit TranslatedDatabaseDir(std::string Dir, bool Kept = false)
      : Dir(std::move(Dir)), Kept(Kept) {}
  TranslatedDatabaseDir(TranslatedDatabaseDir &&Other) noexcept;
  TranslatedDatabaseDir &operator=(TranslatedDatabaseDir &&Other) noexcept;
  TranslatedDatabaseDir(const TranslatedDatabaseDir &) = delete;
  TranslatedDatabaseDir &operator=(const TranslatedDatabaseDir &) = delete;
  ~TranslatedDatabaseDir();

  /// The folder holding compile_commands.json; "" when none was written.
  const std::string &path() const { return Dir; }

private:
  std::string Dir;
  bool Kept = false;
};

/// Completes the clang command \p Arguments (argv, the compiler first) for
/// \p File, run in \p Directory, when it compiles CUDA: what the analysis
/// needs and the command lacks (completeCudaFlags), nvcc spellings
/// translated. False, and \p Arguments untouched, for an nvcc command, one
/// that does not compile CUDA, or one already complete.
bool completeClangCudaCommand(std::vector<std::string> &Arguments,
                              const std::string &File,
                              const std::string &Directory,
                              const ToolEnvironment &Env);

/// A translated copy of the compile_commands.json \p DatabaseFile, when it
/// holds nvcc commands; an empty path otherwise.
TranslatedDatabaseDir translateNvccDatabase(const std::string &DatabaseFile,
                                            const ToolEnvironment &Env);

/// translateNvccDatabase for gpumem-clangd: the translated database lives
/// in a cache folder of its own per source database
/// ($XDG_CACHE_HOME or ~/.cache, gpumem-tidy/clangd-db/<hash of its path>),
/// rewritten at each start and kept, with the background index clangd
/// writes next to it, for the next session; nothing is left in the
/// temporary folder. Falls back to translateNvccDatabase where there is no
/// cache folder.
TranslatedDatabaseDir translateNvccDatabaseForEditor(
    const std::string &DatabaseFile, const ToolEnvironment &Env);

/// Gives the CUDA commands of the database \p DatabaseFile (one gpumem-tidy
/// wrote: a translated copy) the precompiled toolkit headers of their
/// flags (PchCache.h), \p Before and \p After being what clang-tidy adds
/// to each, and the files of \p Analysed their preambles; the file is
/// rewritten in place. The commands given one.
unsigned usePrecompiledHeaders(const std::string &DatabaseFile,
                               const std::vector<std::string> &Before,
                               const std::vector<std::string> &After,
                               const std::vector<std::string> &Analysed,
                               const PchSettings &Settings, std::string &Why,
                               std::vector<std::string> *NoPreamble = nullptr);

/// A database of \p Entries in a temporary folder (removed with the
/// object); an empty path when it cannot be written.
TranslatedDatabaseDir
writeTemporaryDatabase(const std::vector<CompileEntry> &Entries);

/// Writes \p OutDir/compile_commands.json: the database \p DatabaseFile
/// with its nvcc commands translated and its clang CUDA commands completed
/// (every other entry as it is), for tools that read a database as it is:
/// clang-tidy --load, run-clang-tidy, stock clangd. Problems go to stderr;
/// false when nothing could be written.
bool writeClangDatabase(const std::string &DatabaseFile,
                        const std::string &OutDir, const ToolEnvironment &Env);

/// Points \p Line at a translated copy of the compilation database it
/// uses when that holds nvcc commands, and at a database found above the
/// first source file when clang-tidy would use it. \p Line is left alone
/// when a `--` gives the compile command. Problems go to stderr as
/// warnings.
TranslatedDatabaseDir useCompileDatabase(ToolCommandLine &Line,
                                         const ToolEnvironment &Env);

} // namespace gpumem::plugin

#endif
