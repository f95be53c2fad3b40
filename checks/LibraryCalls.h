//===- LibraryCalls.h - findings inside a library's functions --*- C++ -*-===//
//
// An access inside a system header's device function (cuRAND, CUB, a
// vendor library on -isystem) is analysed with the arguments of the user's
// call that reaches it, and a finding there goes to that call. Two rules
// keep the library's own business out of the user's findings:
//
// - an access to a field of one of the library's records (`state->d` in
//   curand_init), or any access of a call handed only such objects, is the
//   library's layout: no finding (clang-tidy's --system-headers keeps it);
// - the other findings inside one library call are said once per call and
//   check, at the costliest, with the others counted.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_LIBRARYCALLS_H
#define GPUMEM_CHECKS_LIBRARYCALLS_H

#include "checks/access/MemoryAccess.h"

#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"

namespace clang::tidy::gpumem {

/// The call in user code that a finding on \p Access, inside a system
/// header, goes to; null for an access elsewhere.
const CallExpr *libraryCall(const ::gpumem::access::MemoryAccess &Access,
                            const SourceManager &SM);

/// True when \p Access is inside a library call and reads a field of one
/// of the library's own records, or the call hands the library only such
/// objects (`curand_init(seed, id, 0, &states[id])`), and \p SystemHeaders
/// (clang-tidy's --system-headers) is off.
bool ownedByLibrary(const ::gpumem::access::MemoryAccess &Access,
                    const SourceManager &SM, bool SystemHeaders);

} // namespace clang::tidy::gpumem

#endif // GPUMEM_CHECKS_LIBRARYCALLS_H
