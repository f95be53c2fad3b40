//===- AccessDumpCheck.cpp - debug-gpumem-access-dump ---------------------===//
#include "checks/AccessDumpCheck.h"

#include "checks/GlobalAccessCheck.h"
#include "checks/GpumemCheckNames.h"

#include "checks/access/AccessRecord.h"
#include "checks/access/GlobalVerdict.h"
#include "checks/access/PaddingPlan.h"
#include "checks/access/ReportedAnalyses.h"
#include "checks/access/SharedLayout.h"
#include "model/BankConflict.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"

namespace clang::tidy::gpumem {

using namespace ::gpumem::access;

AccessDumpCheck::AccessDumpCheck(StringRef Name, ClangTidyContext *Context)
    : KernelAccessCheck(Name, Context, OptionReaders::AccessDump),
      LaneOffsets(readOption<bool>(Options, "LaneOffsets")),
      Predictions(readOption<bool>(Options, "Predictions")),
      Format(readOption<DumpFormat>(Options, "Format")) {
  // The record prices shared accesses as the bank-conflict check is
  // configured to.
  OptionsView Bank(names::BankConflict, Context->getOptions().CheckOptions,
                   Context);
  BankRule = readOption<::gpumem::model::PhaseRule>(Bank, "PhaseRule");
  BankMinimumDegree = readOption<unsigned>(Bank, "MinimumDegree");
  BankSymbolicStrides = readOption<bool>(Bank, "SymbolicStrideConflicts");
  // ... and global accesses as the global checks are (the uncoalesced
  // check's view: a setting only one other global check has is not seen).
  OptionsView Global(names::UncoalescedAccess,
                     Context->getOptions().CheckOptions, Context);
  Policy = readGlobalPolicy(Global);
}

void AccessDumpCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  KernelAccessCheck::storeOptions(Opts);
  Options.store(Opts, "LaneOffsets", LaneOffsets);
  Options.store(Opts, "Predictions", Predictions);
  Options.store(Opts, "Format", Format);
}

/// "; per request: sectors 4 (worst 4), transactions 1 (worst 1)" for a
/// global access, "; per request: wavefronts 2 (worst 2)" for a shared one;
/// nothing when no scenario is known (unknown or symbolic offset).
static void printPredictions(llvm::raw_ostream &OS, const MemoryAccess &A,
                             const ::gpumem::model::Architecture &Arch) {
  std::optional<Predictions> P = predictionsOf(A, Arch);
  if (!P)
    return;
  auto Print = [&](const PerRequest &R, llvm::StringRef Name) {
    OS << Name << " " << llvm::format("%g", R.mean()) << " (worst " << R.Worst
       << ")";
  };
  OS << "; per request: ";
  if (A.Space == ::gpumem::lanes::MemorySpace::Global) {
    Print(P->Sectors, "sectors");
    OS << ", ";
    Print(P->Transactions, "transactions");
  } else {
    Print(P->Wavefronts, "wavefronts");
  }
}

void AccessDumpCheck::checkKernels(llvm::ArrayRef<KernelAccesses> Kernels) {
  if (Format == DumpFormat::Json)
    writeRecords(Kernels);
  else
    writeText(Kernels);
}

/// One remark per kernel and per access whose message is the JSON record.
void AccessDumpCheck::writeRecords(llvm::ArrayRef<KernelAccesses> Kernels) {
  const ::gpumem::model::Architecture Arch = Hardware.architecture();
  auto Holds =
      [this](const KernelAccesses &Kernel, const MemoryAccess &A,
             llvm::function_ref<bool(const MemoryAccess &)> IsFinding) {
        return analysis().holdsUnderOtherShapes(Kernel, A, IsFinding);
      };
  // The bank-conflict check's findings and padding plan, and the analysis
  // each check reports at each place (the record's "reported").
  const SharedFindings Shared =
      sharedFindings(Kernels, Arch, BankRule, BankMinimumDegree,
                     BankSymbolicStrides, Holds);
  const PaddingPlan Plan(Shared.Shared, Shared.conflicted(), Arch, BankRule);
  llvm::DenseSet<const MemoryAccess *> Reported;
  for (const SharedFinding *F : Shared.reported())
    Reported.insert(F->Access);
  const KernelVerdicts &Verdicts = analysis().globalVerdicts(Arch, Policy);
  for (const GlobalFinding &F : reportedGlobalFindings(
           Kernels, Verdicts, globalCheckFor, Arch, Policy, Holds))
    Reported.insert(F.Access);
  auto Remark = [&](SourceLocation At, llvm::json::Object Record) {
    std::string Text;
    llvm::raw_string_ostream OS(Text);
    OS << llvm::json::Value(std::move(Record));
    diag(At, "%0", DiagnosticIDs::Remark) << Text;
  };
  for (std::size_t K = 0; K < Kernels.size(); ++K) {
    const KernelAccesses &Kernel = Kernels[K];
    const auto Index = static_cast<std::int64_t>(K);
    Remark(Kernel.Kernel->getLocation(), kernelRecord(Kernel, Index, Arch));
    const AccessRecordContext Context{Kernel, Index,          Arch,
                                      BankRule, &Plan, Policy,
                                      globalCheckFor, &Reported};
    for (const MemoryAccess &A : Kernel.Accesses)
      Remark(
          A.Expression->getExprLoc(),
          accessRecord(Context, A, spelling(A), kindName(A.Kind)));
  }
}

/// "launch 16x16x1", "assumed": where the kernel's block shape comes from.
/// A __launch_bounds__ under 32 threads shows as assumed, as it is judged:
/// one row of that many threads.
static std::string blockText(const BlockShapeOrigin &Block) {
  switch (Block.Source) {
  case BlockShapeSource::Launch:
  case BlockShapeSource::Stated:
  case BlockShapeSource::Option:
    return std::string(blockSourceName(Block.Source)) + " " +
           Block.Shape->text("x", "?");
  case BlockShapeSource::LaunchBounds:
  case BlockShapeSource::Assumed:
    break;
  }
  return "assumed";
}

/// The layout an access goes through: "; struct P (16 bytes) field 'x' at
/// 0", "; array tile[32][32]".
static void printLayout(llvm::raw_ostream &OS, const MemoryAccess &A) {
  if (A.Struct) {
    OS << "; struct " << A.Struct->Record->getName() << " ("
       << A.Struct->RecordBytes << " bytes) ";
    // A load or store of the whole record names no field.
    if (A.Struct->FieldPath.empty())
      OS << "whole";
    else
      OS << "field '" << A.Struct->FieldPath << "' at "
         << A.Struct->FieldOffset;
  }
  if (A.Array) {
    OS << "; array " << A.Array->Decl->getName();
    for (std::int64_t D : A.Array->Dims)
      OS << "[" << D << "]";
  }
}

void AccessDumpCheck::writeText(llvm::ArrayRef<KernelAccesses> Kernels) {
  const ::gpumem::model::Architecture Arch = Hardware.architecture();
  for (const KernelAccesses &Kernel : Kernels) {
    std::string Geometry;
    if (LaneOffsets)
      // The sizes the lane offsets are to be drawn against.
      Geometry = "; transaction bytes " +
                 std::to_string(Arch.TransactionBytes) + ", sector bytes " +
                 std::to_string(Arch.SectorBytes) + ", banks " +
                 std::to_string(Arch.BankCount) + " x " +
                 std::to_string(Arch.BankWidthBytes) + " bytes";
    std::string UnitStrides;
    for (const std::string &Name : Kernel.UnitStrides)
      UnitStrides += (UnitStrides.empty() ? "; innermost strides taken as 1 "
                                            "(contiguous): '"
                                          : ", '") +
                     Name + "'";
    diag(Kernel.Kernel->getLocation(),
         "kernel '%0': blockDim %1, %2 accesses%3%4%5", DiagnosticIDs::Remark)
        << Kernel.Kernel->getName() << blockText(Kernel.Block)
        << static_cast<unsigned>(Kernel.Accesses.size())
        << (Kernel.AccessesCapped
                ? " (the analysis stops there: MaxAccessesPerKernel)"
                : "")
        << UnitStrides << Geometry;
    for (const MemoryAccess &A : Kernel.Accesses)
      diag(A.Expression->getExprLoc(), "%0", DiagnosticIDs::Remark)
          << accessText(Kernel, A, Arch);
  }
}

std::string
AccessDumpCheck::accessText(const KernelAccesses &Kernel, const MemoryAccess &A,
                            const ::gpumem::model::Architecture &Arch) {
  std::string Facts;
  llvm::raw_string_ostream OS(Facts);
  OS << kindName(A.Kind) << " " << spaceName(A.Space) << " '" << spelling(A)
     << "' width " << A.Width << "; offset " << A.Offset.str(*Kernel.Symbols)
     << "; active " << llvm::format_hex(A.Active, 10);
  if (A.ShownWarpThread >= 0)
    OS << " in the warp from thread " << A.ShownWarpThread;
  OS << (A.InLoop ? "; in loop" : "");
  printLayout(OS, A);
  if (!A.SymbolicStride.empty()) {
    OS << "; symbolic stride";
    for (::gpumem::lanes::SymbolId Id : A.SymbolicStride)
      OS << " " << (*Kernel.Symbols)[Id].Name;
  } else {
    OS << "; scenarios " << A.Scenarios.size();
  }
  std::optional<GlobalVerdict> V;
  if (A.Space == ::gpumem::lanes::MemorySpace::Global) {
    V = judgeGlobalAccess(A, Arch, GlobalPolicy{});
    OS << "; transactions " << V->Cost.Transactions << ", sectors "
       << V->Cost.Sectors;
  }
  // Appended last, so the fields above keep their place.
  if (LaneOffsets)
    if (auto Lanes = pricedLanes(A, V ? &*V : nullptr, Arch,
                                 ::gpumem::model::PhaseRule::ByAccessWidth)) {
      OS << "; lane offsets";
      for (unsigned L = 0; L < ::gpumem::lanes::WarpLanes; ++L)
        OS << (L ? "," : " ") << Lanes->Offset[L];
      OS << "; lane mask " << llvm::format_hex(Lanes->Active, 10);
      if (A.Array)
        OS << "; element bytes " << A.Array->ElementBytes;
    }
  if (Predictions)
    printPredictions(OS, A, Arch);
  return Facts;
}

} // namespace clang::tidy::gpumem
