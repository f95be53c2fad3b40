//===- PchCacheFolder.cpp - the PCH cache's size and its runs -------------===//
#include "plugin/PchCacheFolder.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <map>
#include <set>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace gpumem::plugin {

namespace fs = llvm::sys::fs;

std::optional<uint64_t> parseCacheSize(llvm::StringRef Text) {
  Text = Text.trim();
  if (Text.equals_insensitive("off"))
    return 0;
  unsigned Shift = 0;
  switch (Text.empty() ? '\0' : Text.back()) {
  case 'K': case 'k': Shift = 10; break;
  case 'M': case 'm': Shift = 20; break;
  case 'G': case 'g': Shift = 30; break;
  default: break;
  }
  if (Shift)
    Text = Text.drop_back();
  uint64_t Number;
  if (Text.empty() || Text.getAsInteger(10, Number) ||
      Number > (UINT64_MAX >> 30))
    return std::nullopt;
  return Number << Shift;
}

CacheLimits cacheLimits(const std::optional<std::string> &Given) {
  CacheLimits L;
  auto Read = [](const char *Variable) -> std::optional<uint64_t> {
    const char *Value = std::getenv(Variable);
    if (!Value || !*Value)
      return std::nullopt;
    return parseCacheSize(Value);
  };
  std::optional<uint64_t> Total =
      Given ? parseCacheSize(*Given) : Read("GPUMEM_PCH_CACHE_LIMIT");
  if (Total)
    L.Total = *Total;
  L.Preambles = std::min(L.Total, Read("GPUMEM_PCH_PREAMBLE_LIMIT").value_or(
                                      L.Total));
  return L;
}

/// Why an entry of \p Bytes is not kept within \p Limit.
static std::string cacheFullReason(uint64_t Bytes, uint64_t Limit) {
  auto Megabytes = [](uint64_t B) {
    if (B < 1024)
      return std::to_string(B) + (B == 1 ? " byte" : " bytes");
    if (B < (uint64_t(10) << 20))
      return std::to_string((B + 1023) >> 10) + " KB";
    return std::to_string((B + (uint64_t(1) << 20) - 1) >> 20) + " MB";
  };
  return "the cache is full: a PCH of " + Megabytes(Bytes) +
         " does not fit in its limit of " + Megabytes(Limit) +
         " beside those runs are using (GPUMEM_PCH_CACHE_LIMIT, "
         "--pch-cache-limit)";
}

std::string temporaryTag() {
  return "." + std::to_string(::getpid()) + ".";
}

namespace {

/// True while process \p Pid exists.
bool alive(long Pid) {
  return Pid > 0 && (::kill(static_cast<pid_t>(Pid), 0) == 0 || errno == EPERM);
}

/// The pid a temporary file's name carries (`<key>.pch.<pid>.XXXXXXXX.tmp`,
/// and Clang's own beside it, `<key>.pch.<pid>.XXXXXXXX-YYYYYYYY.tmp.tmp`);
/// std::nullopt for another name. The key, hexadecimal, is never taken
/// for it.
std::optional<long> temporaryOwner(llvm::StringRef Name) {
  if (!Name.ends_with(".tmp") && !Name.ends_with(".mk"))
    return std::nullopt;
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  Name.split(Parts, '.');
  for (std::size_t I = 1; I + 1 < Parts.size(); ++I) {
    long Value;
    if (!Parts[I].getAsInteger(10, Value))
      return Value;
  }
  return std::nullopt;
}

/// The cache-wide lock, held while entries are pinned or evicted: a pin
/// and an eviction never interleave. Not had within ten seconds, the
/// caller goes on without it (a pin is then only a pin; no eviction).
class FolderLock {
public:
  explicit FolderLock(const std::string &Root) {
    llvm::SmallString<256> Path(Root);
    llvm::sys::path::append(Path, "cache.lock");
    if (fs::openFileForReadWrite(Path, FD, fs::CD_OpenAlways, fs::OF_None)) {
      FD = -1;
      return;
    }
    Held = !fs::tryLockFile(FD, std::chrono::seconds(10));
  }
  ~FolderLock() {
    if (Held)
      fs::unlockFile(FD);
    if (FD != -1)
      llvm::sys::Process::SafelyCloseFileDescriptor(FD);
  }
  FolderLock(const FolderLock &) = delete;
  FolderLock &operator=(const FolderLock &) = delete;
  bool held() const { return Held; }

private:
  int FD = -1;
  bool Held = false;
};

/// This run's pins, by cache folder, and the files that hold them; the
/// files are removed when the run ends (or by the next run's sweep, after
/// a kill).
struct Pins {
  std::map<std::string, std::set<std::string>> Bases;
  std::set<std::string> Files;
  std::set<std::string> Swept;
  ~Pins() {
    for (const std::string &F : Files)
      fs::remove(F);
  }
};
Pins &pins() {
  static Pins P;
  return P;
}

std::string pinFolder(const std::string &Root) {
  llvm::SmallString<256> Path(Root);
  llvm::sys::path::append(Path, "pins");
  return std::string(Path);
}

/// Every base a live run (this one included) has pinned in \p Root.
std::set<std::string> pinnedBases(const std::string &Root) {
  std::set<std::string> Pinned = pins().Bases[Root];
  std::error_code EC;
  for (fs::directory_iterator It(pinFolder(Root), EC), End; It != End && !EC;
       It.increment(EC)) {
    long Pid;
    if (llvm::sys::path::filename(It->path()).getAsInteger(10, Pid) ||
        !alive(Pid))
      continue;
    auto Text = llvm::MemoryBuffer::getFile(It->path());
    if (!Text)
      continue;
    llvm::SmallVector<llvm::StringRef, 64> Lines;
    (*Text)->getBuffer().split(Lines, '\n', -1, false);
    for (llvm::StringRef Line : Lines)
      Pinned.insert(Line.str());
  }
  return Pinned;
}

/// Marks \p Path, when it exists, as used now.
void touch(const std::string &Path) {
  ::utimensat(AT_FDCWD, Path.c_str(), nullptr, 0);
}

/// One PCH of the cache: its path without extension, size, last use and
/// whether it is a preamble.
struct Entry {
  std::string Base;
  uint64_t Size;
  llvm::sys::TimePoint<> Used;
  bool Preamble;
};

void collectEntries(const std::string &Folder, bool Preamble,
                    std::vector<Entry> &Out) {
  std::error_code EC;
  for (fs::directory_iterator It(Folder, EC), End; It != End && !EC;
       It.increment(EC)) {
    llvm::StringRef Path = It->path();
    if (!Path.ends_with(".pch"))
      continue;
    const std::string Base = Path.drop_back(4).str();
    fs::file_status Pch, Deps;
    if (fs::status(Path, Pch))
      continue;
    const bool HasDeps = !fs::status(Base + ".deps", Deps);
    Out.push_back({Base, Pch.getSize(),
                   HasDeps ? Deps.getLastModificationTime()
                           : Pch.getLastModificationTime(),
                   Preamble});
  }
}

} // namespace

CacheFolder::CacheFolder(std::string Root) : Root(std::move(Root)) {}

void CacheFolder::sweep() {
  if (!pins().Swept.insert(Root).second)
    return;
  llvm::SmallString<256> Preambles(Root);
  llvm::sys::path::append(Preambles, "preambles");
  const auto Now = std::chrono::system_clock::now();
  for (const std::string &Folder : {Root, std::string(Preambles)}) {
    std::error_code EC;
    for (fs::directory_iterator It(Folder, EC), End; It != End && !EC;
         It.increment(EC)) {
      llvm::StringRef Name = llvm::sys::path::filename(It->path());
      if (std::optional<long> Owner = temporaryOwner(Name)) {
        if (!alive(*Owner))
          fs::remove(It->path());
        continue;
      }
      // A temporary file of a version that did not name its run: removed
      // once it is a day old.
      fs::file_status Status;
      if ((Name.ends_with(".tmp") || Name.ends_with(".mk")) &&
          !fs::status(It->path(), Status) &&
          Now - Status.getLastModificationTime() > std::chrono::hours(24))
        fs::remove(It->path());
    }
  }
  std::error_code EC;
  for (fs::directory_iterator It(pinFolder(Root), EC), End; It != End && !EC;
       It.increment(EC)) {
    long Pid;
    if (!llvm::sys::path::filename(It->path()).getAsInteger(10, Pid) &&
        !alive(Pid))
      fs::remove(It->path());
  }
}

bool CacheFolder::pin(const std::string &Base) {
  const FolderLock Lock(Root);
  std::set<std::string> &Mine = pins().Bases[Root];
  if (Mine.insert(Base).second) {
    const std::string Folder = pinFolder(Root);
    llvm::SmallString<256> File(Folder);
    llvm::sys::path::append(File, std::to_string(::getpid()));
    std::string Text;
    for (const std::string &B : Mine)
      Text += B + "\n";
    if (!fs::create_directories(Folder)) {
      std::string Temp = std::string(File) + ".new";
      std::error_code EC;
      {
        llvm::raw_fd_ostream OS(Temp, EC);
        if (!EC)
          OS << Text;
      }
      if (!EC && !fs::rename(Temp, File) &&
          pins().Files.insert(std::string(File)).second)
        llvm::sys::RemoveFileOnSignal(File);
    }
  }
  touch(Base + ".deps");
  return fs::exists(Base + ".pch");
}

CacheFolder::Admission CacheFolder::keep(uint64_t Bytes, bool Preamble,
                                         const CacheLimits &Limits,
                                         llvm::function_ref<bool()> Install) {
  if (Bytes > Limits.Total || (Preamble && Bytes > Limits.Preambles))
    return Admission::NoRoom;
  const FolderLock Lock(Root);
  if (!Lock.held())
    return Admission::Busy; // another run may be pinning what would go
  std::vector<Entry> Entries;
  collectEntries(Root, /*Preamble=*/false, Entries);
  llvm::SmallString<256> Preambles(Root);
  llvm::sys::path::append(Preambles, "preambles");
  collectEntries(std::string(Preambles), /*Preamble=*/true, Entries);
  uint64_t Total = 0, PreambleTotal = 0;
  for (const Entry &E : Entries) {
    Total += E.Size;
    PreambleTotal += E.Preamble ? E.Size : 0;
  }
  auto OverTotal = [&] { return Total + Bytes > Limits.Total; };
  auto OverPreambles = [&] {
    return Preamble && PreambleTotal + Bytes > Limits.Preambles;
  };
  if (!OverTotal() && !OverPreambles())
    return Install() ? Admission::Kept : Admission::NotWritten;
  const std::set<std::string> Pinned = pinnedBases(Root);
  llvm::sort(Entries,
             [](const Entry &A, const Entry &B) { return A.Used < B.Used; });
  std::set<std::string> Removed;
  auto Remove = [&](const Entry &E) {
    fs::remove(E.Base + ".pch");
    fs::remove(E.Base + ".deps");
    Removed.insert(E.Base);
    Total -= E.Size;
    PreambleTotal -= E.Preamble ? E.Size : 0;
  };
  for (const Entry &E : Entries) {
    if (!OverTotal() && !OverPreambles())
      break;
    if (Removed.count(E.Base) || Pinned.count(E.Base) ||
        (!OverTotal() && !E.Preamble))
      continue;
    Remove(E);
    if (E.Preamble)
      continue;
    // The preambles chained on a toolkit PCH are of no use without it.
    const std::string Toolkit = E.Base + ".pch";
    for (const Entry &P : Entries) {
      if (!P.Preamble || Removed.count(P.Base) || Pinned.count(P.Base))
        continue;
      auto Deps = llvm::MemoryBuffer::getFile(P.Base + ".deps");
      if (Deps && (*Deps)->getBuffer().contains(Toolkit))
        Remove(P);
    }
  }
  if (OverTotal() || OverPreambles())
    return Admission::NoRoom;
  return Install() ? Admission::Kept : Admission::NotWritten;
}

std::string notKeptReason(CacheFolder::Admission How, uint64_t Bytes,
                          uint64_t Limit, const std::string &Root) {
  switch (How) {
  case CacheFolder::Admission::NoRoom:
    return cacheFullReason(Bytes, Limit);
  case CacheFolder::Admission::Busy:
    return "the cache's lock (" + Root + "/cache.lock) was busy";
  default:
    return "cannot write in " + Root;
  }
}

} // namespace gpumem::plugin
