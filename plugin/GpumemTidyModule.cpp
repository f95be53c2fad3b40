//===- GpumemTidyModule.cpp - registers the gpumem checks -----------------===//
//
// One registration shared by the --load library and the standalone tools, so
// the two can never offer different checks.
//
//===----------------------------------------------------------------------===//
#include "checks/GpumemCheckList.h"

#include "clang-tidy/ClangTidyModule.h"

namespace clang::tidy::gpumem {

class GpumemModule : public ClangTidyModule {
public:
  void addCheckFactories(ClangTidyCheckFactories &Factories) override {
    registerGpumemChecks(Factories);
  }

  /// CUDA's file extensions next to clang-tidy's defaults: .cuh headers
  /// (so --header-filter and the header/source split treat them as
  /// headers) and .cu sources. Merged into the defaults before any
  /// .clang-tidy, which still wins.
  ClangTidyOptions getModuleOptions() override {
    ClangTidyOptions Options;
    Options.HeaderFileExtensions = {"", "h", "hh", "hpp", "hxx", "cuh"};
    Options.ImplementationFileExtensions = {"c", "cc", "cpp", "cxx", "cu"};
#ifdef GPUMEM_EDITOR_MODULE
    // The editor shows the open file's diagnostics only: a finding in a
    // header's device function is reported on the call that reaches it.
    Options.CheckOptions["HeaderFindingsAt"] = {"call", 0};
#endif
    return Options;
  }
};

} // namespace clang::tidy::gpumem

namespace clang::tidy {

static ClangTidyModuleRegistry::Add<gpumem::GpumemModule>
    X("gpumem-module", "Predicts GPU memory efficiency of CUDA kernels.");

// Referenced by the standalone tools to force this object to link.
volatile int GpumemModuleAnchorSource = 0;

} // namespace clang::tidy
