//===- ToolCommandLine.cpp - gpumem-tidy's command line, read once --------===//
#include "plugin/ToolCommandLine.h"

namespace gpumem::plugin {

namespace {

constexpr llvm::StringLiteral ShowCompileCommandFlag = "show-compile-command";
constexpr llvm::StringLiteral TranslateDatabaseFlag =
    "translate-compile-database";
constexpr llvm::StringLiteral ClangErrorsFlag = "clang-errors";
constexpr llvm::StringLiteral NoPchCacheFlag = "no-pch-cache";
constexpr llvm::StringLiteral PchCacheLimitFlag = "pch-cache-limit";

/// The option an argument spells, without its dashes and joined value:
/// "p" for `-p`, `--p=build`; nothing for a file or a lone `-`.
std::optional<llvm::StringRef> optionName(llvm::StringRef Arg) {
  if (!Arg.consume_front("-") || Arg.empty())
    return std::nullopt;
  Arg.consume_front("-");
  return Arg.take_until([](char C) { return C == '='; });
}

} // namespace

std::optional<FlagValue> findFlagValue(const std::vector<std::string> &Args,
                                       llvm::StringRef Name) {
  for (std::size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    if (A == "--")
      break;
    if (optionName(A) != Name)
      continue;
    std::size_t Equals = A.find('=');
    if (Equals != llvm::StringRef::npos)
      return FlagValue{I, true, A.substr(Equals + 1).str()};
    return I + 1 < Args.size()
               ? std::optional<FlagValue>(FlagValue{I + 1, false, Args[I + 1]})
               : std::nullopt;
  }
  return std::nullopt;
}

void setFlagValue(std::vector<std::string> &Args, const FlagValue &Where,
                  const std::string &NewValue) {
  std::string &Arg = Args[Where.Index];
  // A joined value keeps the option as written (-p=, --p=).
  Arg = Where.Joined ? Arg.substr(0, Arg.find('=') + 1) + NewValue : NewValue;
}

bool isSourceFileArgument(const std::string &A) {
  llvm::StringRef Arg(A);
  return !Arg.starts_with("-") &&
         (Arg.ends_with(".cu") || Arg.ends_with(".cuh") ||
          Arg.ends_with(".cpp") || Arg.ends_with(".cc") ||
          Arg.ends_with(".cxx") || Arg.ends_with(".c") ||
          Arg.ends_with(".h") || Arg.ends_with(".hpp"));
}

ToolCommandLine::ToolCommandLine(std::vector<std::string> Argv) {
  bool AfterSeparator = false;
  for (std::string &A : Argv) {
    if (!AfterSeparator) {
      std::optional<llvm::StringRef> Name = optionName(A);
      if (A == "--") {
        AfterSeparator = true;
      } else if (Name == ShowCompileCommandFlag) {
        ShowCompileCommand = true;
        continue;
      } else if (Name == NoPchCacheFlag) {
        NoPchCache = true;
        continue;
      } else if (Name == PchCacheLimitFlag) {
        std::size_t Equals = A.find('=');
        PchCacheLimit = Equals == std::string::npos ? "" : A.substr(Equals + 1);
        continue;
      } else if (Name == ClangErrorsFlag) {
        std::size_t Equals = A.find('=');
        ClangErrors = Equals == std::string::npos ? "" : A.substr(Equals + 1);
        continue;
      } else if (Name == TranslateDatabaseFlag) {
        std::size_t Equals = A.find('=');
        TranslateTo =
            Equals == std::string::npos ? "" : A.substr(Equals + 1);
        continue;
      } else if (isSourceFileArgument(A)) {
        Sources.push_back(A);
      }
    }
    Args.push_back(std::move(A));
  }
  Separator = Args.size();
  for (std::size_t I = 0; I < Args.size(); ++I)
    if (Args[I] == "--") {
      Separator = I;
      break;
    }
}

bool ToolCommandLine::given(llvm::StringRef Name) const {
  for (const std::string &A : options())
    if (optionName(A) == Name)
      return true;
  return false;
}

void ToolCommandLine::setBuildPath(const std::string &Dir) {
  if (std::optional<FlagValue> Build = value("p")) {
    setFlagValue(Args, *Build, Dir);
    return;
  }
  Args.insert(Args.begin() + Separator, {"-p", Dir});
  Separator += 2;
}

void ToolCommandLine::removeBuildPath() {
  std::optional<FlagValue> Build = value("p");
  if (!Build)
    return;
  const std::size_t First = Build->Joined ? Build->Index : Build->Index - 1;
  Args.erase(Args.begin() + First, Args.begin() + Build->Index + 1);
  Separator -= Build->Index + 1 - First;
}

} // namespace gpumem::plugin
