#!/bin/sh
# The hardware check in one command, on a machine with a GPU, nvcc and ncu:
# predictions from gpumem-tidy, measurements from Nsight Compute, and their
# comparison (docs/hardware-check.md).
#
#   bench/nsight/run.sh [OUT]        # default OUT: build/nsight
#
# GPUMEM_TIDY names the gpumem-tidy to use (default: build/bin/gpumem-tidy,
# so that a machine without clang can run it on predictions.csv brought
# along); with PREDICTIONS=FILE an existing predictions file is used as is.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${1:-$root/build/nsight}
mkdir -p "$out"
if [ -n "${PREDICTIONS:-}" ]; then
  cp "$PREDICTIONS" "$out/predictions.csv"
else
  python3 "$here/predict.py" --gpumem-tidy "${GPUMEM_TIDY:-$root/build/bin/gpumem-tidy}" \
    -o "$out/predictions.csv" "$root"/examples/*.cu "$here/kernels.cu"
fi
"$here/measure.sh" "$out" "${ARCH:-native}"
python3 "$here/compare.py" "$out/predictions.csv" "$out/source.csv" \
  | tee "$out/comparison.txt"
