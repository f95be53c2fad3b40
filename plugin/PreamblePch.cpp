//===- PreamblePch.cpp - a file's own leading includes parsed once ---------===//
#include "plugin/PreamblePch.h"
#include "plugin/PchFiles.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>

namespace gpumem::plugin {

namespace {

/// Builds a precompiled preamble: the main file is read as its first
/// bytes only, and the PCH is marked as the preamble of that file.
class BuildPreamble : public WritePch {
public:
  BuildPreamble(std::string Path, llvm::MemoryBuffer &Text)
      : WritePch(std::move(Path)), Text(Text) {}

protected:
  bool BeginInvocation(clang::CompilerInstance &CI) override {
    clang::PreprocessorOptions &PP = CI.getPreprocessorOpts();
    PP.GeneratePreamble = true;
    PP.RetainRemappedFileBuffers = true;
    PP.addRemappedFile(CI.getFrontendOpts().Inputs[0].getFile(), &Text);
    return WritePch::BeginInvocation(CI);
  }

private:
  llvm::MemoryBuffer &Text;
};

/// The leading part of a file that a preamble precompiles: its text up to
/// its first declaration, and the -preamble-bytes flag that names it.
struct PreambleText {
  std::string Text;
  std::string Bytes;
};

/// \p File's preamble; std::nullopt, with \p Why, when the file cannot be
/// read or no #include comes before its first declaration.
std::optional<PreambleText> preambleText(const std::string &File,
                                         std::string &Why) {
  auto Source = llvm::MemoryBuffer::getFile(File);
  if (!Source) {
    Why = "cannot read " + File;
    return std::nullopt;
  }
  clang::LangOptions Lang;
  Lang.CPlusPlus = Lang.CPlusPlus11 = Lang.CPlusPlus14 = Lang.CPlusPlus17 = 1;
  Lang.CUDA = 1;
  const clang::PreambleBounds Bounds =
      clang::Lexer::ComputePreamble((*Source)->getBuffer(), Lang);
  const llvm::StringRef Text = (*Source)->getBuffer().take_front(Bounds.Size);
  auto IsInclude = [](llvm::StringRef Line) {
    Line.consume_front("\xef\xbb\xbf"); // a UTF-8 byte order mark
    Line = Line.ltrim();
    return Line.consume_front("#") && Line.ltrim().starts_with("include");
  };
  llvm::SmallVector<llvm::StringRef, 64> Lines;
  Text.split(Lines, '\n');
  if (llvm::none_of(Lines, IsInclude)) {
    Why = "no #include comes before its first declaration";
    return std::nullopt;
  }
  return PreambleText{Text.str(),
                      "-preamble-bytes=" + std::to_string(Bounds.Size) + "," +
                          (Bounds.PreambleEndsAtStartOfLine ? "1" : "0")};
}

/// What a preamble is built from: the command (loading the toolkit's PCH
/// it chains on), the file as the command names it and its preamble's
/// text.
struct PreambleSource {
  const std::vector<std::string> &Flags;
  const std::string &File;
  const std::string &Text;
  const std::string &Toolkit;
};

/// Why a preamble with diagnostics of its own is not precompiled.
constexpr const char *HasDiagnostics =
    "they have diagnostics of their own (a warning, an error, a missing "
    "header)";

/// The name an `#include` line names (`a/b.h` of `#include "a/b.h"`);
/// empty for another line. A UTF-8 byte order mark before it is skipped.
llvm::StringRef includedName(llvm::StringRef Line) {
  Line.consume_front("\xef\xbb\xbf");
  Line = Line.ltrim();
  if (!Line.consume_front("#"))
    return "";
  Line = Line.ltrim();
  if (!Line.consume_front("include"))
    return "";
  Line = Line.ltrim();
  if (Line.consume_front("\""))
    return Line.take_until([](char C) { return C == '"'; });
  if (Line.consume_front("<"))
    return Line.take_until([](char C) { return C == '>'; });
  return "";
}

/// The offset in preamble \p Text of the line of the first #include whose
/// header is one of \p Relatives (or ends with its name); 0 when there is
/// none, or no #include before it.
std::size_t cutBefore(llvm::StringRef Text,
                      const std::vector<std::string> &Relatives) {
  bool IncludeBefore = false;
  std::size_t Offset = 0;
  while (Offset < Text.size()) {
    const std::size_t End = Text.find('\n', Offset);
    const llvm::StringRef Line = Text.slice(Offset, End);
    const llvm::StringRef Name = includedName(Line);
    if (!Name.empty()) {
      const bool Reads = llvm::any_of(Relatives, [&](llvm::StringRef Path) {
        return Path == Name || Path.ends_with(("/" + Name).str());
      });
      if (Reads)
        return IncludeBefore ? Offset : 0;
      IncludeBefore = true;
    }
    if (End == llvm::StringRef::npos)
      break;
    Offset = End + 1;
  }
  return 0;
}

/// The stamps of the folders \p Flags search for headers (-I, -isystem,
/// -iquote, -idirafter) and of \p File's own, one per line: a folder's
/// modification time changes when a file is added to it.
std::string folderStamps(const std::vector<std::string> &Flags,
                         const std::string &File) {
  std::string Directory;
  for (const std::string &F : Flags)
    if (llvm::StringRef(F).starts_with("-working-directory="))
      Directory = F.substr(std::strlen("-working-directory="));
  std::vector<std::string> Folders = {
      llvm::sys::path::parent_path(File).str()};
  for (std::size_t I = 0; I < Flags.size(); ++I)
    for (llvm::StringRef Prefix : {"-I", "-isystem", "-iquote", "-idirafter"}) {
      llvm::StringRef F = Flags[I];
      if (!F.starts_with(Prefix))
        continue;
      llvm::StringRef Value = F.drop_front(Prefix.size());
      if (Value.empty() && I + 1 < Flags.size())
        Value = Flags[I + 1];
      Value.consume_front("=");
      llvm::SmallString<256> Path(Value);
      if (!llvm::sys::path::is_absolute(Path) && !Directory.empty())
        llvm::sys::path::make_absolute(Directory, Path);
      Folders.push_back(std::string(Path));
      break;
    }
  std::string Out;
  for (const std::string &Folder : Folders)
    if (std::string S = stamp(Folder); !S.empty())
      Out += S + "\n";
  return Out;
}

/// Why a preamble whose headers include one read through a relative
/// folder is declined; the header follows.
constexpr llvm::StringLiteral RelativeHeader =
    "a header of them is read through a folder given by a relative path, "
    "which a plain parse names it by (";

/// Builds \p From's preamble and installs it as \p Pch; false, with \p Why,
/// when it does not precompile, cannot be written, or has diagnostics of
/// its own (then it is remembered as \p Declined); \p CutAt, where
/// its own headers are read through a relative folder, is where to cut it.
bool buildPreamble(const PreambleSource &From, const std::string &Pch,
                   const std::string &Declined, CacheFolder &Cache,
                   const CacheLimits &Limits,
                   std::string &Why, std::size_t &CutAt) {
  CutAt = 0;
  const std::string &Folder = Cache.root();
  std::unique_ptr<llvm::MemoryBuffer> Preamble =
      llvm::MemoryBuffer::getMemBufferCopy(From.Text, From.File);
  BuildFailure Failure;
  std::optional<BuiltPch> Built = buildPch(
      From.Flags, From.File, Pch,
      [&](std::string Temp) {
        return std::make_unique<BuildPreamble>(Temp, *Preamble);
      },
      Failure);
  const std::string Stamps =
      Built ? stampsOf(Built->Listed, From.File) + stamp(From.Toolkit) + "\n"
            : std::string();
  if (Built && Built->HadDiagnostics) {
    discardPch(*Built);
    writeAtomically(Declined, Stamps);
    Failure.What = PchFailure::HasDiagnostics;
    Built.reset();
  }
  // One that stopped at an error of its own (a header not found) is
  // remembered too, or every run would try it again and pay for its
  // headers on top of the file's parse (a warm cache was slower than none
  // on such files). With the stamps of the folders the command searches
  // and of the file's own: a header added there makes it stale.
  // Clang lists the headers read only when the build ends normally.
  if (!Built && Failure.What == PchFailure::HasDiagnostics)
    writeAtomically(Declined, stampsOf(Failure.Listed, From.File) +
                                  stamp(From.Toolkit) + "\n" +
                                  folderStamps(From.Flags, From.File));
  // A header read through a folder given by a relative path (`-Iinc`,
  // common in torch extensions' commands) is named by that path in a
  // plain parse and by its absolute one when it comes from a PCH, so its
  // messages would move: such a preamble is declined, and remembered so.
  // So is one found next to a file the command names by a relative path
  // (`-c k.cu` in its folder). Headers found by absolute folders or next
  // to a file named by its absolute path keep the preamble.
  if (Built) {
    const std::vector<std::string> Read = dependencies(Built->Listed);
    auto Relative = llvm::find_if(Read, [&](const std::string &Path) {
      return Path != From.File && !llvm::sys::path::is_absolute(Path);
    });
    if (Relative != Read.end()) {
      discardPch(*Built);
      Why = (RelativeHeader + *Relative + ")").str();
      // The directives before the one that reads it can still be
      // precompiled: the file's library includes (torch, the toolkit)
      // come first, its own headers after.
      std::vector<std::string> Relatives;
      for (const std::string &Path : Read)
        if (Path != From.File && !llvm::sys::path::is_absolute(Path))
          Relatives.push_back(Path);
      CutAt = cutBefore(From.Text, Relatives);
      writeAtomically(Declined,
                      (CutAt ? "# cut " + std::to_string(CutAt) + "\n"
                             : std::string()) +
                          "# " + Why + "\n" + Stamps);
      return false;
    }
  }
  if (!Built) {
    Why = Failure.What == PchFailure::CannotWrite
              ? "cannot write in " + Folder + Failure.detail()
          : Failure.What == PchFailure::HasDiagnostics ? HasDiagnostics
                                                       : "they do not precompile";
    return false;
  }
  const CacheFolder::Admission Kept =
      Cache.keep(Built->Size, /*Preamble=*/true, Limits,
                 [&] { return installPch(*Built, Pch, Stamps); });
  if (Kept != CacheFolder::Admission::Kept) {
    if (Kept != CacheFolder::Admission::NotWritten)
      discardPch(*Built);
    Why = notKeptReason(Kept, Built->Size, Limits.Preambles, Folder);
    return false;
  }
  return true;
}

/// The preambles of one file in the cache: a preamble's text is looked
/// up by its key, built where missing, and cut before its own headers
/// where they are read through a relative folder.
class FilePreambles {
public:
  FilePreambles(const std::vector<std::string> &Flags, const std::string &File,
                const std::string &Spelled, const std::string &Toolkit,
                const PchSettings &Settings, std::string Folder)
      : Flags(Flags), File(File), Spelled(Spelled), Toolkit(Toolkit),
        Settings(Settings), Folder(std::move(Folder)), Cache(Settings.Folder) {
  }

  /// The flags that load the preamble of \p Text (\p Bytes its
  /// -preamble-bytes), or, where \p MayCut and its own headers are read
  /// through a relative folder, of the directives before them.
  std::optional<std::vector<std::string>> use(const std::string &Text,
                                              const std::string &Bytes,
                                              bool MayCut, std::string &Why);

private:
  const std::vector<std::string> &Flags;
  const std::string &File;
  const std::string &Spelled;
  const std::string &Toolkit;
  const PchSettings &Settings;
  const std::string Folder;
  CacheFolder Cache;
};

std::optional<std::vector<std::string>>
FilePreambles::use(const std::string &Text, const std::string &Bytes,
                   bool MayCut, std::string &Why) {
  std::vector<std::string> Parts = Flags;
  for (std::string Part :
       {std::string("preamble"), std::string(File), Text, Bytes})
    Parts.push_back(std::move(Part));
  llvm::SmallString<256> Base(Folder);
  llvm::sys::path::append(Base, cacheKey(Parts));
  const std::string Pch = (Base + ".pch").str();
  const std::string Deps = (Base + ".deps").str();
  // Checked by the stamps first, and by Clang as every PCH is (its
  // language options, target, macros and inputs).
  const std::vector<std::string> Flagged = {"-Xclang", "-include-pch",
                                            "-Xclang", Pch,
                                            "-Xclang", Bytes};
  // A preamble declined (a warning of its own, a header read through a
  // relative folder), its headers as they were, is remembered with the
  // reason: not built again at each run (it would cost a parse of its
  // headers on top of the file's).
  const std::string Declined = (Base + ".none").str();
  auto Cut = [&](std::size_t At) {
    return use(Text.substr(0, At),
               "-preamble-bytes=" + std::to_string(At) + ",1", false, Why);
  };
  enum class Cached { Pch, Declined, Nothing };
  auto Look = [&] {
    if (Cache.pin(std::string(Base)) && stillFresh(Deps))
      return Cached::Pch;
    return stillFresh(Declined) ? Cached::Declined : Cached::Nothing;
  };
  Cached Found = Look();
  std::optional<BuildLock> Lock;
  if (Found == Cached::Nothing) {
    Lock.emplace(std::string(Base));
    Found = Look(); // a run that held the lock may have built it
  }
  if (Found == Cached::Pch)
    return Flagged;
  if (Found == Cached::Declined) {
    // Why it was declined, and where it was cut, when it says.
    auto Kept = llvm::MemoryBuffer::getFile(Declined);
    llvm::StringRef Notes = Kept ? (*Kept)->getBuffer() : "";
    std::size_t At = 0;
    if (Notes.consume_front("# cut ")) {
      auto [Number, Rest] = Notes.split('\n');
      if (Number.getAsInteger(10, At) || At >= Text.size())
        At = 0;
      Notes = Rest;
    }
    llvm::StringRef First = Notes.split('\n').first;
    Why = First.consume_front("# ") ? First.str() : HasDiagnostics;
    if (At && MayCut)
      return Cut(At);
    return std::nullopt;
  }
  if (!Lock->held()) {
    Why = Lock->whyNot();
    return std::nullopt;
  }
  std::size_t CutAt = 0;
  if (buildPreamble({Flags, Spelled, Text, Toolkit}, Pch, Declined, Cache,
                    Settings.Limits, Why, CutAt))
    return Flagged;
  if (CutAt && MayCut)
    return Cut(CutAt);
  return std::nullopt;
}

std::optional<std::vector<std::string>>
preambleFor(const std::vector<std::string> &Command, const std::string &Toolkit,
            const std::string &File, const std::string &Spelled,
            const PchSettings &Settings, std::string &Why) {
  if (!Settings.Enabled) {
    Why = Settings.Why;
    return std::nullopt;
  }
  if (!Settings.Limits.Preambles) {
    const char *Given = std::getenv("GPUMEM_PCH_PREAMBLE_LIMIT");
    Why = Given && Settings.Limits.Total
              ? "GPUMEM_PCH_PREAMBLE_LIMIT=" + std::string(Given)
              : "the cache's limit is 0";
    return std::nullopt;
  }
  // The command the preamble is built with: the file's own, loading the
  // toolkit's PCH it chains on.
  std::vector<std::string> Flags = Command;
  for (const char *F : {"-Xclang", "-include-pch", "-Xclang"})
    Flags.push_back(F);
  Flags.push_back(Toolkit);
  // The instantiations the headers' own code needs are made once, in the
  // PCH, not at the end of every parse that loads it (a benign language
  // option: the parse need not say it).
  for (const char *F : {"-Xclang", "-fpch-instantiate-templates"})
    Flags.push_back(F);
  std::optional<PreambleText> Leading = preambleText(File, Why);
  if (!Leading)
    return std::nullopt;
  llvm::SmallString<256> Folder(Settings.Folder);
  llvm::sys::path::append(Folder, "preambles");
  if (std::error_code EC = llvm::sys::fs::create_directories(Folder)) {
    Why = "cannot create " + std::string(Folder) + ": " + EC.message();
    return std::nullopt;
  }
  FilePreambles Preambles(Flags, File, Spelled, Toolkit, Settings,
                          std::string(Folder));
  return Preambles.use(Leading->Text, Leading->Bytes, /*MayCut=*/true, Why);
}

} // namespace

std::optional<std::vector<std::string>>
precompiledPreambleFor(const std::vector<std::string> &Command,
                       const std::string &Toolkit, const std::string &File,
                       const PchSettings &Settings, std::string &Why,
                       const std::string &Spelled) {
  std::string Reason;
  std::optional<std::vector<std::string>> Flagged =
      preambleFor(Command, Toolkit, File, Spelled.empty() ? File : Spelled,
                  Settings, Reason);
  if (!Flagged)
    Why = "the leading includes of " + File +
          " are parsed with it (not precompiled: " + Reason + ")";
  return Flagged;
}

} // namespace gpumem::plugin
