//===- PchCommandLine.h - the precompiled headers a run loads --*- C++ -*-===//
//
// gpumem-tidy's command line given the precompiled headers of the cache
// (plugin/PchCache.h for the toolkit's, plugin/PreamblePch.h for each
// file's leading includes), on every path where it completes the CUDA
// flags: a `--` command (zero-config, `--`, --extra-arg) and a database it
// translated or completed.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_PLUGIN_PCHCOMMANDLINE_H
#define GPUMEM_PLUGIN_PCHCOMMANDLINE_H

#include "plugin/CompileDatabase.h"
#include "plugin/PchCache.h"
#include "plugin/ToolCommandLine.h"

#include <string>
#include <vector>

namespace gpumem::plugin {

/// With a CUDA compile command after `--` in \p Full (clang-tidy's
/// arguments), what the flags force-include is precompiled once and each
/// file loads it: `-Xclang -include-pch -Xclang PCH` go after the
/// command's. Where a file's own leading includes precompile too, each
/// file needs flags of its own: the command becomes a database of one
/// entry per file, in \p Written, and `--` its folder. With \p
/// TranslatedDatabase (one gpumem-tidy wrote), its CUDA commands get them.
/// Nothing changes when the cache cannot be had; \p Why says why, and \p
/// NoPreamble why a file's leading includes are not precompiled.
void usePrecompiledHeader(std::vector<std::string> &Full,
                          const ToolCommandLine &Line,
                          const std::string &TranslatedDatabase,
                          const PchSettings &Settings,
                          TranslatedDatabaseDir &Written, std::string &Why,
                          std::vector<std::string> &NoPreamble);

} // namespace gpumem::plugin

#endif // GPUMEM_PLUGIN_PCHCOMMANDLINE_H
