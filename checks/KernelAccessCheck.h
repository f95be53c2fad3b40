//===- KernelAccessCheck.h - base of the pricing checks ---------*- C++ -*-===//
//
// The base of the checks that price accesses: it registers the matchers,
// reads the options and hands the TU's analysed kernels
// (TranslationUnitAnalysis.h: collected while matching, analysed at the
// end of the TU, once for every such check) to the check, with what the
// wording of a finding needs.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_KERNELACCESSCHECK_H
#define GPUMEM_CHECKS_KERNELACCESSCHECK_H

#include "checks/GpumemOptions.h"
#include "checks/TranslationUnitAnalysis.h"
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

/// Notes at \p Loc, in a header kernel whose finding went to the main file
/// along \p Route, \p What ("the access 'x' is here, in kernel 'k' of a
/// header") and how that file reaches the kernel.
void noteRoute(ClangTidyCheck &Check, SourceLocation Loc,
               const std::string &What, const MainFileRoute &Route);

/// Collects kernels and launches into the TU's analysis
/// (TranslationUnitAnalysis.h), shared with the sibling checks, and hands
/// the analysed kernels to a subclass, with what every finding's wording
/// needs: where it goes, whether it is shown, the notes on its origin.
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

  /// The analysis checkKernels is called with: its verdicts, its kernels
  /// under other block shapes, and the TU's launches (unit()). Only valid
  /// inside checkKernels.
  AnalysedKernels &analysis() const;

  /// Notes where blockDim came from (launch, option or assumption).
  /// Notes where the block shape comes from; \p Assumed ends the note
  /// when the shape was assumed (what the finding is at other blocks).
  void noteBlockDim(const ::gpumem::access::KernelAccesses &Kernel,
                    llvm::StringRef Assumed = "");
  /// Where a finding on \p Access is reported: the access itself, the
  /// kernel's call that reaches it when the access is in a header whose
  /// findings go to the call (option HeaderFindingsAt, system headers, a
  /// NOLINT at the call), or the main file's route to a header kernel.
  SourceLocation findingLocation(const ::gpumem::access::MemoryAccess &Access);
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

  const GpumemOptions Hardware;
  ASTContext *Context = nullptr;

private:
  /// The analysis checkKernels is running on.
  AnalysedKernels *Current = nullptr;
  /// Shared with the sibling checks of this TU; the first check to register
  /// with the MatchFinder registers the matchers and fills it.
  std::shared_ptr<TranslationUnitAnalysis> Found;
  llvm::DenseSet<unsigned> Reported;
  ClangTidyContext *TidyContext;
  /// The preprocessor of the TU being parsed (its parser gives Sema, for
  /// the instantiations of RepresentativeInstances.h).
  Preprocessor *PP = nullptr;
};

/// Notes, at the finding \p Loc on a condition on \p Parameter, the
/// \p Alike other places of \p Kernel it speaks for (one conditional
/// finding per kernel and parameter), and one note at each of them (\p
/// Where places it), so that an editor or a SARIF viewer shows them.
void noteAlike(
    ClangTidyCheck &Check, SourceLocation Loc,
    llvm::ArrayRef<const ::gpumem::access::MemoryAccess *> Alike,
    const ::gpumem::access::KernelAccesses &Kernel, llvm::StringRef Parameter,
    llvm::function_ref<SourceLocation(const ::gpumem::access::MemoryAccess &)>
        Where);
/// Notes each kernel parameter the access's index reads that was given
/// the constant every launch in \p Launches passes.
void noteConstantArguments(ClangTidyCheck &Check,
                           const ::gpumem::launch::LaunchSites &Launches,
                           const ::gpumem::access::KernelAccesses &Kernel,
                           const ::gpumem::access::MemoryAccess &Access);
/// Notes, at \p Loc, the `%` divisors \p A's lanes are taken as not
/// wrapping around.
void noteNoWrap(ClangTidyCheck &Check, SourceLocation Loc,
                const ::gpumem::access::MemoryAccess &A);
/// Notes the definition of a local variable used as the index of
/// \p Access.
void noteIndexDefinition(ClangTidyCheck &Check, const Expr *Access);

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
