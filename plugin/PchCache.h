//===- PchCache.h - the toolkit's headers parsed once ----------*- C++ -*-===//
//
// A CUDA file is parsed after what the CUDA flags force-include: Clang's
// CUDA wrapper (which includes the toolkit's runtime headers) and
// gpumem's compatibility header, or the bundled shim. That is nearly all
// of the parse (cuda-samples' transpose.cu: 6.7 G instructions), and it is
// the same for every file of a run. gpumem-tidy precompiles it once per
// configuration (a precompiled header of an empty CUDA file with the
// run's exact flags) and has each file load it (`-include-pch`).
//
// The cache folder holds <key>.pch and <key>.deps: the key hashes Clang's
// and gpumem's versions and every flag of the command; the .deps holds the
// PCH's size and checksum and lists each header it was built from with its
// size and modification time, checked before every use (a damaged PCH, a
// toolkit reinstalled at the same path, an edited header: rebuilt). The
// cache is only an optimisation: a build runs in a process of its own,
// and any failure leaves the file to a plain parse
// (plugin/PchCacheFolder.h bounds the folder and keeps runs apart). A PCH is written under a unique name and
// renamed into place, so concurrent runs (run-clang-tidy -j N) never read
// a torn file; two that build the same key at once each rename a
// complete one. Only what the flags force-include is precompiled: a
// file's own macros come after it and cannot change it.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_PLUGIN_PCHCACHE_H
#define GPUMEM_PLUGIN_PCHCACHE_H

#include "plugin/NvccFlags.h"
#include "plugin/PchCacheFolder.h"

#include <optional>
#include <string>
#include <vector>

namespace gpumem::plugin {

/// Where the cache lives and whether it is used: GPUMEM_PCH_CACHE names
/// the folder (off, 0, no or false: not used; a relative path is taken
/// from the working folder), else $XDG_CACHE_HOME/gpumem-tidy/pch, else
/// ~/.cache/gpumem-tidy/pch; and how large it may grow
/// (plugin/PchCacheFolder.h).
struct PchSettings {
  bool Enabled = true;
  std::string Folder;
  CacheLimits Limits;
  /// Why it is not used, when it is not.
  std::string Why;
};
PchSettings pchSettings(bool DisabledByFlag,
                        const std::optional<std::string> &Limit = std::nullopt);

/// The user's cache folder with \p Sub under it: $XDG_CACHE_HOME/Sub,
/// else ~/.cache/Sub; none without either variable.
std::optional<std::string> userCacheFolder(const std::string &Sub);

/// The precompiled header for a CUDA compile command \p Flags (the
/// command without its source file), built when missing or stale;
/// std::nullopt, with the reason in \p Why, when it cannot be had.
std::optional<std::string> precompiledHeaderFor(
    const std::vector<std::string> &Flags, const PchSettings &Settings,
    std::string &Why);

/// True when \p Entry compiles CUDA as a complete clang command does
/// (`-x cuda`, --cuda-device-only): one a PCH of its flags can serve.
bool compilesCuda(const CompileEntry &Entry);

/// Adds `-Xclang -include-pch -Xclang PCH` to the CUDA commands of a
/// compile database: commands whose flags (in their folder, with \p
/// Before and \p After around them: --extra-arg-before's and
/// --extra-arg's) another command shares get the PCH of those flags; a
/// command alone with its flags keeps a plain parse (building a PCH for one
/// file would cost more than it saves). The commands of \p Analysed (the
/// files of the run, absolute) load their own precompiled preamble
/// (plugin/PreamblePch.h) where it can be had; \p NoPreamble gets a line
/// saying why for each that does not. Returns the commands given one.
unsigned addPrecompiledHeaders(std::vector<CompileEntry> &Entries,
                               const std::vector<std::string> &Before,
                               const std::vector<std::string> &After,
                               const std::vector<std::string> &Analysed,
                               const PchSettings &Settings, std::string &Why,
                               std::vector<std::string> *NoPreamble = nullptr);

} // namespace gpumem::plugin

#endif // GPUMEM_PLUGIN_PCHCACHE_H
