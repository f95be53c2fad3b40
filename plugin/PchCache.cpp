//===- PchCache.cpp - the toolkit's headers parsed once -------------------===//
#include "plugin/PchCache.h"
#include "plugin/PchFiles.h"
#include "plugin/PreamblePch.h"

#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <cstdlib>
#include <cstring>
#include <map>

namespace gpumem::plugin {

namespace {

bool isOff(llvm::StringRef Value) {
  std::string V = Value.trim().lower();
  return V == "off" || V == "0" || V == "no" || V == "false";
}

} // namespace

std::optional<std::string> userCacheFolder(const std::string &Sub) {
  llvm::SmallString<256> Folder;
  if (const char *Xdg = std::getenv("XDG_CACHE_HOME"); Xdg && *Xdg)
    Folder = Xdg;
  else if (const char *Home = std::getenv("HOME"); Home && *Home)
    llvm::sys::path::append(Folder, Home, ".cache");
  else
    return std::nullopt;
  llvm::sys::path::append(Folder, Sub);
  return std::string(Folder);
}

PchSettings pchSettings(bool DisabledByFlag,
                        const std::optional<std::string> &Limit) {
  PchSettings S;
  S.Limits = cacheLimits(Limit);
  if (DisabledByFlag) {
    S.Enabled = false;
    S.Why = "--no-pch-cache";
    return S;
  }
  llvm::SmallString<256> Folder;
  if (const char *Given = std::getenv("GPUMEM_PCH_CACHE")) {
    if (isOff(Given)) {
      S.Enabled = false;
      S.Why = "GPUMEM_PCH_CACHE=" + std::string(Given);
      return S;
    }
    Folder = Given;
  } else if (std::optional<std::string> Cache =
                 userCacheFolder("gpumem-tidy/pch")) {
    Folder = *Cache;
  } else {
    S.Enabled = false;
    S.Why = "no cache folder (set GPUMEM_PCH_CACHE, XDG_CACHE_HOME or HOME)";
    return S;
  }
  // Absolute: the commands that load its PCHs run in their own folders.
  llvm::sys::fs::make_absolute(Folder);
  llvm::sys::path::remove_dots(Folder, /*remove_dot_dot=*/true);
  S.Folder = std::string(Folder);
  return S;
}

std::optional<std::string>
precompiledHeaderFor(const std::vector<std::string> &Flags,
                     const PchSettings &Settings, std::string &Why) {
  if (!Settings.Enabled) {
    Why = Settings.Why;
    return std::nullopt;
  }
  if (std::error_code EC = llvm::sys::fs::create_directories(Settings.Folder)) {
    Why = "cannot create " + Settings.Folder + ": " + EC.message();
    return std::nullopt;
  }
  const std::string Key = cacheKey(Flags);
  llvm::SmallString<256> Base(Settings.Folder);
  llvm::sys::path::append(Base, Key);
  const std::string Pch = (Base + ".pch").str();
  const std::string Deps = (Base + ".deps").str();
  CacheFolder Cache(Settings.Folder);
  Cache.sweep();
  // The .deps is renamed into place before the .pch: a .pch with no .deps
  // is never seen. Pinned first: no run evicts it while this one lives.
  auto Fresh = [&] { return Cache.pin(std::string(Base)) && stillFresh(Deps); };
  if (Fresh())
    return Pch;
  const BuildLock Lock{std::string(Base)};
  if (Fresh())
    return Pch; // built by the run that held the lock
  if (!Lock.held()) {
    Why = Lock.whyNot();
    return std::nullopt;
  }

  // The source precompiled: an empty CUDA file of the cache's own, which
  // never changes once written.
  llvm::SmallString<256> Empty(Settings.Folder);
  llvm::sys::path::append(Empty, "empty.cu");
  if (!llvm::sys::fs::exists(Empty) && !writeAtomically(std::string(Empty), "")) {
    Why = "cannot write " + std::string(Empty);
    return std::nullopt;
  }
  std::vector<std::string> Quiet = Flags;
  Quiet.push_back("-w");
  BuildFailure Failure;
  std::optional<BuiltPch> Built = buildPch(
      Quiet, std::string(Empty), Pch,
      [](std::string Temp) { return std::make_unique<WritePch>(Temp); },
      Failure);
  if (!Built) {
    Why = (Failure.What == PchFailure::CannotWrite
               ? "cannot write in " + Settings.Folder
               : "the toolkit's headers do not precompile with these flags") +
          Failure.detail();
    return std::nullopt;
  }
  const std::string Stamps = stampsOf(Built->Listed);
  const CacheFolder::Admission Kept =
      Cache.keep(Built->Size, /*Preamble=*/false, Settings.Limits,
                 [&] { return installPch(*Built, Pch, Stamps); });
  if (Kept != CacheFolder::Admission::Kept) {
    if (Kept != CacheFolder::Admission::NotWritten)
      discardPch(*Built);
    Why = notKeptReason(Kept, Built->Size, Settings.Limits.Total,
                        Settings.Folder);
    return std::nullopt;
  }
  return Pch;
}

namespace {

/// The flags of a database command that shape its parse: the command
/// without the compiler, its source file, its output and its dependency
/// file, run in its folder; empty when it does not compile CUDA.
std::vector<std::string> parseFlags(const CompileEntry &E) {
  std::vector<std::string> Out;
  bool Cuda = false;
  const std::vector<std::string> &A = E.Arguments;
  for (std::size_t I = 1; I < A.size(); ++I) {
    llvm::StringRef F = A[I];
    if (F == "-o" || F == "-MF" || F == "-MT" || F == "-MQ") {
      ++I;
      continue;
    }
    if (F == "-c" || F == "-MD" || F == "-MMD" || F == "-fsyntax-only" ||
        F.starts_with("-o") || F == E.File ||
        (!F.starts_with("-") && llvm::sys::path::filename(F) ==
                                    llvm::sys::path::filename(E.File)))
      continue;
    Cuda |= F == "-xcuda" || F == "--cuda-device-only" ||
            (F == "cuda" && I > 0 && A[I - 1] == "-x");
    Out.push_back(F.str());
  }
  if (!Cuda)
    return {};
  Out.insert(Out.begin(), "-working-directory=" + E.Directory);
  return Out;
}

} // namespace

bool compilesCuda(const CompileEntry &Entry) {
  return !parseFlags(Entry).empty();
}

namespace {

/// The source file as \p E's command names it (a relative path is taken
/// from its folder); its absolute path where none matches.
std::string spelledFile(const CompileEntry &E) {
  const llvm::StringRef Name = llvm::sys::path::filename(E.File);
  for (std::size_t I = 1; I < E.Arguments.size(); ++I) {
    llvm::StringRef A = E.Arguments[I];
    if (!A.starts_with("-") && llvm::sys::path::filename(A) == Name)
      return A.str();
  }
  return E.File;
}

/// \p Flags without the user's include folders (-I, -iquote) and the
/// working folder: what the force-included headers can depend on (the
/// toolkit, the arch, the macros, the standard, -isystem). std::nullopt
/// where a flag left names a relative path, which the folder resolves.
/// The folders go to \p Folders, resolved against the working folder.
std::optional<std::vector<std::string>>
withoutUserFolders(const std::vector<std::string> &Flags,
                   std::vector<std::string> &Folders) {
  std::vector<std::string> Out;
  std::string Directory;
  for (const std::string &F : Flags)
    if (llvm::StringRef(F).starts_with("-working-directory="))
      Directory = F.substr(std::strlen("-working-directory="));
  auto Resolve = [&](llvm::StringRef Path) {
    llvm::SmallString<256> Full(Path);
    if (!llvm::sys::path::is_absolute(Full) && !Directory.empty())
      llvm::sys::path::make_absolute(Directory, Full);
    llvm::sys::path::remove_dots(Full, /*remove_dot_dot=*/true);
    return std::string(Full);
  };
  for (std::size_t I = 0; I < Flags.size(); ++I) {
    llvm::StringRef F = Flags[I];
    if (F.starts_with("-working-directory="))
      continue;
    for (llvm::StringRef Prefix : {"-I", "-iquote"}) {
      if (F == Prefix && I + 1 < Flags.size()) {
        Folders.push_back(Resolve(Flags[++I]));
        F = "";
        break;
      }
      if (F.starts_with(Prefix) && F.size() > Prefix.size()) {
        Folders.push_back(Resolve(F.drop_front(Prefix.size())));
        F = "";
        break;
      }
    }
    if (F.empty())
      continue;
    // A path the working folder resolves: the flags stay as they were.
    llvm::StringRef Value = F.starts_with("-") ? F.split('=').second : F;
    if (!Value.empty() && Value.contains('/') &&
        !llvm::sys::path::is_absolute(Value))
      return std::nullopt;
    Out.push_back(F.str());
  }
  return Out;
}

/// The names the headers of PCH \p Pch (its .deps) could be included by:
/// each path's last one, two and three components (`cuda_runtime.h`,
/// `thrust/complex.h`), with the path itself.
std::map<std::string, std::string> includeNamesOf(const std::string &Pch) {
  std::map<std::string, std::string> Names;
  auto Text = llvm::MemoryBuffer::getFile(
      Pch.substr(0, Pch.size() - std::strlen(".pch")) + ".deps");
  if (!Text)
    return Names;
  llvm::SmallVector<llvm::StringRef, 256> Lines;
  (*Text)->getBuffer().split(Lines, '\n', -1, false);
  for (llvm::StringRef Line : Lines) {
    llvm::StringRef Path = Line.split(' ').second.split(' ').second;
    llvm::SmallVector<llvm::StringRef, 8> Parts(
        llvm::sys::path::begin(Path), llvm::sys::path::end(Path));
    std::string Name;
    for (std::size_t K = 0; K < 3 && K < Parts.size(); ++K) {
      Name = K ? (Parts[Parts.size() - 1 - K] + "/" + Name).str()
               : Parts.back().str();
      Names.emplace(Name, Path.str());
    }
  }
  return Names;
}

/// True when folder \p Folder holds a file another header of \p Names
/// would be found as, within three levels (a project's own
/// `cuda_runtime.h` stub): a file including \p Folder would not see the
/// PCH's header there. Also true for a folder too large to look through.
bool shadows(const std::string &Folder,
             const std::map<std::string, std::string> &Names) {
  unsigned Seen = 0;
  std::error_code EC;
  for (llvm::sys::fs::recursive_directory_iterator It(Folder, EC), End;
       It != End && !EC; It.increment(EC)) {
    if (++Seen > 4000)
      return true;
    if (It.level() >= 3) {
      It.no_push();
      continue;
    }
    llvm::StringRef Path = It->path();
    llvm::StringRef Relative = Path.drop_front(
        std::min(Path.size(), Folder.size() + 1));
    auto Found = Names.find(Relative.str());
    if (Found == Names.end())
      continue;
    llvm::SmallString<256> Mine, Theirs;
    if (llvm::sys::fs::real_path(Path, Mine) ||
        llvm::sys::fs::real_path(Found->second, Theirs) || Mine != Theirs)
      return true;
  }
  return false;
}

} // namespace

unsigned addPrecompiledHeaders(std::vector<CompileEntry> &Entries,
                               const std::vector<std::string> &Before,
                               const std::vector<std::string> &After,
                               const std::vector<std::string> &Analysed,
                               const PchSettings &Settings, std::string &Why,
                               std::vector<std::string> *NoPreamble) {
  // Commands group by what can change the force-included headers: a
  // project's files differ in their include folders (a CMake target's
  // own), which those headers do not read, unless a folder shadows one of
  // them; such a command parses plainly.
  std::map<std::vector<std::string>, std::vector<std::size_t>> Groups;
  std::vector<std::vector<std::string>> Folders(Entries.size());
  for (std::size_t I = 0; I < Entries.size(); ++I) {
    std::vector<std::string> Flags = parseFlags(Entries[I]);
    if (Flags.empty())
      continue;
    std::vector<std::string> Command = Before;
    Command.insert(Command.end(), Flags.begin(), Flags.end());
    Command.insert(Command.end(), After.begin(), After.end());
    if (std::optional<std::vector<std::string>> Shared =
            withoutUserFolders(Command, Folders[I]))
      Command = std::move(*Shared);
    else
      Folders[I].clear();
    Groups[std::move(Command)].push_back(I);
  }
  unsigned Given = 0;
  std::map<std::string, bool> Shadowing;
  for (const auto &[Command, Members] : Groups) {
    if (Members.size() < 2)
      continue;
    std::optional<std::string> Pch =
        precompiledHeaderFor(Command, Settings, Why);
    if (!Pch)
      continue;
    const std::map<std::string, std::string> Names = includeNamesOf(*Pch);
    for (std::size_t I : Members) {
      if (llvm::any_of(Folders[I], [&](const std::string &Folder) {
            auto [It, New] = Shadowing.try_emplace(*Pch + '\0' + Folder);
            if (New)
              It->second = shadows(Folder, Names);
            return It->second;
          }))
        continue;
      std::vector<std::string> &A = Entries[I].Arguments;
      // Before the source file, which a database command names last or
      // with its output after it: at the end of the flags is as good.
      std::vector<std::string> Load = {"-Xclang", "-include-pch", "-Xclang",
                                       *Pch};
      // The file's own leading includes, chained on it, where they
      // precompile (the command as clang-tidy makes it), for the files the
      // run analyses.
      llvm::SmallString<256> File(Entries[I].File);
      llvm::sys::path::make_absolute(Entries[I].Directory, File);
      llvm::sys::path::remove_dots(File, /*remove_dot_dot=*/true);
      if (!llvm::is_contained(Analysed, File)) {
        llvm::append_range(A, Load);
        ++Given;
        continue;
      }
      std::vector<std::string> Full = Before;
      llvm::append_range(Full, parseFlags(Entries[I]));
      llvm::append_range(Full, After);
      std::string WhyNot;
      if (std::optional<std::vector<std::string>> Preamble =
              precompiledPreambleFor(Full, *Pch, std::string(File), Settings,
                                     WhyNot, spelledFile(Entries[I])))
        Load = *Preamble;
      else if (NoPreamble)
        NoPreamble->push_back(WhyNot);
      llvm::append_range(A, Load);
      ++Given;
    }
  }
  return Given;
}

} // namespace gpumem::plugin
