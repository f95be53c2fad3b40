//===- KernelWorkDumpCheck.cpp - debug-gpumem-kernel-work -----------------===//
#include "checks/KernelWorkDumpCheck.h"

#include "checks/access/KernelWork.h"

#include "llvm/Support/Format.h"

namespace clang::tidy::gpumem {

void KernelWorkDumpCheck::checkKernels(
    llvm::ArrayRef<::gpumem::access::KernelAccesses> Kernels) {
  for (const ::gpumem::access::KernelAccesses &Kernel : Kernels) {
    ::gpumem::access::KernelWork W =
        ::gpumem::access::estimateKernelWork(Kernel, *Context);
    std::string Text;
    llvm::raw_string_ostream OS(Text);
    OS << "work of '" << Kernel.Kernel->getName() << "': ";
    if (W.HotLoop)
      OS << "hot loop at line "
         << Context->getSourceManager().getExpansionLineNumber(
                W.HotLoop->getBeginLoc());
    else
      OS << "no hot loop";
    OS << llvm::format("; flops fp16 %g fp32 %g fp64 %g; global bytes %g",
                       W.Flops[0], W.Flops[1], W.Flops[2], W.GlobalBytes)
       << "; tile " << W.TileTrips
       << llvm::format("; shared loads %g (%g if not shared); unshared "
                       "loads %g; stores %g",
                       W.SharedLoadBytes, W.SharedLoadBytesPerThread,
                       W.UnsharedLoadBytes, W.StoreBytes)
       << "; " << (W.Complete ? "complete" : "incomplete");
    diag(Kernel.Kernel->getLocation(), "%0", DiagnosticIDs::Remark) << Text;
  }
}

} // namespace clang::tidy::gpumem
