//===- AccessRecord.cpp - the access dump's structured record -------------===//
#include "checks/access/AccessRecord.h"

#include "checks/access/SharedLayout.h"

#include "clang/AST/Decl.h"

namespace gpumem::access {

using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

std::optional<PricedLanes> pricedLanes(const MemoryAccess &A,
                                       const GlobalVerdict *Verdict,
                                       const model::Architecture &Arch,
                                       model::PhaseRule Rule) {
  if (A.Space == lanes::MemorySpace::Global) {
    if (Verdict && Verdict->Worst)
      return PricedLanes{Verdict->Worst->Offset, Verdict->Worst->Active};
    if (A.SymbolicStride.empty())
      return std::nullopt;
    std::map<lanes::SymbolId, std::int64_t> Sample;
    for (lanes::SymbolId Id : A.SymbolicStride)
      Sample[Id] = Verdict && Verdict->SymbolicSample
                       ? Verdict->SymbolicSample
                       : GlobalPolicy{}.SymbolicStrideSample;
    auto Lanes = A.Offset.withoutUniformTerms().substitute(Sample).asPerLane();
    if (!Lanes)
      return std::nullopt;
    return PricedLanes{*Lanes, A.Active};
  }
  if (A.Space != lanes::MemorySpace::Shared)
    return std::nullopt;
  // A symbolic factor at the value the check reports (the lanes on one
  // bank).
  if (A.Scenarios.empty()) {
    std::optional<lanes::LaneVector> Lanes = lanesAtBankPeriod(A, Arch);
    if (!Lanes)
      return std::nullopt;
    return PricedLanes{*Lanes, A.Active};
  }
  const LaneScenario *Worst = worstBankConflict(A, 0, Arch, Rule).Scenario;
  if (!Worst)
    return std::nullopt;
  return PricedLanes{Worst->Offset, Worst->Active};
}

std::optional<Predictions> predictionsOf(const MemoryAccess &A,
                                         const model::Architecture &Arch) {
  if (A.Scenarios.empty() || A.Width == 0)
    return std::nullopt;
  Predictions P;
  if (A.Space == lanes::MemorySpace::Global) {
    for (const LaneScenario &S : A.Scenarios) {
      auto Cost =
          model::computeGlobalCost(footprintOf(A, S.Offset, S.Active), Arch);
      P.Sectors.add(Cost.Sectors);
      P.Transactions.add(Cost.Transactions);
    }
    return P;
  }
  if (A.Space == lanes::MemorySpace::Shared) {
    for (const LaneScenario &S : A.Scenarios)
      P.Wavefronts.add(sharedBankConflict(A, S.Offset, S.Active, Arch,
                                          model::PhaseRule::ByAccessWidth)
                           .Wavefronts);
    return P;
  }
  return std::nullopt;
}

const char *spaceName(lanes::MemorySpace Space) {
  switch (Space) {
  case lanes::MemorySpace::Global:
    return "global";
  case lanes::MemorySpace::Shared:
    return "shared";
  case lanes::MemorySpace::Local:
    return "local";
  case lanes::MemorySpace::Constant:
    return "constant";
  case lanes::MemorySpace::Unknown:
    return "unknown";
  }
  return "unknown";
}

const char *blockSourceName(BlockShapeSource Source) {
  switch (Source) {
  case BlockShapeSource::Launch:
    return "launch";
  case BlockShapeSource::Stated:
    return "stated";
  case BlockShapeSource::Option:
    return "option";
  case BlockShapeSource::LaunchBounds:
    return "launch-bounds";
  case BlockShapeSource::Assumed:
    return "assumed";
  }
  return "assumed";
}

const char *causeName(GlobalCause Cause) {
  switch (Cause) {
  case GlobalCause::Unknown:
    return "unknown";
  case GlobalCause::Coalesced:
    return "coalesced";
  case GlobalCause::Stride:
    return "stride";
  case GlobalCause::SymbolicStride:
    return "symbolic-stride";
  case GlobalCause::ArrayOfStructs:
    return "array-of-structs";
  case GlobalCause::Misaligned:
    return "misaligned";
  case GlobalCause::PartialWarp:
    return "partial-warp";
  }
  return "unknown";
}

namespace {

Object header(const char *Record) {
  return Object{{"schema", AccessRecordSchema},
                {"version", AccessRecordVersion},
                {"record", Record}};
}

Value lanesValue(const lanes::LaneVector &Offset, lanes::LaneMask Active) {
  Array Offsets;
  for (std::int64_t O : Offset)
    Offsets.push_back(O);
  return Object{{"offsets", std::move(Offsets)},
                {"mask", static_cast<std::int64_t>(Active)}};
}

Value costValue(const model::GlobalCost &C) {
  return Object{{"transactions", C.Transactions},
                {"sectors", C.Sectors},
                {"usefulBytes", static_cast<std::int64_t>(C.UsefulBytes)},
                {"efficiency", C.Efficiency},
                {"excessSectors", C.ExcessSectors}};
}

Value countValue(const PerRequest &P) {
  return Object{{"mean", P.mean()}, {"worst", P.Worst}};
}

/// The offset: its text, and whether its lanes are known, known up to a
/// symbolic stride, or unknown (with the obstacle's kind and reason).
void describeOffset(Object &Out, const MemoryAccess &A,
                    const lanes::SymbolTable &Symbols) {
  Out["offset"] = A.Offset.str(Symbols);
  if (A.Offset.isUnknown()) {
    Out["status"] = "unknown";
    Out["unknown"] =
        Object{{"kind", lanes::unknownKindName(A.Offset.reason().Kind)},
               {"reason", A.Offset.reason().What}};
  } else if (!A.SymbolicStride.empty()) {
    Out["status"] = "symbolic";
    Array Names;
    for (lanes::SymbolId Id : A.SymbolicStride)
      Names.push_back(Symbols[Id].Name);
    Out["symbolicStride"] = std::move(Names);
  } else {
    Out["status"] = A.Scenarios.empty() ? "unpriced" : "known";
  }
}

void describeLayout(Object &Out, const MemoryAccess &A) {
  if (A.Struct) {
    Object S{{"name", A.Struct->Record->getName()},
             {"bytes", A.Struct->RecordBytes}};
    // A load or store of the whole record names no field.
    if (!A.Struct->FieldPath.empty()) {
      S["field"] = A.Struct->FieldPath;
      S["fieldOffset"] = A.Struct->FieldOffset;
    }
    Out["struct"] = std::move(S);
  }
  if (A.Array) {
    Array Dims;
    for (std::int64_t D : A.Array->Dims)
      Dims.push_back(D);
    Out["array"] = Object{{"name", A.Array->Decl->getName()},
                          {"dims", std::move(Dims)},
                          {"elementBytes", A.Array->ElementBytes}};
  }
}

Value globalValue(const AccessRecordContext &C, const GlobalVerdict &V) {
  Object G{{"cause", causeName(V.Cause)},
           {"cost", costValue(V.Cost)},
           {"activeLanes", V.ActiveLanes},
           {"rowsSpanned", V.RowsSpanned},
           {"lanesPerRow", V.LanesPerRow}};
  if (C.CheckFor && !C.CheckFor(V.Cause).empty())
    G["check"] = C.CheckFor(V.Cause);
  if (V.StrideBytes)
    G["strideBytes"] = *V.StrideBytes;
  if (V.Cause == GlobalCause::Misaligned)
    G["misalignBytes"] = V.MisalignBytes;
  if (V.Cause == GlobalCause::SymbolicStride)
    G["symbolicSample"] = V.SymbolicSample;
  if (V.Fix)
    G["fix"] = Object{{"lanes", lanesValue(V.Fix->Offset, V.Fix->Active)},
                      {"cost", costValue(V.FixedCost)}};
  return G;
}

Value sharedValue(const AccessRecordContext &C, const MemoryAccess &A) {
  SharedConflict W = worstBankConflict(A, 0, C.Arch, C.Rule);
  // A symbolic factor: the degree at the sample the lanes are drawn with.
  std::optional<BankPeriodSample> Sample;
  if (A.Scenarios.empty())
    if ((Sample = bankPeriodSample(A, C.Arch)))
      if (auto Lanes = pricedLanes(A, nullptr, C.Arch, C.Rule))
        W.Degree = sharedBankConflict(A, Lanes->Offset, Lanes->Active, C.Arch,
                                      C.Rule);
  Object S{{"degree", W.Degree.Degree},
           {"wavefronts", W.Degree.Wavefronts},
           {"worstBank", W.Degree.WorstBank},
           {"worstPhase", W.Degree.WorstPhase},
           {"phases", W.Degree.PhaseCount}};
  if (Sample) {
    // No padding is advised for it (the check's message gives none).
    S["sample"] = Object{{"symbol", (*C.Kernel.Symbols)[Sample->Factor].Name},
                         {"value", Sample->Period}};
    return S;
  }
  if (!C.Padding || !W.Degree.isConflict() || !A.Array)
    return S;
  const PaddingAdvice Advice = C.Padding->adviceFor(A);
  if (Advice.What != PaddingAdvice::Kind::Pad)
    return S;
  const SharedConflict Padded =
      worstBankConflict(A, Advice.Pad, C.Arch, C.Rule);
  Array Dims;
  for (std::int64_t D : A.Array->Dims)
    Dims.push_back(D);
  Dims.back() = A.Array->Dims.back() + Advice.Pad;
  Object P{{"pad", Advice.Pad},
           {"dims", std::move(Dims)},
           {"degree", Padded.Degree.Degree},
           {"worstBank", Padded.Degree.WorstBank},
           {"worstPhase", Padded.Degree.WorstPhase},
           {"phases", Padded.Degree.PhaseCount}};
  if (W.Scenario)
    P["lanes"] =
        lanesValue(padInnermost(W.Scenario->Offset, *A.Array, Advice.Pad),
                   W.Scenario->Active);
  S["padding"] = std::move(P);
  return S;
}

} // namespace

Object kernelRecord(const KernelAccesses &Kernel, std::int64_t Index,
                    const model::Architecture &Arch) {
  Object K = header("kernel");
  K["kernel"] = Kernel.Kernel->getName();
  K["index"] = Index;
  Object Block{{"source", blockSourceName(Kernel.Block.Source)}};
  // A __launch_bounds__ under 32 threads is judged as one row of that
  // many threads, as an assumption.
  if (Kernel.Block.Shape && Kernel.Block.Source != BlockShapeSource::Assumed &&
      Kernel.Block.Source != BlockShapeSource::LaunchBounds) {
    Array Shape;
    for (std::int64_t E :
         {Kernel.Block.Shape->X, Kernel.Block.Shape->Y, Kernel.Block.Shape->Z})
      Shape.push_back(E > 0 ? Value(E) : Value(nullptr));
    Block["shape"] = std::move(Shape);
  }
  K["block"] = std::move(Block);
  K["accesses"] = static_cast<std::int64_t>(Kernel.Accesses.size());
  // More accesses than MaxAccessesPerKernel: the rest are not analysed.
  K["accessesCapped"] = Kernel.AccessesCapped;
  K["architecture"] = Object{{"name", Arch.Name},
                             {"transactionBytes", Arch.TransactionBytes},
                             {"sectorBytes", Arch.SectorBytes},
                             {"banks", Arch.BankCount},
                             {"bankWidthBytes", Arch.BankWidthBytes}};
  return K;
}

Object accessRecord(const AccessRecordContext &C, const MemoryAccess &A,
                    llvm::StringRef Expression, llvm::StringRef Kind) {
  Object R = header("access");
  R["kernel"] = C.Kernel.Kernel->getName();
  R["kernelIndex"] = C.KernelIndex;
  // Its place among the kernel's analyses: two analyses of one access (a
  // device function called twice) may say the same of it, and clang-tidy
  // prints a remark once per place and text.
  R["accessIndex"] = static_cast<std::int64_t>(&A - C.Kernel.Accesses.data());
  R["kind"] = Kind;
  R["space"] = spaceName(A.Space);
  R["expression"] = Expression;
  R["width"] = A.Width;
  describeOffset(R, A, *C.Kernel.Symbols);
  R["active"] = static_cast<std::int64_t>(A.Active);
  R["inLoop"] = A.InLoop;
  R["scenarios"] = static_cast<std::int64_t>(A.Scenarios.size());
  if (C.Reported)
    R["reported"] = C.Reported->contains(&A);
  describeLayout(R, A);
  std::optional<GlobalVerdict> V;
  if (A.Space == lanes::MemorySpace::Global) {
    V = judgeGlobalAccess(A, C.Arch, C.Policy);
    // An access whose lanes are not known has no verdict to give.
    if (V->Cause != GlobalCause::Unknown)
      R["global"] = globalValue(C, *V);
  } else if (A.Space == lanes::MemorySpace::Shared &&
             (!A.Scenarios.empty() || bankPeriodSample(A, C.Arch))) {
    R["shared"] = sharedValue(C, A);
  }
  if (auto Lanes = pricedLanes(A, V ? &*V : nullptr, C.Arch, C.Rule))
    R["lanes"] = lanesValue(Lanes->Offset, Lanes->Active);
  if (auto P = predictionsOf(A, C.Arch)) {
    Object Counts;
    if (A.Space == lanes::MemorySpace::Global) {
      Counts["sectors"] = countValue(P->Sectors);
      Counts["transactions"] = countValue(P->Transactions);
    } else {
      Counts["wavefronts"] = countValue(P->Wavefronts);
    }
    R["perRequest"] = std::move(Counts);
  }
  return R;
}

} // namespace gpumem::access
