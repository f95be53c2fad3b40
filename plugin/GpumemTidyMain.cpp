//===- GpumemTidyMain.cpp - the standalone gpumem-tidy --------------------===//
//
// clang-tidy 22's own driver with every bundled module and the gpumem
// module linked in, for users whose clang-tidy cannot load plugins, plus
// CUDA defaults (plugin/CudaDefaults.h) and nvcc compilation databases
// translated for clang (plugin/CompileDatabase.h).
//
//===----------------------------------------------------------------------===//
#include "plugin/CompileDatabase.h"
#include "plugin/CudaDefaults.h"

#include "clang-tidy/tool/ClangTidyMain.h"
#include "llvm/Support/FileSystem.h"

#include <string>
#include <vector>

// clangTidyMain's own object pulls in the bundled modules; the gpumem
// module is compiled into this executable, so its registration is linked.

int main(int Argc, const char **Argv) {
  std::string Executable = llvm::sys::fs::getMainExecutable(
      Argv[0], reinterpret_cast<void *>(&main));
  std::vector<std::string> Args(Argv + 1, Argv + Argc);
  gpumem::plugin::ToolEnvironment Env =
      gpumem::plugin::detectEnvironment(Executable, Args);
  // Static, so that the translated database is removed even when
  // clangTidyMain leaves through exit().
  static gpumem::plugin::TranslatedDatabaseDir Database;
  Database = gpumem::plugin::useCompileDatabase(Args, Env);
  std::vector<std::string> Full = gpumem::plugin::withCudaDefaults(Args, Env);
  bool HasResourceDir = false;
  for (const std::string &A : Full)
    HasResourceDir |= A.find("resource-dir") != std::string::npos;
  if (!HasResourceDir)
    if (auto ResourceDir = gpumem::plugin::resourceDirOverride(Executable))
      Full.insert(Full.begin(),
                  "--extra-arg-before=-resource-dir=" + *ResourceDir);

  std::vector<const char *> NewArgv;
  NewArgv.push_back(Argv[0]);
  for (const std::string &A : Full)
    NewArgv.push_back(A.c_str());
  NewArgv.push_back(nullptr);
  return clang::tidy::clangTidyMain(static_cast<int>(NewArgv.size() - 1),
                                    NewArgv.data());
}
