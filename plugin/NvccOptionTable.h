//===- NvccOptionTable.h - what becomes of each nvcc option ------*- C++ -*-===//
//
// The table names each option nvcc 13 documents (`nvcc --help`), its long
// and short spellings, whether it takes a value, and what the translation
// to Clang makes of it. NvccFlags.cpp reads it.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_PLUGIN_NVCCOPTIONTABLE_H
#define GPUMEM_PLUGIN_NVCCOPTIONTABLE_H

#include <string>

namespace gpumem::plugin {

enum class OptionKind {
  Drop,          ///< nvcc-only; dropped with its value
  Flag,          ///< becomes Clang (no value)
  Joined,        ///< Clang + value, one argument (-DX, -std=c++17)
  Separate,      ///< Clang, value: two arguments (-o file)
  CommaJoined,   ///< Joined for each comma-separated part (-I)
  CommaSeparate, ///< Separate for each comma-separated part (-isystem)
  GpuArch,       ///< -arch sm_80 / compute_80
  GenerateCode,  ///< -gencode arch=compute_80,code=[compute_80,sm_80]
  Language,      ///< -x cu|c++|c
  HostOptions,   ///< -Xcompiler a,b: only the preprocessor options survive
  OptionsFile,   ///< --options-file f,...: read and translated in place
  Relocatable,   ///< -rdc true|false, -dc: clang's -fgpu-rdc
  WerrorKinds,   ///< nvcc's -Werror takes a list of nvcc warning kinds
};

struct NvccOption {
  const char *Long;  ///< without dashes; "" when there is none
  const char *Short; ///< without the dash; "" when there is none
  bool TakesValue;
  OptionKind Kind;
  const char *Clang = ""; ///< the Clang spelling for Flag, Joined, ...
};

/// The option spelled \p Name (long or short, without dashes); null when
/// nvcc has none.
const NvccOption *findOption(const std::string &Name);

/// The short option \p Letter when nvcc also takes its value joined
/// (-I/usr/include); null otherwise.
const NvccOption *findJoinedShortOption(char Letter);

} // namespace gpumem::plugin

#endif // GPUMEM_PLUGIN_NVCCOPTIONTABLE_H
