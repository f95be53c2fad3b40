//===- GpumemCheckNames.h - the name of each gpumem check -------*- C++ -*-===//
//
// Each check's name, spelled once in the C++: the registration
// (GpumemCheckList.cpp), the cause each global check owns
// (GlobalAccessCheck.cpp, globalCheckFor) and the check whose options the
// access dump reads as the global checks' (AccessDumpCheck.cpp) use these.
// The doc pages, README.md's table and the Python tools' rules are held to
// them by test/docs/one-home.test.
//
//===----------------------------------------------------------------------===//
#ifndef GPUMEM_CHECKS_GPUMEMCHECKNAMES_H
#define GPUMEM_CHECKS_GPUMEMCHECKNAMES_H

namespace clang::tidy::gpumem::names {

inline constexpr char AosAccess[] = "gpumem-aos-access";
inline constexpr char ArithmeticIntensity[] = "gpumem-arithmetic-intensity";
inline constexpr char BankConflict[] = "gpumem-bank-conflict";
inline constexpr char MisalignedAccess[] = "gpumem-misaligned-access";
inline constexpr char PartialWarpAccess[] = "gpumem-partial-warp-access";
inline constexpr char UncoalescedAccess[] = "gpumem-uncoalesced-access";
// Debug output of the analysis layer; not matched by 'gpumem-*'.
inline constexpr char AccessDump[] = "debug-gpumem-access-dump";
inline constexpr char KernelWork[] = "debug-gpumem-kernel-work";

} // namespace clang::tidy::gpumem::names

#endif // GPUMEM_CHECKS_GPUMEMCHECKNAMES_H
