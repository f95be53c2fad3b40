//===- PchFiles.h - the files of the precompiled-header cache --*- C++ -*-===//
//
// What the two kinds of precompiled headers of the cache (the toolkit's,
// plugin/PchCache.h, and a file's own leading includes,
// plugin/PreamblePch.h) share: their keys, the list of headers each was
// built from with their sizes and modification times, written beside it
// and checked before every use, and writes through a unique name and a
// rename, so that concurrent runs never read a torn file.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_PLUGIN_PCHFILES_H
#define GPUMEM_PLUGIN_PCHFILES_H

#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/FrontendActions.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace gpumem::plugin {

/// A key of \p Parts: Clang's and gpumem's versions, this program's
/// path and every part.
std::string cacheKey(const std::vector<std::string> &Parts);

/// The first argument of a build's command: this program's path, as
/// clang-tidy gives each file's (ClangTool sets it): the driver looks for
/// the GCC installation next to it, and a PCH keeps the header paths it
/// found (`/../lib/gcc/...` for a bare name), which its messages print.
std::string builderProgram();

/// The files of a make-style dependency list (`pch: a.h b.h \`), spaces
/// escaped with a backslash.
std::vector<std::string> dependencies(llvm::StringRef Text);

/// "size mtime path" of \p Path; empty when it cannot be read. The
/// modification time of a precompiled header the cache renamed into place
/// is joined by its inode: one rebuilt within the same second is another.
std::string stamp(const std::string &Path);

/// True when every file \p DepsPath lists is as it was, and its PCH has
/// the size and checksum written there.
bool stillFresh(const std::string &DepsPath);

/// Writes \p Text to \p Path through a unique name and a rename.
bool writeAtomically(const std::string &Path, llvm::StringRef Text);

/// The stamps of the files of dependency list \p Listed, one per line,
/// leaving out \p Except (a file the key already holds).
std::string stampsOf(llvm::StringRef Listed, llvm::StringRef Except = "");

/// Held while one run builds the PCH at \p Base (its path without the
/// extension): a run that finds no fresh PCH waits here for another that
/// is building the same, then looks again, so concurrent runs build it
/// once and never replace one that a PCH chained on it names (Clang
/// refuses a chained PCH whose base changed on disk). A lock not had
/// within two minutes, or held by a run that is stopped, is not waited
/// for, and not taken: that run parses without the PCH.
class BuildLock {
public:
  explicit BuildLock(const std::string &Base);
  ~BuildLock();
  BuildLock(const BuildLock &) = delete;
  BuildLock &operator=(const BuildLock &) = delete;
  bool held() const { return Held; }
  /// Why it is not held.
  std::string whyNot() const;

private:
  int FD = -1;
  bool Held = false;
  long HolderStopped = 0;
};

/// A PCH built beside its final place: the temporary file, the list of
/// files its build read (a make-style dependency list), its size and
/// whether the build had warnings or errors of its own.
struct BuiltPch {
  std::string TempPch;
  std::string Listed;
  uint64_t Size = 0;
  bool HadDiagnostics = false;
};

/// Why a build gave no PCH.
enum class PchFailure { CannotWrite, DoesNotBuild, HasDiagnostics };
struct BuildFailure {
  PchFailure What = PchFailure::DoesNotBuild;
  /// Clang's first error, when there was one.
  std::string FirstError;
  /// The files the build read before it stopped (a make-style list),
  /// when Clang wrote them.
  std::string Listed;
  /// " (Clang: <first error>)", or nothing.
  std::string detail() const {
    return FirstError.empty() ? "" : " (Clang: " + FirstError + ")";
  }
};

/// Builds a PCH for \p Pch: \p MakeAction (given the temporary path to
/// write) run on \p Source with \p Flags, as this program, in a process
/// of its own (a crash or a failed write ends the build, not the run),
/// its diagnostics counted and shown nowhere. Nothing is left behind on
/// failure, and \p Failure says which.
std::optional<BuiltPch> buildPch(
    const std::vector<std::string> &Flags, const std::string &Source,
    const std::string &Pch,
    llvm::function_ref<std::unique_ptr<clang::FrontendAction>(std::string)>
        MakeAction,
    BuildFailure &Failure);

/// Removes a PCH built but not installed.
void discardPch(const BuiltPch &Built);

/// Puts \p Built in place as \p Pch, its stamps \p Stamps first (a .pch
/// is never seen without its .deps), with its size and checksum, which
/// every use checks; false, with nothing left, otherwise.
bool installPch(const BuiltPch &Built, const std::string &Pch,
                const std::string &Stamps);

/// A precompiled header written to a path of the action's choosing.
class WritePch : public clang::GeneratePCHAction {
public:
  explicit WritePch(std::string Path) : Path(std::move(Path)) {}

protected:
  bool BeginInvocation(clang::CompilerInstance &CI) override;

private:
  std::string Path;
};

} // namespace gpumem::plugin

#endif // GPUMEM_PLUGIN_PCHFILES_H
