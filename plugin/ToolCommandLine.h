//===- ToolCommandLine.h - gpumem-tidy's command line, read once -*- C++ -*-===//
//
// The standalone tools take clang-tidy's (or clangd's) own command line,
// plus a few options of their own. It is read here once, in main, and every
// part that needs to know something of it (the CUDA defaults, the database
// translation, --show-compile-command, --verify-config) asks this object
// rather than scan the arguments again. An option takes one dash or two and
// its value joined by '=' or as the next argument, as LLVM's command-line
// library reads it; only the arguments before `--` are options.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_PLUGIN_TOOLCOMMANDLINE_H
#define GPUMEM_PLUGIN_TOOLCOMMANDLINE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace gpumem::plugin {

/// Where an option's value is: `-NAME V`, `--NAME V`, `-NAME=V` or
/// `--NAME=V`.
struct FlagValue {
  /// The argument that holds the value.
  std::size_t Index;
  /// `NAME=V`: the value shares its argument with the option.
  bool Joined;
  std::string Value;
};

/// The value of option \p Name in \p Args (before any `--`).
std::optional<FlagValue> findFlagValue(const std::vector<std::string> &Args,
                                       llvm::StringRef Name);
/// Gives the option found at \p Where the value \p NewValue, in the same
/// form.
void setFlagValue(std::vector<std::string> &Args, const FlagValue &Where,
                  const std::string &NewValue);

/// Whether a command-line argument names a C, C++ or CUDA source file.
bool isSourceFileArgument(const std::string &Arg);

/// A tool's command line (argv without argv[0]).
class ToolCommandLine {
public:
  explicit ToolCommandLine(std::vector<std::string> Argv);

  /// The arguments to hand on: the tool's own options
  /// (--show-compile-command, --translate-compile-database=) removed.
  const std::vector<std::string> &arguments() const { return Args; }

  /// --show-compile-command was given.
  bool showCompileCommand() const { return ShowCompileCommand; }
  /// --translate-compile-database=DIR: DIR ("" when given empty).
  const std::optional<std::string> &translateDatabaseTo() const {
    return TranslateTo;
  }
  /// --no-pch-cache was given.
  bool noPchCache() const { return NoPchCache; }
  /// --pch-cache-limit=SIZE, when given.
  const std::optional<std::string> &pchCacheLimit() const {
    return PchCacheLimit;
  }
  /// --clang-errors=POLICY: POLICY ("" when given empty).
  const std::optional<std::string> &clangErrors() const { return ClangErrors; }

  /// Whether `--` separates a compile command.
  bool hasSeparator() const { return Separator < Args.size(); }
  /// The arguments before `--` (all of them without one).
  llvm::ArrayRef<std::string> options() const {
    return llvm::ArrayRef(Args).take_front(Separator);
  }
  /// The compile command after `--`.
  llvm::ArrayRef<std::string> compilerFlags() const {
    return hasSeparator() ? llvm::ArrayRef(Args).drop_front(Separator + 1)
                          : llvm::ArrayRef<std::string>();
  }
  /// The source files named before `--`, in order.
  const std::vector<std::string> &sourceFiles() const { return Sources; }

  /// Option \p Name's value (-p, --config, --config-file, ...).
  std::optional<FlagValue> value(llvm::StringRef Name) const {
    return findFlagValue(Args, Name);
  }
  /// Whether option \p Name is given, with or without a value.
  bool given(llvm::StringRef Name) const;

  /// Gives -p the build folder \p Dir: in the form it was given, or as
  /// `-p DIR` appended.
  void setBuildPath(const std::string &Dir);
  /// Removes -p and its value.
  void removeBuildPath();

private:
  std::vector<std::string> Args;
  std::size_t Separator;
  std::vector<std::string> Sources;
  bool ShowCompileCommand = false;
  std::optional<std::string> TranslateTo;
  std::optional<std::string> ClangErrors;
  bool NoPchCache = false;
  std::optional<std::string> PchCacheLimit;
};

} // namespace gpumem::plugin

#endif
