//===- ArithmeticIntensityCheck.cpp - gpumem-arithmetic-intensity ---------===//
#include "checks/ArithmeticIntensityCheck.h"

#include "checks/access/KernelWork.h"
#include "model/Roofline.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"

namespace clang::tidy::gpumem {

using namespace ::gpumem::access;
using ::gpumem::model::Precision;

namespace {

/// A rate option's value; 0 (the preset's) where the table rejects it, as
/// the configuration diagnostic says.
double readDouble(ClangTidyCheck::OptionsView &Options, StringRef Name) {
  const std::string Text = readOption<std::string>(Options, Name);
  double Value = 0;
  if (gpumemOptionProblem(Name, Text) ||
      llvm::StringRef(Text).trim().getAsDouble(Value))
    return 0;
  return Value;
}

/// "8", "0.25", "9.56": three significant digits, no trailing zeros.
std::string number(double V) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << llvm::format("%.3g", V);
  return S;
}

/// What tiling would give a kernel whose dominant bytes are not loads that
/// threads of a block share.
std::string withoutTiling(const KernelWork &Work) {
  if (Work.UnsharedLoadBytes + Work.StoreBytes >= Work.GlobalBytes)
    return "each element is used once; the kernel is bound by bandwidth "
           "whatever its layout";
  if (Work.SharedLoadBytes > 0)
    return "the loads threads of a block share are " +
           number(Work.SharedLoadBytes) + " of its " +
           number(Work.GlobalBytes) +
           " bytes per thread; tiling them with T = 32 would give only " +
           number(Work.tiledIntensity(32)) + " FLOP/byte";
  return "whether tiling would help is not known: no load is known to be "
         "shared between threads";
}

} // namespace

ArithmeticIntensityCheck::ArithmeticIntensityCheck(StringRef Name,
                                                   ClangTidyContext *Context)
    : KernelAccessCheck(Name, Context, OptionReaders::ArithmeticIntensity),
      PeakGflops(readDouble(Options, "PeakGflops")),
      PeakGBps(readDouble(Options, "PeakGBps")),
      MachineBalance(readDouble(Options, "MachineBalance")),
      ReportAll(readOption<bool>(Options, "ReportAll")) {}

void ArithmeticIntensityCheck::storeOptions(ClangTidyOptions::OptionMap &Opts) {
  KernelAccessCheck::storeOptions(Opts);
  Options.store(Opts, "PeakGflops", number(PeakGflops));
  Options.store(Opts, "PeakGBps", number(PeakGBps));
  Options.store(Opts, "MachineBalance", number(MachineBalance));
  Options.store(Opts, "ReportAll", ReportAll ? "true" : "false");
}

void ArithmeticIntensityCheck::checkKernels(
    llvm::ArrayRef<KernelAccesses> Kernels) {
  ::gpumem::model::Architecture Arch = Hardware.architecture();
  for (const KernelAccesses &Kernel : Kernels) {
    // Without ReportAll only a kernel with a hot loop is reported, and a
    // hot loop is one with global traffic: a kernel with no global access
    // in a loop is passed over before its work is counted.
    if (!ReportAll && llvm::none_of(Kernel.Accesses, [](const MemoryAccess &A) {
          return A.InLoop && A.Space == ::gpumem::lanes::MemorySpace::Global;
        }))
      continue;
    KernelWork Work = estimateKernelWork(Kernel, *Context);
    if (!Work.Complete || Work.GlobalBytes <= 0 || Work.totalFlops() <= 0)
      continue;
    bool Tiled = Work.TileTrips > 0;
    // Tiling through shared memory helps when the bytes that dominate the
    // count are ones several threads load (a matmul): advised when a tile
    // of 32 would at least quadruple the intensity. A matrix-vector
    // product or a norm, whose shared loads (a broadcast vector, the
    // scale of a norm) sit next to a row read once, is bandwidth-bound
    // whatever the tiling and is reported, like a streaming kernel, only
    // with ReportAll.
    bool ReuseDominates = Work.tiledIntensity(32) >=
                          4 * Work.totalFlops() / Work.GlobalBytes;
    if (!ReportAll && (!Work.HotLoop || (!Tiled && !ReuseDominates)))
      continue;

    Precision P = Work.dominantPrecision();
    std::optional<Balance> B = balanceFor(P, Arch);
    if (!B)
      continue;
    ::gpumem::model::RooflinePoint Point = ::gpumem::model::evaluateRoofline(
        Work.totalFlops(), Work.GlobalBytes, B->Value);
    if (!Point.isBandwidthBound())
      continue;
    SourceLocation Loc = Kernel.Kernel->getLocation();
    if (!firstReport(Loc))
      continue;
    report(Kernel, Work, Point, *B, ReuseDominates);
  }
}

std::optional<ArithmeticIntensityCheck::Balance>
ArithmeticIntensityCheck::balanceFor(
    Precision P, const ::gpumem::model::Architecture &Arch) const {
  if (MachineBalance > 0)
    return Balance{MachineBalance, "option MachineBalance"};
  double Gflops = PeakGflops > 0 ? PeakGflops : Arch.peakGflops(P);
  double GBps = PeakGBps > 0 ? PeakGBps : Arch.PeakGBps;
  if (GBps <= 0)
    return std::nullopt;
  // Each rate possible, their ratio may not be (1e9 GFLOP/s over 1 GB/s):
  // a balance past MachineBalance's own bound is the preset's.
  if (Gflops / GBps > 1e6 && (PeakGflops > 0 || PeakGBps > 0) &&
      Arch.PeakGBps > 0)
    return Balance{Arch.peakGflops(P) / Arch.PeakGBps,
                   Arch.Name + ", " +
                       std::string(::gpumem::model::precisionName(P)) +
                       "; options PeakGflops/PeakGBps give a balance over "
                       "1e6 FLOP/byte"};
  return Balance{Gflops / GBps,
                 (PeakGflops > 0 || PeakGBps > 0)
                     ? "options PeakGflops/PeakGBps"
                     : Arch.Name + ", " +
                           std::string(::gpumem::model::precisionName(P))};
}

void ArithmeticIntensityCheck::report(
    const KernelAccesses &Kernel, const KernelWork &Work,
    const ::gpumem::model::RooflinePoint &Point, const Balance &B,
    bool ReuseDominates) {
  const bool Tiled = Work.TileTrips > 0;
  const Precision P = Work.dominantPrecision();
  // In a header, with HeaderFindingsAt call: where the main file reaches
  // the kernel, as its accesses' findings.
  const MainFileRoute Route = analysis().unit().mainFileRoute(
      Kernel.Kernel, Hardware.HeaderFindingsAtCall);
  const SourceLocation Loc =
      Route.At.isValid() ? Route.At : Kernel.Kernel->getLocation();
  std::string Advice;
  if (Tiled)
    Advice = "a tile of at least " +
             std::to_string(::gpumem::model::tileToReachBalance(
                 B.Value, Work.ElementBytes)) +
             " would be compute-bound; consider register blocking";
  else if (ReuseDominates)
    Advice = "tiling through shared memory with T = 32 would give " +
             number(Work.tiledIntensity(32)) + " FLOP/byte";
  else
    Advice = withoutTiling(Work);
  diag(Loc, "kernel '%0' is bandwidth-bound: arithmetic intensity %1 "
            "FLOP/byte < machine balance %2 (%3); %4")
      << Kernel.Kernel->getName() << number(Point.Intensity)
      << number(B.Value) << B.Source << Advice;
  if (Route.At.isValid())
    noteRoute(*this, Kernel.Kernel->getLocation(),
              "kernel '" + Kernel.Kernel->getNameAsString() +
                  "' is here, in a header",
              Route);
  if (Work.HotLoop)
    diag(Work.HotLoop->getBeginLoc(),
         "per thread and iteration of this loop: %0 FLOPs (%1) over %2 "
         "bytes of global memory (each thread's loads at their size, a "
         "warp's broadcast too: the model has no caches)%3",
         DiagnosticIDs::Note)
        << number(Work.totalFlops()) << ::gpumem::model::precisionName(P)
        << number(Work.GlobalBytes)
        << (Tiled ? "; the inner tile loop runs " +
                        std::to_string(Work.TileTrips) + " times"
                  : std::string());
  noteInstantiation(Kernel, Loc);
}

} // namespace clang::tidy::gpumem
