//===- AccessDumpCheck.cpp - debug-gpumem-access-dump ---------------------===//
#include "checks/AccessDumpCheck.h"

#include "checks/access/GlobalVerdict.h"
#include "llvm/Support/Format.h"

namespace clang::tidy::gpumem {

using namespace ::gpumem::access;

static const char *spaceName(::gpumem::lanes::MemorySpace Space) {
  switch (Space) {
  case ::gpumem::lanes::MemorySpace::Global:
    return "global";
  case ::gpumem::lanes::MemorySpace::Shared:
    return "shared";
  case ::gpumem::lanes::MemorySpace::Local:
    return "local";
  case ::gpumem::lanes::MemorySpace::Constant:
    return "constant";
  case ::gpumem::lanes::MemorySpace::Unknown:
    return "unknown";
  }
  return "unknown";
}

void AccessDumpCheck::checkKernels(llvm::ArrayRef<KernelAccesses> Kernels) {
  for (const KernelAccesses &Kernel : Kernels) {
    std::string Shape = "assumed";
    if (Kernel.LaunchShape)
      Shape = "launch " + std::to_string(Kernel.LaunchShape->X) + "x" +
              std::to_string(Kernel.LaunchShape->Y) + "x" +
              std::to_string(Kernel.LaunchShape->Z);
    diag(Kernel.Kernel->getLocation(), "kernel '%0': blockDim %1, %2 accesses",
         DiagnosticIDs::Remark)
        << Kernel.Kernel->getName() << Shape
        << static_cast<unsigned>(Kernel.Accesses.size());
    for (const MemoryAccess &A : Kernel.Accesses) {
      std::string Facts;
      llvm::raw_string_ostream OS(Facts);
      OS << kindName(A.Kind) << " " << spaceName(A.Space) << " '"
         << spelling(A.Expression) << "' width " << A.Width << "; offset "
         << A.Offset.str(*Kernel.Symbols) << "; active "
         << llvm::format_hex(A.Active, 10) << (A.InLoop ? "; in loop" : "");
      if (A.Struct)
        OS << "; struct " << A.Struct->Record->getName() << " ("
           << A.Struct->RecordBytes << " bytes) field '" << A.Struct->FieldPath
           << "' at " << A.Struct->FieldOffset;
      if (A.Array) {
        OS << "; array " << A.Array->Decl->getName();
        for (std::int64_t D : A.Array->Dims)
          OS << "[" << D << "]";
      }
      if (!A.SymbolicStride.empty()) {
        OS << "; symbolic stride";
        for (::gpumem::lanes::SymbolId Id : A.SymbolicStride)
          OS << " " << (*Kernel.Symbols)[Id].Name;
      } else {
        OS << "; scenarios " << A.Scenarios.size();
      }
      if (A.Space == ::gpumem::lanes::MemorySpace::Global) {
        GlobalVerdict V =
            judgeGlobalAccess(A, Hardware.architecture(), GlobalPolicy{});
        OS << "; transactions " << V.Cost.Transactions << ", sectors "
           << V.Cost.Sectors;
      }
      diag(A.Expression->getExprLoc(), "%0", DiagnosticIDs::Remark) << Facts;
    }
  }
}

} // namespace clang::tidy::gpumem
