//===- AosAccessCheck.cpp - gpumem-aos-access -----------------------------===//
#include "checks/AosAccessCheck.h"

namespace clang::tidy::gpumem {

using namespace ::gpumem::access;

void AosAccessCheck::report(const MemoryAccess &Access,
                            const GlobalVerdict &Verdict,
                            const KernelAccesses &Kernel) {
  SourceLocation Loc = findingLocation(Access);
  const StructField &Field = *Access.Struct;
  const ::gpumem::model::GlobalCost &Cost = Verdict.Cost;
  const ::gpumem::model::GlobalCost &Planar = Verdict.FixedCost;
  diag(Loc, "global %0 of '%1' strides over an array of structures: '%2' is %3 "
            "bytes, %4 %plural{1:transaction|:transactions}4 per warp (%5%% "
            "efficiency), %6 %plural{1:sector|:sectors}6; a structure of "
            "arrays would need %7 for field '%8'")
      << kindName(Access.Kind) << spelling(Access)
      << Field.Record->getName() << static_cast<long long>(Field.RecordBytes)
      << Cost.Transactions << percent(Cost.Efficiency) << Cost.Sectors
      << Planar.Transactions << Field.FieldPath;
  diag(Loc, "lanes are %0 bytes apart and span %1 bytes to use %2 of them",
       DiagnosticIDs::Note)
      << static_cast<long long>(Verdict.StrideBytes.value_or(Field.RecordBytes))
      << static_cast<long long>(Cost.SpanBytes)
      << static_cast<long long>(Cost.UsefulBytes);
  // The whole-struct comparison holds when every field has this width.
  if (Field.ScalarFieldCount > 1 &&
      Field.RecordBytes ==
          static_cast<std::int64_t>(Field.ScalarFieldCount) * Access.Width &&
      Planar.Transactions > 0) {
    unsigned AsStructs = Field.ScalarFieldCount * Cost.Transactions;
    unsigned AsArrays = Field.ScalarFieldCount * Planar.Transactions;
    diag(Loc,
         "all %0 fields: %1 %plural{1:transaction|:transactions}1 per warp as "
         "structs, %2 as separate arrays, %3x fewer",
         DiagnosticIDs::Note)
        << Field.ScalarFieldCount << AsStructs << AsArrays
        << (AsStructs / AsArrays);
  }
  diag(Field.Record->getLocation(), "'%0' declared here", DiagnosticIDs::Note)
      << Field.Record->getName();
  noteCommon(Access, Verdict, Kernel);
}

} // namespace clang::tidy::gpumem
