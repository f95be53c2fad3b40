//===- KernelAccessCheck.h - base of the checks that price accesses -*- C++ -*-//
//
// Kernels and launch sites are collected while matching and analysed at the
// end of the translation unit, so a launch written after its kernel still
// fixes blockDim, and a shared array's padding can be judged against every
// access to it in the file. The matching and the analysis are done once per
// TU and shared by every such check.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_KERNELACCESSCHECK_H
#define GPUMEM_CHECKS_KERNELACCESSCHECK_H

#include "checks/GpumemOptions.h"
#include "checks/access/GlobalVerdict.h"
#include "checks/access/MemoryAccess.h"
#include "checks/access/StraddledWarps.h"

#include "clang-tidy/ClangTidyCheck.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <memory>
#include <string>

namespace clang::tidy::gpumem {

/// "load", "store" or "read-modify-write".
const char *kindName(::gpumem::access::AccessKind Kind);
/// A percentage with one decimal.
std::string percent(double Fraction);

/// Where a finding in a header kernel goes in the main file, and how that
/// file reaches the kernel (KernelAccessCheck::mainFileRoute).
struct MainFileRoute {
  enum Kind { Launches, Calls, Includes };
  /// The launch, call or #include line; invalid where there is no route.
  SourceLocation At;
  Kind How = Launches;
  /// For Calls: the header's host function the main file calls.
  const FunctionDecl *Launcher = nullptr;
};

/// Notes at \p Loc, in a header kernel whose finding went to the main file
/// along \p Route, \p What ("the access 'x' is here, in kernel 'k' of a
/// header") and how that file reaches the kernel.
void noteRoute(ClangTidyCheck &Check, SourceLocation Loc,
               const std::string &What, const MainFileRoute &Route);

/// Collects kernels and launches; hands the analysed kernels to a subclass.
class KernelAccessCheck : public ClangTidyCheck {
public:
  /// \p OwnOptions: the rows of gpumemOptionTable this check reads besides
  /// those every check reads (none for a check without options).
  KernelAccessCheck(StringRef Name, ClangTidyContext *Context,
                    std::optional<OptionReaders> OwnOptions = std::nullopt);
  void registerMatchers(ast_matchers::MatchFinder *Finder) override;
  void check(const ast_matchers::MatchFinder::MatchResult &Result) final;
  /// Empties the analysis shared by the checks of the previous TU.
  void onStartOfTranslationUnit() final;
  void onEndOfTranslationUnit() final;
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;
  /// Skips and reports missing headers, lifts the error limit
  /// (checks/ParseRecovery.h).
  void registerPPCallbacks(const SourceManager &SM, Preprocessor *PP,
                           Preprocessor *ModuleExpanderPP) override;
  bool isLanguageVersionSupported(const LangOptions &LangOpts) const override {
    return LangOpts.CUDA;
  }

protected:
  /// True for a check that reads the warp-uniform terms of the offsets
  /// (AnalysisSettings::KeepUniformOffsetTerms); the others share an
  /// analysis without them.
  virtual bool keepsUniformOffsetTerms() const { return false; }
  /// Called once per translation unit with every analysed kernel.
  virtual void
  checkKernels(llvm::ArrayRef<::gpumem::access::KernelAccesses> Kernels) = 0;


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

  /// Notes, at the finding \p Loc on a condition on \p Parameter, the
  /// \p Alike other places of \p Kernel it speaks for (one conditional
  /// finding per kernel and parameter).
  void noteAlike(SourceLocation Loc, unsigned Alike,
                 const ::gpumem::access::KernelAccesses &Kernel,
                 llvm::StringRef Parameter);
  /// Notes each kernel parameter the access's index reads that was given
  /// the constant every launch passes.
  void noteConstantArguments(const ::gpumem::access::KernelAccesses &Kernel,
                             const ::gpumem::access::MemoryAccess &Access);
  /// For an instantiation the analysis made of a kernel (the file did not
  /// compile, nothing else instantiated it): what it chose; null otherwise.
  const std::string *representativeChoice(const FunctionDecl *Kernel) const;
  /// How the main file reaches \p Kernel, a kernel defined in a header,
  /// where findings in headers go to the main file (HeaderFindingsAt call:
  /// an editor shows that file only): its launch there, its call of the
  /// header's host function that launches it (launch/HeaderLaunches.h), or
  /// its #include of the header after its preamble
  /// (launch::includedAfterPreamble); no route otherwise.
  MainFileRoute mainFileRoute(const FunctionDecl *Kernel) const;
  /// The route in the main file a finding on \p Access in a header
  /// kernel goes to (mainFileRoute), or none where it stays.
  MainFileRoute launchRoute(const ::gpumem::access::MemoryAccess &Access) const;
  /// Notes where blockDim came from (launch, option or assumption).
  void noteBlockDim(const ::gpumem::access::KernelAccesses &Kernel);
  /// Notes the definition of a local variable used as the index.
  void noteIndexDefinition(const Expr *Access);
  /// Notes the `%` divisors \p A's lanes are taken as not wrapping around.
  void noteNoWrap(const ::gpumem::access::MemoryAccess &A);
  /// Where a finding on \p Access is reported: the access itself, or the
  /// kernel's call that reaches it when the access is in a header whose
  /// findings go to the call (option HeaderFindingsAt, system headers).
  SourceLocation findingLocation(const ::gpumem::access::MemoryAccess &Access);
  /// True when a finding on \p Access goes to the call of the helper that
  /// holds it (a header helper with HeaderFindingsAt call, a system
  /// header, a NOLINT at the call).
  bool findingAtCall(const ::gpumem::access::MemoryAccess &Access) const;
  /// True when the kernel's call that leads to \p Access (in a helper)
  /// carries a NOLINT or the line before it a NOLINTNEXTLINE naming this
  /// check: the finding is then made at the call, where clang-tidy's
  /// NOLINT handling silences it on every path, as in the editor.
  bool silencedAtCall(const ::gpumem::access::MemoryAccess &Access) const;
  /// True when a finding on \p Access is not made: it would be in a
  /// header that the header filter given (--header-filter,
  /// HeaderFilterRegex) does not match, or that ExcludeHeaderFilterRegex
  /// matches (its notes at the kernel's call and launch, in the main file,
  /// would make clang-tidy show it anyway), or inside a library call on the
  /// library's own objects (LibraryCalls.h) without --system-headers.
  bool hidden(const ::gpumem::access::MemoryAccess &Access);
  /// Notes the kernel's call whose arguments an access in a device function
  /// was analysed with; for a finding moved to that call, notes the access
  /// in the header instead.
  void noteCallSite(const ::gpumem::access::MemoryAccess &Access,
                    const ::gpumem::access::KernelAccesses &Kernel);
  /// True the first time a location is reported by this check (template
  /// instantiations and inlined device functions share locations).
  bool firstReport(SourceLocation Loc);
  /// The access as written in the source, for messages.
  std::string spelling(const Expr *E) const;
  /// How a finding names \p A: its expression, or for inline PTX the
  /// instruction and its address operand as written (a macro's argument,
  /// not the macro): "ld.global.v4.f32 [src + i]".
  std::string spelling(const ::gpumem::access::MemoryAccess &A) const;
  /// Names the instantiation when the kernel is a template specialisation.
  void noteInstantiation(const ::gpumem::access::KernelAccesses &Kernel,
                         SourceLocation Loc);

  /// The verdict on every access of every kernel of the TU (Unknown for
  /// those outside global memory), judged once per TU for each model and
  /// policy the checks are configured with: the global checks share it.
  /// Only valid inside checkKernels.
  const ::gpumem::access::KernelVerdicts &
  globalVerdicts(const ::gpumem::model::Architecture &Arch,
                 const ::gpumem::access::GlobalPolicy &Policy);
  /// \p Kernel analysed again with a block of \p Shape, once per TU.
  /// Only valid inside checkKernels.
  const ::gpumem::access::KernelAccesses &
  reanalysedWith(const ::gpumem::access::KernelAccesses &Kernel,
                 ::gpumem::cuda::BlockShape Shape);

  const GpumemOptions Hardware;
  ASTContext *Context = nullptr;

public:
  /// The analysis of one TU's kernels shared by the checks (defined in the
  /// .cpp file).
  struct SharedAnalysis;
  /// The kernels and launches of one TU, matched once for all the checks.
  struct Collection;

private:
  /// The analysis checkKernels is running on.
  SharedAnalysis *Current = nullptr;
  /// Shared with the sibling checks of this TU; the first check to register
  /// with the MatchFinder registers the matchers and fills it.
  std::shared_ptr<Collection> Found;
  llvm::DenseSet<unsigned> Reported;
  ClangTidyContext *TidyContext;
  /// The preprocessor of the TU being parsed (its parser gives Sema, for
  /// the instantiations of RepresentativeInstances.h).
  Preprocessor *PP = nullptr;
};

/// Notes, at a finding's \p Loc, which warp of a block whose warps straddle
/// rows the numbers are of, how many warps pay as much, and the mean over
/// the warps in \p Unit ("transactions"); \p AtWorstStart where blocks
/// start at several offsets and those are the worst start's warps.
void noteWorstWarp(ClangTidyCheck &Check, SourceLocation Loc,
                   const ::gpumem::access::KernelAccesses &Kernel,
                   const ::gpumem::access::WorstWarp &Worst,
                   llvm::StringRef Unit, bool AtWorstStart = false);

/// Where \p A is priced for a later warp than the first (no lane of the
/// first makes it), says at \p Loc which.
void noteShownWarp(ClangTidyCheck &Check, SourceLocation Loc,
                   const ::gpumem::access::MemoryAccess &A);

} // namespace clang::tidy::gpumem

#endif // GPUMEM_CHECKS_KERNELACCESSCHECK_H
