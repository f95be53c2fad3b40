//===- PchCacheFolder.h - the PCH cache's size and its runs ----*- C++ -*-===//
//
// The precompiled-header cache (plugin/PchCache.h, plugin/PreamblePch.h) is
// one folder shared by every run on a machine: the toolkit's PCHs at its
// top, each file's preamble PCHs under preambles/. This file keeps it
// bounded and safe to share:
//
// - One bound for all of it, toolkit PCHs included (GPUMEM_PCH_CACHE_LIMIT
//   or --pch-cache-limit; 2 GiB by default), and within it one for the
//   preambles (GPUMEM_PCH_PREAMBLE_LIMIT). Room for a new entry is made by
//   removing those used longest ago; an entry that does not fit even then
//   is not kept, and its file parses without it: the bound holds at all
//   times, and nothing is evicted only to be built again by the same run.
// - A run pins what it uses (pins/<pid>, removed when it ends): no run
//   evicts what a live run is about to load. Pins of runs gone, and the
//   temporary files of builds they left (names carry their pid), are
//   removed by the next run.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_PLUGIN_PCHCACHEFOLDER_H
#define GPUMEM_PLUGIN_PCHCACHEFOLDER_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace gpumem::plugin {

/// The cache's whole size by default, in bytes.
constexpr uint64_t DefaultCacheLimit = uint64_t(2) << 30;

/// A size as the limits are written: bytes, or with K, M or G after them
/// (powers of 1024); `off` is 0. std::nullopt when it is not one.
std::optional<uint64_t> parseCacheSize(llvm::StringRef Text);

/// The bounds of the cache folder: all of it, and its preambles.
struct CacheLimits {
  uint64_t Total = DefaultCacheLimit;
  uint64_t Preambles = DefaultCacheLimit;
};

/// The limits of this run: \p Given (--pch-cache-limit) or
/// GPUMEM_PCH_CACHE_LIMIT for the total, GPUMEM_PCH_PREAMBLE_LIMIT (at
/// most the total) for the preambles; a value that is not a size is
/// ignored, with the default.
CacheLimits cacheLimits(const std::optional<std::string> &Given);

/// What a run's PCH command line needs of the cache folder \p Root.
class CacheFolder {
public:
  explicit CacheFolder(std::string Root);

  /// Removes what runs that are gone left: their pins and the temporary
  /// files of their builds. Once per run and folder.
  void sweep();

  /// Pins \p Base (a PCH's path without its extension) for this run and
  /// marks it used now (the order of eviction), then says whether it is
  /// still there: a run that evicted it before the pin was written is
  /// seen.
  bool pin(const std::string &Base);

  /// What became of an entry offered to the cache.
  enum class Admission { Kept, NoRoom, Busy, NotWritten };

  /// Keeps an entry of \p Bytes (a preamble's when \p Preamble) within
  /// \p Limits: under the cache-wide lock, removes the entries used
  /// longest ago that no live run has pinned until it fits, then calls
  /// \p Install, which writes it. Room is made and taken under one lock,
  /// so runs that finish builds at once never pass the bound together;
  /// without the lock (another run held it ten seconds) nothing is kept.
  Admission keep(uint64_t Bytes, bool Preamble, const CacheLimits &Limits,
                 llvm::function_ref<bool()> Install);

  const std::string &root() const { return Root; }

private:
  std::string Root;
};

/// Why an entry was not kept in the cache folder \p Root: \p How, an
/// admission that is not Kept, for an entry of \p Bytes within \p Limit.
std::string notKeptReason(CacheFolder::Admission How, uint64_t Bytes,
                          uint64_t Limit, const std::string &Root);

/// The part of a temporary file's name that says which run made it:
/// `.<pid>.` (a build's files are `<key>.pch.<pid>.XXXXXXXX.tmp`).
std::string temporaryTag();

} // namespace gpumem::plugin

#endif // GPUMEM_PLUGIN_PCHCACHEFOLDER_H
