//===- TranslationUnitAnalysis.h - the kernels of one TU, analysed -*- C++ -*-//
//
// The gpumem checks of a translation unit all match the same kernels and
// launches, so one object collects them for all of them while the TU is
// matched, analyses the kernels at its end (a launch written after its
// kernel still fixes blockDim; a shared array's padding is judged against
// every access in the file), and answers what the checks ask while they
// report: the verdicts, a kernel analysed again under another block, the
// route of a header kernel's finding into the main file, the instantiation
// the analysis made of a template. The checks word what it holds; it says
// nothing of a check's own (its options aside, which pick the settings).
//
// The per-TU state (TranslationUnitState.h) finds it for each MatchFinder;
// the checks registered with that finder share it.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_TRANSLATIONUNITANALYSIS_H
#define GPUMEM_CHECKS_TRANSLATIONUNITANALYSIS_H

#include "checks/access/GlobalVerdict.h"
#include "checks/access/KernelAccessCollector.h"
#include "checks/access/MemoryAccess.h"
#include "checks/launch/LaunchSites.h"

#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SetVector.h"

#include <list>
#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace clang {
class Preprocessor;
} // namespace clang

namespace clang::tidy::gpumem {

/// Where a finding in a header kernel goes in the main file, and how that
/// file reaches the kernel (TranslationUnitAnalysis::mainFileRoute).
struct MainFileRoute {
  enum Kind { Launches, Calls, Includes };
  /// The launch, call or #include line; invalid where there is no route.
  SourceLocation At;
  Kind How = Launches;
  /// For Calls: the header's host function the main file calls.
  const FunctionDecl *Launcher = nullptr;
};

class TranslationUnitAnalysis;

/// The kernels of one TU analysed under one setting, shared by the checks
/// configured alike. Valid until the next TU starts.
class AnalysedKernels {
public:
  AnalysedKernels(TranslationUnitAnalysis &Unit,
                  ::gpumem::access::AnalysisSettings Settings);
  AnalysedKernels(const AnalysedKernels &) = delete;
  AnalysedKernels &operator=(const AnalysedKernels &) = delete;

  llvm::ArrayRef<::gpumem::access::KernelAccesses> kernels() const {
    return Analysed;
  }
  /// The TU's kernels and launches this analyses.
  TranslationUnitAnalysis &unit() const { return Unit; }
  /// True when this is the analysis of \p Unit's kernels as they are now,
  /// under \p Settings.
  bool isFor(const TranslationUnitAnalysis &Unit,
             const ::gpumem::access::AnalysisSettings &Settings) const;

  /// The verdict on every access of every kernel (Unknown for those
  /// outside global memory), judged once for each model and policy the
  /// global checks are configured with.
  const ::gpumem::access::KernelVerdicts &
  globalVerdicts(const ::gpumem::model::Architecture &Arch,
                 const ::gpumem::access::GlobalPolicy &Policy);

  /// False when a finding on \p Access rests on the assumed block shape
  /// and would vanish under another plausible one: no launch or option
  /// fixes blockDim, the index reads threadIdx.y or .z (whose lanes per
  /// warp depend on blockDim.x), and \p IsFinding says no for the same
  /// access analysed with a block of 16x16 or 8x8 threads. A warning that
  /// flips under another shape costs more than a missed one.
  bool holdsUnderOtherShapes(
      const ::gpumem::access::KernelAccesses &Kernel,
      const ::gpumem::access::MemoryAccess &Access,
      llvm::function_ref<bool(const ::gpumem::access::MemoryAccess &)>
          IsFinding);
  /// \p Access as each of those other shapes makes it (null where that
  /// analysis has no such access); none where the shape is not assumed or
  /// the access does not read the row index.
  llvm::SmallVector<std::pair<::gpumem::cuda::BlockShape,
                              const ::gpumem::access::MemoryAccess *>,
                    4>
  underOtherShapes(const ::gpumem::access::KernelAccesses &Kernel,
                   const ::gpumem::access::MemoryAccess &Access);

private:
  /// \p Kernel analysed again with a block of \p Shape, once.
  const ::gpumem::access::KernelAccesses &
  reanalysedWith(const ::gpumem::access::KernelAccesses &Kernel,
                 ::gpumem::cuda::BlockShape Shape);

  TranslationUnitAnalysis &Unit;
  const ASTContext *Context;
  std::vector<const FunctionDecl *> Kernels;
  ::gpumem::access::AnalysisSettings Settings;
  std::vector<::gpumem::access::KernelAccesses> Analysed;
  struct Verdicts {
    ::gpumem::model::Architecture Arch;
    ::gpumem::access::GlobalPolicy Policy;
    ::gpumem::access::KernelVerdicts Judged;
  };
  std::list<Verdicts> Judged;
  /// Kernels analysed again with another block shape (X, Y, Z).
  std::map<std::tuple<const FunctionDecl *, std::int64_t, std::int64_t,
                      std::int64_t>,
           ::gpumem::access::KernelAccesses>
      OtherShapes;
};

/// The kernels and launches of one TU, matched once for all its checks,
/// and their analyses.
class TranslationUnitAnalysis {
public:
  TranslationUnitAnalysis() = default;
  TranslationUnitAnalysis(const TranslationUnitAnalysis &) = delete;
  TranslationUnitAnalysis &operator=(const TranslationUnitAnalysis &) = delete;

  /// Forgets the last TU's nodes: a check outlives its TU.
  void startTranslationUnit();

  /// Records a kernel definition the matchers found in \p Ctx's TU; a
  /// template's pattern records whether it has a valid instantiation.
  void addKernel(const FunctionDecl *Kernel, ASTContext &Ctx);
  /// Records the launch \p Call (`k<<<g, b>>>(...)`) the matchers found.
  void addLaunchCall(const CallExpr *Call, ASTContext &Ctx);

  /// What comes after the matchers, once per TU: the runtime's launches
  /// (cudaLaunchKernel), the launches the main file reaches through
  /// headers' host functions, and, said through \p TidyContext, what was
  /// not analysed (headers not found, templates never instantiated, for
  /// which an instantiation of the analysis's own is made with \p PP's
  /// Sema where it can).
  void finishCollecting(bool HeaderFindingsAtCall, Preprocessor *PP,
                        ClangTidyContext &TidyContext);

  /// The TU's kernels analysed under \p Settings (once per setting; a
  /// kernel cut short at MaxAccessesPerKernel is said through
  /// \p TidyContext); null when the TU has no kernel.
  AnalysedKernels *analysed(const ::gpumem::access::AnalysisSettings &Settings,
                            ClangTidyContext &TidyContext);

  ASTContext *context() const { return Context; }
  llvm::ArrayRef<const FunctionDecl *> kernels() const {
    return Kernels.getArrayRef();
  }
  const ::gpumem::launch::LaunchSites &launches() const { return Launches; }
  ::gpumem::lanes::FunctionCache &functions() { return Functions; }
  /// For an instantiation the analysis made of a kernel (the file did not
  /// compile, nothing else instantiated it): what it chose; null otherwise.
  const std::string *representativeChoice(const FunctionDecl *Kernel) const;
  /// How the main file reaches \p Kernel, a kernel defined in a header,
  /// where findings in headers go to the main file (\p HeaderFindingsAtCall:
  /// an editor shows that file only): its launch there, its call of the
  /// header's host function that launches it (launch/HeaderLaunches.h), or
  /// its #include of the header after its preamble; no route otherwise.
  MainFileRoute mainFileRoute(const FunctionDecl *Kernel,
                              bool HeaderFindingsAtCall) const;

private:
  /// Records a launch, and its kernel where the matchers do not reach the
  /// kernel's definition (gpumem-clangd matches the open file only).
  void addLaunch(const ::gpumem::cuda::KernelLaunch &Launch, ASTContext &Ctx);
  void readLaunchesThroughHeaders(bool HeaderFindingsAtCall);
  void sayWhatWasNotAnalysed(Preprocessor *PP, ClangTidyContext &TidyContext);

  ASTContext *Context = nullptr;
  llvm::SetVector<const FunctionDecl *> Kernels;
  ::gpumem::launch::LaunchSites Launches;
  /// The writes, loops and reaching writes of functions, read once for
  /// every kernel and every setting of this TU.
  ::gpumem::lanes::FunctionCache Functions;
  /// Kernel templates of the TU with no instantiation: no kernel of theirs
  /// is analysed.
  llvm::SetVector<const FunctionDecl *> Uninstantiated;
  /// Kernel templates whose every instantiation is invalid (its body does
  /// not compile for the arguments given), with the first of them.
  llvm::MapVector<const FunctionDecl *, const FunctionDecl *> NoValidInstance;
  /// The instantiations the analysis made of them, where the file did not
  /// compile, with what it chose ("float for 'T'").
  llvm::DenseMap<const FunctionDecl *, std::string> Representatives;
  /// Kernels launched from a header's host function that the main file
  /// calls, with that call (the first that reaches each), where findings
  /// in headers go to the main file (HeaderFindingsAt: call).
  llvm::DenseMap<const FunctionDecl *, const CallExpr *> LaunchedThroughCall;
  /// What finishCollecting does once per TU has been done.
  bool Finished = false;
  bool HeaderLaunchesRead = false;
  /// The analyses of the kernels, one per setting (a list: the checks
  /// hold pointers into it while they report).
  std::list<AnalysedKernels> Analyses;
};

} // namespace clang::tidy::gpumem

#endif // GPUMEM_CHECKS_TRANSLATIONUNITANALYSIS_H
