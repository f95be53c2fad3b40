//===- LaunchSites.h - block shapes fixed by kernel launches ----*- C++ -*-===//
//
// A launch `k<<<grid, block>>>(...)` (or `cudaLaunchKernel((void *)k,
// grid, block, args)`, KernelLaunch.h) whose block is a constant (256,
// dim3(16, 16), a dim3 variable initialised from constants or macros, a
// variable inside `case 256:` of a switch on it) fixes blockDim for the
// kernel's analysis. Launches of one kernel that disagree
// fix nothing.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_LAUNCH_LAUNCHSITES_H
#define GPUMEM_CHECKS_LAUNCH_LAUNCHSITES_H

#include "checks/cuda/BlockShape.h"
#include "checks/cuda/KernelLaunch.h"
#include "checks/cuda/ReachingWrites.h"
#include "checks/launch/HostCallers.h"
#include "checks/launch/HostFact.h"
#include "checks/launch/HostFunctionFacts.h"

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/DenseMap.h"

#include <memory>
#include <optional>

namespace gpumem::launch {

using cuda::BlockShape;
using cuda::FunctionFacts;
using cuda::KernelLaunch;
using cuda::ReachingWrites;

/// True when CUDA can launch a block of shape \p S (x and y at most 1024,
/// z at most 64, at most 1024 threads); extents that are not constants
/// count as 1.
bool launchableBlock(const BlockShape &S);

/// What every launch of a kernel in the file says of one argument: each
/// fact, or why the launches give none (HostFact.h).
struct ArgumentFacts {
  /// The distinct integer constants the launches pass, when every launch
  /// passes one (at most MaxValues of them; never empty).
  HostFact<std::vector<std::int64_t>> Values;
  /// The most any launch passes, when every launch bounds it (a constant,
  /// `if (n <= 16)` around the launch, `if (n > 16) return;` before it).
  HostFact<std::int64_t> Bound;
  /// The bytes every launch's pointer lies past the start of its buffer,
  /// when all agree on a constant (`d_in + RADIUS`, `&d_in[3]`; a plain
  /// `d_in` is 0).
  HostFact<std::int64_t> Offset;
  /// The integer fields of a struct the launches pass by value, each with
  /// the constant every launch gives it (`Params p; p.ld = 64;
  /// k<<<g, b>>>(p)`; LaunchReader::fieldsAtLaunch).
  std::vector<std::pair<const clang::FieldDecl *, std::int64_t>> Fields;
  static constexpr std::size_t MaxValues = 16;

  /// The one constant every launch passes (`attn<<<g, b>>>(q, k,
  /// /*Bc=*/32)`); SeveralValues where they pass more than one.
  HostFact<std::int64_t> constant() const {
    if (!Values)
      return HostFact<std::int64_t>::unknown(Values.why(), Values.where());
    if (Values->size() != 1)
      return HostFact<std::int64_t>::unknown(HostUnknown::SeveralValues,
                                             Values.where());
    return HostFact<std::int64_t>::known(Values->front());
  }
  /// No fact of any kind, each for \p Why at \p At.
  static ArgumentFacts unknown(HostUnknown Why, clang::SourceLocation At) {
    ArgumentFacts Facts;
    Facts.Values = HostFact<std::vector<std::int64_t>>::unknown(Why, At);
    Facts.Bound = HostFact<std::int64_t>::unknown(Why, At);
    Facts.Offset = HostFact<std::int64_t>::unknown(Why, At);
    return Facts;
  }
  /// Keeps what also holds at another launch, which says \p Now at
  /// \p NowAt.
  void merge(const ArgumentFacts &Now, clang::SourceLocation NowAt);
};

/// The block shape a translation unit's launches agree on, per kernel.
class LaunchSites {
public:
  struct Entry {
    /// The block every launch gives, or why none: LaunchesDisagree as soon
    /// as a later launch's block is not the same known one.
    HostFact<BlockShape> Shape;
    clang::SourceLocation Where;
    bool launchesDisagree() const {
      return !Shape && Shape.why() == HostUnknown::LaunchesDisagree;
    }
    /// What the launches say of each argument (empty when launches pass
    /// different numbers of arguments).
    std::vector<ArgumentFacts> Arguments;
    /// The first launch whose block CUDA would reject (an extent of 0,
    /// x or y over 1024, z over 64, over 1024 threads); it fixes no shape.
    clang::SourceLocation InvalidLaunch;
    /// The block argument of the first launch whose shape is a value of
    /// the run (`dim3 block(ne13, ne12)`); null when every launch's is a
    /// constant.
    const clang::Expr *RuntimeBlock = nullptr;
  };

  /// Records \p Launch.
  void add(const KernelLaunch &Launch, clang::ASTContext &Ctx);
  /// What the launches of \p Kernel say, or null when it is never launched.
  const Entry *find(const clang::FunctionDecl *Kernel) const;
  void clear() {
    Entries.clear();
    Facts.clear();
    Callers.clear();
  }

  /// What is known of each host function (HostFunctionFacts.h).
  using FunctionCache = HostFunctionFacts;
  using FactsCache = HostFactsCache;

  /// A launch's block: its constant shape, or why none (RejectedBlock: CUDA
  /// would reject it). \p Callers, where given, reads extents from a
  /// helper's parameters (`dim3(w, 32 / w)` in a helper every call of
  /// which passes 8).
  static HostFact<BlockShape> readShape(const KernelLaunch &Launch,
                                        clang::ASTContext &Ctx,
                                        FactsCache &Facts,
                                        HostCallers *Callers = nullptr);

private:
  FactsCache Facts;
  /// Reads a helper's calls with the same facts.
  HostCallers Callers{Facts};
  llvm::DenseMap<const clang::FunctionDecl *, Entry> Entries;
};

} // namespace gpumem::launch

#endif // GPUMEM_CHECKS_LAUNCH_LAUNCHSITES_H
