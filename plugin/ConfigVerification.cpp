//===- ConfigVerification.cpp ---------------------------------------------===//
#include "plugin/ConfigVerification.h"
#include "plugin/CompileDatabase.h"
#include "plugin/CudaDefaults.h"

#include "checks/GpumemOptions.h"

#include "clang-tidy/ClangTidyOptions.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <optional>

namespace gpumem::plugin {

namespace {

using clang::tidy::ClangTidyOptions;
using clang::tidy::ClangTidyOptionsProvider;

/// The option's name when \p Key is one of gpumem's: "GpuPreset" for
/// "gpumem-bank-conflict.GpuPreset" and for the global "GpuPreset".
std::optional<llvm::StringRef> gpumemOptionName(llvm::StringRef Key) {
  auto [Check, Option] = Key.rsplit('.');
  if (Option.empty())
    return Check; // a global option
  if (Check.starts_with("gpumem-") || Check.starts_with("debug-gpumem-"))
    return Option;
  return std::nullopt;
}

unsigned verifySource(const ClangTidyOptions &Options, llvm::StringRef Source,
                      llvm::raw_ostream &OS) {
  unsigned Problems = 0;
  for (const auto &[Key, Value] : Options.CheckOptions) {
    std::optional<llvm::StringRef> Name = gpumemOptionName(Key);
    if (!Name)
      continue;
    if (std::optional<std::string> Problem =
            clang::tidy::gpumem::gpumemOptionProblem(*Name, Value.Value)) {
      OS << Source << ": warning: invalid configuration value '" << Value.Value
         << "' for option '" << Key << "'; " << *Problem
         << " [-verify-config]\n";
      ++Problems;
    }
  }
  return Problems;
}

std::optional<ClangTidyOptions> parse(llvm::StringRef Text,
                                      llvm::StringRef Source,
                                      llvm::raw_ostream &OS) {
  llvm::ErrorOr<ClangTidyOptions> Parsed =
      clang::tidy::parseConfiguration(llvm::MemoryBufferRef(Text, Source));
  if (!Parsed) {
    // clang-tidy reports a configuration that does not parse.
    return std::nullopt;
  }
  return *Parsed;
}

} // namespace

unsigned verifyGpumemOptionValues(const ToolCommandLine &Line,
                                  llvm::raw_ostream &OS) {
  std::optional<FlagValue> Config = Line.value("config");
  std::optional<FlagValue> ConfigFile = Line.value("config-file");
  if (Config) {
    std::optional<ClangTidyOptions> Options =
        parse(Config->Value, "-config", OS);
    return Options ? verifySource(*Options,
                                  ClangTidyOptionsProvider::
                                      OptionsSourceTypeConfigCommandLineOption,
                                  OS)
                   : 0;
  }
  if (ConfigFile) {
    auto Buffer = llvm::MemoryBuffer::getFile(ConfigFile->Value);
    if (!Buffer)
      return 0;
    std::optional<ClangTidyOptions> Options =
        parse((*Buffer)->getBuffer(), ConfigFile->Value, OS);
    return Options ? verifySource(*Options, ConfigFile->Value, OS) : 0;
  }
  // The .clang-tidy files clang-tidy reads for the first source file.
  llvm::SmallString<256> Path;
  if (!Line.sourceFiles().empty())
    Path = Line.sourceFiles().front();
  if (Path.empty()) {
    llvm::sys::fs::current_path(Path);
    llvm::sys::path::append(Path, "dummy");
  }
  llvm::sys::fs::make_absolute(Path);
  clang::tidy::FileOptionsProvider Provider(
      clang::tidy::ClangTidyGlobalOptions(), ClangTidyOptions::getDefaults(),
      ClangTidyOptions(), llvm::vfs::getRealFileSystem());
  unsigned Problems = 0;
  for (const auto &[Options, Source] : Provider.getRawOptions(Path))
    Problems += verifySource(Options, Source, OS);
  return Problems;
}

} // namespace gpumem::plugin
