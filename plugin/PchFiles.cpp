//===- PchFiles.cpp - the files of the precompiled-header cache ------------===//
#include "plugin/PchFiles.h"
#include "plugin/PchCacheFolder.h"

#include "clang/Basic/FileManager.h"
#include "clang/Basic/Version.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <cerrno>
#include <fcntl.h>
#include <map>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

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

namespace {

/// The line of a .deps that validates its PCH: its size and checksum.
std::string checksumLine(uint64_t Size, uint64_t Hash) {
  return "xxh3 " + std::to_string(Size) + " " +
         llvm::utohexstr(Hash, /*LowerCase=*/true, 16);
}

/// \p Pch's checksum line; empty when it cannot be read.
std::string checksumOf(const std::string &Pch) {
  auto Text = llvm::MemoryBuffer::getFile(Pch, /*IsText=*/false,
                                          /*RequiresNullTerminator=*/false);
  if (!Text)
    return "";
  llvm::StringRef Bytes = (*Text)->getBuffer();
  return checksumLine(Bytes.size(),
                      llvm::xxh3_64bits(llvm::arrayRefFromStringRef(Bytes)));
}

/// True when \p Pch matches \p Line (its checksum line): a PCH truncated,
/// or with bytes changed in place, is not loaded (Clang would fail on it,
/// or crash). Read once per run and PCH as it stands on disk.
bool matchesChecksum(const std::string &Pch, llvm::StringRef Line) {
  static std::map<std::string, bool> Checked;
  const std::string Key = stamp(Pch) + '\0' + Line.str();
  auto [It, New] = Checked.try_emplace(Key, false);
  if (New)
    It->second = checksumOf(Pch) == Line;
  return It->second;
}

} // namespace

bool stillFresh(const std::string &DepsPath) {
  auto Text = llvm::MemoryBuffer::getFile(DepsPath);
  if (!Text)
    return false;
  llvm::SmallVector<llvm::StringRef, 256> Lines;
  (*Text)->getBuffer().split(Lines, '\n', -1, false);
  if (Lines.empty())
    return false;
  for (llvm::StringRef Line : Lines) {
    if (Line.starts_with("# "))
      continue; // a note (why a preamble was declined)
    if (Line.starts_with("xxh3 ")) {
      llvm::StringRef Base(DepsPath);
      Base.consume_back(".deps");
      if (!matchesChecksum((Base + ".pch").str(), Line))
        return false;
      continue;
    }
    llvm::StringRef Path = Line.split(' ').second.split(' ').second;
    if (Path.empty() || stamp(Path.str()) != Line)
      return false;
  }
  return true;
}

bool writeAtomically(const std::string &Path, llvm::StringRef Text) {
  llvm::SmallString<256> Temp;
  int FD;
  if (llvm::sys::fs::createUniqueFile(Path + temporaryTag() + "%%%%%%%%.tmp",
                                      FD, Temp))
    return false;
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Text;
    OS.close(); // a full disk is seen here, not as a fatal error later
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

namespace {

/// Counts the warnings and errors of a build, and shows none (not even
/// the count Clang prints after a file from the consumer's own).
/// Keeps the first error's message.
class CountDiagnostics : public clang::DiagnosticConsumer {
public:
  unsigned Count = 0;
  std::string FirstError;
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &D) override {
    if (Level < clang::DiagnosticsEngine::Warning)
      return;
    ++Count;
    if (Level >= clang::DiagnosticsEngine::Error && FirstError.empty()) {
      llvm::SmallString<128> Text;
      D.FormatDiagnostic(Text);
      FirstError = std::string(Text.str().take_front(400));
    }
  }
};

/// How a build's process ends.
enum BuildExit {
  Built = 0,
  Failed = 1,
  CannotWrite = 2,
  BuiltWithDiagnostics = 3,
  FailedWithDiagnostics = 4
};

/// True when Clang's error \p Message says an output could not be
/// written (a full disk, a file-size limit, a folder not writable).
bool isWriteError(llvm::StringRef Message) {
  return Message.contains("output file") || Message.contains("temporary file") ||
         Message.contains("No space left") || Message.contains("too large") ||
         Message.contains("IO failure");
}

/// Runs \p Build and says how it ended; \p FirstError gets its first
/// error's message.
BuildExit runBuild(clang::tooling::ToolInvocation &Build,
                   std::string &FirstError) {
  CountDiagnostics Diagnostics;
  Build.setDiagnosticConsumer(&Diagnostics);
  const bool Ran = Build.run();
  FirstError = Diagnostics.FirstError;
  if (isWriteError(FirstError))
    return CannotWrite;
  if (!Ran)
    return Diagnostics.Count ? FailedWithDiagnostics : Failed;
  return Diagnostics.Count ? BuiltWithDiagnostics : Built;
}

/// Runs \p Build in a process of its own: a build that crashes, or that
/// LLVM stops at a write that failed (a full disk: "IO failure on output
/// stream", a fatal error), ends that process, not the run, which then
/// parses its files without the PCH. Its messages go nowhere.
BuildExit runBuildApart(clang::tooling::ToolInvocation &Build,
                        std::string &FirstError) {
  llvm::outs().flush();
  llvm::errs().flush();
  int Message[2];
  if (::pipe(Message) != 0)
    return runBuild(Build, FirstError); // no pipe to spare: in this process
  const pid_t Child = ::fork();
  if (Child < 0) {
    ::close(Message[0]);
    ::close(Message[1]);
    return runBuild(Build, FirstError); // nor a process
  }
  if (Child == 0) {
    ::close(Message[0]);
    if (int Null = ::open("/dev/null", O_WRONLY); Null >= 0) {
      ::dup2(Null, 1);
      ::dup2(Null, 2);
    }
    llvm::remove_fatal_error_handler();
    llvm::install_fatal_error_handler(
        [](void *, const char *, bool) { ::_exit(CannotWrite); });
    const BuildExit Exit = runBuild(Build, FirstError);
    // At most 400 bytes: the pipe holds them without a reader.
    [[maybe_unused]] ssize_t Written =
        ::write(Message[1], FirstError.data(), FirstError.size());
    ::_exit(Exit);
  }
  ::close(Message[1]);
  int Status = 0;
  while (::waitpid(Child, &Status, 0) < 0)
    if (errno != EINTR) {
      ::close(Message[0]);
      return Failed;
    }
  char Buffer[512];
  ssize_t Read;
  while ((Read = ::read(Message[0], Buffer, sizeof Buffer)) > 0)
    FirstError.append(Buffer, static_cast<std::size_t>(Read));
  ::close(Message[0]);
  if (!WIFEXITED(Status))
    return Failed; // a crash
  const int Code = WEXITSTATUS(Status);
  return Code >= Built && Code <= FailedWithDiagnostics
             ? static_cast<BuildExit>(Code)
             : Failed;
}

} // namespace

std::optional<BuiltPch> buildPch(
    const std::vector<std::string> &Flags, const std::string &Source,
    const std::string &Pch,
    llvm::function_ref<std::unique_ptr<clang::FrontendAction>(std::string)>
        MakeAction,
    BuildFailure &Failure) {
  llvm::SmallString<256> TempPch, TempDeps;
  int FD;
  const std::string Tag = temporaryTag();
  if (llvm::sys::fs::createUniqueFile(Pch + Tag + "%%%%%%%%.tmp", FD,
                                      TempPch) ||
      llvm::sys::Process::SafelyCloseFileDescriptor(FD))
    return Failure.What = PchFailure::CannotWrite, std::nullopt;
  if (llvm::sys::fs::createUniqueFile(Pch + Tag + "%%%%%%%%.mk", FD,
                                      TempDeps) ||
      llvm::sys::Process::SafelyCloseFileDescriptor(FD)) {
    llvm::sys::fs::remove(TempPch);
    return Failure.What = PchFailure::CannotWrite, std::nullopt;
  }
  // Removed if the run is interrupted; a run killed outright leaves them
  // to the next run's sweep (plugin/PchCacheFolder.h).
  llvm::sys::RemoveFileOnSignal(TempPch);
  llvm::sys::RemoveFileOnSignal(TempDeps);
  auto Forget = [&] {
    // And what the build's process wrote beside it when it ended early
    // (Clang writes through a temporary name of its own).
    llvm::StringRef Stem = llvm::StringRef(TempPch).drop_back(4);
    std::error_code EC;
    for (llvm::sys::fs::directory_iterator
             It(llvm::sys::path::parent_path(TempPch), EC),
         End;
         It != End && !EC; It.increment(EC))
      if (llvm::StringRef(It->path()).starts_with((Stem + "-").str()))
        llvm::sys::fs::remove(It->path());
    llvm::sys::fs::remove(TempPch);
    llvm::sys::fs::remove(TempDeps);
    llvm::sys::DontRemoveFileOnSignal(TempPch);
    llvm::sys::DontRemoveFileOnSignal(TempDeps);
  };
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
  const BuildExit Exit = runBuildApart(Build, Failure.FirstError);
  auto Listed = llvm::MemoryBuffer::getFile(TempDeps);
  uint64_t Size = 0;
  if (Exit == CannotWrite || Exit == Failed || Exit == FailedWithDiagnostics ||
      !Listed || llvm::sys::fs::file_size(TempPch, Size) || !Size) {
    if (Listed)
      Failure.Listed = (*Listed)->getBuffer().str();
    Forget();
    Failure.What =
        Exit == CannotWrite ? PchFailure::CannotWrite
        : Exit == FailedWithDiagnostics || Exit == BuiltWithDiagnostics
            ? PchFailure::HasDiagnostics
            : PchFailure::DoesNotBuild;
    return std::nullopt;
  }
  llvm::sys::fs::remove(TempDeps);
  llvm::sys::DontRemoveFileOnSignal(TempDeps);
  return BuiltPch{std::string(TempPch), (*Listed)->getBuffer().str(), Size,
                  Exit == BuiltWithDiagnostics};
}

void discardPch(const BuiltPch &Built) {
  llvm::sys::fs::remove(Built.TempPch);
  llvm::sys::DontRemoveFileOnSignal(Built.TempPch);
}

bool installPch(const BuiltPch &Built, const std::string &Pch,
                const std::string &Stamps) {
  const std::string Deps = Pch.substr(0, Pch.size() - 4) + ".deps";
  const std::string Checksum = checksumOf(Built.TempPch);
  if (Checksum.empty() || !writeAtomically(Deps, Checksum + "\n" + Stamps) ||
      llvm::sys::fs::rename(Built.TempPch, Pch)) {
    discardPch(Built);
    return false;
  }
  llvm::sys::DontRemoveFileOnSignal(Built.TempPch);
  return true;
}

namespace {

/// The process holding the write lock on \p FD; 0 when none.
long lockHolder(int FD) {
  struct flock Query = {};
  Query.l_type = F_WRLCK;
  Query.l_whence = SEEK_SET;
  if (::fcntl(FD, F_GETLK, &Query) == -1 || Query.l_type == F_UNLCK)
    return 0;
  return Query.l_pid;
}

/// True when process \p Pid is stopped (SIGSTOP, a debugger, ^Z): it
/// will not let go of a lock while it is.
bool stopped(long Pid) {
  // Read as a stream: /proc's files say they are empty.
  auto Stat = llvm::MemoryBuffer::getFileAsStream("/proc/" +
                                                  std::to_string(Pid) + "/stat");
  if (!Stat)
    return false;
  // "pid (comm) S ...": the state follows the command's closing bracket.
  llvm::StringRef After = (*Stat)->getBuffer().rsplit(')').second.ltrim();
  return !After.empty() && (After.front() == 'T' || After.front() == 't');
}

} // namespace

BuildLock::BuildLock(const std::string &Base) {
  if (llvm::sys::fs::openFileForReadWrite(Base + ".lock", FD,
                                          llvm::sys::fs::CD_OpenAlways,
                                          llvm::sys::fs::OF_None)) {
    FD = -1;
    return;
  }
  const auto Deadline = std::chrono::steady_clock::now() + std::chrono::minutes(2);
  while (true) {
    struct flock Lock = {};
    Lock.l_type = F_WRLCK;
    Lock.l_whence = SEEK_SET;
    if (::fcntl(FD, F_SETLK, &Lock) != -1) {
      Held = true;
      return;
    }
    if (errno != EACCES && errno != EAGAIN)
      return;
    if (const long Holder = lockHolder(FD); Holder && stopped(Holder)) {
      HolderStopped = Holder;
      return;
    }
    if (std::chrono::steady_clock::now() > Deadline)
      return;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

BuildLock::~BuildLock() {
  if (Held)
    llvm::sys::fs::unlockFile(FD);
  if (FD != -1)
    llvm::sys::Process::SafelyCloseFileDescriptor(FD);
}

std::string BuildLock::whyNot() const {
  if (HolderStopped)
    return "another run building it is stopped (pid " +
           std::to_string(HolderStopped) + ")";
  return FD == -1 ? "its lock cannot be opened"
                  : "another run has been building it for two minutes";
}

bool WritePch::BeginInvocation(clang::CompilerInstance &CI) {
  CI.getFrontendOpts().OutputFile = Path;
  return clang::GeneratePCHAction::BeginInvocation(CI);
}

} // namespace gpumem::plugin
