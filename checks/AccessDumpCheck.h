//===- AccessDumpCheck.h - debug-gpumem-access-dump -------------*- C++ -*-===//
#ifndef GPUMEM_CHECKS_ACCESSDUMPCHECK_H
#define GPUMEM_CHECKS_ACCESSDUMPCHECK_H

#include "checks/KernelAccessCheck.h"
#include "checks/access/GlobalVerdict.h"
#include "model/BankConflict.h"

namespace clang::tidy {
namespace gpumem {
/// How the dump writes what it found.
enum class DumpFormat { Text, Json };
} // namespace gpumem

template <> struct OptionEnumMapping<gpumem::DumpFormat> {
  static llvm::ArrayRef<std::pair<gpumem::DumpFormat, StringRef>>
  getEnumMapping() {
    static constexpr std::pair<gpumem::DumpFormat, StringRef> Mapping[] = {
        {gpumem::DumpFormat::Text, "text"}, {gpumem::DumpFormat::Json, "json"}};
    return Mapping;
  }
};
} // namespace clang::tidy

namespace clang::tidy::gpumem {

/// Prints the analysis result for every access (a remark per access), so
/// the analysis layer can be tested on its own. Not a gpumem-* check: it
/// is enabled only by name.
///
/// Option `LaneOffsets` (default false) appends, to each access, the 32
/// per-lane byte offsets and the active-lane mask of the scenario the
/// checks price (the worst one; for a symbolic stride, the sample value)
/// and the array's element size, and to each kernel the transaction,
/// sector and bank sizes.
///
/// Option `Predictions` (default false) appends, to each access whose
/// lanes are known, what the model predicts per request (one warp
/// instruction), as the mean over its scenarios and the worst: 32-byte
/// sectors and 128-byte transactions for global memory, wavefronts for
/// shared memory. bench/nsight/ compares them with Nsight Compute.
///
/// Option `Format` (default text): `json` makes each remark's message one
/// JSON object, the access dump's record (docs/access-record.md), with
/// everything the options above add and the checks' verdicts; the Python
/// tools read it through tools/gpumem_record.py.
class AccessDumpCheck : public KernelAccessCheck {
public:
  AccessDumpCheck(StringRef Name, ClangTidyContext *Context);
  void storeOptions(ClangTidyOptions::OptionMap &Opts) override;

protected:
  void checkKernels(
      llvm::ArrayRef<::gpumem::access::KernelAccesses> Kernels) override;
  /// The dump prints every term of each offset.
  bool keepsUniformOffsetTerms() const override { return true; }

private:
  void writeText(llvm::ArrayRef<::gpumem::access::KernelAccesses> Kernels);
  void writeRecords(llvm::ArrayRef<::gpumem::access::KernelAccesses> Kernels);
  /// One access's remark in the text form.
  std::string accessText(const ::gpumem::access::KernelAccesses &Kernel,
                         const ::gpumem::access::MemoryAccess &A,
                         const ::gpumem::model::Architecture &Arch);

  const bool LaneOffsets;
  const bool Predictions;
  const DumpFormat Format;
  ::gpumem::model::PhaseRule BankRule;
  unsigned BankMinimumDegree;
  bool BankSymbolicStrides;
  ::gpumem::access::GlobalPolicy Policy;
};

} // namespace clang::tidy::gpumem

#endif
