//===- MissingHeaderNames.h - calls into a header that is missing -*- C++ -*-===//
//
// A torch extension run without torch's headers launches its kernels on
// torch's stream:
//
//   cudaStream_t stream = at::cuda::getCurrentCUDAStream();
//   rows<<<grid, block, 0, stream>>>(...);
//
// With <ATen/cuda/CUDAContext.h> not found, `at` is undeclared, Clang drops
// the statement, then the launch that names `stream`, and the launch's
// block shape is lost with it: the kernel is priced at an assumed shape.
// Where a header was not found (ParseRecovery.h), a call spelled as
// `ns::...::f(...)` inside a function, whose first name nothing declares,
// that is a launch's stream (`k<<<g, b, 0, ns::f()>>>`) or a stream's
// whole initializer (`cudaStream_t s = ns::f();`, `auto s = ns::getStream();`) is
// declared as a function of the missing header: the namespaces, and `f`
// taking anything and returning `nullptr` (which converts to the stream a
// launch takes). Any other use of such a name (a type, a tensor call)
// stays the error it was: Clang's "undeclared identifier" says more than
// an error about a value the analysis made up.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_MISSINGHEADERNAMES_H
#define GPUMEM_CHECKS_MISSINGHEADERNAMES_H

namespace clang {
class Preprocessor;
} // namespace clang

namespace clang::tidy::gpumem {

/// Declares, from now on in the parse \p PP serves, the calls of a missing
/// header's namespaced functions (see above), once per call of this;
/// false when no C++ parse is under way.
bool declareMissingHeaderCalls(Preprocessor &PP);

} // namespace clang::tidy::gpumem

#endif // GPUMEM_CHECKS_MISSINGHEADERNAMES_H
