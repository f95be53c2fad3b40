//===- PaddingPlan.cpp - which shared arrays to pad -----------------------===//
#include "checks/access/PaddingPlan.h"

#include "checks/access/SharedLayout.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace gpumem::access {

unsigned PaddingPlan::arrayKey(const MemoryAccess &A) {
  return A.Array->Decl->getLocation().getRawEncoding();
}

PaddingPlan::PaddingPlan(llvm::ArrayRef<const MemoryAccess *> Shared,
                         llvm::ArrayRef<const MemoryAccess *> Conflicted,
                         const model::Architecture &Arch,
                         model::PhaseRule Rule)
    : Arch(Arch), Rule(Rule) {
  for (const MemoryAccess *A : Shared)
    if (A->Array)
      ByArray[arrayKey(*A)].push_back(A);
  llvm::MapVector<unsigned, std::vector<const MemoryAccess *>> ToClear;
  for (const MemoryAccess *A : Conflicted)
    if (A->Array)
      ToClear[arrayKey(*A)].push_back(A);

  // Arrays that may be padded: every use (in every instantiation) is a
  // plain subscript, so no code computes addresses with the old row length,
  // and no subscript runs past its row (padding would move that access).
  for (const auto &[Key, Accesses] : ToClear) {
    bool Safe = true;
    llvm::SmallPtrSet<const clang::VarDecl *, 4> Seen;
    for (const MemoryAccess *A : ByArray[Key]) {
      if (A->IndexesPastRow && !PastRow.count(Key))
        PastRow[Key] = A;
      Safe = Safe && !A->IndexesPastRow;
      if (Seen.insert(A->Array->Decl).second)
        Safe = Safe && isPaddable(*A->Array) &&
               usedOnlyThroughSubscripts(*A->Array->Decl, *A->Array);
    }
    Paddable[Key] = Safe;
  }

  // One padding per array where one clears all its conflicts.
  for (const auto &[Key, Accesses] : ToClear)
    ConflictedOf[Key] = Accesses;
  for (const auto &[Key, Accesses] : ToClear)
    if (Paddable[Key])
      ArrayPad[Key] = smallestClearingPadding(
          *Accesses.front()->Array, Accesses, ByArray[Key], Arch, Rule);
}

PaddingAdvice PaddingPlan::adviceFor(const MemoryAccess &A) const {
  using Kind = PaddingAdvice::Kind;
  if (!A.Array || !isPaddable(*A.Array))
    return {Kind::NotPaddable, 0};
  const unsigned Key = arrayKey(A);
  if (const MemoryAccess *Past = PastRow.lookup(Key))
    return {Kind::IndexesPastRow, 0, Past};
  if (!Paddable.lookup(Key))
    return {Kind::RowLengthAssumed, 0};
  // The padding for the whole array, else the smallest one that clears
  // this access and makes no other access to the array worse.
  std::int64_t Pad = ArrayPad.lookup(Key);
  if (!Pad) {
    auto Peers = ByArray.find(Key);
    Pad = smallestClearingPadding(
        *A.Array, {&A},
        Peers == ByArray.end() ? llvm::ArrayRef<const MemoryAccess *>()
                               : llvm::ArrayRef(Peers->second),
        Arch, Rule);
  }
  if (Pad)
    return {Kind::Pad, Pad};
  if (smallestClearingPadding(*A.Array, {&A}, {}, Arch, Rule))
    return {Kind::SlowsAnotherAccess, 0};
  return {Kind::NoPaddingClears, 0};
}

std::int64_t PaddingPlan::fixItPadding(unsigned Key) const {
  if (std::int64_t Whole = ArrayPad.lookup(Key))
    return Whole;
  auto Conflicted = ConflictedOf.find(Key);
  if (Conflicted == ConflictedOf.end())
    return 0;
  const std::vector<const MemoryAccess *> &Accesses = Conflicted->second;
  std::vector<std::int64_t> Candidates;
  for (const MemoryAccess *A : Accesses) {
    PaddingAdvice Advice = adviceFor(*A);
    if (Advice.What == PaddingAdvice::Kind::Pad &&
        !llvm::is_contained(Candidates, Advice.Pad))
      Candidates.push_back(Advice.Pad);
  }
  std::int64_t Best = 0;
  std::int64_t BestRemoved = -1;
  for (std::int64_t Pad : Candidates) {
    std::int64_t Removed = 0;
    for (const MemoryAccess *A : Accesses)
      Removed +=
          std::int64_t(worstBankConflict(*A, 0, Arch, Rule).Degree.Degree) -
          std::int64_t(worstBankConflict(*A, Pad, Arch, Rule).Degree.Degree);
    if (Removed > BestRemoved) { // on a tie, the earlier access's
      Best = Pad;
      BestRemoved = Removed;
    }
  }
  return Best;
}

} // namespace gpumem::access
