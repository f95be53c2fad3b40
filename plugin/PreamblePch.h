//===- PreamblePch.h - a file's own leading includes parsed once -*- C++ -*-===//
//
// After the toolkit's headers (plugin/PchCache.h), what a CUDA file parses
// is mostly its own leading #includes: a project's helpers and the C++
// standard library they pull in (cuda-samples' helper_cuda.h: 1.2 to 4.7 G
// instructions per file). The preamble of a file is those leading
// directives, as clangd keeps it (`Lexer::ComputePreamble`): gpumem-tidy
// precompiles it, chained on the toolkit's PCH, and the file's parse loads
// it and skips those bytes (`-preamble-bytes`).
//
// A preamble PCH is the file's own: keyed by every flag, the file's path
// and the preamble's text; beside it the stamps of every header it read and
// of the toolkit PCH under it, checked before each use. It is made only
// from a preamble that precompiles with no diagnostic at all (a warning in
// a user header, a missing header: the file parses plainly, and says it
// as before); one that built with a warning is remembered (<key>.none,
// with the same stamps), so that it is not built again at every run.
// Files the cache has not used for the longest go first when it holds
// more than its limit.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_PLUGIN_PREAMBLEPCH_H
#define GPUMEM_PLUGIN_PREAMBLEPCH_H

#include "plugin/PchCache.h"

#include <optional>
#include <string>
#include <vector>

namespace gpumem::plugin {

/// The flags that have a parse load the precompiled preamble of \p File
/// (an absolute path), built when missing or stale, for command \p Flags
/// (without the file) chained on the toolkit's PCH \p ToolkitPch; \p
/// Spelled is the file as the command names it, when not \p File.
/// std::nullopt where the file keeps the toolkit's PCH alone, with \p Why
/// saying so for --show-compile-command ("the leading includes of F are
/// parsed with it (not precompiled: ...)").
std::optional<std::vector<std::string>>
precompiledPreambleFor(const std::vector<std::string> &Flags,
                       const std::string &ToolkitPch, const std::string &File,
                       const PchSettings &Settings, std::string &Why,
                       const std::string &Spelled = "");

} // namespace gpumem::plugin

#endif // GPUMEM_PLUGIN_PREAMBLEPCH_H
