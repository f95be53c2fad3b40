//===- PaddingPlan.h - which shared arrays to pad, and by how much -*- C++ -*-===//
//
// The bank-conflict check's padding policy, decided once per translation
// unit over every shared access of its kernels. An array may be padded only
// when every use of it, in every instantiation, is a plain subscript: code
// that takes a pointer into it, its size or a row assumes the declared row
// length. Where one padding clears every conflict of an array and slows no
// other access to it, that padding is offered for all of them (its fix-it
// leaves the file conflict-free); else each access gets the smallest
// padding that clears it without slowing another access, or a reason why
// none does.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_ACCESS_PADDINGPLAN_H
#define GPUMEM_CHECKS_ACCESS_PADDINGPLAN_H

#include "checks/access/MemoryAccess.h"
#include "model/BankConflict.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"

#include <cstdint>
#include <vector>

namespace gpumem::access {

/// What may be said of padding for one conflicted shared access.
struct PaddingAdvice {
  enum class Kind {
    /// No array with two or more constant dimensions: padding is no fix.
    NotPaddable,
    /// The code relies on the declared row length (a pointer into the
    /// array, sizeof, a row, namespace scope): no padding is offered.
    RowLengthAssumed,
    /// An access to the array runs past the end of its row (PastRow):
    /// padding would move it, so none is offered.
    IndexesPastRow,
    /// Pad the innermost dimension by Pad elements.
    Pad,
    /// A padding clears this access, but each one slows another access to
    /// the array.
    SlowsAnotherAccess,
    /// No padding of the innermost dimension clears it.
    NoPaddingClears,
  };
  Kind What = Kind::NotPaddable;
  std::int64_t Pad = 0;
  /// For IndexesPastRow: the access that does.
  const MemoryAccess *PastRow = nullptr;
};

/// The padding policy over the shared accesses of one translation unit.
class PaddingPlan {
public:
  /// \p Shared: every shared access of the TU with its array's shape;
  /// \p Conflicted: those the check reports.
  PaddingPlan(llvm::ArrayRef<const MemoryAccess *> Shared,
              llvm::ArrayRef<const MemoryAccess *> Conflicted,
              const model::Architecture &Arch, model::PhaseRule Rule);

  /// The advice for \p Access, one of the conflicted accesses.
  PaddingAdvice adviceFor(const MemoryAccess &Access) const;

  /// The padding the fix-it on the declaration of array \p Key applies:
  /// the one padding that clears all its conflicts where there is one;
  /// else, of those advised to its conflicted accesses, the one that
  /// removes the most conflict ways over all of them (on a tie, the
  /// first access's). Not the first reported: a declaration gets one fix-it, and
  /// the first access's padding could leave more conflicts than another's.
  /// 0 when none is advised.
  std::int64_t fixItPadding(unsigned Key) const;

  /// The array an access is grouped by: its declaration as written, which
  /// the instantiations of a template kernel share and a padding rewrites.
  static unsigned arrayKey(const MemoryAccess &Access);

private:
  /// Per array, an access that runs past its row.
  llvm::DenseMap<unsigned, const MemoryAccess *> PastRow;
  const model::Architecture &Arch;
  model::PhaseRule Rule;
  /// Every access to each array, and whether the array may be padded.
  llvm::DenseMap<unsigned, std::vector<const MemoryAccess *>> ByArray;
  llvm::DenseMap<unsigned, bool> Paddable;
  /// The one padding that clears every conflict of an array, where there
  /// is one.
  llvm::DenseMap<unsigned, std::int64_t> ArrayPad;
  /// The conflicted accesses of each array.
  llvm::DenseMap<unsigned, std::vector<const MemoryAccess *>> ConflictedOf;
};

} // namespace gpumem::access

#endif // GPUMEM_CHECKS_ACCESS_PADDINGPLAN_H
