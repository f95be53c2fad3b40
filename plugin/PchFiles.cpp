//===- PchFiles.cpp - the files of the precompiled-header cache ------------===//
#include "plugin/PchFiles.h"

#include "clang/Basic/FileManager.h"
#include "clang/Basic/Version.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

namespace gpumem::plugin {

std::string builderProgram() {
  // Asked for every key and every build: resolved once.
  static const std::string Program = llvm::sys::fs::getMainExecutable(
      "gpumem-tidy", reinterpret_cast<void *>(&builderProgram));
  return Program;
}

std::string cacheKey(const std::vector<std::string> &Parts) {
  std::string All = clang::getClangFullVersion();
  All += '\0';
  All += GPUMEM_VERSION;
  All += '\0';
  All += builderProgram();
  for (const std::string &F : Parts) {
    All += '\0';
    All += F;
  }
  return llvm::utohexstr(llvm::xxh3_64bits(All), /*LowerCase=*/true, 16);
}

std::vector<std::string> dependencies(llvm::StringRef Text) {
  std::vector<std::string> Out;
  std::size_t Colon = Text.find(": ");
  if (Colon == llvm::StringRef::npos)
    return Out;
  Text = Text.drop_front(Colon + 2);
  std::string Word;
  for (std::size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '\\' && I + 1 < Text.size()) {
      char Next = Text[I + 1];
      ++I;
      if (Next == '\n' || Next == '\r')
        C = ' ';
      else {
        Word += Next;
        continue;
      }
    }
    if (C == ' ' || C == '\n' || C == '\t' || C == '\r') {
      if (!Word.empty())
        Out.push_back(std::move(Word));
      Word.clear();
      continue;
    }
    Word += C;
  }
  if (!Word.empty())
    Out.push_back(Word);
  return Out;
}

std::string stamp(const std::string &Path) {
  llvm::sys::fs::file_status Status;
  if (llvm::sys::fs::status(Path, Status))
    return "";
  std::string Time =
      std::to_string(llvm::sys::toTimeT(Status.getLastModificationTime()));
  if (llvm::StringRef(Path).ends_with(".pch"))
    Time += "." + std::to_string(Status.getUniqueID().getFile());
  return std::to_string(Status.getSize()) + " " + Time + " " + Path;
}

bool stillFresh(const std::string &DepsPath) {
  auto Text = llvm::MemoryBuffer::getFile(DepsPath);
  if (!Text)
    return false;
  llvm::SmallVector<llvm::StringRef, 256> Lines;
  (*Text)->getBuffer().split(Lines, '\n', -1, false);
  if (Lines.empty())
    return false;
  for (llvm::StringRef Line : Lines) {
    llvm::StringRef Path = Line.split(' ').second.split(' ').second;
    if (Path.empty() || stamp(Path.str()) != Line)
      return false;
  }
  return true;
}

bool writeAtomically(const std::string &Path, llvm::StringRef Text) {
  llvm::SmallString<256> Temp;
  int FD;
  if (llvm::sys::fs::createUniqueFile(Path + ".%%%%%%%%.tmp", FD, Temp))
    return false;
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Text;
    if (OS.has_error()) {
      OS.clear_error();
      llvm::sys::fs::remove(Temp);
      return false;
    }
  }
  if (llvm::sys::fs::rename(Temp, Path)) {
    llvm::sys::fs::remove(Temp);
    return false;
  }
  return true;
}

std::string stampsOf(llvm::StringRef Listed, llvm::StringRef Except) {
  std::string Stamps;
  for (const std::string &File : dependencies(Listed)) {
    if (File == Except)
      continue;
    std::string S = stamp(File);
    if (!S.empty())
      Stamps += S + "\n";
  }
  return Stamps;
}

std::optional<BuiltPch> buildPch(
    const std::vector<std::string> &Flags, const std::string &Source,
    const std::string &Pch,
    llvm::function_ref<std::unique_ptr<clang::FrontendAction>(std::string)>
        MakeAction,
    clang::DiagnosticConsumer &Diagnostics, PchFailure &Failure) {
  llvm::SmallString<256> TempPch, TempDeps;
  int FD;
  if (llvm::sys::fs::createUniqueFile(Pch + ".%%%%%%%%.tmp", FD, TempPch) ||
      llvm::sys::Process::SafelyCloseFileDescriptor(FD))
    return Failure = PchFailure::CannotWrite, std::nullopt;
  if (llvm::sys::fs::createUniqueFile(Pch + ".%%%%%%%%.mk", FD, TempDeps) ||
      llvm::sys::Process::SafelyCloseFileDescriptor(FD)) {
    llvm::sys::fs::remove(TempPch);
    return Failure = PchFailure::CannotWrite, std::nullopt;
  }
  std::vector<std::string> Command = {builderProgram()};
  Command.insert(Command.end(), Flags.begin(), Flags.end());
  for (const char *F :
       {"-fsyntax-only", "-Xclang", "-dependency-file", "-Xclang"})
    Command.push_back(F);
  Command.push_back(std::string(TempDeps));
  for (const char *F :
       {"-Xclang", "-MT", "-Xclang", "pch", "-Xclang", "-sys-header-deps"})
    Command.push_back(F);
  Command.push_back(Source);
  // A file system of its own: a command's -working-directory moves its
  // working folder, not the process's.
  auto Files = llvm::makeIntrusiveRefCnt<clang::FileManager>(
      clang::FileSystemOptions(), llvm::vfs::createPhysicalFileSystem());
  clang::tooling::ToolInvocation Build(
      Command, MakeAction(std::string(TempPch)), Files.get());
  Build.setDiagnosticConsumer(&Diagnostics);
  const bool Built = Build.run();
  auto Listed = llvm::MemoryBuffer::getFile(TempDeps);
  llvm::sys::fs::remove(TempDeps);
  uint64_t Size = 0;
  if (!Built || !Listed || llvm::sys::fs::file_size(TempPch, Size) || !Size) {
    llvm::sys::fs::remove(TempPch);
    return Failure = PchFailure::DoesNotBuild, std::nullopt;
  }
  return BuiltPch{std::string(TempPch), (*Listed)->getBuffer().str()};
}

bool installPch(const BuiltPch &Built, const std::string &Pch,
                const std::string &Stamps) {
  const std::string Deps = Pch.substr(0, Pch.size() - 4) + ".deps";
  if (!writeAtomically(Deps, Stamps) ||
      llvm::sys::fs::rename(Built.TempPch, Pch)) {
    llvm::sys::fs::remove(Built.TempPch);
    return false;
  }
  return true;
}

BuildLock::BuildLock(const std::string &Base) {
  if (llvm::sys::fs::openFileForReadWrite(Base + ".lock", FD,
                                          llvm::sys::fs::CD_OpenAlways,
                                          llvm::sys::fs::OF_None)) {
    FD = -1;
    return;
  }
  Held = !llvm::sys::fs::tryLockFile(FD, std::chrono::minutes(2));
}

BuildLock::~BuildLock() {
  if (Held)
    llvm::sys::fs::unlockFile(FD);
  if (FD != -1)
    llvm::sys::Process::SafelyCloseFileDescriptor(FD);
}

bool WritePch::BeginInvocation(clang::CompilerInstance &CI) {
  CI.getFrontendOpts().OutputFile = Path;
  return clang::GeneratePCHAction::BeginInvocation(CI);
}

} // namespace gpumem::plugin
