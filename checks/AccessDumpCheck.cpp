//===- AccessDumpCheck.cpp - debug-gpumem-access-dump ---------------------===//
#include "checks/AccessDumpCheck.h"

#include "checks/access/GlobalVerdict.h"
#include "checks/access/SharedLayout.h"
#include "model/BankConflict.h"
#include "llvm/Support/Format.h"

namespace clang::tidy::gpumem {

using namespace ::gpumem::access;

AccessDumpCheck::AccessDumpCheck(StringRef Name, ClangTidyContext *Context)
    : KernelAccessCheck(Name, Context, OptionReaders::AccessDump),
      LaneOffsets(readOption<bool>(Options, "LaneOffsets")),
      Predictions(readOption<bool>(Options, "Predictions")) {
}

void AccessDumpCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  KernelAccessCheck::storeOptions(Opts);
  Options.store(Opts, "LaneOffsets", LaneOffsets);
  Options.store(Opts, "Predictions", Predictions);
}

namespace {
/// The lanes of one warp as a check prices them.
struct PricedLanes {
  ::gpumem::lanes::LaneVector Offset{};
  ::gpumem::lanes::LaneMask Active = 0;
};
} // namespace

/// The scenario the checks report on: for global memory the verdict's worst
/// one, or the symbolic factor at its sample value; for shared memory the
/// scenario with the highest bank-conflict degree (default phase rule).
static std::optional<PricedLanes>
pricedLanes(const MemoryAccess &A, const GlobalVerdict *Verdict,
            const ::gpumem::model::Architecture &Arch) {
  if (A.Space == ::gpumem::lanes::MemorySpace::Global) {
    if (Verdict && Verdict->Worst)
      return PricedLanes{Verdict->Worst->Offset, Verdict->Worst->Active};
    if (A.SymbolicStride.empty())
      return std::nullopt;
    std::map<::gpumem::lanes::SymbolId, std::int64_t> Sample;
    for (::gpumem::lanes::SymbolId Id : A.SymbolicStride)
      Sample[Id] = Verdict && Verdict->SymbolicSample
                       ? Verdict->SymbolicSample
                       : GlobalPolicy{}.SymbolicStrideSample;
    auto Lanes =
        A.Offset.withoutUniformTerms().substitute(Sample).asPerLane();
    if (!Lanes)
      return std::nullopt;
    return PricedLanes{*Lanes, A.Active};
  }
  if (A.Space != ::gpumem::lanes::MemorySpace::Shared || A.Scenarios.empty())
    return std::nullopt;
  const LaneScenario *Worst = nullptr;
  unsigned WorstDegree = 0;
  for (const LaneScenario &S : A.Scenarios) {
    unsigned D = sharedBankConflict(A, S.Offset, S.Active, Arch,
                                    ::gpumem::model::PhaseRule::ByAccessWidth)
                     .Degree;
    if (!Worst || D > WorstDegree) {
      Worst = &S;
      WorstDegree = D;
    }
  }
  return PricedLanes{Worst->Offset, Worst->Active};
}

namespace {
/// A count per request over an access's scenarios: their mean (what a
/// profiler's average over the executions measures when each scenario runs
/// equally often) and their maximum (what the checks report).
struct PerRequest {
  double Sum = 0;
  unsigned Worst = 0;
  unsigned Count = 0;
  void add(unsigned V) {
    Sum += V;
    Worst = std::max(Worst, V);
    ++Count;
  }
  void print(llvm::raw_ostream &OS, llvm::StringRef Name) const {
    OS << Name << " " << llvm::format("%g", Sum / Count) << " (worst "
       << Worst << ")";
  }
};
} // namespace

/// "; per request: sectors 4 (worst 4), transactions 1 (worst 1)" for a
/// global access, "; per request: wavefronts 2 (worst 2)" for a shared one;
/// nothing when no scenario is known (unknown or symbolic offset).
static void printPredictions(llvm::raw_ostream &OS, const MemoryAccess &A,
                             const ::gpumem::model::Architecture &Arch) {
  if (A.Scenarios.empty() || A.Width == 0)
    return;
  if (A.Space == ::gpumem::lanes::MemorySpace::Global) {
    PerRequest Sectors, Transactions;
    for (const LaneScenario &S : A.Scenarios) {
      auto Cost = ::gpumem::model::computeGlobalCost(
          footprintOf(A, S.Offset, S.Active), Arch);
      Sectors.add(Cost.Sectors);
      Transactions.add(Cost.Transactions);
    }
    OS << "; per request: ";
    Sectors.print(OS, "sectors");
    OS << ", ";
    Transactions.print(OS, "transactions");
  } else if (A.Space == ::gpumem::lanes::MemorySpace::Shared) {
    PerRequest Wavefronts;
    for (const LaneScenario &S : A.Scenarios)
      Wavefronts.add(sharedBankConflict(
                         A, S.Offset, S.Active, Arch,
                         ::gpumem::model::PhaseRule::ByAccessWidth)
                         .Wavefronts);
    OS << "; per request: ";
    Wavefronts.print(OS, "wavefronts");
  }
}

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
    auto ShapeText = [](const ::gpumem::cuda::BlockShape &S) {
      return S.text("x", "?");
    };
    // A __launch_bounds__ under 32 threads shows as assumed, as it is
    // judged: one row of that many threads.
    switch (Kernel.Block.Source) {
    case BlockShapeSource::Launch:
      Shape = "launch " + ShapeText(*Kernel.Block.Shape);
      break;
    case BlockShapeSource::Stated:
      Shape = "stated " + ShapeText(*Kernel.Block.Shape);
      break;
    case BlockShapeSource::Option:
      Shape = "option " + ShapeText(*Kernel.Block.Shape);
      break;
    case BlockShapeSource::LaunchBounds:
    case BlockShapeSource::Assumed:
      break;
    }
    std::string Geometry;
    if (LaneOffsets) {
      // The sizes the lane offsets are to be drawn against.
      ::gpumem::model::Architecture Arch = Hardware.architecture();
      Geometry = "; transaction bytes " +
                 std::to_string(Arch.TransactionBytes) + ", sector bytes " +
                 std::to_string(Arch.SectorBytes) + ", banks " +
                 std::to_string(Arch.BankCount) + " x " +
                 std::to_string(Arch.BankWidthBytes) + " bytes";
    }
    diag(Kernel.Kernel->getLocation(),
         "kernel '%0': blockDim %1, %2 accesses%3", DiagnosticIDs::Remark)
        << Kernel.Kernel->getName() << Shape
        << static_cast<unsigned>(Kernel.Accesses.size()) << Geometry;
    for (const MemoryAccess &A : Kernel.Accesses) {
      std::string Facts;
      llvm::raw_string_ostream OS(Facts);
      OS << kindName(A.Kind) << " " << spaceName(A.Space) << " '"
         << spelling(A.Expression) << "' width " << A.Width << "; offset "
         << A.Offset.str(*Kernel.Symbols) << "; active "
         << llvm::format_hex(A.Active, 10) << (A.InLoop ? "; in loop" : "");
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
      if (!A.SymbolicStride.empty()) {
        OS << "; symbolic stride";
        for (::gpumem::lanes::SymbolId Id : A.SymbolicStride)
          OS << " " << (*Kernel.Symbols)[Id].Name;
      } else {
        OS << "; scenarios " << A.Scenarios.size();
      }
      std::optional<GlobalVerdict> V;
      if (A.Space == ::gpumem::lanes::MemorySpace::Global) {
        V = judgeGlobalAccess(A, Hardware.architecture(), GlobalPolicy{});
        OS << "; transactions " << V->Cost.Transactions << ", sectors "
           << V->Cost.Sectors;
      }
      // Appended last, so the fields above keep their place.
      if (LaneOffsets)
        if (auto Lanes = pricedLanes(A, V ? &*V : nullptr,
                                     Hardware.architecture())) {
          OS << "; lane offsets";
          for (unsigned L = 0; L < ::gpumem::lanes::WarpLanes; ++L)
            OS << (L ? "," : " ") << Lanes->Offset[L];
          OS << "; lane mask " << llvm::format_hex(Lanes->Active, 10);
          if (A.Array)
            OS << "; element bytes " << A.Array->ElementBytes;
        }
      if (Predictions)
        printPredictions(OS, A, Hardware.architecture());
      diag(A.Expression->getExprLoc(), "%0", DiagnosticIDs::Remark) << Facts;
    }
  }
}

} // namespace clang::tidy::gpumem
