//===- HeaderCommands.h - a header's command from its includer -*- C++ -*-===//
//
// A compile database names translation units, not headers. clang-tidy's
// fallback gives a header the command of the entry with the nearest name;
// when that is a .cpp file, a .cuh full of kernels is parsed as C++ header
// ("unknown type name '__global__'") and has no finding. clangd, once it
// has indexed the project, uses the command of a file that includes the
// header instead. This file does the same without an index: it reads the
// #include lines of the database's files (and of the project headers they
// include, through the command's -I and -iquote folders), and gives a
// header the command of a translation unit that reaches it, with that
// unit's language: a header a .cu file includes is CUDA.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_PLUGIN_HEADERCOMMANDS_H
#define GPUMEM_PLUGIN_HEADERCOMMANDS_H

#include "plugin/NvccFlags.h"

#include <string>
#include <vector>

namespace gpumem::plugin {

/// Entries for the files of \p Headers that \p Entries has none for: each
/// the command of an entry whose file includes the header, directly or
/// through project headers (those found through the command's own folders,
/// not its system ones), with the header in place of that file and, when
/// the entry compiles CUDA, CUDA as its language. Entries compiling CUDA
/// are preferred, then the database's order. A header no entry reaches
/// gets none (clang-tidy's fallback stays). \p Headers may be relative to
/// the current folder.
std::vector<CompileEntry>
includerEntries(const std::vector<CompileEntry> &Entries,
                const std::vector<std::string> &Headers);

/// Every project header the CUDA entries of \p Entries reach that has no
/// entry of its own, each with its includer's command (as above): for an
/// editor, which opens headers no command line names.
std::vector<CompileEntry>
headerEntriesOfCudaUnits(const std::vector<CompileEntry> &Entries);

} // namespace gpumem::plugin

#endif
