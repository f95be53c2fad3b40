//===- ConfigVerification.h - gpumem's option values in --verify-config -*- C++ -*-===//
//
// clang-tidy's --verify-config checks the names of checks and options, not
// their values: `GpuPreset: h300` passed it. gpumem-tidy adds the values
// of gpumem's options, judged by the same table the checks use
// (gpumemOptionProblem), for the configuration clang-tidy would read:
// --config, --config-file, or the .clang-tidy files above the first source
// file (or the current folder).
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_PLUGIN_CONFIGVERIFICATION_H
#define GPUMEM_PLUGIN_CONFIGVERIFICATION_H

#include "plugin/ToolCommandLine.h"

#include "llvm/Support/raw_ostream.h"

namespace gpumem::plugin {

/// Prints each gpumem option of the configuration \p Line selects whose
/// value is invalid, as clang-tidy prints --verify-config findings, and
/// returns how many there were.
unsigned verifyGpumemOptionValues(const ToolCommandLine &Line,
                                  llvm::raw_ostream &OS);

} // namespace gpumem::plugin

#endif
