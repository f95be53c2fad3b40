//===- ChecksFuzzer.cpp - libFuzzer target for the checks on CUDA source -===//
//
// The input is the text of a .cu file. It is parsed as CUDA device code
// with the hermetic flags of the lit suite (the bundled shim header, a
// pinned CUDA version) from an in-memory file, and every gpumem check plus
// the access dump runs on it through clang-tidy's own library entry point
// (runClangTidy), with the gpumem module linked in. Compile errors are
// fine; a crash, a sanitizer report or a hang (libFuzzer's -timeout) is a
// finding.
//
//===----------------------------------------------------------------------===//
#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <cstdint>
#include <string>
#include <vector>

namespace clang::tidy {
// Defined by plugin/GpumemTidyModule.cpp; referencing it links the module.
extern volatile int GpumemModuleAnchorSource;
} // namespace clang::tidy

namespace {

constexpr char InputPath[] = "/gpumem-fuzz/input.cu";

std::vector<std::string> compilerFlags() {
  return {"-x",
          "cuda",
          "-nocudainc",
          "-nocudalib",
          "--cuda-path=" GPUMEM_FAKE_CUDA_PATH,
          "--cuda-gpu-arch=sm_70",
          "--cuda-device-only",
          "-std=c++17",
          "-isystem",
          GPUMEM_SHIM_DIR,
          "-include",
          GPUMEM_SHIM_DIR "/cuda_runtime.h",
          // Keep a bad input from printing thousands of errors.
          "-ferror-limit=20"};
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *Bytes,
                                      std::size_t Size) {
  using namespace clang;
  (void)tidy::GpumemModuleAnchorSource;

  static const tooling::FixedCompilationDatabase Compilations(".",
                                                              compilerFlags());
  auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
  Memory->addFile(InputPath, 0,
                  llvm::MemoryBuffer::getMemBufferCopy(llvm::StringRef(
                      reinterpret_cast<const char *>(Bytes), Size)));
  auto FS = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(
      llvm::vfs::getRealFileSystem());
  FS->pushOverlay(Memory);

  tidy::ClangTidyOptions Options = tidy::ClangTidyOptions::getDefaults();
  Options.Checks = "-*,gpumem-*,debug-gpumem-access-dump,"
                   "debug-gpumem-kernel-work";
  Options.SystemHeaders = false;
  tidy::ClangTidyContext Context(
      std::make_unique<tidy::DefaultOptionsProvider>(
          tidy::ClangTidyGlobalOptions(), Options));
  std::vector<tidy::ClangTidyError> Errors =
      tidy::runClangTidy(Context, Compilations, {InputPath}, FS,
                         /*ApplyAnyFix=*/true, /*EnableCheckProfile=*/false,
                         /*StoreCheckProfile=*/"", /*Quiet=*/true);
  (void)Errors;
  return 0;
}
