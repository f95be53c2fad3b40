//===- RepresentativeInstances.h - kernels the host code never made -*- C++ -*-===//
//
// A template kernel exists, for the analysis, only as the instantiations
// its launches make. Where the host code that launches it does not compile
// (a torch extension without torch's headers, a project header not on the
// path), there is none, and the kernel would not be analysed. Here the
// analysis makes one of its own: each type parameter is `float` (the
// element type of most kernels; a default argument that names a type is
// used instead). A kernel with a non-type parameter (a block size, a
// padding, a stage count), a template template parameter or a pack gets
// none: the launches choose those values, a default is often not what
// they choose (LeetCUDA's HGEMMs default to no padding and launch with
// 8), and a value chosen for them would choose the finding.
//
// The instantiation needs Sema, which clang-tidy keeps alive while its
// checks run (they run at the end of the parse, inside it). Where the parse
// is over (clangd runs the checks after it), there is none, and the kernel
// is named as not analysed, as before.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_REPRESENTATIVEINSTANCES_H
#define GPUMEM_CHECKS_REPRESENTATIVEINSTANCES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"

#include <string>

namespace clang {
class Preprocessor;
class Sema;
} // namespace clang

namespace clang::tidy::gpumem {

/// The Sema of the parse \p PP serves, while that parse is under way; null
/// otherwise.
Sema *semaWhileParsing(Preprocessor &PP);

/// An instantiation the analysis made of a kernel template, or why not.
struct RepresentativeInstance {
  /// The instantiation; null when none was made.
  const FunctionDecl *Instance = nullptr;
  /// What was chosen, as the notes say it ("float for 'T'").
  std::string Chosen;
  /// Why none was made ("'BLOCK' is a value its launches choose").
  std::string WhyNot;
};

/// Instantiates the kernel template whose pattern is \p Kernel with
/// representative arguments, silently (an instantiation that does not
/// compile is dropped, and says so in WhyNot).
RepresentativeInstance instantiateRepresentative(Sema &S,
                                                 const FunctionDecl *Kernel);

/// What one translation unit's representative instantiations may cost:
/// MaxCount of them and MaxBytes of AST they add, all together. The
/// instantiation that passes the bytes is kept (it is made); the next
/// ones are not made.
class RepresentativeBudget {
public:
  static constexpr unsigned DefaultMaxCount = 64;
  static constexpr std::size_t DefaultMaxBytes = std::size_t(256) << 20;

  explicit RepresentativeBudget(unsigned MaxCount = DefaultMaxCount,
                                std::size_t MaxBytes = DefaultMaxBytes)
      : MaxCount(MaxCount), MaxBytes(MaxBytes) {}

  /// True once no further instantiation may be made.
  bool spent() const { return Count >= MaxCount || Bytes >= MaxBytes; }
  /// Why a template is not instantiated once spent().
  std::string why() const;
  /// Makes one instantiation with \p Make and counts what it added to
  /// \p Ctx.
  template <typename Fn>
  RepresentativeInstance charge(const ASTContext &Ctx, Fn Make) {
    const std::size_t Before = Ctx.getASTAllocatedMemory();
    RepresentativeInstance R = Make();
    const std::size_t After = Ctx.getASTAllocatedMemory();
    Bytes += After > Before ? After - Before : 0;
    ++Count;
    return R;
  }

private:
  unsigned MaxCount;
  std::size_t MaxBytes;
  unsigned Count = 0;
  std::size_t Bytes = 0;
};

} // namespace clang::tidy::gpumem

#endif // GPUMEM_CHECKS_REPRESENTATIVEINSTANCES_H
