//===- HostFact.h - a host fact, or why it is unknown ----------*- C++ -*-===//
//
// What the launches of a kernel say of its block or of one argument is
// either the fact (a shape, a value, the set of values, a bound, an
// offset) or the reason no fact holds, with the place that decided it:
// launches that disagree, a value of the run, a block CUDA rejects. As
// Polly's ValidatorResult carries its type or the failure, a HostFact is
// never a bare "no": a note, the access dump or a test can say why.
//
// Merging what two launches say keeps the fact where both give the same
// one; otherwise the first reason (the earlier launch's), or, where both
// give a fact and they differ, LaunchesDisagree at the later launch.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_LAUNCH_HOSTFACT_H
#define GPUMEM_CHECKS_LAUNCH_HOSTFACT_H

#include "clang/Basic/SourceLocation.h"

#include <cassert>
#include <optional>
#include <utility>

namespace gpumem::launch {

/// Why the host code gives no fact.
enum class HostUnknown {
  /// No launch read it yet (an empty fact, before the first launch).
  NotRead,
  /// The launches give different facts.
  LaunchesDisagree,
  /// A launch passes a value of the run: a parameter, a local written on
  /// paths that cannot be told apart, a call.
  ValueOfTheRun,
  /// A launch's block is one CUDA would not run.
  RejectedBlock,
  /// A launch's block leaves the lanes of a warp unplaced (an extent that
  /// is not a constant where the others do not fix each warp's threads).
  LanesNotPlaced,
  /// More distinct values than are kept (ArgumentFacts::MaxValues).
  TooManyValues,
  /// Several values where one was asked for.
  SeveralValues,
  /// Not a fact of this kind: an argument that is not an integer (no
  /// value), not a pointer (no offset), a launch with no block argument.
  NotApplicable,
};

template <typename T> class HostFact {
public:
  /// NotRead, nowhere.
  HostFact() = default;
  static HostFact known(T Value) {
    HostFact F;
    F.Value = std::move(Value);
    return F;
  }
  static HostFact unknown(HostUnknown Why,
                          clang::SourceLocation At = clang::SourceLocation()) {
    HostFact F;
    F.Why = Why;
    F.At = At;
    return F;
  }
  /// From an optional: the value, or \p Why at \p At.
  static HostFact from(std::optional<T> Value, HostUnknown Why,
                       clang::SourceLocation At = clang::SourceLocation()) {
    return Value ? known(std::move(*Value)) : unknown(Why, At);
  }

  bool has_value() const { return Value.has_value(); }
  explicit operator bool() const { return has_value(); }
  const T &operator*() const {
    assert(Value && "no fact");
    return *Value;
  }
  const T *operator->() const { return &**this; }
  /// Why there is no fact (meaningless when there is one).
  HostUnknown why() const { return Why; }
  /// Where that was decided (a launch, its block); may be invalid.
  clang::SourceLocation where() const { return At; }

  /// What holds at every launch, this one's and \p Later's: the same fact,
  /// else the first reason, else LaunchesDisagree at \p LaterAt.
  /// \p Same compares two facts.
  template <typename Equal>
  void merge(const HostFact &Later, clang::SourceLocation LaterAt, Equal Same) {
    if (!Value)
      return;
    if (!Later.Value) {
      *this = Later;
      return;
    }
    if (!Same(*Value, *Later.Value))
      *this = unknown(HostUnknown::LaunchesDisagree, LaterAt);
  }

private:
  std::optional<T> Value;
  HostUnknown Why = HostUnknown::NotRead;
  clang::SourceLocation At;
};

} // namespace gpumem::launch

#endif // GPUMEM_CHECKS_LAUNCH_HOSTFACT_H
