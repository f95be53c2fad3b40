#!/bin/sh
# Instruction counts (valgrind --tool=callgrind) of gpumem-tidy on the
# real-code-shaped TUs of this folder, parse only against gpumem-*, the
# figures docs/performance.md reports ("Real-code-shaped TUs"):
#
#   bench/tus/measure.sh build/bin/gpumem-tidy [TU.cu ...]
#
# The baseline runs one cheap bundled check (misc-unused-alias-decls), so
# clang-tidy parses the file as it does with the gpumem checks. The TUs
# use the CUDA toolkit when gpumem-tidy finds one (CUDA_PATH,
# /usr/local/cuda), the bundled shim otherwise; the table says which.
# Wall times on shared machines move by 20-70%; instruction counts do not.
# The toolkit's headers are parsed in full (GPUMEM_PCH_CACHE=off), as in the
# figures before the precompiled headers: set GPUMEM_PCH_CACHE to a folder
# to measure with them (the parse is then mostly the file's own).
set -eu
tidy=${1:?usage: measure.sh GPUMEM_TIDY [TU.cu ...]}
shift
here=$(cd "$(dirname "$0")" && pwd)
[ $# -gt 0 ] || set -- "$here"/templated_reductions.cu \
  "$here"/cooperative_groups.cu "$here"/block_tiling.cu
command -v valgrind >/dev/null || { echo "measure.sh: needs valgrind" >&2; exit 2; }
out=$(mktemp -d)
export GPUMEM_PCH_CACHE=${GPUMEM_PCH_CACHE:-off}
trap 'rm -rf "$out"' EXIT

instructions() { # CHECKS FILE
  valgrind --tool=callgrind --callgrind-out-file="$out/cg" \
    "$tidy" --checks="$1" "$2" >/dev/null 2>&1 || true
  sed -n 's/^summary: //p' "$out/cg"
}

toolkit=$("$tidy" --show-compile-command "$1" 2>&1 | grep -q -- '--cuda-path=' && echo toolkit || echo shim)
echo "| TU | parse only | gpumem-* | added |  ($toolkit)"
echo "|---|---|---|---|"
for tu in "$@"; do
  base=$(instructions '-*,misc-unused-alias-decls' "$tu")
  full=$(instructions '-*,gpumem-*' "$tu")
  awk -v n="$(basename "$tu")" -v b="$base" -v f="$full" 'BEGIN {
    printf "| %s | %.0f M | %.0f M | %+.2f%% |\n", n, b / 1e6, f / 1e6, 100 * (f - b) / b }'
done
