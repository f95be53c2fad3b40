//===- Architecture.cpp - named hardware presets --------------------------===//
//
// Peak figures are the vendors' published non-tensor-core numbers for the
// SXM parts; docs/model.md cites each one.
//
//===----------------------------------------------------------------------===//
#include "model/Architecture.h"

#include <algorithm>
#include <cctype>

namespace gpumem::model {

namespace {

Architecture makePreset(std::string Name, double FP16, double FP32,
                        double FP64, double GBps) {
  Architecture A;
  A.Name = std::move(Name);
  A.PeakGflopsFP16 = FP16;
  A.PeakGflopsFP32 = FP32;
  A.PeakGflopsFP64 = FP64;
  A.PeakGBps = GBps;
  return A;
}

const std::vector<Architecture> &presets() {
  // The seed's machine quotes one rate (20 TFLOP/s) for every precision.
  static const std::vector<Architecture> Presets = {
      makePreset("seed", 20000, 20000, 20000, 1000),
      makePreset("v100", 31400, 15700, 7800, 900),
      makePreset("a100", 78000, 19500, 9700, 2039),
      makePreset("h100", 133800, 66900, 33500, 3350),
      makePreset("h200", 133800, 66900, 33500, 4800),
  };
  return Presets;
}

bool equalsLower(std::string_view A, std::string_view B) {
  return A.size() == B.size() &&
         std::equal(A.begin(), A.end(), B.begin(), [](char X, char Y) {
           return std::tolower(static_cast<unsigned char>(X)) ==
                  std::tolower(static_cast<unsigned char>(Y));
         });
}

} // namespace

double Architecture::peakGflops(Precision P) const {
  switch (P) {
  case Precision::FP16:
    return PeakGflopsFP16;
  case Precision::FP32:
    return PeakGflopsFP32;
  case Precision::FP64:
    return PeakGflopsFP64;
  }
  return PeakGflopsFP32;
}

double Architecture::machineBalance(Precision P) const {
  return PeakGBps > 0 ? peakGflops(P) / PeakGBps : 0;
}

const Architecture *findPreset(std::string_view Name) {
  for (const Architecture &A : presets())
    if (equalsLower(A.Name, Name))
      return &A;
  return nullptr;
}

std::vector<std::string> presetNames() {
  std::vector<std::string> Names;
  for (const Architecture &A : presets())
    Names.push_back(A.Name);
  return Names;
}

const Architecture &defaultPreset() { return *findPreset("a100"); }

std::string_view precisionName(Precision P) {
  switch (P) {
  case Precision::FP16:
    return "fp16";
  case Precision::FP32:
    return "fp32";
  case Precision::FP64:
    return "fp64";
  }
  return "fp32";
}

} // namespace gpumem::model
