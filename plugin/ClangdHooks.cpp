//===- ClangdHooks.cpp - what gpumem-clangd changes inside clangd ---------===//
//
// clangd offers no extension point for any of these, so gpumem-clangd
// links with `ld --wrap` on four calls that clangd's static library makes
// (plugin/CMakeLists.txt names the symbols):
//
// - PrecompiledPreamble::Build: clangd parses the #include block that opens
//   a file once, into a preamble, and skips the bodies of the functions it
//   declares. A __device__ helper in the user's own header would have no
//   body in the editor, and its accesses could not be analysed. The wrapper
//   keeps those bodies (device and kernel functions outside system headers,
//   and the host functions of a header after a kernel it defines: the
//   wrapper that launches the header's kernels for the file that includes
//   it) and leaves every other skip to clangd.
// - CommandMangler::operator(): the last step of every compile command
//   clangd uses (database, fallback, .clangd `CompileFlags` edits). The
//   wrapper completes a CUDA command with what the analysis needs and the
//   user did not give, as gpumem-tidy does (plugin/CudaDefaults.h).
// - versionString: what `--version` prints and the LSP serverInfo's
//   version (its name is fixed to "clangd"); the wrapper adds
//   gpumem-clangd's name and version.
// - isFastTidyCheck: clangd's FastCheckFilter (Strict unless .clangd says
//   otherwise) runs only the checks its list calls fast, and the gpumem
//   checks are on no list: a .clangd that added them showed nothing. They
//   are fast (at most 5% of a parse), and the wrapper says so.
//
// If a later clangd changes any signature, the link fails on the
// __real_ symbol rather than calling the wrong function.
//
//===----------------------------------------------------------------------===//
#include "plugin/ClangdHooks.h"
#include "plugin/CompileDatabase.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/PrecompiledPreamble.h"
#include "clang/Tooling/CompilationDatabase.h"

#include <memory>
#include <optional>
#include <string>

namespace {

/// Keeps the bodies of the user's device functions in a CUDA preamble; asks
/// clangd's own callbacks for everything else.
class KeepDeviceBodies final : public clang::PreambleCallbacks {
public:
  explicit KeepDeviceBodies(clang::PreambleCallbacks &Clangd)
      : Clangd(Clangd) {}

  void BeforeExecute(clang::CompilerInstance &CI) override {
    Clangd.BeforeExecute(CI);
  }
  void AfterExecute(clang::CompilerInstance &CI) override {
    Clangd.AfterExecute(CI);
  }
  void AfterPCHEmitted(clang::ASTWriter &Writer) override {
    Clangd.AfterPCHEmitted(Writer);
  }
  void HandleTopLevelDecl(clang::DeclGroupRef DG) override {
    Clangd.HandleTopLevelDecl(DG);
  }
  std::unique_ptr<clang::PPCallbacks> createPPCallbacks() override {
    return Clangd.createPPCallbacks();
  }
  clang::CommentHandler *getCommentHandler() override {
    return Clangd.getCommentHandler();
  }
  bool shouldSkipFunctionBody(clang::Decl *D) override {
    return !gpumem::plugin::keepsBodyInPreamble(D, KernelFiles) &&
           Clangd.shouldSkipFunctionBody(D);
  }

private:
  clang::PreambleCallbacks &Clangd;
  /// The files of the kernels whose bodies were kept so far.
  llvm::DenseSet<clang::FileID> KernelFiles;
};

const gpumem::plugin::ToolEnvironment *CommandEnvironment = nullptr;

} // namespace

namespace gpumem::plugin {

bool keepsBodyInPreamble(const clang::Decl *D,
                         llvm::DenseSet<clang::FileID> &KernelFiles) {
  const clang::FunctionDecl *FD = D ? D->getAsFunction() : nullptr;
  if (!FD || !D->getASTContext().getLangOpts().CUDA)
    return false;
  // The toolkit's and the standard library's inline functions stay
  // skipped: their findings go to the user's call (KernelAccessCheck), which
  // is in the main file, and keeping them would make every preamble large.
  const clang::SourceManager &SM = D->getASTContext().getSourceManager();
  if (SM.isInSystemHeader(D->getLocation()))
    return false;
  const clang::FileID File = SM.getFileID(SM.getExpansionLoc(D->getLocation()));
  if (FD->hasAttr<clang::CUDAGlobalAttr>()) {
    KernelFiles.insert(File);
    return true;
  }
  if (FD->hasAttr<clang::CUDADeviceAttr>())
    return true;
  // A host function after a kernel of its header: where the header holds
  // its kernels' launching wrappers (`void runCopy(...) { copy<<<g, b>>>(...);
  // }`), the file that includes it reaches them only through that body.
  return KernelFiles.contains(File);
}

void setClangdCommandEnvironment(const ToolEnvironment &Env) {
  static const ToolEnvironment Stored = Env;
  CommandEnvironment = &Stored;
}

} // namespace gpumem::plugin

// The wrapped functions, under the names `ld --wrap` gives them. A static
// member function and a const member function (with `this` first) have the
// calling convention of these free functions.

// PrecompiledPreamble::Build's parameters, and CommandMangler's with its
// object first.
#define GPUMEM_PREAMBLE_BUILD_PARAMETERS                                       \
  const clang::CompilerInvocation &Invocation,                                 \
      const llvm::MemoryBuffer *MainFileBuffer, clang::PreambleBounds Bounds,  \
      llvm::IntrusiveRefCntPtr<clang::DiagnosticsEngine> Diagnostics,          \
      llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> VFS,                     \
      std::shared_ptr<clang::PCHContainerOperations> PCHContainerOps,          \
      bool StoreInMemory, llvm::StringRef StoragePath,                         \
      clang::PreambleCallbacks &Callbacks
#define GPUMEM_MANGLE_PARAMETERS                                               \
  const void *Mangler, clang::tooling::CompileCommand &Command,                \
      llvm::StringRef TargetFile

llvm::ErrorOr<clang::PrecompiledPreamble>
gpumemRealBuildPreamble(GPUMEM_PREAMBLE_BUILD_PARAMETERS)
    asm(GPUMEM_REAL_PREAMBLE_BUILD);
llvm::ErrorOr<clang::PrecompiledPreamble>
gpumemWrapBuildPreamble(GPUMEM_PREAMBLE_BUILD_PARAMETERS)
    asm(GPUMEM_WRAP_PREAMBLE_BUILD);

llvm::ErrorOr<clang::PrecompiledPreamble>
gpumemWrapBuildPreamble(GPUMEM_PREAMBLE_BUILD_PARAMETERS) {
  // Build is synchronous: the callbacks do not outlive this call.
  KeepDeviceBodies Keeping(Callbacks);
  clang::PreambleCallbacks &Used =
      Invocation.getLangOpts().CUDA ? Keeping : Callbacks;
  return gpumemRealBuildPreamble(Invocation, MainFileBuffer, Bounds,
                                 std::move(Diagnostics), std::move(VFS),
                                 std::move(PCHContainerOps), StoreInMemory,
                                 StoragePath, Used);
}

void gpumemRealMangleCommand(GPUMEM_MANGLE_PARAMETERS)
    asm(GPUMEM_REAL_MANGLE_COMMAND);
void gpumemWrapMangleCommand(GPUMEM_MANGLE_PARAMETERS)
    asm(GPUMEM_WRAP_MANGLE_COMMAND);

void gpumemWrapMangleCommand(GPUMEM_MANGLE_PARAMETERS) {
  gpumemRealMangleCommand(Mangler, Command, TargetFile);
  if (CommandEnvironment)
    gpumem::plugin::completeClangCudaCommand(
        Command.CommandLine, TargetFile.str(), Command.Directory,
        *CommandEnvironment);
}

std::optional<bool> gpumemRealIsFastTidyCheck(llvm::StringRef Check)
    asm(GPUMEM_REAL_FAST_CHECK);
std::optional<bool> gpumemWrapIsFastTidyCheck(llvm::StringRef Check)
    asm(GPUMEM_WRAP_FAST_CHECK);

std::optional<bool> gpumemWrapIsFastTidyCheck(llvm::StringRef Check) {
  // clangd's default FastCheckFilter (Strict) runs only checks its list
  // calls fast. The gpumem checks add at most 5% to a parse
  // (docs/performance.md): fast, so a .clangd that adds them shows them.
  if (Check.starts_with("gpumem-"))
    return true;
  return gpumemRealIsFastTidyCheck(Check);
}


std::string gpumemRealVersionString() asm(GPUMEM_REAL_VERSION_STRING);
std::string gpumemWrapVersionString() asm(GPUMEM_WRAP_VERSION_STRING);

std::string gpumemWrapVersionString() {
  // What `--version` prints after gpumem-clangd's own line, and the LSP
  // serverInfo's version: an editor's "server info" tells the two apart.
  return gpumemRealVersionString() + " (gpumem-clangd " GPUMEM_VERSION
                                     ", with the gpumem-* checks)";
}
