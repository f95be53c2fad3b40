//===- HeaderCommands.cpp -------------------------------------------------===//
#include "plugin/HeaderCommands.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <deque>
#include <map>
#include <optional>
#include <set>

namespace gpumem::plugin {

namespace {

/// How deep through headers an includer is looked for, and how many files
/// one entry may read: a project's own headers, not a library's tree.
constexpr unsigned MaxDepth = 8;
constexpr unsigned MaxFilesPerEntry = 256;

std::string absolutePath(llvm::StringRef Path, llvm::StringRef Dir) {
  llvm::SmallString<256> Abs(Path);
  if (!llvm::sys::path::is_absolute(Abs)) {
    Abs = Dir;
    llvm::sys::path::append(Abs, Path);
  }
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs);
}

/// The file's identity: its real path where it exists.
std::string fileKey(const std::string &Abs) {
  llvm::SmallString<256> Real;
  if (!llvm::sys::fs::real_path(Abs, Real))
    return std::string(Real);
  return Abs;
}

/// One #include of a file: its name and whether it was quoted.
struct Include {
  std::string Name;
  bool Quoted;
};

/// The #include lines of a file (a textual scan: no macros, every branch
/// of an #if), read once per run.
class IncludeReader {
public:
  const std::vector<Include> &includesOf(const std::string &File) {
    auto [It, New] = Cache.try_emplace(File);
    if (New)
      It->second = scan(File);
    return It->second;
  }

private:
  static std::vector<Include> scan(const std::string &File) {
    std::vector<Include> Out;
    auto Buffer = llvm::MemoryBuffer::getFile(File, /*IsText=*/true);
    if (!Buffer)
      return Out;
    llvm::StringRef Text = (*Buffer)->getBuffer();
    while (!Text.empty()) {
      auto [Line, Rest] = Text.split('\n');
      Text = Rest;
      Line = Line.ltrim();
      if (!Line.consume_front("#"))
        continue;
      Line = Line.ltrim();
      if (!Line.consume_front("include"))
        continue;
      Line = Line.ltrim();
      if (Line.empty() || (Line[0] != '"' && Line[0] != '<'))
        continue;
      const char Close = Line[0] == '"' ? '"' : '>';
      std::size_t End = Line.find(Close, 1);
      if (End == llvm::StringRef::npos || End == 1)
        continue;
      Out.push_back({Line.substr(1, End - 1).str(), Close == '"'});
    }
    return Out;
  }

  llvm::StringMap<std::vector<Include>> Cache;
};

/// The folders a command searches for the project's headers: -I and
/// -iquote (nvcc's --include-path too), absolute. System folders
/// (-isystem, the toolkit) hold libraries, not the project's headers.
struct SearchFolders {
  std::vector<std::string> Quote, Angled;
};

/// \p Args with each options file spliced in where it is named: nvcc's
/// `--options-file F` (`-optf F`, `=F`, a comma-separated list) and a
/// response file `@F`, read relative to \p Directory, a few deep. CMake's
/// Makefiles generator puts an nvcc compile's -I folders in one
/// (`--options-file CMakeFiles/t.dir/includes_CUDA.rsp`).
std::vector<std::string> withOptionsFiles(const std::vector<std::string> &Args,
                                          llvm::StringRef Directory,
                                          unsigned Depth = 0) {
  std::vector<std::string> Out;
  auto Splice = [&](llvm::StringRef Files) {
    llvm::SmallVector<llvm::StringRef, 2> Names;
    Files.split(Names, ',');
    for (llvm::StringRef Name : Names) {
      if (Name.empty() || Depth >= 4)
        continue;
      auto Text = llvm::MemoryBuffer::getFile(absolutePath(Name, Directory));
      if (!Text)
        continue;
      for (std::string &Arg :
           withOptionsFiles(splitOptionsFileText((*Text)->getBuffer().str()),
                            Directory, Depth + 1))
        Out.push_back(std::move(Arg));
    }
  };
  for (std::size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef Arg = Args[I];
    if (I > 0 && (Arg == "--options-file" || Arg == "-optf")) {
      if (I + 1 < Args.size())
        Splice(Args[++I]);
    } else if (I > 0 && (Arg.consume_front("--options-file=") ||
                         Arg.consume_front("-optf="))) {
      Splice(Arg);
    } else if (I > 0 && Arg.consume_front("@")) {
      Splice(Arg);
    } else {
      Out.push_back(Args[I]);
    }
  }
  return Out;
}

SearchFolders searchFolders(const CompileEntry &E) {
  SearchFolders Out;
  const std::vector<std::string> A = withOptionsFiles(E.Arguments, E.Directory);
  for (std::size_t I = 1; I < A.size(); ++I) {
    llvm::StringRef Arg = A[I];
    auto Take = [&](llvm::StringRef Flag, std::vector<std::string> &To) {
      llvm::StringRef Value;
      if (Arg == Flag) {
        if (I + 1 >= A.size())
          return false;
        Value = A[++I];
      } else if (Arg.starts_with(Flag)) {
        Value = Arg.drop_front(Flag.size());
        Value.consume_front("=");
      } else {
        return false;
      }
      if (!Value.empty())
        To.push_back(absolutePath(Value, E.Directory));
      return true;
    };
    if (Take("-iquote", Out.Quote) || Take("--include-path", Out.Angled))
      continue;
    if (!Arg.starts_with("-isystem") && !Arg.starts_with("-idirafter"))
      Take("-I", Out.Angled);
  }
  return Out;
}

/// Where \p Inc of \p From resolves for a command searching \p Folders, as
/// the preprocessor looks: a quoted name beside its includer first.
std::optional<std::string> resolve(const Include &Inc, const std::string &From,
                                   const SearchFolders &Folders) {
  auto Try = [&](llvm::StringRef Dir) -> std::optional<std::string> {
    std::string Path = absolutePath(Inc.Name, Dir);
    if (llvm::sys::fs::is_regular_file(Path))
      return Path;
    return std::nullopt;
  };
  if (llvm::sys::path::is_absolute(Inc.Name))
    return Try("");
  if (Inc.Quoted) {
    if (auto Found = Try(llvm::sys::path::parent_path(From)))
      return Found;
    for (const std::string &D : Folders.Quote)
      if (auto Found = Try(D))
        return Found;
  }
  for (const std::string &D : Folders.Angled)
    if (auto Found = Try(D))
      return Found;
  return std::nullopt;
}

/// The language \p E compiles its file as, from -x or the file's name.
bool unitCompilesCuda(const CompileEntry &E) {
  std::optional<bool> ByLanguage;
  for (std::size_t I = 1; I < E.Arguments.size(); ++I) {
    llvm::StringRef A = E.Arguments[I];
    llvm::StringRef Value;
    if ((A == "-x" || A == "--x") && I + 1 < E.Arguments.size())
      Value = E.Arguments[I + 1];
    else if (A.consume_front("--x=") || (A.consume_front("-x") && !A.empty()))
      Value = A;
    if (!Value.empty())
      ByLanguage = Value == "cuda" || Value == "cu";
  }
  if (ByLanguage)
    return *ByLanguage;
  llvm::StringRef File = E.File;
  return File.ends_with(".cu") || File.ends_with(".cuh");
}

/// \p Includer's command for \p Header: the includer's file argument
/// replaced by the header, CUDA named as the language where the includer
/// compiles CUDA (a header's name says nothing to the driver). Nothing
/// when the command does not name its file.
std::optional<CompileEntry> commandFor(const CompileEntry &Includer,
                                       const std::string &Header) {
  const std::string Own = fileKey(absolutePath(Includer.File,
                                               Includer.Directory));
  CompileEntry Out = Includer;
  Out.File = Header;
  Out.Output.clear();
  bool NamesLanguage = false;
  std::optional<std::size_t> FileAt;
  for (std::size_t I = 1; I < Out.Arguments.size(); ++I) {
    llvm::StringRef A = Out.Arguments[I];
    if (A == "-x" || A == "--x" || A.starts_with("--x=") ||
        (A.starts_with("-x") && A.size() > 2))
      NamesLanguage = true;
    if (!FileAt && !A.starts_with("-") &&
        fileKey(absolutePath(A, Includer.Directory)) == Own)
      FileAt = I;
  }
  if (!FileAt)
    return std::nullopt;
  Out.Arguments[*FileAt] = Header;
  if (unitCompilesCuda(Includer) && !NamesLanguage) {
    const bool Nvcc = isNvccCommand(Includer.Arguments);
    Out.Arguments.insert(Out.Arguments.begin() + *FileAt,
                         {"-x", Nvcc ? "cu" : "cuda"});
  }
  return Out;
}

/// Walks the includes of each entry's file, breadth first, and calls
/// \p Found(header key, header path, entry) for every header reached.
/// \p Found returns false to stop the walk.
template <typename FoundFn>
void walkIncludes(const std::vector<CompileEntry> &Entries, FoundFn Found) {
  IncludeReader Reader;
  std::vector<const CompileEntry *> Order;
  for (const CompileEntry &E : Entries)
    if (unitCompilesCuda(E))
      Order.push_back(&E);
  for (const CompileEntry &E : Entries)
    if (!unitCompilesCuda(E))
      Order.push_back(&E);
  for (const CompileEntry *E : Order) {
    const SearchFolders Folders = searchFolders(*E);
    std::set<std::string> Seen;
    std::deque<std::pair<std::string, unsigned>> Queue;
    Queue.emplace_back(absolutePath(E->File, E->Directory), 0);
    Seen.insert(fileKey(Queue.front().first));
    while (!Queue.empty() && Seen.size() <= MaxFilesPerEntry) {
      auto [File, Depth] = Queue.front();
      Queue.pop_front();
      if (Depth >= MaxDepth)
        continue;
      for (const Include &Inc : Reader.includesOf(File)) {
        std::optional<std::string> Path = resolve(Inc, File, Folders);
        if (!Path)
          continue;
        std::string Key = fileKey(*Path);
        if (!Seen.insert(Key).second)
          continue;
        if (!Found(Key, *Path, *E))
          return;
        Queue.emplace_back(*Path, Depth + 1);
      }
    }
  }
}

std::set<std::string> keysOfEntries(const std::vector<CompileEntry> &Entries) {
  std::set<std::string> Keys;
  for (const CompileEntry &E : Entries)
    Keys.insert(fileKey(absolutePath(E.File, E.Directory)));
  return Keys;
}

} // namespace

std::vector<CompileEntry>
includerEntries(const std::vector<CompileEntry> &Entries,
                const std::vector<std::string> &Headers) {
  const std::set<std::string> Have = keysOfEntries(Entries);
  // The headers wanted, by identity, with the path to give their entry.
  std::map<std::string, std::string> Wanted;
  for (const std::string &H : Headers) {
    std::string Abs = absolutePath(H, "");
    std::string Key = fileKey(Abs);
    if (!Have.count(Key))
      Wanted.emplace(Key, Abs);
  }
  std::vector<CompileEntry> Out;
  if (Wanted.empty())
    return Out;
  walkIncludes(Entries, [&](const std::string &Key, const std::string &,
                            const CompileEntry &E) {
    auto It = Wanted.find(Key);
    if (It == Wanted.end())
      return true;
    if (std::optional<CompileEntry> C = commandFor(E, It->second)) {
      Out.push_back(std::move(*C));
      Wanted.erase(It);
    }
    return !Wanted.empty();
  });
  return Out;
}

std::vector<CompileEntry>
headerEntriesOfCudaUnits(const std::vector<CompileEntry> &Entries) {
  std::set<std::string> Have = keysOfEntries(Entries);
  std::vector<CompileEntry> Cuda;
  for (const CompileEntry &E : Entries)
    if (unitCompilesCuda(E))
      Cuda.push_back(E);
  std::vector<CompileEntry> Out;
  walkIncludes(Cuda, [&](const std::string &Key, const std::string &Path,
                         const CompileEntry &E) {
    if (Have.insert(Key).second)
      if (std::optional<CompileEntry> C = commandFor(E, Path))
        Out.push_back(std::move(*C));
    return true;
  });
  return Out;
}

} // namespace gpumem::plugin
