#!/bin/sh
# The PCH cache on torch extensions (issue 40): per file of bench/torch/ext,
# the instructions gpumem-tidy runs (valgrind --tool=callgrind, every
# process of the run counted: PCH builds run in a child) with the cache off
# and warm (the toolkit's PCH and the file's preamble there), the findings
# compared, and the wall time of the cold run (which builds them).
# Needs Debian's libtorch-dev (torch's headers) and python3-dev.
# docs/performance.md reports it.
#
#   bench/torch/measure.sh GPUMEM_TIDY
#
# Run from the repository root: the extension's own folder is given by a
# relative -I, as a setup.py build gives it.
set -eu
tidy=${1:?usage: bench/torch/measure.sh GPUMEM_TIDY}
command -v valgrind >/dev/null || { echo "measure.sh: needs valgrind" >&2; exit 2; }
[ -f /usr/include/torch/extension.h ] || { echo "measure.sh: needs libtorch-dev" >&2; exit 2; }
py=$(ls -d /usr/include/python3* | head -n 1)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
flags="-x cuda --cuda-device-only --cuda-gpu-arch=sm_80 -std=c++17
  -Ibench/torch/ext/include -isystem /usr/include/torch/csrc/api/include
  -isystem $py -DTORCH_EXTENSION_NAME=bench_ext -D_GLIBCXX_USE_CXX11_ABI=1"

instructions() { # CACHE FILE OUT
  rm -f "$work"/cg.*
  GPUMEM_PCH_CACHE=$1 valgrind --tool=callgrind \
    --callgrind-out-file="$work/cg.%p" "$tidy" "$2" -- $flags 2>&1 |
    grep -v '^==[0-9]*==' > "$3" || true
  cat "$work"/cg.* | sed -n 's/^summary: //p' | awk '{ s += $1 } END { print s }'
}

echo "| file | no cache | warm | ratio | cold run (wall) | findings |"
echo "|---|---|---|---|---|---|"
for f in bench/torch/ext/*.cu; do
  cache=$work/cache
  rm -rf "$cache"
  start=$(date +%s.%N)
  GPUMEM_PCH_CACHE=$cache "$tidy" "$f" -- $flags > /dev/null 2>&1 || true
  cold=$(echo "$(date +%s.%N) - $start" | bc)
  off=$(instructions off "$f" "$work/off.txt")
  warm=$(instructions "$cache" "$f" "$work/warm.txt")
  # valgrind's own lines (==PID== ...) differ from run to run
  same=$(cmp -s "$work/off.txt" "$work/warm.txt" && echo same || echo DIFFER)
  echo "$f $off $warm $cold $same"
done | awk '{ name = $1; sub(".*/", "", name)
  printf "| %s | %.0f M | %.0f M | %.2fx | %.0f s | %s |\n", name, $2 / 1e6, $3 / 1e6, $2 / $3, $4, $5 }'
