#!/bin/sh
# Builds the harness with nvcc -lineinfo and profiles it with Nsight
# Compute's source counters; writes OUT/source.csv (the raw source page,
# CUDA lines with their SASS instructions) and OUT/harness.ncu-rep. Needs a
# GPU, nvcc and ncu (CUDA_PATH, else /usr/local/cuda, else PATH).
#
#   bench/nsight/measure.sh OUT [ARCH]     # ARCH: sm_90, ...; default native
#
# --clock-control none leaves the clocks as they are (the counters used do
# not depend on them); the SourceCounters section is the one that collects
# the per-instruction sectors and wavefronts (docs/hardware-check.md).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: measure.sh OUT [ARCH]}
arch=${2:-native}
cuda=${CUDA_PATH:-/usr/local/cuda}
nvcc=$cuda/bin/nvcc
[ -x "$nvcc" ] || nvcc=$(command -v nvcc)
ncu=$cuda/bin/ncu
[ -x "$ncu" ] || ncu=$(command -v ncu || true)
if [ -z "$ncu" ]; then
  echo "measure.sh: ncu not found (CUDA_PATH=$cuda)" >&2
  exit 2
fi
mkdir -p "$out"
"$nvcc" -lineinfo -O3 -std=c++17 -arch="$arch" -o "$out/harness" \
  "$here/harness.cu"
"$ncu" --version > "$out/ncu-version.txt"
nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv \
  > "$out/gpu.txt" 2>&1 || true
"$ncu" --clock-control none --section SourceCounters --import-source yes \
  --force-overwrite --export "$out/harness" "$out/harness"
"$ncu" --import "$out/harness.ncu-rep" --page source --csv \
  --print-source cuda,sass --print-units base > "$out/source.csv"
echo "measure.sh: wrote $out/source.csv ($(wc -l < "$out/source.csv") lines)"
